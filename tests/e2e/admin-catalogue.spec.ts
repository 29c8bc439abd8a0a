import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { adminSignIn, jsEnabled, newAddress, open } from "./helpers";

// The back office's catalogue (docs/rules.md "Back office: catalogue"), with and without
// JavaScript: a merchandiser changes a variant's price and adds a badge, and the shop's product
// page shows both within a freshness poll (every process, the page cache included). Each project
// edits a product no other spec reads, and puts it back at the end.
const VARIANTS = {
  js: { sku: "SD05501", url: "science-diet/adult-indoor-chicken-entree-wet-cat-food/chicken/2.9oz" },
  "no-js": { sku: "SD05601", url: "science-diet/adult-hairball-control-savory-chicken-wet-cat-food/chicken/2.9oz" },
} as const;
const ORIGINAL_PRICE = "34.56";

const variantOf = (testInfo: TestInfo) => VARIANTS[jsEnabled(testInfo) ? "js" : "no-js"];

/** Axe runs in the page: only where JavaScript runs (the no-js project renders the same HTML). */
async function axeClean(page: Page, testInfo: TestInfo) {
  if (!jsEnabled(testInfo)) return;
  const results = await new AxeBuilder({ page }).include("main").analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

async function noHorizontalScroll(page: Page) {
  const wider = await page.evaluate(() =>
    document.documentElement.scrollWidth <= window.innerWidth
      ? []
      : [...document.querySelectorAll("main *")]
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
          .slice(0, 5)
          .map((el) => `${el.tagName.toLowerCase()}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`),
  );
  expect(wider).toEqual([]);
}

/** Opens the admin page of the product holding `sku` through the list's search. */
async function openProduct(page: Page, testInfo: TestInfo, sku: string) {
  await open(page, testInfo, "/admin/products");
  await page.getByLabel("Title, handle or SKU").fill(sku.toLowerCase());
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("1 product", { exact: true })).toBeVisible();
  await page.getByRole("table").getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 3, name: new RegExp(sku) })).toBeVisible();
}

async function saveVariant(page: Page, sku: string, price: string, bestSeller: boolean) {
  const form = page.getByRole("form", { name: `Variant ${sku}` });
  await form.getByLabel("Price ($)", { exact: true }).fill(price);
  await form.getByLabel("Best Seller").setChecked(bestSeller);
  await form.getByRole("button", { name: `Save variant ${sku}` }).click();
  // "Nothing changed." when a retry finds the values an interrupted attempt saved (and did not put back).
  await expect(page.getByText(/^(Variant saved|Nothing changed)\.$/)).toBeVisible();
}

test("a merchandiser changes a price and adds a badge; the shop's product page shows both", async ({
  page,
}, testInfo) => {
  test.slow(); // two saves, up to 15 s for the catalogue to follow, and the save that puts it back
  const { sku, url } = variantOf(testInfo);
  await adminSignIn(page, testInfo, "merchandiser");
  await openProduct(page, testInfo, sku);
  await axeClean(page, testInfo);

  // A refused value says why at its field and changes nothing.
  const form = page.getByRole("form", { name: `Variant ${sku}` });
  await form.getByLabel(/^Compare-at price/).fill("1.00");
  await form.getByRole("button", { name: `Save variant ${sku}` }).click();
  await expect(page.getByText("The compare-at price must be more than the price, or empty.")).toBeVisible();
  await expect(form.getByLabel(/^Compare-at price/)).toHaveAttribute("aria-invalid", "true");
  await form.getByLabel(/^Compare-at price/).fill("");

  await saveVariant(page, sku, "29.99", true);
  try {
    await expect
      .poll(
        async () => {
          // The server's catalogue follows the edit within a freshness poll.
          await page.goto(newAddress(`/products/${url}`));
          const main = page.locator("main");
          return (await main.getByText("$29.99").count()) > 0 && (await main.getByText("Best Seller").count()) > 0;
        },
        { timeout: 15_000, intervals: [500, 1_000, 2_000] },
      )
      .toBe(true);
  } finally {
    // Put the product back for the rest of the run.
    await openProduct(page, testInfo, sku);
    await saveVariant(page, sku, ORIGINAL_PRICE, false);
  }
});

