import crypto from "node:crypto";
import type Database from "better-sqlite3";
import { expect, test, type Locator, type Page, type TestInfo } from "@playwright/test";
import { open, register, uniqueEmail, withDb } from "./helpers";

// The account pages (shop-core spec section 2): My Profile, Address Book, My Orders with My Order
// Details and "Buy again", and My Subscriptions, as plain form posts (both
// projects). Every test registers its own account; orders and the subscription
// are written straight into the e2e database (21+ orders through checkout
// would take minutes).

const ADULT = { sku: "SD00402", title: "Science Diet Adult Dry Dog Food" };
const PUPPY = { sku: "SD00101", title: "Science Diet Puppy Chicken Meal & Barley Dry Dog Food" };
const DAY_MS = 86_400_000;

const ADDRESS = {
  firstName: "Riley",
  lastName: "Tester",
  company: null,
  address1: "15200 E 6th Ave",
  address2: null,
  city: "Aurora",
  provinceCode: "CO",
  zip: "80011",
  countryCode: "US",
  phone: "303-555-0100",
};

/** A fresh email per test, project and run. */

const notice = (page: Page, text: string | RegExp) => page.getByRole("status").filter({ hasText: text });
const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

/** The value (dd) of a term (dt) in a description list. */
const fact = (scope: Locator, term: string) =>
  scope
    .locator("div")
    .filter({
      has: scope
        .page()
        .getByRole("term")
        .filter({ hasText: new RegExp(`^${term}$`) }),
    })
    .getByRole("definition");

/**
 * Clicks a submit button whose post the server refuses: the answer is a 400 (the
 * page itself without JavaScript). With `serverOnly`, JavaScript may refuse it in
 * the browser first (conform), so only the no-JS project waits for the post.
 */
async function submitRefused(page: Page, testInfo: TestInfo, button: Locator, serverOnly = false) {
  if (serverOnly && testInfo.project.name === "js") {
    await button.click();
    return;
  }
  const [response] = await Promise.all([
    page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname === new URL(page.url()).pathname,
    ),
    button.click(),
  ]);
  expect(response.status()).toBe(400);
}

// ---------------------------------------------------------------------------
// The e2e database (DATABASE_URL is relative to the config's folder).

/** Dates as Prisma stores them in SQLite. */
const stored = (date: Date) => date.toISOString().replace("Z", "+00:00");
const newId = (prefix: string) => `${prefix}${crypto.randomBytes(10).toString("hex")}`;

interface VariantRow {
  id: string;
  productId: string;
  title: string;
  productTitle: string;
  priceCents: number;
  weightValue: number;
  weightUnit: string;
}

function variantBySku(db: Database.Database, sku: string): VariantRow {
  const row = db
    .prepare(
      `SELECT v.id, v.productId, v.title, p.title AS productTitle, v.priceCents, v.weightValue, v.weightUnit
         FROM "ProductVariant" v JOIN "Product" p ON p.id = v.productId WHERE v.sku = ?`,
    )
    .get(sku) as VariantRow | undefined;
  if (!row) throw new Error(`No variant with SKU ${sku} in the e2e database`);
  return row;
}

function customerId(db: Database.Database, email: string): string {
  const row = db.prepare(`SELECT id FROM "Customer" WHERE email = ? AND site = 'DTC'`).get(email) as
    { id: string } | undefined;
  if (!row) throw new Error(`No customer ${email}`);
  return row.id;
}

interface SeededOrder {
  id: string;
  number: number;
  totalCents: number;
  lines: { title: string; quantity: number }[];
}

/**
 * `count` paid orders for the customer, one a minute back from now, newest
 * first in the result. The oldest has two lines (one variant twice, another
 * once); the others one line. Numbers come after the highest in the database
 * (from 900000), taken in one write transaction so no other writer collides.
 */
