import { expect, test, type Page } from "@playwright/test";
import { addToCart, axeClean, checkoutStepTitle, fillAddress, GOOD_TEST_CARD, jsEnabled, open } from "./helpers";

// Focus and announcements (docs/rules.md "Focus and announcements"): after a client-side
// navigation focus is on the new page's heading and the page title is said once in the route
// announcer's live region; checkout steps focus and announce the step; Escape in search keeps
// the query; adding to cart is said once. Without JavaScript each page is a page load: the
// skip link comes first and the heading leads the page.

const PRODUCT = "/products/science-diet/adult-dry-dog-food/chicken-barley/15.5lb";
const SUFFIX = "Shop Hollowbrook Pet Nutrition";

const announcer = (page: Page) => page.locator("#route-announcer");
const mainHeading = (page: Page) => page.locator("main h1");

/** Records every text the route announcer says from now on (it loads just after hydration). */
async function recordAnnouncements(page: Page) {
  await expect(announcer(page)).toBeAttached();
  await page.evaluate(() => {
    const region = document.getElementById("route-announcer")!;
    const said: string[] = [];
    (window as unknown as { __announced: string[] }).__announced = said;
    new MutationObserver(() => {
      const text = region.textContent ?? "";
      if (text) said.push(text);
    }).observe(region, { childList: true, characterData: true, subtree: true });
  });
}

const announced = (page: Page) =>
  page.evaluate(() => [...((window as unknown as { __announced?: string[] }).__announced ?? [])]);

/** Focus is on the page's heading and the announcer has said the page's title, once more. */
async function expectArrived(page: Page, heading: ReturnType<typeof mainHeading>, count: number) {
  await expect(heading).toBeFocused();
  const title = await page.title();
  await expect.poll(() => announced(page)).toHaveLength(count);
  expect((await announced(page)).at(-1)).toBe(title);
}

