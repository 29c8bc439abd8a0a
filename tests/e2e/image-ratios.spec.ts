import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { addToCart, axeClean, checkoutToReview, noHorizontalScroll, open, register, uniqueEmail } from "./helpers";

// docs/rules.md "Pictures and their ratios": every picture keeps its own shape at 390 and
// 1280 px, and carries width and height attributes of that shape so nothing moves as it loads.

const PRODUCT = "/products/science-diet/adult-dry-dog-food/chicken-barley/15.5lb";
const WIDTHS = [390, 1280] as const;
/** Rounding of a few pixels on a 96 px picture is 1-2%. */
const TOLERANCE = 0.02;

interface Measured {
  src: string;
  problem: string | null;
}

/**
 * Loads every picture on the page (lazy ones too) and measures each visible one: the ratio of
 * the picture as drawn (its content box; with object-fit contain or scale-down the picture is
 * drawn inside at its own ratio, so the box may differ) against the file's own, and the ratio
 * of its width/height attributes.
 */
async function measureImages(page: Page): Promise<Measured[]> {
  await page.evaluate(() => {
    for (const img of document.querySelectorAll("img")) img.loading = "eager";
    window.scrollTo(0, document.documentElement.scrollHeight);
  });
  // Every picture that takes room has finished, loaded or not (one that failed is reported below).
  await page
    .waitForFunction(
      () =>
        [...document.querySelectorAll("img")].every(
          (img) => img.getBoundingClientRect().width === 0 || (img.complete && img.naturalWidth > 0),
        ),
      null,
      { timeout: 20_000, polling: 250 },
    )
    .catch(() => undefined);
  await page.evaluate(() => window.scrollTo(0, 0));
  return page.evaluate((tolerance) => {
    const off = (a: number, b: number) => Math.abs(a / b - 1) > tolerance;
    return [...document.querySelectorAll("img")]
      .filter((img) => {
        const box = img.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && getComputedStyle(img).visibility !== "hidden";
      })
      .map((img) => {
        const style = getComputedStyle(img);
        const px = (name: string) => parseFloat(style.getPropertyValue(name)) || 0;
        const box = img.getBoundingClientRect();
        const width =
          box.width - px("padding-left") - px("padding-right") - px("border-left-width") - px("border-right-width");
        const height =
          box.height - px("padding-top") - px("padding-bottom") - px("border-top-width") - px("border-bottom-width");
        const src = img.currentSrc || img.src;
        const natural = img.naturalWidth / img.naturalHeight;
        const attrWidth = Number(img.getAttribute("width"));
        const attrHeight = Number(img.getAttribute("height"));
        let problem: string | null = null;
        if (!img.naturalWidth || !img.naturalHeight) problem = "did not load";
        else if (!attrWidth || !attrHeight) problem = "no width and height attributes";
        else if (off(attrWidth / attrHeight, natural))
          problem = `attributes ${attrWidth}x${attrHeight} but the file is ${img.naturalWidth}x${img.naturalHeight}`;
        else if (!["contain", "scale-down"].includes(style.objectFit) && off(width / height, natural))
          problem = `drawn ${Math.round(width)}x${Math.round(height)} for a ${img.naturalWidth}x${img.naturalHeight} file`;
        return { src, problem };
      });
  }, TOLERANCE);
}

/** At each width: every visible picture keeps its ratio; no sideways scroll; axe finds nothing. */
async function checkAtBothWidths(page: Page, testInfo: TestInfo, state: string, atLeast: number) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const measured = await measureImages(page);
    expect(measured.length, `${state} at ${width} px: pictures shown`).toBeGreaterThanOrEqual(atLeast);
    expect(
      measured.filter((m) => m.problem).map((m) => `${m.src}: ${m.problem}`),
      `${state} at ${width} px`,
    ).toEqual([]);
    await noHorizontalScroll(page);
  }
  await axeClean(page, testInfo);
}

/** The product in the cart (helpers' addToCart, which waits for the server's answer), counted in the header. */
async function addProduct(page: Page, testInfo: TestInfo) {
  await addToCart(page, testInfo, PRODUCT);
  await expect(page.getByTestId("cart-count")).toHaveText("1");
}

test.describe("pictures keep their ratio", () => {
  for (const [state, path, atLeast] of [
    ["home", "/", 1],
    ["a listing", "/products/dog", 4],
    ["a product page", PRODUCT, 1],
  ] as const) {
    test(state, async ({ page }, testInfo) => {
      test.slow();
      await open(page, testInfo, path);
      await checkAtBothWidths(page, testInfo, state, atLeast);
    });
  }

  test("the cart with a line, the checkout's review, the confirmation and the order page", async ({
    page,
  }, testInfo) => {
    test.slow();
    await register(page, testInfo, uniqueEmail(testInfo, "ratios"));
    await addProduct(page, testInfo);
    await open(page, testInfo, "/cart");
    await expect(page.locator(".cart-line")).toHaveCount(1);
    await checkAtBothWidths(page, testInfo, "cart", 1);

    await checkoutToReview(page, testInfo);
    await checkAtBothWidths(page, testInfo, "checkout review", 0);

    await page.getByRole("button", { name: "Place order" }).click();
    await expect(page).toHaveURL(/\/checkout\/confirmation\/[^/]+$/);
    await checkAtBothWidths(page, testInfo, "confirmation", 0);

    await open(page, testInfo, "/account/orders");
    await page.locator('main a[href^="/account/orders/"]').first().click();
    await expect(page).toHaveURL(/\/account\/orders\/[^/]+$/);
    await checkAtBothWidths(page, testInfo, "order page", 0);
  });
});
