import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { open, STAFF_URL } from "./helpers";

/** With JavaScript a changed filter submits itself; without it the shopper presses Apply. */
async function applyIfNoJs(page: Page, testInfo: TestInfo) {
  if (testInfo.project.name === "no-js") await page.getByRole("button", { name: "Apply filters" }).click();
}

/** The listing's live result count (the search box has a status region of its own). */
const resultCount = (page: Page) => page.getByRole("region", { name: "Products" }).getByRole("status");
const filters = (page: Page) => page.getByRole("complementary", { name: "Filter" });
/** Opens a collapsed filter group by its summary. */
const openGroup = (page: Page, label: string) =>
  filters(page)
    .locator("summary", { hasText: new RegExp(`^${label}`) })
    .click();

test.describe("consumer catalogue", () => {
  test("filters OR within a group, AND across groups, with chips and clear all", async ({ page }, testInfo) => {
    await open(page, testInfo, "/products/dog");
    await expect(page.getByRole("heading", { level: 1, name: "Dog Food" })).toBeVisible();
    const count = resultCount(page);
    const before = await count.textContent();

    await openGroup(page, "Flavor");
    await filters(page)
      .getByRole("checkbox", { name: /^Chicken \(\d+\)$/ })
      .check();
    await applyIfNoJs(page, testInfo);
    await expect(page).toHaveURL(/flavor=chicken/);
    await expect(count).not.toHaveText(before ?? "");
    const chickenOnly = await count.textContent();

    await filters(page)
      .getByRole("checkbox", { name: /^Beef \(\d+\)$/ })
      .check();
    await applyIfNoJs(page, testInfo);
    await expect(page).toHaveURL(/flavor=beef/);
    await expect(count).not.toHaveText(chickenOnly ?? "");

    const chips = page.getByLabel("Active filters");
    await expect(chips.getByRole("link", { name: /Chicken, remove Flavor filter/ })).toBeVisible();
    await chips.getByRole("link", { name: /Beef, remove Flavor filter/ }).click();
    await expect(page).not.toHaveURL(/flavor=beef/);
    await expect(count).toHaveText(chickenOnly ?? "");

    await page.getByRole("link", { name: "Clear all" }).click();
    await expect(page).toHaveURL(/\/products\/dog$/);
    await expect(count).toHaveText(before ?? "");
  });

  test("sorts by price and pages through results", async ({ page }, testInfo) => {
    await open(page, testInfo, "/products");
    await expect(page).toHaveTitle(/^Shop All Pet Food \| /);
    await filters(page).getByLabel("Sort by").selectOption("price-asc");
    await applyIfNoJs(page, testInfo);
    await expect(page).toHaveURL(/sort=price-asc/);
    // Pagination comes after the grid, so the whole grid has arrived once it shows.
    await expect(page.getByRole("navigation", { name: "Pagination" })).toBeVisible();
    const prices = await page
      .locator(".listing__results .price__current")
      .evaluateAll((nodes) => nodes.map((n) => Number(n.textContent?.replace(/[^\d.]/g, ""))));
    // The order itself is checked on the data (tests/integration/catalogue.test.ts): cards show their
    // first in-stock variant, which need not be the product's lowest price.
    expect(prices).toHaveLength(24);

    await expect(resultCount(page)).toHaveText(/^Showing 1–24 of \d+ products$/);
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page).toHaveURL(/sort=price-asc/);
    await expect(resultCount(page)).toHaveText(/^Showing 25–48 of \d+ products$/);
  });

  test("bad listing input never fails: unknown values ignored, pages clamped", async ({ page }) => {
    const response = await page.goto("/products/cat?flavor=chocolate&sort=random&page=999");
    expect(response?.status()).toBe(200);
    await expect(resultCount(page)).toHaveText(/of \d+ products$/);
    expect((await page.goto("/products/dog/not-a-category"))?.status()).toBe(404);
    await page.goto("/products/products/dog");
    await expect(page).toHaveURL(/\/products\/dog$/);
  });

  test("a card opens its product, and option links switch the variant", async ({ page }) => {
    await page.goto("/products/dog/dry");
    const card = page.locator(".listing__results article").first();
    const title = (await card.getByRole("heading").textContent())?.trim() ?? "";
    await card.getByRole("heading").getByRole("link").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Dry Food");

    const sizes = page.locator(".option-picker").filter({ has: page.getByRole("heading", { name: "Size" }) });
    const other = sizes.locator('a:not([aria-current="true"])').first();
    const otherSize = (await other.textContent())?.trim() ?? "";
    const href = await other.getAttribute("href");
    await other.click();
    await expect(page).toHaveURL(new RegExp(`${href?.replace(/[.?]/g, "\\$&")}$`));
    await expect(sizes.locator('a[aria-current="true"]')).toHaveText(otherSize);
    await expect(page.locator(".product-info__facts")).toContainText(otherSize);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${href}$`));
  });

  test("product breadcrumbs: a remembered category until the shopper goes to all products, and never 'Dog › Dog' (shop-core spec section 2)", async ({
    page,
  }, testInfo) => {
    const trail = page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("listitem");
    const heading = page.getByRole("heading", { level: 1 });
    const kitten = "/products/science-diet/kitten-dry-cat-food/chicken-recipe/3.5lb";
    await open(page, testInfo, "/products/cat/wet");
    await open(page, testInfo, kitten);
    // With JavaScript the category page browsed last is remembered; without, the crumbs are built.
    if (testInfo.project.name !== "no-js") await expect(trail.nth(3)).toHaveText("Wet Food");

    await open(page, testInfo, "/products/cat/wet");
    await open(page, testInfo, "/products");
    await open(page, testInfo, kitten);
    const kittenTitle = (await heading.textContent())?.trim() ?? "";
    await expect(trail).toHaveText(["Home", "All Products", "Cat", "Science Diet", "Kitten", "Dry Food", kittenTitle]);

    await open(page, testInfo, "/products/dog");
    await open(page, testInfo, "/products/science-diet/adult-dry-dog-food/chicken-barley/15.5lb");
    const dogTitle = (await heading.textContent())?.trim() ?? "";
    await expect(trail).toHaveText(["Home", "All Products", "Dog", "Science Diet", "Adult", "Dry Food", dogTitle]);
  });

  test("a three-segment product URL lands on its variant's canonical page (catalogue spec section 2)", async ({
    page,
  }) => {
    const response = await page.goto("/products/adult-dry-dog-food/lamb/30lb");
    expect(response?.status()).toBe(200);
    expect(response?.request().redirectedFrom()?.url()).toMatch(/\/products\/adult-dry-dog-food\/lamb\/30lb$/);
    await expect(page).toHaveURL(/\/products\/science-diet\/adult-dry-dog-food\/lamb-meal-brown-rice\/30lb$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Science Diet Adult Dry Dog Food");
    expect((await page.goto("/products/no-such-food/lamb/30lb"))?.status()).toBe(404);
  });

  test("the product page offers autoship with 'save an extra 5%' and related products", async ({ page }) => {
    await page.goto("/products/science-diet/adult-dry-dog-food/chicken-barley/15.5lb");
    await expect(page.getByText("and save an extra 5%", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Deliver every")).toBeVisible();
    // The weight as labelled and the price per lb (docs/rules.md "Weight rounding", "Price per unit").
    await expect(page.locator(".product-info__facts")).toContainText("15.5 lb");
    await expect(page.locator(".product-info .unit-price")).toHaveText("$4.06/lb");
    // Choosing Autoship shows its price and saving, with or without JavaScript (docs/rules.md
    // "Autoship price on the product page"): $62.99 less 5%, half up.
    const offer = page.getByTestId("autoship-offer");
    await expect(offer).toBeHidden();
    await page.getByLabel(/^Autoship/).check();
    await expect(offer).toHaveText("Autoship price $59.84 You save $3.15");
    await page.getByLabel("One-time purchase").check();
    await expect(offer).toBeHidden();
    await expect(page.getByText(/^Free shipping on orders over \$\d+\.\d{2}$/).first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "You may also like" })).toBeVisible();
    // The Product entry; the BreadcrumbList is its own (docs/rules.md "Search engines").
    const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents())
      .map((text) => JSON.parse(text))
      .find((ld) => ld["@type"] === "Product");
    expect(jsonLd).toMatchObject({ "@type": "Product", sku: "SD00402", offers: { priceCurrency: "USD" } });
    expect((await page.goto("/products/no-such-food"))?.status()).toBe(404);
  });

  test("search finds products despite a typo, and suggests when nothing matches", async ({ page }, testInfo) => {
    // Typed once the page has hydrated: a field filled mid-hydration can be redrawn empty.
    await open(page, testInfo, "/");
    await page.getByLabel("Search products").fill("chiken");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results for “chiken”");
    await expect(page.locator(".listing__results article").first()).toContainText("Chicken");

    await page.goto("/search?search=qqxxzz");
    await expect(page.getByRole("heading", { name: "No products found for “qqxxzz”" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Puppy food" })).toHaveAttribute("href", "/products/dog/puppy");
  });

  test("the product card follows catalogue spec section 9", async ({ page }) => {
    await page.goto("/products/dog/dry");
    const card = page.locator(".listing__results article").first();
    const description = (await card.locator(".product-card__description").textContent()) ?? "";
    expect(description.replace("…", "").length).toBeLessThanOrEqual(25);
    expect(await card.locator(".badge").count()).toBeLessThanOrEqual(2);
    await expect(card.locator(".size-pill")).toBeVisible();
    await expect(card.getByRole("link").first()).toHaveAttribute("href", /^\/products\/science-diet\/.+\?sku=/);
    await expect(card.getByRole("button", { name: "Add to Cart" })).toBeEnabled();
  });
});

test.describe("staff-feeding catalogue (catalogue spec section 1)", () => {
  test.use({ baseURL: STAFF_URL });

  test("hides prices and treats, shows sizes, compare-at and the Vet-Supervised label", async ({ page }, testInfo) => {
    await open(page, testInfo, "/products");
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Catalog");
    await expect(page.locator(".listing__results .price__current")).toHaveCount(0);
    await expect(page.locator(".listing__results .size-pill")).toHaveCount(0);
    await expect(page.getByText(/Autoship & save/)).toHaveCount(0);
    await expect(filters(page).getByRole("checkbox", { name: /^Treats/ })).toHaveCount(0);

    await openGroup(page, "Brand");
    await filters(page)
      .getByRole("checkbox", { name: /^Prescription Diet \(\d+\)$/ })
      .check();
    await applyIfNoJs(page, testInfo);
    await expect(page).toHaveURL(/brand=prescription-diet/);
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Prescription Diet");
    const card = page.locator(".listing__results article").first();
    await expect(card.getByText("Vet-Supervised Nutrition")).toBeVisible();
    await expect(card.getByLabel("Size")).toBeVisible();
  });

  test("product pages hide retail prices and autoship savings", async ({ page }) => {
    await page.goto("/products/prescription-diet/k-d-kidney-care-dry-dog-food/chicken/8.5lb");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Prescription Diet k/d Kidney Care Dry Dog Food");
    await expect(page.locator(".product-info").getByText("Vet-Supervised Nutrition")).toBeVisible();
    await expect(page.locator(".product-info .price__current")).toHaveCount(0);
    await expect(page.getByText("save an extra 5%")).toHaveCount(0);
    await expect(page.getByText(/Free shipping on orders over/)).toHaveCount(0);
  });

  test("search works on the staff site too", async ({ page }) => {
    await page.goto("/search?search=kidny");
    await expect(page.locator(".listing__results article").first()).toContainText("Kidney");
  });
});

test("predictive search offers products while typing and opens one by keyboard", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === "no-js", "predictive results need JavaScript; the plain form is tested above");
  await open(page, testInfo, "/");
  const box = page.getByRole("combobox", { name: "Search products" });
  await box.pressSequentially("salmo");
  const list = page.getByRole("listbox", { name: "Suggested products" });
  await expect(list.getByRole("option").first()).toBeVisible();
  await expect(box).toHaveAttribute("aria-expanded", "true");
  const firstTitle = (await list.getByRole("option").first().locator(".site-search__title").textContent()) ?? "";
  await box.press("ArrowDown");
  await expect(list.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
  await box.press("Enter");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(firstTitle);
});
