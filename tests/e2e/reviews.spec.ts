// Reviews as shoppers meet them (catalogue spec section 8; docs/rules.md "Reviews on pages"),
// with and without JavaScript, at 1280 and 390 px: hidden with the exact message until
// functional consent; then the summary, the list, sort and filter, helpful votes; a buyer
// writes a review from the order page and sees it marked "Verified buyer"; cards show ratings.
import crypto from "node:crypto";
import { expect, test, type BrowserContext, type Locator, type Page, type TestInfo } from "@playwright/test";
import { axeClean, noHorizontalScroll, open, register, TEST_ADDRESS, uniqueEmail, withDb } from "./helpers";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const EXACT =
  "You cannot see product reviews because you have declined functional cookies. Please enable them here to access this feature.";
const SKU = "SD00402";

async function consent(context: BrowserContext, value: "required" | "required.functional") {
  await context.addCookies([{ name: "shop_consent", value, domain: "localhost", path: "/" }]);
}

interface ProductRow {
  productId: string;
  handle: string;
  title: string;
  variantId: string;
  variantTitle: string;
  priceCents: number;
}

const productOf = (testInfo: TestInfo): ProductRow =>
  withDb(
    testInfo,
    (db) =>
      db
        .prepare(
          `SELECT p.id AS productId, p.handle, p.title, v.id AS variantId, v.title AS variantTitle, v.priceCents
           FROM "ProductVariant" v JOIN "Product" p ON p.id = v.productId WHERE v.sku = ?`,
        )
        .get(SKU) as ProductRow,
  );

const stored = (date: Date) => date.toISOString().replace("Z", "+00:00");

/** A paid order of the product for the customer with this email, as checkout leaves it. */
function seedOrder(testInfo: TestInfo, email: string, product: ProductRow): string {
  return withDb(
    testInfo,
    (db) => {
      const { id: customerId } = db
        .prepare(`SELECT id FROM "Customer" WHERE email = ? AND site = 'DTC'`)
        .get(email) as { id: string };
      const orderId = `e2erev${crypto.randomBytes(10).toString("hex")}`;
      db.transaction(() => {
        const { max } = db.prepare(`SELECT MAX(number) AS max FROM "Order"`).get() as { max: number | null };
        const at = stored(new Date());
        db.prepare(
          `INSERT INTO "Order" (id, number, site, customerId, email, status, currencyCode, subtotalCents, discountCents,
           shippingCents, surchargeCents, taxCents, totalCents, shippingAddress, attributes, source, discountCodes,
           paymentSummary, createdAt, updatedAt)
           VALUES (?, ?, 'DTC', ?, ?, 'paid', 'USD', ?, 0, 0, 0, 0, ?, ?, '[]', 'checkout', '', 'visa ending 4242', ?, ?)`,
        ).run(
          orderId,
          Math.max(950_000, (max ?? 0) + 1),
          customerId,
          email,
          product.priceCents,
          product.priceCents,
          JSON.stringify(TEST_ADDRESS),
          at,
          at,
        );
        db.prepare(
          `INSERT INTO "OrderLine" (id, orderId, variantId, productTitle, variantTitle, sku, quantity, unitPriceCents,
           sellingPlanId, weightValue, weightUnit) VALUES (?, ?, ?, ?, ?, ?, 1, ?, NULL, 30, 'lbs')`,
        ).run(
          `e2erln${crypto.randomBytes(10).toString("hex")}`,
          orderId,
          product.variantId,
          product.title,
          product.variantTitle,
          SKU,
          product.priceCents,
        );
      })();
      return orderId;
    },
    false,
  );
}

const reviewsSection = (page: Page) => page.locator("#reviews");

/** The text an element shows: its text without the visually hidden parts screen readers alone hear. */
const shownText = (element: Locator) =>
  element.evaluate((node) => {
    const copy = node.cloneNode(true) as HTMLElement;
    copy.querySelectorAll(".visually-hidden").forEach((hidden) => hidden.remove());
    return copy.textContent;
  });