test("the product's one save sets a search title and adds a library picture; removing the picture asks first", async ({
  page,
}, testInfo) => {
  test.slow(); // a save, up to 15 s for the catalogue to follow, a removal and the save that puts it back
  const { sku, url } = variantOf(testInfo);
  const title = `Search title ${jsEnabled(testInfo) ? "js" : "no-js"}`;
  await adminSignIn(page, testInfo, "merchandiser");
  await openProduct(page, testInfo, sku);
  const editor = page.getByRole("region", { name: "Product" });
  // The search title's limit is the field's own (the browser keeps at most 70 characters); a value
  // the server refuses is answered beside its field.
  await expect(editor.getByLabel(/^Search title/)).toHaveAttribute("maxlength", "70");
  const rank = await editor.getByLabel(/^Featured rank/).inputValue();
  await editor.getByLabel(/^Featured rank/).fill("0");
  await editor.getByRole("button", { name: "Save product" }).click();
  await expect(page.getByText("Enter a rank from 1 to 9999, or leave it empty.")).toBeVisible();
  await expect(page.getByLabel(/^Featured rank/)).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel(/^Featured rank/).fill(rank);

  await page.getByLabel(/^Search title/).fill(title);
  await page.getByLabel(/^Add a picture from the library/).selectOption("hero-dtc-bowl");
  await page.getByRole("button", { name: "Save product" }).click();
  await expect(page.getByText(/^(Product saved|Nothing changed)\.$/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Remove picture 1" })).toBeVisible();
  await axeClean(page, testInfo);
  try {
    await expect
      .poll(
        async () => {
          await page.goto(newAddress(`/products/${url}`));
          return page.title();
        },
        { timeout: 15_000, intervals: [500, 1_000, 2_000] },
      )
      .toMatch(new RegExp(`^${title} \\| `));
  } finally {
    await openProduct(page, testInfo, sku);
    // Removing asks first and names the picture; keeping it changes nothing.
    await page.getByRole("button", { name: "Remove picture 1" }).click();
    await expect(page.getByRole("heading", { name: /^Remove the picture ".+" from .+\?/ })).toBeVisible();
    await page.getByRole("button", { name: "Remove the picture", exact: true }).click();
    await expect(page.getByText("Picture removed.")).toBeVisible();
    // Any picture an interrupted earlier attempt added goes too.
    while ((await page.getByRole("button", { name: "Remove picture 1" }).count()) > 0) {
      await page.getByRole("button", { name: "Remove picture 1" }).click();
      await page.getByRole("button", { name: "Remove the picture", exact: true }).click();
      await expect(page.getByText("Picture removed.")).toBeVisible();
    }
    await expect(page.getByRole("button", { name: "Remove picture 1" })).toHaveCount(0);
    await page.getByLabel(/^Search title/).fill("");
    await page.getByRole("button", { name: "Save product" }).click();
    await expect(page.getByText(/^(Product saved|Nothing changed)\.$/)).toBeVisible();
  }
});

test("the products list and a product page fit a phone and pass axe", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await adminSignIn(page, testInfo, "merchandiser");
  await open(page, testInfo, "/admin/products?brand=science-diet&species=cat");
  await expect(page.getByRole("heading", { level: 1, name: "Catalogue" })).toBeVisible();
  await axeClean(page, testInfo);
  await noHorizontalScroll(page);
  await page.getByRole("table").getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 2, name: "Variants" })).toBeVisible();
  await axeClean(page, testInfo);
  await noHorizontalScroll(page);
});

test("the coverage page refuses a reversed zip range at its field and passes axe", async ({ page }, testInfo) => {
  await adminSignIn(page, testInfo, "merchandiser");
  await open(page, testInfo, "/admin/coverage");
  await expect(page.getByRole("heading", { level: 2, name: "Home delivery" })).toBeVisible();
  const form = page.getByRole("form", { name: "Add a zip range" });
  await form.getByLabel("First zip").fill("99999");
  await form.getByLabel("Last zip").fill("99998");
  await form.getByRole("button", { name: "Add range" }).click();
  await expect(page.getByText("The last zip must be the same as or after the first.")).toBeVisible();
  await expect(page.getByLabel("Last zip")).toHaveAttribute("aria-invalid", "true");
  await axeClean(page, testInfo);
});
