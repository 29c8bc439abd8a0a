import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { addToCart, fillAddress, open, query, uniqueEmail } from "./helpers";

// The checkout's steps as plain form posts (both projects), the order
// and its confirmation email in the database, a declined card, the autoship
// sign-in for guests, and conform's validation in the browser (JavaScript only).

const PORT = Number(process.env.E2E_PORT ?? 3100);
const PRODUCT = "/products/science-diet/adult-dry-dog-food/chicken-barley/15.5lb";
const SHOPPER = { email: "shopper@example.com", password: "Shopper-demo-2026" };
const GOOD_CARD = "4242 4242 4242 4242";
const DECLINING_CARD = "4000 0000 0000 0002";
const DECLINED = "Your card was declined. Use another card or contact your bank.";

const stepTitle = (page: Page) => page.locator("h2#checkout-step-title");
const summary = (page: Page) => page.getByRole("complementary", { name: "Order summary" });

/**
 * Runs `fn` while no other worker (the other project's) does: the demo account
 * has one saved cart, and two sign-ins at once would merge their carts.
 */
async function exclusively<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const dir = path.join(os.tmpdir(), `pet-food-e2e-${PORT}-${name}.lock`);
  for (;;) {
    try {
      fs.mkdirSync(dir);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      // A lock left by a killed run is stale after a minute.
      const age = Date.now() - (fs.statSync(dir, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 60_000) fs.rmSync(dir, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The product in the cart (helpers' addToCart), counted in the header. */
async function addProduct(page: Page, testInfo: TestInfo, autoship = false) {
  await addToCart(page, testInfo, PRODUCT, { autoship });
  await expect(page.getByTestId("cart-count")).toHaveText("1");
}

async function proceedToCheckout(page: Page, testInfo: TestInfo) {
  await open(page, testInfo, "/cart");
  await page.getByRole("link", { name: "Proceed to Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout\b/);
  if (testInfo.project.name === "js") {
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  }
}

async function submitContact(page: Page, email: string) {
  await expect(stepTitle(page)).toHaveText("Contact");
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Continue to shipping" }).click();
}

async function fillNewAddress(page: Page) {
  await fillAddress(page);
  await page.getByLabel("Phone (optional)").fill("303-555-0100");
}

async function payWithNewCard(page: Page, cardNumber: string) {
  await expect(stepTitle(page)).toHaveText("Payment");
  // The demo account may hold cards saved by earlier runs; guests see no choice.
  const newCard = page.getByRole("radio", { name: "A new card" });
  if ((await newCard.count()) > 0) await newCard.check();
  // A card is needed: its fields do not say "(optional)" (docs/rules.md "Cart on a phone").
  else await expect(page.locator(".checkout-card .field__optional")).toHaveCount(0);
  await page.getByLabel("Name on card").fill("Riley Tester");
  await page.getByLabel("Card number").fill(cardNumber);
  await page.getByLabel("Expiry (MM/YY)").fill("12/30");
  await page.getByLabel("Security code").fill("123");
  await page.getByRole("button", { name: "Continue to review" }).click();
}

/** A guest's way from contact to review: invalid email first, then every step. */
async function guestToReview(page: Page, testInfo: TestInfo, email: string, cardNumber: string) {
  await addProduct(page, testInfo);
  await proceedToCheckout(page, testInfo);

  // Refused by the step's schema (a dotted domain is wanted): by conform with JavaScript, by the server without.
  await submitContact(page, "name@example");
  const emailField = page.getByLabel("Email address");
  await expect(page.locator(".field__error")).toHaveText("Enter an email address like name@example.com.");
  await expect(emailField).toHaveAttribute("aria-invalid", "true");
  await expect(stepTitle(page)).toHaveText("Contact");
  await submitContact(page, email);

  await expect(stepTitle(page)).toHaveText("Shipping address");
  await fillNewAddress(page);
  await page.getByRole("button", { name: "Continue to delivery" }).click();

  await expect(stepTitle(page)).toHaveText("Delivery");
  await expect(page.getByText(/^Estimated delivery \w+, \w+ \d+ to 80011$/)).toBeVisible();
  await page.getByRole("button", { name: "Continue to payment" }).click();

  await payWithNewCard(page, cardNumber);
  await expect(stepTitle(page)).toHaveText("Review and place order");
  await expect(summary(page).getByText("Total", { exact: true })).toBeVisible();
  await expect(page.getByTestId("order-total")).toHaveText(/^\$\d+\.\d{2}$/);
}

const cents = (money: string) => Math.round(Number(money.replace(/[$,]/g, "")) * 100);

test.describe("checkout", () => {
  test("a guest buys a one-time item; the order and its email are in the database", async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo, "guest");
    await guestToReview(page, testInfo, email, GOOD_CARD);
    const total = cents((await page.getByTestId("order-total").textContent()) ?? "");

    await page.getByRole("button", { name: "Place order" }).click();
    await expect(page).toHaveURL(/\/checkout\/confirmation\/[^/]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you for your order");
    await expect(page.getByTestId("order-number")).toHaveText(/^#\d+$/);
    await expect(page.getByRole("status").filter({ has: page.getByTestId("order-number") })).toContainText(email);
    const number = Number((await page.getByTestId("order-number").textContent())?.slice(1));
    const orderId = new URL(page.url()).pathname.split("/").pop();

    const orders = query<{ id: string; status: string; email: string; totalCents: number }>(
      testInfo,
      'SELECT id, status, email, totalCents FROM "Order" WHERE number = ?',
      number,
    );
    expect(orders).toEqual([{ id: orderId, status: "paid", email, totalCents: total }]);
    const emails = query<{ to: string }>(
      testInfo,
      `SELECT "to" FROM "EmailMessage" WHERE "to" = ? AND template = 'order-confirmation'`,
      email,
    );
    expect(emails).toHaveLength(1);
    await expect(page.getByTestId("cart-count")).toHaveText("0");

    // The confirmation shows the delivery estimate and the products' pictures, and offers the guest an
    // account for the order's email with the order in it (docs/rules.md "Cart on a phone").
    await expect(page.getByTestId("confirmation-delivery")).toHaveText(/^Estimated delivery \w+, \w+ \d+ to 80011$/);
    await expect(page.locator(".confirmation-page__image").first()).toBeVisible();
    const offer = page.getByRole("region", { name: "Save your details for next time" });
    await expect(offer).toContainText(email);
    await offer.getByLabel("First name").fill("Riley");
    await offer.getByLabel("Last name").fill("Tester");
    await offer.getByLabel("Password", { exact: true }).fill("a-long-Pa55word");
    await offer.getByLabel("Confirm password").fill("a-long-Pa55word");
    await offer.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(new RegExp(`/account/orders/${orderId}$`));
    expect(
      query<{ email: string }>(
        testInfo,
        'SELECT c.email FROM "Order" o JOIN "Customer" c ON c.id = o."customerId" WHERE o.id = ?',
        orderId,
      ),
    ).toEqual([{ email }]);
  });

  test("a declined card is said at 'Place order' and the cart keeps its item", async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo, "declined");
    await guestToReview(page, testInfo, email, DECLINING_CARD);

    await page.getByRole("button", { name: "Place order" }).click();
    await expect(page.getByRole("alert")).toHaveText(DECLINED);
    await expect(page).toHaveURL(/\/checkout\b/);
    await expect(stepTitle(page)).toHaveText("Review and place order");
    const placed = query<{ status: string }>(testInfo, 'SELECT status FROM "Order" WHERE email = ?', email);
    expect(placed.every((order) => order.status !== "paid")).toBe(true);

    await open(page, testInfo, "/cart");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Shopping Cart");
    await expect(page.getByRole("spinbutton", { name: /^Quantity, / })).toHaveValue("1");
    await expect(page.getByTestId("cart-count")).toHaveText("1");
  });

  test("a guest with autoship signs in first, then orders it with a saved address", async ({ page }, testInfo) => {
    await addProduct(page, testInfo, true);
    await open(page, testInfo, "/cart");
    const checkoutHref = await page.getByRole("link", { name: "Proceed to Checkout" }).getAttribute("href");
    expect(checkoutHref).toMatch(/^\/checkout\b/);

    const number = await exclusively("shopper", async () => {
      await open(page, testInfo, checkoutHref!);
      await expect(page).toHaveURL(/\/shelter\/autoship-required-login\?redirect=/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to order autoship");
      await expect(page.getByRole("banner")).toHaveCount(0);
      await expect(page.getByRole("contentinfo")).toHaveCount(0);
      await page.getByLabel("Email address").fill(SHOPPER.email);
      await page.getByLabel("Password").fill(SHOPPER.password);
      await page.getByRole("button", { name: "Sign in and continue" }).click();

      await expect(page).toHaveURL(/\/checkout$/);
      await expect(stepTitle(page)).toHaveText("Shipping address");
      if (testInfo.project.name === "js") {
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
      }
      await page.getByRole("radio", { name: /Aurora, CO 80011$/ }).check();
      await page.getByRole("button", { name: "Continue to delivery" }).click();

      await expect(stepTitle(page)).toHaveText("Delivery");
      await expect(page.getByText(/^Estimated delivery .+ to 80011$/)).toBeVisible();
      await page.getByRole("button", { name: "Continue to payment" }).click();

      await payWithNewCard(page, GOOD_CARD);
      await expect(stepTitle(page)).toHaveText("Review and place order");
      await expect(summary(page)).toContainText("Autoship every 4 weeks");
      await page.getByRole("button", { name: "Place order" }).click();

      await expect(page).toHaveURL(/\/checkout\/confirmation\/[^/]+$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you for your order");
      await expect(page.getByTestId("order-number")).toHaveText(/^#\d+$/);
      return Number((await page.getByTestId("order-number").textContent())?.slice(1));
    });

    await expect(page.getByRole("heading", { name: "Your autoship" })).toBeVisible();
    await expect(page.locator(".confirmation-page__autoship li")).toHaveCount(1);
    await expect(page.locator(".confirmation-page__autoship li")).toContainText("every 4 weeks");

    const [order] = query<{ id: string; status: string; email: string; customerId: string }>(
      testInfo,
      'SELECT id, status, email, customerId FROM "Order" WHERE number = ?',
      number,
    );
    expect(order).toMatchObject({ status: "paid", email: SHOPPER.email });
    expect(order.id).toBe(new URL(page.url()).pathname.split("/").pop());
    const subscriptions = query<{ customerId: string; frequency: string; cancelled: number }>(
      testInfo,
      'SELECT customerId, frequency, cancelled FROM "Subscription" WHERE originOrderId = ?',
      order.id,
    );
    expect(subscriptions).toEqual([{ customerId: order.customerId, frequency: "Every 4 weeks", cancelled: 0 }]);
    const [customer] = query<{ email: string }>(
      testInfo,
      'SELECT email FROM "Customer" WHERE id = ?',
      order.customerId,
    );
    expect(customer.email).toBe(SHOPPER.email);
  });

  test("with JavaScript, a bad zip is said on leaving the field, before any submit", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === "no-js", "conform validates in the browser only with JavaScript");
    await addProduct(page, testInfo);
    await proceedToCheckout(page, testInfo);
    await submitContact(page, uniqueEmail(testInfo, "zip"));
    await expect(stepTitle(page)).toHaveText("Shipping address");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");

    let posts = 0;
    page.on("request", (request) => {
      if (request.method() === "POST") posts += 1;
    });
    const zip = page.getByLabel("Zip code");
    await zip.fill("800");
    await expect(page.getByText("Enter a 5-digit zip code.")).toHaveCount(0);
    await zip.blur();
    await expect(page.getByText("Enter a 5-digit zip code.")).toBeVisible();
    await expect(zip).toHaveAttribute("aria-invalid", "true");
    // Fixing it clears the error as you type.
    await zip.fill("80011");
    await expect(page.getByText("Enter a 5-digit zip code.")).toHaveCount(0);
    expect(posts).toBe(0);
    await expect(stepTitle(page)).toHaveText("Shipping address");
  });
});