function seedOrders(testInfo: TestInfo, email: string, count: number): SeededOrder[] {
  return withDb(
    testInfo,
    (db) => {
      const adult = variantBySku(db, ADULT.sku);
      const puppy = variantBySku(db, PUPPY.sku);
      const customer = customerId(db, email);
      const insertOrder = db.prepare(
        `INSERT INTO "Order" (id, number, site, customerId, email, status, currencyCode, subtotalCents, discountCents,
         shippingCents, surchargeCents, taxCents, totalCents, shippingAddress, attributes, source, discountCodes,
         paymentSummary, createdAt, updatedAt)
       VALUES (?, ?, 'DTC', ?, ?, 'paid', 'USD', ?, 0, 0, 0, ?, ?, ?, '[]', 'checkout', '', 'visa ending 4242', ?, ?)`,
      );
      const insertLine = db.prepare(
        `INSERT INTO "OrderLine" (id, orderId, variantId, productTitle, variantTitle, sku, quantity, unitPriceCents,
         sellingPlanId, weightValue, weightUnit)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?)`,
      );
      const seed = db.transaction(() => {
        const { max } = db.prepare(`SELECT MAX(number) AS max FROM "Order"`).get() as { max: number | null };
        const first = Math.max(900_000, (max ?? 0) + 1);
        const now = Date.now();
        const orders: SeededOrder[] = [];
        for (let i = 0; i < count; i++) {
          // i = 0 is the oldest.
          const lines =
            i === 0
              ? [
                  { variant: adult, sku: ADULT.sku, quantity: 2 },
                  { variant: puppy, sku: PUPPY.sku, quantity: 1 },
                ]
              : [{ variant: adult, sku: ADULT.sku, quantity: 1 }];
          const subtotal = lines.reduce((sum, line) => sum + line.variant.priceCents * line.quantity, 0);
          const tax = Math.round(subtotal * 0.08);
          const order = { id: newId("e2eord"), number: first + i, totalCents: subtotal + tax };
          const at = stored(new Date(now - (count - i) * 60_000));
          insertOrder.run(
            order.id,
            order.number,
            customer,
            email,
            subtotal,
            tax,
            order.totalCents,
            JSON.stringify(ADDRESS),
            at,
            at,
          );
          for (const line of lines) {
            const v = line.variant;
            insertLine.run(
              newId("e2elin"),
              order.id,
              v.id,
              v.productTitle,
              v.title,
              line.sku,
              line.quantity,
              v.priceCents,
              v.weightValue,
              v.weightUnit,
            );
          }
          orders.push({ ...order, lines: lines.map((l) => ({ title: l.variant.productTitle, quantity: l.quantity })) });
        }
        return orders.reverse();
      });
      return seed.immediate();
    },
    false,
  );
}

/** An active autoship of the adult food every 4 weeks, its next order 10 days ahead. */
function seedSubscription(testInfo: TestInfo, email: string) {
  return withDb(
    testInfo,
    (db) => {
      const adult = variantBySku(db, ADULT.sku);
      const customer = customerId(db, email);
      const now = new Date();
      const next = new Date(`${new Date(now.getTime() + 10 * DAY_MS).toISOString().slice(0, 10)}T10:00:00Z`);
      const id = newId("e2esub");
      db.prepare(
        `INSERT INTO "Subscription" (id, customerId, productId, variantId, contractId, sellingPlanId, frequencyDays,
         frequency, quantity, weight, weightUnit, cancelled, startDate, nextOrderDate, site, shippingAddress,
         createdAt, updatedAt)
       VALUES (?, ?, ?, ?, ?, 'autoship-4w', 28, 'Every 4 weeks', 1, ?, ?, 0, ?, ?, 'DTC', ?, ?, ?)`,
      ).run(
        id,
        customer,
        adult.productId,
        adult.id,
        `SC-E2E${crypto.randomBytes(5).toString("hex").toUpperCase()}`,
        adult.weightValue,
        adult.weightUnit,
        stored(now),
        stored(next),
        JSON.stringify(ADDRESS),
        stored(now),
        stored(now),
      );
      return { id, nextOrderDate: next };
    },
    false,
  );
}

// ---------------------------------------------------------------------------
// Accounts

/** "Wednesday, December 2, 2026", as the subscriptions page writes dates (the shop's time zone, SHOP_TIME_ZONE's default). */
const longDate = (date: Date) =>
  date.toLocaleDateString("en-US", {
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "America/New_York",
  });

