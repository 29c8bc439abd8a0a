// Payment Methods and an autoship's card (docs/rules.md "Saved cards"), with and without
// JavaScript, at 1280 and 390 px: add a card, add a second and make it the default, see the
// first refused for removal while an autoship pays with it, switch the autoship to the new
// card, then remove the first; axe-clean.
import crypto from "node:crypto";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { axeClean, open, register, TEST_ADDRESS, uniqueEmail, withDb } from "./helpers";

const ADULT = { sku: "SD00402", title: "Science Diet Adult Dry Dog Food" };
const DAY_MS = 86_400_000;

const notice = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });
const savedCard = (page: Page, name: string) => page.getByRole("article", { name, exact: true });
const stored = (date: Date) => date.toISOString().replace("Z", "+00:00");

/** An active autoship of the adult food paid with the customer's only saved card, its next order 10 days ahead. */
function seedAutoship(testInfo: TestInfo, email: string) {
  withDb(
    testInfo,
    (db) => {
      const customer = db.prepare(`SELECT id FROM "Customer" WHERE email = ? AND site = 'DTC'`).get(email) as {
        id: string;
      };
      const token = db.prepare(`SELECT id FROM "PaymentToken" WHERE customerId = ?`).get(customer.id) as { id: string };
      const variant = db
        .prepare(`SELECT v.id, v.productId, v.weightValue, v.weightUnit FROM "ProductVariant" v WHERE v.sku = ?`)
        .get(ADULT.sku) as { id: string; productId: string; weightValue: number; weightUnit: string };
      const now = new Date();
      const next = new Date(`${new Date(now.getTime() + 10 * DAY_MS).toISOString().slice(0, 10)}T10:00:00Z`);
      db.prepare(
        `INSERT INTO "Subscription" (id, customerId, productId, variantId, contractId, sellingPlanId, frequencyDays,
         frequency, quantity, weight, weightUnit, cancelled, startDate, nextOrderDate, site, paymentTokenId,
         shippingAddress, createdAt, updatedAt)
         VALUES (?, ?, ?, ?, ?, 'autoship-4w', 28, 'Every 4 weeks', 1, ?, ?, 0, ?, ?, 'DTC', ?, ?, ?, ?)`,
      ).run(
        `e2esub${crypto.randomBytes(10).toString("hex")}`,
        customer.id,
        variant.productId,
        variant.id,
        `SC-E2E${crypto.randomBytes(5).toString("hex").toUpperCase()}`,
        variant.weightValue,
        variant.weightUnit,
        stored(now),
        stored(next),
        token.id,
        JSON.stringify(TEST_ADDRESS),
        stored(now),
        stored(now),
      );
    },
    false,
  );
}

async function addCard(
  page: Page,
  card: { number: string; month: string; year: string; cvc: string },
  makeDefault = false,
) {
  const form = page.getByRole("region", { name: "Add a card" });
  await form.getByLabel("Card number").fill(card.number);
  await form.getByLabel("Expiry month").selectOption({ label: card.month });
  await form.getByLabel("Expiry year").selectOption(card.year);
  await form.getByLabel("Security code").fill(card.cvc);
  if (makeDefault) await form.getByLabel("Make this my default card").check();
  await form.getByRole("button", { name: "Add card" }).click();
}

/**
 * Nothing of the page's main part is wider than the screen (a phone's 390 px included). The
 * signed-in site header is left out: it is wider than 390 px on every account page.
 */
async function mainFits(page: Page) {
  const overflowing = await page.evaluate(() =>
    Array.from(document.querySelectorAll("main *"))
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
      .map((e) => `${e.tagName.toLowerCase()}.${e.className}`),
  );
  expect(overflowing).toEqual([]);
}

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("add a card, make another the default, switch an autoship to it, remove the first", async ({
      page,
    }, testInfo) => {
      test.setTimeout(90_000);
      const email = uniqueEmail(testInfo, "cards");
      await register(page, testInfo, email);

      await open(page, testInfo, "/account/dashboard");
      await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Payment Methods" }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/account/payment-methods");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment Methods");
      await expect(page.getByText("You have no saved cards yet.")).toBeVisible();

      // A number that is no card: refused beside the field (by conform with JavaScript, by the server without).
      await addCard(page, { number: "4242 4242 4242 4241", month: "12", year: "2035", cvc: "123" });
      const number = page.getByLabel("Card number");
      await expect(number).toHaveAttribute("aria-invalid", "true");
      await expect(number).toHaveAccessibleDescription("Check the card number: it is not a valid card.");
      if (testInfo.project.use.javaScriptEnabled === false) await expect(number).toHaveValue("");

      await addCard(page, { number: "4242 4242 4242 4242", month: "12", year: "2035", cvc: "123" });
      await expect(notice(page, "Visa ending 4242 was added.")).toBeVisible();
      const visa = savedCard(page, "Visa ending 4242");
      await expect(visa).toContainText("Default");
      await expect(visa).toContainText("Expires 12/2035");

      seedAutoship(testInfo, email);

      await addCard(page, { number: "5555 5555 5555 4444", month: "06", year: "2034", cvc: "321" });
      await expect(notice(page, "Mastercard ending 4444 was added.")).toBeVisible();
      const mastercard = savedCard(page, "Mastercard ending 4444");
      await expect(mastercard).not.toContainText("Default");

      await mastercard.getByRole("button", { name: "Make default" }).click();
      await expect(notice(page, "Mastercard ending 4444 is now your default card.")).toBeVisible();
      await expect(mastercard).toContainText("Default");
      await expect(visa).not.toContainText("Default");
      await expect(page.getByRole("article").first()).toHaveAccessibleName("Mastercard ending 4444");
      await mainFits(page);
      await axeClean(page, testInfo);

      // The autoship still pays with the Visa: it stays, and the message says why.
      await visa.getByRole("button", { name: "Remove" }).click();
      await expect(visa.getByRole("alert")).toHaveText(
        `This card pays for your subscription of ${ADULT.title}. Switch your subscription of ${ADULT.title} to another card first.`,
      );
      await expect(page.getByRole("article")).toHaveCount(2);

      await open(page, testInfo, "/account/autoships");
      const autoship = page.getByRole("article", { name: ADULT.title });
      await expect(autoship.getByLabel("Pay with")).toHaveValue(/^tok_/);
      await expect(autoship.getByLabel("Pay with").locator("option:checked")).toHaveText(
        "Visa ending 4242, expires 12/2035",
      );
      await autoship.getByLabel("Pay with").selectOption({ label: "Mastercard ending 4444, expires 06/2034" });
      await autoship.getByRole("button", { name: "Change card" }).click();
      await expect(
        notice(page, `Your subscription of ${ADULT.title} is now paid with Mastercard ending 4444.`),
      ).toBeVisible();
      await expect(autoship.getByLabel("Pay with").locator("option:checked")).toHaveText(
        "Mastercard ending 4444, expires 06/2034",
      );
      await mainFits(page);

      await page.getByRole("link", { name: "Manage payment methods" }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/account/payment-methods");
      await savedCard(page, "Visa ending 4242").getByRole("button", { name: "Remove" }).click();
      await expect(notice(page, "Visa ending 4242 was removed.")).toBeVisible();
      await expect(page.getByRole("article")).toHaveCount(1);
      await expect(savedCard(page, "Mastercard ending 4444")).toContainText("Default");
      await axeClean(page, testInfo);
    });
  });
}
