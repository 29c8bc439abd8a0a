// The phone layout (docs/rules.md "Phone layout"): a listing's products before its filters, the
// filters in a drawer; the product page's Add to Cart on the first screen; the checkout's
// order summary a disclosure on phones and the sidebar on desktops. With and without JavaScript.
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import {
  addedToCart,
  addToCart,
  axeClean,
  checkoutStepTitle,
  jsEnabled,
  newAddress,
  noHorizontalScroll,
  open,
  withDb,
} from "./helpers";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const LISTING = "/products/dog";
/** Offers autoship: the buy box has the "How would you like it?" choice above its button. */
const AUTOSHIP_PRODUCT = "/products/science-diet/adult-dry-dog-food/chicken-barley/15.5lb";
/** Made autoship-ineligible below (the seed offers autoship on every product); no other test uses it. */
const ONCE_ONLY_HANDLE = "adult-light-chicken-dry-cat-food";
const ONCE_ONLY_PRODUCT = `/products/science-diet/${ONCE_ONLY_HANDLE}/chicken-recipe/3.5lb`;

/** Turns autoship off for ONCE_ONLY_HANDLE as the back office would: the row, then the catalogue's version. */
function makeOnceOnly(testInfo: TestInfo) {
  const now = new Date().toISOString();
  withDb(
    testInfo,
    (db) => {
      db.prepare(`UPDATE "Product" SET "autoshipEligible" = 0, "updatedAt" = ? WHERE "handle" = ?`).run(
        now,
        ONCE_ONLY_HANDLE,
      );
      db.prepare(
        `INSERT INTO "DataVersion" ("scope", "version", "updatedAt") VALUES ('catalogue', 1, ?)
         ON CONFLICT ("scope") DO UPDATE SET "version" = "version" + 1, "updatedAt" = excluded."updatedAt"`,
      ).run(now);
    },
    false,
  );
}

const filterPanel = (page: Page) => page.getByRole("complementary", { name: "Filter" });
const firstCard = (page: Page) => page.locator(".listing__results article").first();
const resultCount = (page: Page) => page.getByRole("region", { name: "Products" }).getByRole("status");
const orderSummary = (page: Page) => page.getByRole("complementary", { name: "Order summary" });

/** The Filters control: a link to the drawer without JavaScript, a button that opens the dialog with it. */
const filtersToggle = (page: Page, testInfo: TestInfo) =>
  page.getByRole(jsEnabled(testInfo) ? "button" : "link", { name: /^Filters/ });

/** Top of an element in the page's coordinates (independent of the scroll position). */
async function pageTop(page: Page, selector: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
}

/** Adds the autoship product (one-time) and opens the checkout as a guest. */
async function openCheckout(page: Page, testInfo: TestInfo) {
  await addToCart(page, testInfo, AUTOSHIP_PRODUCT);
  await open(page, testInfo, "/checkout");
  await expect(checkoutStepTitle(page)).toHaveText("Contact");
}

test.describe("at 390 px (a phone)", () => {
  test.use({ viewport: PHONE });

  test("a listing shows its products before its filters, on screen and in reading order", async ({
    page,
  }, testInfo) => {
    await open(page, testInfo, LISTING);
    const title = ((await firstCard(page).getByRole("heading").textContent()) ?? "").trim();
    // Reading order: what the accessibility tree reads, top to bottom.
    const tree = await page.getByRole("main").ariaSnapshot();
    const product = tree.indexOf(title);
    const filterGroup = tree.search(/Flavor|Sort by/);
    expect(product).toBeGreaterThan(-1);
    expect(filterGroup === -1 || product < filterGroup).toBe(true);
    // On screen: the first card starts within the first screen, and no filter group shows.
    const card = await firstCard(page).boundingBox();
    expect(card?.y ?? Infinity).toBeLessThan(PHONE.height);
    await expect(page.locator(".filter-group").first()).toBeHidden();
    await expect(filtersToggle(page, testInfo)).toBeVisible();
    await noHorizontalScroll(page);
    await axeClean(page, testInfo);
  });

  test("the Filters control opens the filters; applying one filters the list and counts it", async ({
    page,
  }, testInfo) => {
    await open(page, testInfo, LISTING);
    const before = await resultCount(page).textContent();
    const toggle = filtersToggle(page, testInfo);
    await expect(toggle).toHaveText("Filters");
    await toggle.click();
    await expect(filterPanel(page)).toBeVisible();
    if (jsEnabled(testInfo)) {
      // A modal dialog: focus moves in, the rest of the page is inert, Escape closes it and
      // focus comes back to the button.
      const dialog = page.getByRole("dialog", { name: "Filter" });
      await expect(dialog).toBeVisible();
      expect(await dialog.evaluate((el) => el.matches(":modal") && el.contains(document.activeElement))).toBe(true);
      await axeClean(page, testInfo);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(toggle).toBeFocused();
      await toggle.click();
      await expect(dialog).toBeVisible();
    } else {
      await expect(page).toHaveURL(/#filters$/);
    }
    await noHorizontalScroll(page);
    await filterPanel(page)
      .locator("summary", { hasText: /^Flavor/ })
      .click();
    await filterPanel(page)
      .getByRole("checkbox", { name: /^Chicken \(\d+\)$/ })
      .check();
    await filterPanel(page).getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/flavor=chicken/);
    await expect(resultCount(page)).not.toHaveText(before ?? "");
    // The drawer is closed again, the chips show near the top and the control counts the filter.
    await expect(filterPanel(page)).toBeHidden();
    await expect(page.getByLabel("Active filters").getByRole("link", { name: /Chicken, remove Flavor/ })).toBeVisible();
    await expect(filtersToggle(page, testInfo)).toHaveAccessibleName("Filters 1 active");
    await expect(firstCard(page)).toBeVisible();
    // A client navigation: focus moves to the page's heading (docs/rules.md "Focus and announcements").
    if (jsEnabled(testInfo)) await expect(page.locator("main h1")).toBeFocused();
  });

  for (const product of [
    { name: "with autoship", path: AUTOSHIP_PRODUCT, autoship: true },
    { name: "without autoship", path: ONCE_ONLY_PRODUCT, autoship: false },
  ]) {
    test(`the product page's Add to Cart is on the first screen (${product.name})`, async ({ page }, testInfo) => {
      const choice = page.getByRole("group", { name: "How would you like it?" });
      if (product.autoship) {
        await open(page, testInfo, product.path);
        await expect(choice).toHaveCount(1);
      } else {
        makeOnceOnly(testInfo);
        // Every process reloads the catalogue within one freshness poll; the page checked is the
        // one the poll ended on (the next request may reach another process).
        await expect
          .poll(
            async () => {
              await open(page, testInfo, newAddress(product.path));
              return choice.count();
            },
            { timeout: 20_000 },
          )
          .toBe(0);
      }
      const button = page.locator(".buy-box").getByRole("button", { name: "Add to Cart" });
      const box = await button.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.y).toBeGreaterThanOrEqual(0);
      expect(box!.y + box!.height).toBeLessThanOrEqual(PHONE.height);
      await expect(button).toBeInViewport({ ratio: 1 });
      await noHorizontalScroll(page);
      await axeClean(page, testInfo);
      // Not covered by anything: the click reaches it and adds the product.
      await button.click();
      await expect(addedToCart(page)).toBeVisible();
    });
  }

  test("the checkout's order summary is a closed disclosure at the top that opens", async ({ page }, testInfo) => {
    await openCheckout(page, testInfo);
    const summary = orderSummary(page);
    const toggle = summary.locator("summary");
    await expect(toggle).toBeVisible();
    await expect(toggle).toContainText("Show order summary");
    await expect(toggle).toContainText(/\$\d+\.\d{2}/);
    await expect(summary.getByRole("heading", { name: "Order summary" })).toBeHidden();
    await expect(summary.getByText("Science Diet Adult Dry Dog Food")).toBeHidden();
    // At the top: before the step's form.
    expect(await pageTop(page, ".checkout-summary")).toBeLessThan(await pageTop(page, "#checkout-step-title"));
    await noHorizontalScroll(page);
    await axeClean(page, testInfo);

    await toggle.click();
    await expect(toggle).toContainText("Hide order summary");
    await expect(summary.getByText("Science Diet Adult Dry Dog Food")).toBeVisible();
    await expect(summary.getByRole("term").filter({ hasText: /^Subtotal$/ })).toBeVisible();
    await noHorizontalScroll(page);
    await axeClean(page, testInfo);
  });
});