const productJsonLd = (page: Page) =>
  page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((nodes) =>
      nodes.map((node) => JSON.parse(node.textContent ?? "{}")).find((ld) => ld["@type"] === "Product"),
    );

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("reviews are hidden with the exact message until functional consent", async ({ page, context }, testInfo) => {
      // Two consent states, an accessibility scan and the preferences round trip.
      test.slow();
      const product = productOf(testInfo);
      for (const cookie of [null, "required"] as const) {
        if (cookie) await consent(context, cookie);
        await open(page, testInfo, `/products/${product.handle}`);
        const message = page.getByTestId("reviews-declined");
        // The sentence shown is the spec's; the link's visually hidden rest says where it leads.
        await expect.poll(() => shownText(message)).toBe(EXACT);
        await expect(reviewsSection(page).getByRole("article")).toHaveCount(0);
        await expect(page.getByTestId("rating-summary")).toHaveCount(0);
        const here = message.getByRole("link", { name: "here in the cookie preferences" });
        await expect(here).toHaveAttribute("href", "/cookie-preferences");
        expect((await productJsonLd(page))?.aggregateRating).toBeUndefined();
        await noHorizontalScroll(page);
      }
      await axeClean(page, testInfo);

      // "here" opens the cookie preferences: the dialog with JavaScript, the page without. Allowing
      // functional cookies there brings the reviews to this product page.
      const js = testInfo.project.use.javaScriptEnabled !== false;
      if (js) await page.waitForFunction(() => document.documentElement.dataset.consentManager === "ready");
      await page.getByTestId("reviews-declined").getByRole("link", { name: "here in the cookie preferences" }).click();
      if (js) {
        const dialog = page.getByRole("dialog", { name: "Cookie preferences" });
        await expect(dialog).toBeVisible();
        await dialog.getByRole("checkbox", { name: /Functional/ }).check();
        await dialog.getByRole("button", { name: "Save choices" }).click();
        await expect(dialog).toHaveCount(0);
      } else {
        await expect(page).toHaveURL(/\/cookie-preferences/);
        await page.getByRole("checkbox", { name: /Functional/ }).check();
        await page.getByRole("button", { name: "Save choices" }).click();
      }
      await expect(page).toHaveURL(new RegExp(`/products/${product.handle}`));
      await expect(page.getByTestId("reviews-declined")).toHaveCount(0);
      await expect(page.getByTestId("rating-summary")).toBeVisible();
    });
  });
}