test.describe("with JavaScript", () => {
  test.beforeEach(({ page: _page }, testInfo) => {
    test.skip(!jsEnabled(testInfo), "client-side navigation needs JavaScript; page loads are tested below");
  });

  test("a header link, a pagination link and a product card link each focus the new page's h1 and announce it", async ({
    page,
  }, testInfo) => {
    await open(page, testInfo, "/");
    await recordAnnouncements(page);

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dog Food", exact: true }).click();
    await expect(page).toHaveURL(/\/products\/dog$/);
    await expect(mainHeading(page)).toHaveText("Dog Food");
    await expectArrived(page, mainHeading(page), 1);
    expect((await announced(page))[0]).toBe(`Dog Food | ${SUFFIX}`);
    await axeClean(page, testInfo);

    // The same listing, page 2: the link is still on the page, focus moves all the same.
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    // By keyboard: a keyboard user is who the focus is for.
    await pagination.getByRole("link", { name: "Page 2" }).press("Enter");
    await expect(page).toHaveURL(/page=2/);
    await expectArrived(page, mainHeading(page), 2);

    const card = page.locator(".listing__results article").first();
    const name = ((await card.getByRole("heading").textContent()) ?? "").trim();
    await card.getByRole("heading").getByRole("link").click();
    await expect(mainHeading(page)).toHaveText(name);
    await expectArrived(page, mainHeading(page), 3);
    expect((await announced(page)).at(-1)).toContain(name);
  });

  test("a filter that submits itself keeps focus on the checkbox and the count speaks, not the announcer", async ({
    page,
  }, testInfo) => {
    await open(page, testInfo, "/products/dog");
    await recordAnnouncements(page);
    const filters = page.getByRole("complementary", { name: "Filter" });
    await filters.locator("summary", { hasText: /^Flavor/ }).click();
    const chicken = filters.getByRole("checkbox", { name: /^Chicken \(\d+\)$/ });
    await chicken.check();
    await expect(page).toHaveURL(/flavor=chicken/);
    await expect(chicken).toBeFocused();
    await page.waitForTimeout(300);
    expect(await announced(page)).toEqual([]);
  });

  test("each checkout step focuses the step heading and announces the step; an invalid field keeps focus", async ({
    page,
  }, testInfo) => {
    await open(page, testInfo, PRODUCT);
    await page.locator(".buy-box").getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByRole("dialog", { name: "Added to your cart" })).toBeVisible();
    // The cart's link to checkout is a page load (its checkout URL): the title names the step.
    await open(page, testInfo, "/cart");
    await page.getByRole("link", { name: "Proceed to Checkout" }).click();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const title = checkoutStepTitle(page);
    await expect(title).toHaveText("Contact");
    await expect(page).toHaveTitle(`Step 1 of 5: Contact – Checkout | ${SUFFIX}`);
    await recordAnnouncements(page);

    await page.getByLabel("Email address").fill(`focus-${Date.now()}@example.com`);
    await page.getByRole("button", { name: "Continue to shipping" }).click();
    await expect(title).toHaveText("Shipping address");
    await expectArrived(page, title, 1);
    expect((await announced(page))[0]).toBe(`Step 2 of 5: Shipping address – Checkout | ${SUFFIX}`);
    await axeClean(page, testInfo);

    // Sent empty: the first invalid field has focus (the form library), nothing is announced.
    await page.getByRole("button", { name: "Continue to delivery" }).click();
    await expect(page.getByLabel("First name")).toBeFocused();
    await expect(page.getByLabel("First name")).toHaveAttribute("aria-invalid", "true");
    await page.waitForTimeout(300);
    expect(await announced(page)).toHaveLength(1);

    await fillAddress(page);
    await page.getByRole("button", { name: "Continue to delivery" }).click();
    await expect(title).toHaveText("Delivery");
    await expectArrived(page, title, 2);
    expect((await announced(page))[1]).toMatch(/^Step 3 of 5: Delivery – /);

    await page.getByRole("button", { name: "Continue to payment" }).click();
    await expect(title).toHaveText("Payment");
    await expectArrived(page, title, 3);
    expect((await announced(page))[2]).toMatch(/^Step 4 of 5: Payment – /);

    await page.getByLabel("Name on card").fill("Riley Tester");
    await page.getByLabel("Card number").fill(GOOD_TEST_CARD);
    await page.getByLabel("Expiry (MM/YY)").fill("12/30");
    await page.getByLabel("Security code").fill("123");
    await page.getByRole("button", { name: "Continue to review" }).click();
    await expect(title).toHaveText("Review and place order");
    await expectArrived(page, title, 4);
    expect((await announced(page))[3]).toMatch(/^Step 5 of 5: Review and place order – /);
  });

  test("Escape closes the suggestions and keeps the query; a second Escape clears it", async ({ page }, testInfo) => {
    await open(page, testInfo, "/");
    const box = page.getByRole("combobox", { name: "Search products" });
    const list = page.getByRole("listbox", { name: "Suggested products" });
    await box.pressSequentially("salmo");
    await expect(list.getByRole("option").first()).toBeVisible();
    await expect(box).toHaveAttribute("aria-expanded", "true");

    await box.press("Escape");
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await expect(list).toBeHidden();
    await expect(box).toHaveValue("salmo");
    await expect(box).toBeFocused();

    await box.press("Escape");
    await expect(box).toHaveValue("");
  });

  for (const how of ["click", "Enter"] as const) {
    test(`choosing a suggestion (${how}) lands focus on the product's heading`, async ({ page }, testInfo) => {
      await open(page, testInfo, "/");
      await recordAnnouncements(page);
      const box = page.getByRole("combobox", { name: "Search products" });
      await box.pressSequentially("salmo");
      const option = page.getByRole("listbox", { name: "Suggested products" }).getByRole("option").first();
      await expect(option).toBeVisible();
      const name = ((await option.locator(".site-search__title").textContent()) ?? "").trim();
      if (how === "click") await option.click();
      else {
        await box.press("ArrowDown");
        await box.press("Enter");
      }
      await expect(mainHeading(page)).toHaveText(name);
      await expectArrived(page, mainHeading(page), 1);
    });
  }

  test("adding to cart is said once: by the dialog, not also by a toast or live region", async ({ page }, testInfo) => {
    await open(page, testInfo, PRODUCT);
    await page.evaluate(() => {
      const said: string[] = [];
      (window as unknown as { __said: string[] }).__said = said;
      new MutationObserver((records) => {
        for (const record of records) {
          const node = record.target;
          const element = node instanceof Element ? node : node.parentElement;
          const region = element?.closest('[role="status"], [role="alert"], [aria-live]');
          const text = region?.textContent?.trim();
          if (text) said.push(text);
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await page.locator(".buy-box").getByRole("button", { name: "Add to Cart" }).click();
    const dialog = page.getByRole("dialog", { name: "Added to your cart" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Continue Shopping" })).toBeFocused();
    await page.waitForTimeout(500);
    const said = await page.evaluate(() => (window as unknown as { __said: string[] }).__said);
    expect(said.filter((text) => /added/i.test(text))).toEqual([]);
    await expect(page.locator(".cart-toast .notice")).toHaveCount(0);
    await expect(page.getByRole("dialog")).toHaveCount(1);
  });
});

test("without JavaScript: adding to cart is said once, by the page's notice", async ({ page }, testInfo) => {
  test.skip(jsEnabled(testInfo), "with JavaScript the dialog says it (above)");
  await open(page, testInfo, PRODUCT);
  await page.locator(".buy-box").getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Added to your cart." })).toHaveCount(1);
  await expect(page.getByRole("alert").filter({ hasText: /added/i })).toHaveCount(0);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("a page load starts at the skip link; in checkout the step's heading leads the step", async ({
  page,
}, testInfo) => {
  await addToCart(page, testInfo, PRODUCT);

  await open(page, testInfo, "/checkout");
  // The title names the step: a page load reads it.
  await expect(page).toHaveTitle(`Step 1 of 5: Contact – Checkout | ${SUFFIX}`);
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("main#main")).toBeFocused();

  // In <main>: the page's h1, the order summary (a disclosure above the step on phones,
  // docs/rules.md "Phone layout"), then the step's heading before the step's content.
  const headings = await page
    .locator("main")
    .getByRole("heading")
    .evaluateAll((els) => els.map((el) => `${el.tagName.toLowerCase()} ${el.textContent?.trim()}`));
  expect(headings.slice(0, 3)).toEqual(["h1 Checkout", "h2 Order summary", "h2 Contact"]);
  const stepFirst = await page.evaluate(() => {
    const section = document.querySelector("section.checkout-step")!;
    return section.firstElementChild?.id;
  });
  expect(stepFirst).toBe("checkout-step-title");
});
