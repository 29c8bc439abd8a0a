import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { addedToCart, jsEnabled, open } from "./helpers";

const PRODUCT = "/products/science-diet/adult-dry-dog-food/chicken-barley/15.5lb";
const notice = (page: Page) => page.locator(".notice");
const cartCount = (page: Page) => page.getByTestId("cart-count");
const summary = (page: Page) => page.getByRole("complementary", { name: "Order Summary" });

/** Adds from the product page, hydrated first with JavaScript (a click before hydration is issue-tested elsewhere). */
async function addFromProductPage(page: Page, testInfo: TestInfo, quantity: string, autoship = false) {
  await open(page, testInfo, PRODUCT);
  if (autoship) {
    await page.getByLabel(/^Autoship/).check();
    await page.getByLabel("Deliver every").selectOption({ label: "4 weeks" });
  }
  await page.getByLabel("Quantity", { exact: true }).fill(quantity);
  await page.locator(".buy-box").getByRole("button", { name: "Add to Cart" }).click();
  // The answer: the confirmation when something was added with JavaScript, else a notice.
  await expect(addedToCart(page).or(notice(page)).first()).toBeVisible();
}

test.describe("cart (catalogue spec section 2 cart texts)", () => {
  test("adds from a product card and counts it in the header", async ({ page }, testInfo) => {
    await open(page, testInfo, "/products/dog/dry");
    await expect(cartCount(page)).toHaveText("0");
    const card = page
      .locator(".listing__results article")
      .filter({ has: page.getByRole("button", { name: "Add to Cart" }) })
      .first();
    await card.getByRole("button", { name: "Add to Cart" }).click();
    await expect(addedToCart(page)).toBeVisible();
    await expect(page).toHaveURL(/\/products\/dog\/dry$/);
    await expect(cartCount(page)).toHaveText("1");
  });

  test("adds autoship from a product page; the cart page shows the spec's texts", async ({ page }, testInfo) => {
    await addFromProductPage(page, testInfo, "2", true);
    await page.goto("/cart");
    await expect(page).toHaveTitle(/^Shopping Cart \| /);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Shopping Cart");
    await expect(page.getByRole("heading", { name: "Order Summary" })).toBeVisible();
    await expect(page.getByText("Autoship: save an extra 5%")).toBeVisible();
    // Per lb at the autoship price the line is charged: $59.84 / 15.5 lb (docs/rules.md "Price per unit").
    await expect(page.locator(".cart-line__price .unit-price")).toHaveText("$3.86/lb");
    await expect(summary(page).getByText("Total Savings:")).toBeVisible();
    await expect(
      summary(page).getByText(
        "Tax & shipping will be calculated at checkout. Shipments to Alaska and Hawaii will also include a $4 service charge.",
      ),
    ).toBeVisible();
    await expect(summary(page).getByRole("link", { name: "Proceed to Checkout" })).toHaveAttribute(
      "href",
      /^\/checkout\?cart=/,
    );
    await expect(summary(page).getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/products");
    await expect(summary(page).getByText("31 lb")).toBeVisible();
  });

  test("changes quantity, switches to autoship and back, and removing the last item empties the cart", async ({
    page,
  }, testInfo) => {
    await addFromProductPage(page, testInfo, "1");
    await open(page, testInfo, "/cart");
    // Every control names the line's product and size (docs/rules.md "Cart limits").
    const line = "Science Diet Adult Dry Dog Food 15.5 lb bag";
    const quantity = page.getByLabel(`Quantity, ${line}`, { exact: true });
    await quantity.fill("3");
    if (jsEnabled(testInfo)) {
      // With JavaScript a typed quantity applies by itself (docs/rules.md "Cart on a phone"): no Update button.
      await expect(page.getByRole("button", { name: `Update quantity, ${line}` })).toHaveCount(0);
      await quantity.press("Enter");
    } else {
      await page.getByRole("button", { name: `Update quantity, ${line}`, exact: true }).click();
    }
    await expect(notice(page)).toHaveText("Quantity updated.");
    await expect(cartCount(page)).toHaveText("3");
    if (jsEnabled(testInfo)) {
      // − and + change the quantity at once.
      await page.getByRole("button", { name: `Increase quantity, ${line}`, exact: true }).click();
      await expect(cartCount(page)).toHaveText("4");
      await expect(quantity).toHaveValue("4");
      await page.getByRole("button", { name: `Decrease quantity, ${line}`, exact: true }).click();
      await expect(cartCount(page)).toHaveText("3");
      await expect(quantity).toHaveValue("3");
    } else {
      await expect(page.getByRole("button", { name: /^(Increase|Decrease) quantity/ })).toHaveCount(0);
    }

    await page.getByLabel(`Delivery, ${line}`, { exact: true }).selectOption({ label: "Autoship: every 2 weeks" });
    // With JavaScript the choice applies on change; without it, Change sends it.
    if (!jsEnabled(testInfo)) await page.getByRole("button", { name: `Change delivery, ${line}`, exact: true }).click();
    await expect(notice(page)).toHaveText("Autoship frequency updated.");
    await expect(page.getByText("Autoship: save an extra 5%")).toBeVisible();

    await page.getByRole("button", { name: `Remove, ${line}`, exact: true }).click();
    await expect(page.getByText("Your cart is empty.")).toBeVisible();
    await expect(cartCount(page)).toHaveText("0");
  });

  test("shows limit messages and blocks checkout over 10 items (shop-core spec sections 5 and 9)", async ({
    page,
  }, testInfo) => {
    await addFromProductPage(page, testInfo, "10");
    await addFromProductPage(page, testInfo, "4");
    await expect(notice(page)).toContainText("You already have the most we allow (10)");
    await page.goto("/products/science-diet/adult-dry-dog-food/chicken-barley/4lb");
    await page.locator(".buy-box").getByRole("button", { name: "Add to Cart" }).click();
    await expect(addedToCart(page).or(notice(page)).first()).toBeVisible();
    await page.goto("/cart");
    await expect(summary(page).getByRole("alert")).toContainText("Orders are limited to 10 items");
    await expect(summary(page).getByRole("link", { name: "Proceed to Checkout" })).toHaveCount(0);
    await expect(summary(page).getByText("Proceed to Checkout")).toHaveAttribute("aria-disabled", "true");
    // Typing the checkout address does not get past it either: back to the cart with the reason.
    await page.goto("/checkout");
    await expect(page).toHaveURL(/\/cart$/);
    await expect(notice(page).first()).toHaveText("Orders are limited to 10 items. Remove 1 to check out.");
  });

  test("the free-shipping tracker reaches zero (catalogue spec sections 4 and 9)", async ({ page }, testInfo) => {
    await page.goto("/products/science-diet/adult-dry-dog-food/chicken-barley/4lb");
    await page.locator(".buy-box").getByRole("button", { name: "Add to Cart" }).click();
    await expect(addedToCart(page).or(notice(page)).first()).toBeVisible();
    await open(page, testInfo, "/cart");
    await expect(summary(page).getByText(/^You are \$\d+\.\d{2} away from free shipping\.$/)).toBeVisible();
    await page.getByRole("spinbutton", { name: /^Quantity, / }).fill("3");
    if (jsEnabled(testInfo)) await page.getByRole("spinbutton", { name: /^Quantity, / }).press("Enter");
    else await page.getByRole("button", { name: /^Update quantity, / }).click();
    await expect(summary(page).getByText("You get free shipping!")).toBeVisible();
    await expect(summary(page).getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
  });
});

test('an empty cart suggests products (docs/rules.md "Cart on a phone")', async ({ page }, testInfo) => {
  await open(page, testInfo, "/cart");
  await expect(page.getByText("Your cart is empty.")).toBeVisible();
  const suggestions = page.getByRole("region", { name: "Popular right now" });
  await expect(suggestions.getByRole("button", { name: "Add to Cart" }).first()).toBeAttached();
  expect(await suggestions.getByRole("article").count()).toBeGreaterThan(1);
});

test("a guest sets a delivery zip; an uncovered zip is refused (shop-core spec section 5)", async ({
  page,
}, testInfo) => {
  await addFromProductPage(page, testInfo, "1");
  await page.goto("/cart");
  const zip = page.getByLabel("Delivery zip code");
  await expect(zip).toHaveValue("80011");
  await zip.fill("30301");
  await page.getByRole("button", { name: "Set zip" }).click();
  await expect(notice(page)).toHaveText("Sorry, we do not deliver to 30301 yet.");
  await page.getByLabel("Delivery zip code").fill("90210");
  await page.getByRole("button", { name: "Set zip" }).click();
  await expect(notice(page)).toHaveText("Delivering to 90210.");
  await expect(page.getByLabel("Delivery zip code")).toHaveValue("90210");
});