test("a buyer reviews from the order page; shoppers with consent see it, sort, filter and vote", async ({
  page,
  browser,
  context,
}, testInfo) => {
  test.slow();
  const product = productOf(testInfo);
  const email = uniqueEmail(testInfo, "reviewer");
  await consent(context, "required.functional");
  await register(page, testInfo, email);
  const orderId = seedOrder(testInfo, email, product);

  // The order page links the line to its review page.
  await open(page, testInfo, `/account/orders/${orderId}`);
  await page.getByRole("link", { name: `Write a review of ${product.title}` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Review ${product.title}`);
  await expect(page.getByRole("group", { name: "Your rating" })).toBeVisible();
  await axeClean(page, testInfo);

  // Nothing filled in: the messages beside the fields (from conform, or the server's 400).
  await page.getByRole("button", { name: "Submit review" }).click();
  await expect(page.getByText("Choose a star rating from 1 to 5.")).toBeVisible();
  await expect(page.getByText("Enter a title for your review.")).toBeVisible();

  const title = `Shiny coat ${crypto.randomBytes(3).toString("hex")}`;
  await page.getByRole("radio", { name: "4 stars" }).check();
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Your review").fill("Our lab finishes every bowl and his coat shines.");
  await page.getByRole("button", { name: "Submit review" }).click();

  await expect(page).toHaveURL((url) => url.pathname.startsWith("/products/") && url.hash === "#reviews");
  // The page opens at its reviews; with JavaScript (a client navigation) focus is there too.
  await expect(reviewsSection(page)).toBeInViewport();
  if (testInfo.project.use.javaScriptEnabled !== false) await expect(reviewsSection(page)).toBeFocused();
  await expect(page.getByRole("status").filter({ hasText: "Thanks! Your review is published." })).toBeVisible();
  const mine = reviewsSection(page).getByRole("article", { name: title });
  await expect(mine).toBeVisible();
  await expect(mine.getByText("Verified buyer")).toBeVisible();
  await expect(mine.getByText("4 out of 5 stars")).toBeAttached();
  await expect(reviewsSection(page).getByText("You reviewed this product.")).toBeVisible();
  await expect(page.getByTestId("rating-summary")).toContainText(/out of 5 stars/);
  expect((await productJsonLd(page))?.aggregateRating).toMatchObject({ bestRating: 5, worstRating: 1 });
  await axeClean(page, testInfo);

  // The order page now says so.
  await open(page, testInfo, `/account/orders/${orderId}`);
  await expect(page.getByRole("link", { name: new RegExp(`^You reviewed this\\s*: ${product.title}$`) })).toBeVisible();

  // Another shopper (not signed in) with functional consent: filter, sort, vote once.
  const other = await browser.newContext({
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
    viewport: { width: 390, height: 900 },
    baseURL: `http://localhost:${PORT}`,
  });
  await consent(other, "required.functional");
  const shopper = await other.newPage();
  await open(shopper, testInfo, `/products/${product.handle}`);
  // The reviews section hydrates lazily, after the page: a change applies at once only then.
  if (testInfo.project.use.javaScriptEnabled !== false)
    await expect(shopper.locator(".reviews__controls[data-enhanced]")).toHaveCount(1);
  await shopper.getByLabel("Rating", { exact: true }).selectOption("4");
  if (testInfo.project.use.javaScriptEnabled === false) await shopper.getByRole("button", { name: "Apply" }).click();
  await expect(shopper).toHaveURL(/reviews_rating=4/);
  const listed = reviewsSection(shopper).locator(".reviews__list > li");
  await expect(listed.first()).toBeVisible();
  for (const text of await listed.locator(".stars .visually-hidden").allTextContents()) {
    expect(text).toBe("4 out of 5 stars");
  }
  await shopper.getByLabel("Sort by", { exact: true }).selectOption("helpful");
  if (testInfo.project.use.javaScriptEnabled === false) await shopper.getByRole("button", { name: "Apply" }).click();
  await expect(shopper).toHaveURL(/reviews_sort=helpful/);
  await noHorizontalScroll(shopper);

  // Newest first, the buyer's review is on the first page.
  await open(shopper, testInfo, `/products/${product.handle}?reviews_rating=4`);
  const theirs = reviewsSection(shopper).getByRole("article", { name: title });
  await theirs.getByRole("button", { name: "Helpful (0)" }).click();
  await expect(theirs.getByRole("button", { name: "Helpful (1)" })).toBeVisible();
  if (testInfo.project.use.javaScriptEnabled === false) {
    await expect(shopper).toHaveURL((url) => url.hash.startsWith("#review-"));
    await expect(shopper.getByRole("status").filter({ hasText: "Thanks for your vote." })).toBeVisible();
  }
  await axeClean(shopper, testInfo);
  await other.close();

  // A listing's card shows the product's rating (no consent needed).
  const anonymous = await browser.newContext({
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
    baseURL: `http://localhost:${PORT}`,
  });
  const cards = await anonymous.newPage();
  await open(cards, testInfo, `/search?search=${encodeURIComponent(product.title)}`);
  const card = cards.getByRole("article", { name: product.title }).first();
  await expect(card.getByTestId("card-rating")).toContainText(/Rated \d\.\d out of 5, \d+ reviews?/);
  await anonymous.close();
});