test.describe("account pages", () => {
  test("My Profile: details are saved and greet you; a wrong current password is said beside the field", async ({
    page,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, "profile");
    await register(page, testInfo, email);

    await open(page, testInfo, "/account/my-profile");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("My Profile");
    const details = region(page, "Your details");
    await expect(details.getByLabel("First name")).toHaveValue("Riley");
    await details.getByLabel("First name").fill("Jordan");
    await details.getByLabel(/^Phone/).fill("303-555-0142");
    await details.getByRole("button", { name: "Save details" }).click();
    await expect(notice(page, "Your details are saved.")).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === "/account/my-profile");
    await expect(details.getByLabel("First name")).toHaveValue("Jordan");
    await expect(details.getByLabel("Last name")).toHaveValue("Tester");
    await expect(details.getByLabel(/^Phone/)).toHaveValue("303-555-0142");

    await open(page, testInfo, "/account/dashboard");
    await expect(page.getByText("Hello, Jordan", { exact: true })).toBeVisible();

    await open(page, testInfo, "/account/my-profile");
    const password = region(page, "Password");
    await password.getByLabel("Current password").fill("Not-the-password-1");
    await password.getByLabel("New password", { exact: true }).fill("Fresh-biscuit-77");
    await password.getByLabel("Confirm new password").fill("Fresh-biscuit-77");
    await submitRefused(page, testInfo, password.getByRole("button", { name: "Change password" }));
    const current = password.getByLabel("Current password");
    await expect(current).toHaveAttribute("aria-invalid", "true");
    await expect(current).toHaveAccessibleDescription("That password is not right.");
    await expect(password.getByText("That password is not right.")).toBeVisible();
    await expect(current).toHaveValue("");
    await expect(password.getByLabel("New password", { exact: true })).toHaveValue("");
    await expect(password.getByLabel("Confirm new password")).toHaveValue("");
    await expect(notice(page, "Your password is changed.")).toHaveCount(0);
    // The other forms are untouched by the password form's error.
    await expect(region(page, "Your details").getByLabel("First name")).toHaveValue("Jordan");
    await expect(region(page, "Email address").getByRole("alert")).toHaveCount(0);
  });

  test("Address Book: add, default, make another default, bad zip beside the field, edit and delete", async ({
    page,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, "addresses");
    await register(page, testInfo, email);

    await open(page, testInfo, "/account/address-book");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Address Book");
    const list = region(page, "Your addresses");
    await expect(list).toContainText("You have no saved addresses yet.");
    const add = region(page, "Add an address");
    const fill = async (form: Locator, street: string, city: string, zip: string) => {
      await form.getByLabel("First name").fill("Riley");
      await form.getByLabel("Last name").fill("Tester");
      await form.getByLabel("Street address").fill(street);
      await form.getByLabel("City", { exact: true }).fill(city);
      await form.getByLabel("State", { exact: true }).selectOption("CO");
      await form.getByLabel("Zip code").fill(zip);
    };
    const card = (text: string) => list.getByRole("listitem").filter({ hasText: text });

    await fill(add, "15200 E 6th Ave", "Aurora", "80011");
    await add.getByRole("button", { name: "Add address" }).click();
    await expect(notice(page, "Address added.")).toBeVisible();
    const aurora = card("Aurora, CO 80011");
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(aurora).toContainText("15200 E 6th Ave");
    await expect(aurora.getByText("Default address")).toBeVisible();
    // The default has no "Make default" button.
    await expect(aurora.getByRole("button", { name: /^Make default/ })).toHaveCount(0);

    // A bad zip: said beside the field (by conform with JavaScript, by the server without); the rest is kept.
    await fill(add, "1437 Bannock St", "Denver", "8020");
    await submitRefused(page, testInfo, add.getByRole("button", { name: "Add address" }), true);
    const zip = add.getByLabel("Zip code");
    await expect(zip).toHaveAttribute("aria-invalid", "true");
    await expect(zip).toHaveAccessibleDescription("Enter a 5-digit zip code.");
    await expect(add.getByText("Enter a 5-digit zip code.")).toBeVisible();
    await expect(add.getByLabel("Street address")).toHaveValue("1437 Bannock St");
    await expect(add.getByLabel("City", { exact: true })).toHaveValue("Denver");
    await expect(add.getByLabel("State", { exact: true })).toHaveValue("CO");
    await expect(add.getByLabel("First name")).toHaveValue("Riley");
    await expect(zip).toHaveValue("8020");
    await expect(list.getByRole("listitem")).toHaveCount(1);

    await zip.fill("80202");
    await add.getByRole("button", { name: "Add address" }).click();
    await expect(notice(page, "Address added.")).toBeVisible();
    const denver = card("Denver, CO 80202");
    await expect(list.getByRole("listitem")).toHaveCount(2);
    await expect(denver.getByText("Default address")).toHaveCount(0);
    await expect(aurora.getByText("Default address")).toBeVisible();

    await denver.getByRole("button", { name: "Make default 1437 Bannock St, Denver" }).click();
    await expect(notice(page, "Default address changed.")).toBeVisible();
    await expect(denver.getByText("Default address")).toBeVisible();
    await expect(aurora.getByText("Default address")).toHaveCount(0);
    // The default comes first.
    await expect(list.getByRole("listitem").first()).toContainText("Denver, CO 80202");

    // Edit (?edit=) the Aurora address: a suite number.
    await aurora.getByRole("link", { name: "Edit 15200 E 6th Ave, Aurora" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/account/address-book" && url.searchParams.has("edit"));
    const edit = region(page, "Edit address");
    await expect(edit.getByLabel("Street address")).toHaveValue("15200 E 6th Ave");
    await expect(edit.getByLabel("Zip code")).toHaveValue("80011");
    await edit.getByLabel(/^Apartment, suite/).fill("Suite 4");
    await edit.getByRole("button", { name: "Save address" }).click();
    await expect(notice(page, "Address updated.")).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === "/account/address-book" && url.search === "");
    await expect(aurora).toContainText("15200 E 6th Ave, Suite 4");

    await aurora.getByRole("button", { name: "Delete 15200 E 6th Ave, Aurora" }).click();
    await expect(notice(page, "Address deleted.")).toBeVisible();
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(denver.getByText("Default address")).toBeVisible();
    await expect(aurora).toHaveCount(0);

    await open(page, testInfo, "/account/dashboard");
    await expect(region(page, "Default address")).toContainText("Denver");
  });

  test("My Orders: 20 a page and older ones after; an order's details; Buy again fills the cart", async ({
    page,
  }, testInfo) => {
    test.setTimeout(60_000);
    const email = uniqueEmail(testInfo, "orders");
    await register(page, testInfo, email);
    const orders = seedOrders(testInfo, email, 23);
    const oldest = orders.at(-1)!;

    await open(page, testInfo, "/account/orders");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("My Orders");
    const table = page.getByRole("table");
    const rows = table.getByRole("rowheader");
    await expect(rows).toHaveCount(20);
    await expect(rows.first()).toHaveText(`#${orders[0].number}`);
    await expect(rows.last()).toHaveText(`#${orders[19].number}`);
    const pages = page.getByRole("navigation", { name: "Order pages" });
    await expect(pages.getByRole("link", { name: /Newer orders/ })).toHaveCount(0);

    await pages.getByRole("link", { name: /Older orders/ }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/account/orders" && url.searchParams.has("after"));
    await expect(rows).toHaveCount(3);
    await expect(rows).toHaveText(orders.slice(20).map((o) => `#${o.number}`));
    await expect(pages.getByRole("link", { name: /Older orders/ })).toHaveCount(0);
    await expect(pages.getByRole("link", { name: /Newer orders/ })).toHaveAttribute("href", "/account/orders");
    const oldestRow = table
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name: `#${oldest.number}` }) });
    await expect(oldestRow).toContainText("3 items");
    await expect(oldestRow).toContainText("Paid");

    await oldestRow.getByRole("link", { name: `#${oldest.number}` }).click();
    await expect(page).toHaveURL((url) => url.pathname === `/account/orders/${oldest.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Order #${oldest.number}`);
    await expect(page).toHaveTitle(/^My Order Details \|/);
    await expect(page.getByTestId("order-status")).toHaveText("Paid");
    const items = region(page, "Items");
    await expect(items.getByRole("rowheader")).toHaveCount(2);
    for (const line of oldest.lines) {
      const row = items.getByRole("row").filter({ hasText: line.title });
      await expect(row.getByRole("cell").first()).toHaveText(String(line.quantity));
    }
    const total = `$${(oldest.totalCents / 100).toFixed(2)}`;
    await expect(page.getByTestId("order-total")).toHaveText(total);
    await expect(region(page, "Shipping address")).toContainText("Aurora, CO 80011");
    await expect(region(page, "Payment")).toContainText(`Paid ${total} with visa ending 4242.`);

    await page.getByRole("button", { name: "Buy again" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/cart");
    await expect(notice(page, `Added the items from order #${oldest.number} to your cart.`)).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Shopping Cart");
    for (const line of oldest.lines) {
      const cartLine = page
        .getByRole("listitem")
        .filter({ has: page.getByRole("heading", { name: line.title, exact: true }) });
      await expect(cartLine.getByRole("spinbutton", { name: /^Quantity, / })).toHaveValue(String(line.quantity));
    }
    await expect(page.getByTestId("cart-count")).toHaveText("3");
  });

  test("My Subscriptions: frequency, skip, cancel (a reason is needed) and reactivate", async ({ page }, testInfo) => {
    test.setTimeout(60_000);
    const email = uniqueEmail(testInfo, "autoship");
    await register(page, testInfo, email);
    const sub = seedSubscription(testInfo, email);

    await open(page, testInfo, "/account/autoships");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("My Subscriptions");
    const card = page.getByRole("article", { name: ADULT.title });
    await expect(fact(card, "Frequency")).toHaveText("Every 4 weeks");
    await expect(fact(card, "Next order")).toHaveText(longDate(sub.nextOrderDate));
    await expect(fact(card, "Status")).toHaveText("Active");

    await card.getByLabel("Deliver", { exact: true }).selectOption({ label: "Every 2 weeks" });
    await card.getByRole("button", { name: "Change frequency" }).click();
    await expect(notice(page, `${ADULT.title} now comes every 2 weeks.`)).toBeVisible();
    await expect(fact(card, "Frequency")).toHaveText("Every 2 weeks");
    await expect(card.getByLabel("Deliver", { exact: true })).toHaveValue("autoship-2w");

    // Skipping moves the next order one (new) period on.
    const skipped = new Date(sub.nextOrderDate.getTime() + 14 * DAY_MS);
    await card.getByRole("button", { name: "Skip next order" }).click();
    await expect(notice(page, `Skipped. The next order of ${ADULT.title} is on ${longDate(skipped)}.`)).toBeVisible();
    await expect(fact(card, "Next order")).toHaveText(longDate(skipped));

    // Cancel is behind its own disclosure (no JavaScript needed to open it).
    await expect(card.getByRole("button", { name: "Cancel subscription" })).toBeHidden();
    await card.getByText("Cancel this subscription").click();
    // No reason: refused beside the reason (by conform with JavaScript, by the server without).
    const reason = card.getByLabel("Why are you cancelling?");
    await submitRefused(page, testInfo, card.getByRole("button", { name: "Cancel subscription" }), true);
    await expect(reason).toHaveAttribute("aria-invalid", "true");
    await expect(reason).toHaveAccessibleDescription("Choose why you are cancelling.");
    await expect(card.getByText("Choose why you are cancelling.")).toBeVisible();
    await expect(fact(card, "Status")).toHaveText("Active");

    await reason.selectOption("Switching products");
    await card.getByRole("button", { name: "Cancel subscription" }).click();
    await expect(notice(page, `Your subscription of ${ADULT.title} is cancelled.`)).toBeVisible();
    await expect(fact(card, "Status")).toHaveText("Cancelled: Switching products");
    await expect(fact(card, "Next order")).toHaveText("None while cancelled");
    await expect(card.getByRole("button", { name: "Skip next order" })).toHaveCount(0);
    const cancelled = withDb(
      testInfo,
      (db) =>
        db.prepare(`SELECT cancelled, cancelReason FROM "Subscription" WHERE id = ?`).get(sub.id) as {
          cancelled: number;
          cancelReason: string;
        },
      true,
    );
    expect(cancelled).toEqual({ cancelled: 1, cancelReason: "Switching products" });

    await card.getByRole("button", { name: "Reactivate subscription" }).click();
    await expect(
      notice(page, `Your subscription of ${ADULT.title} is active again. Next order ${longDate(skipped)}.`),
    ).toBeVisible();
    await expect(fact(card, "Status")).toHaveText("Active");
    await expect(fact(card, "Frequency")).toHaveText("Every 2 weeks");
    await expect(fact(card, "Next order")).toHaveText(longDate(skipped));
    await expect(card.getByText("Cancel this subscription")).toBeVisible();
  });
});