test.describe('the cart at 390 px (docs/rules.md "Cart on a phone")', () => {
  test.use({ viewport: PHONE });

  test("the checkout button and total come within a screen after the lines; the giving panel is one line until opened", async ({
    page,
  }, testInfo) => {
    await addToCart(page, testInfo, AUTOSHIP_PRODUCT);
    await open(page, testInfo, "/cart");
    const summary = page.getByRole("complementary", { name: "Order Summary" });
    const linesEnd = await page
      .locator(".cart-lines")
      .evaluate((el) => el.getBoundingClientRect().bottom + window.scrollY);
    const checkout = summary.getByRole("link", { name: "Proceed to Checkout" });
    const subtotal = summary.getByRole("definition").nth(1);
    for (const target of [checkout, subtotal]) {
      const bottom = await target.evaluate((el) => el.getBoundingClientRect().bottom + window.scrollY);
      expect(bottom - linesEnd).toBeLessThan(PHONE.height);
    }
    // The giving panel comes after the summary, closed: one line with its Change.
    const panel = page.getByRole("region", { name: "Giving back" });
    expect(await pageTop(page, ".donation-panel")).toBeGreaterThan(await pageTop(page, ".order-summary"));
    expect((await panel.boundingBox())!.height).toBeLessThan(130);
    await expect(panel.getByRole("radio").first()).toBeHidden();
    await panel.getByText("Change", { exact: true }).click();
    await expect(panel.getByRole("radio").first()).toBeVisible();
    await noHorizontalScroll(page);
  });
});

test.describe("at 1280 px (a desktop)", () => {
  test.use({ viewport: DESKTOP });

  test("a listing keeps its filter sidebar beside the products, without the Filters control", async ({
    page,
  }, testInfo) => {
    await open(page, testInfo, LISTING);
    await expect(filterPanel(page)).toBeVisible();
    await expect(filterPanel(page).getByLabel("Sort by")).toBeVisible();
    await expect(page.locator(".listing__filters-toggle")).toBeHidden();
    const panel = await filterPanel(page).boundingBox();
    const card = await firstCard(page).boundingBox();
    expect(panel!.x + panel!.width).toBeLessThanOrEqual(card!.x);
    await noHorizontalScroll(page);
    await axeClean(page, testInfo);
  });

  test("the checkout's order summary is the open sidebar, without a toggle", async ({ page }, testInfo) => {
    await openCheckout(page, testInfo);
    const summary = orderSummary(page);
    await expect(summary.getByRole("heading", { name: "Order summary" })).toBeVisible();
    await expect(summary.getByText("Science Diet Adult Dry Dog Food")).toBeVisible();
    await expect(summary.locator("summary")).toBeHidden();
    const aside = await summary.boundingBox();
    const step = await page.locator(".checkout-step").boundingBox();
    expect(aside!.x).toBeGreaterThanOrEqual(step!.x + step!.width);
    await noHorizontalScroll(page);
    await axeClean(page, testInfo);
  });
});
