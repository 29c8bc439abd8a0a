// Review moderation in the back office (docs/rules.md "Back office: reviews"), with and without
// JavaScript, at 1280 and 390 px: an operator of the support role publishes a held review, which
// then shows on the product page (to a shopper who allowed functional cookies), and rejects
// another, which does not; unpublishing the first asks first.
import crypto from "node:crypto";
import { expect, test, type TestInfo } from "@playwright/test";
import { adminSignIn, axeClean, jsEnabled, noHorizontalScroll, open, withDb } from "./helpers";

const SKU = "SD00402";

/** A review held for a link, as moderation holds one (no author account needed). */
function heldReview(testInfo: TestInfo, title: string): { handle: string } {
  return withDb(
    testInfo,
    (db) => {
      const { productId, handle } = db
        .prepare(
          `SELECT p.id AS productId, p.handle FROM "ProductVariant" v JOIN "Product" p ON p.id = v.productId WHERE v.sku = ?`,
        )
        .get(SKU) as { productId: string; handle: string };
      const at = Date.now();
      db.prepare(
        `INSERT INTO "Review" (id, productId, customerId, authorName, rating, title, body, status, moderationNote,
         verifiedBuyer, helpfulCount, createdAt, updatedAt)
         VALUES (?, ?, NULL, 'Moe D.', 4, ?, 'Compare prices at www.example.com before you buy.', 'pending', 'link', 0, 0, ?, ?)`,
      ).run(`e2emod${crypto.randomBytes(10).toString("hex")}`, productId, title, at, at);
      return { handle };
    },
    false,
  );
}

for (const width of [1280, 390]) {
  test.describe(`review moderation at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("support publishes a held review, which shows on the product page; a rejected one does not", async ({
      page,
      context,
    }, testInfo) => {
      test.setTimeout(90_000);
      const tag = crypto.randomBytes(4).toString("hex");
      const publishTitle = `Held for a link ${tag} A`;
      const rejectTitle = `Held for a link ${tag} B`;
      const { handle } = heldReview(testInfo, publishTitle);
      heldReview(testInfo, rejectTitle);

      await adminSignIn(page, testInfo, "support");
      await open(page, testInfo, "/admin/reviews");
      await expect(page.getByRole("heading", { level: 1, name: "Reviews" })).toBeVisible();
      const toPublish = page.getByRole("article", { name: publishTitle });
      await expect(toPublish).toContainText("Held because: link");
      await expect(toPublish).toContainText("4 of 5 stars · by Moe D.");
      await axeClean(page, testInfo);
      if (width === 390) await noHorizontalScroll(page);

      await toPublish.getByRole("button", { name: "Publish" }).click();
      await expect(page.getByText("The review is published.")).toBeVisible();
      await expect(page.getByRole("article", { name: publishTitle })).toHaveCount(0);

      const toReject = page.getByRole("article", { name: rejectTitle });
      await toReject.getByLabel("Note (optional)").fill("Advertises another shop");
      await toReject.getByRole("button", { name: "Reject" }).click();
      await expect(page.getByText("The review is rejected.")).toBeVisible();
      await expect(page.getByRole("article", { name: rejectTitle })).toHaveCount(0);

      // The decisions are on their lists, where they can be changed.
      await page.getByRole("link", { name: "Rejected" }).click();
      await expect(page.getByRole("article", { name: rejectTitle })).toContainText(
        "Moderation note: Advertises another shop",
      );

      // A shopper who allowed functional cookies sees the published one only.
      await context.addCookies([
        { name: "shop_consent", value: "required.functional", domain: "localhost", path: "/" },
      ]);
      await open(page, testInfo, `/products/${handle}`);
      const reviews = page.locator("#reviews");
      await expect(reviews.getByRole("article", { name: publishTitle })).toBeVisible();
      await expect(reviews.getByRole("article", { name: rejectTitle })).toHaveCount(0);

      // Taking a published review off the shop asks first, beside its form.
      await open(page, testInfo, "/admin/reviews?status=published");
      const published = page.getByRole("article", { name: publishTitle });
      await published.getByRole("button", { name: "Unpublish" }).click();
      const question = published.getByRole("heading", { name: /^Unpublish “.+”.*\? It leaves the product page/ });
      await expect(question).toBeVisible();
      // With JavaScript the focus moves to the question.
      if (jsEnabled(testInfo)) await expect(question).toBeFocused();
      await axeClean(page, testInfo);
      if (width === 390) await noHorizontalScroll(page);
      await published.getByRole("button", { name: "Unpublish the review" }).click();
      await expect(page.getByText("The review is unpublished.")).toBeVisible();
      await expect(page.getByRole("article", { name: publishTitle })).toHaveCount(0);
    });
  });
}
