// The autoship engine and saved cards (docs/rules.md "Saved cards"): switching an autoship's
// card, the declined email linking straight to Payment Methods, and the reminder flagging a
// card that will have expired by the order date.
import crypto from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { PrismaClient } from "~/generated/prisma/client";
import { createCustomers } from "~/services/customers/customers.server";
import { createEmbeddedStock } from "~/services/stock/embedded.server";
import { createAutoship, SubscriptionError } from "~/services/autoship/autoship.server";
import { createEmailService } from "~/services/email/email.server";
import { createOutbox } from "~/services/outbox/outbox.server";
import { createEmbeddedPayments } from "~/services/payment/embedded.server";
import type { PaymentProvider } from "~/services/payment/types";
import { seedDatabase } from "../../prisma/seed/index";
import { createTestDatabase } from "../helpers/db";

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const ADDRESS = {
  firstName: "A",
  lastName: "B",
  address1: "1 Main St",
  city: "Aurora",
  provinceCode: "CO",
  zip: "80011",
  countryCode: "US",
};
const PRICING = { freeShippingMinimumCents: 5000, shippingRateCents: 799, taxRates: { CO: 0.029 } };
const PAYMENT_METHODS = "http://localhost:3000/account/payment-methods";
const AUTOSHIPS = "http://localhost:3000/account/autoships";

// Card rules are tested on fixed days of 2030 (no order is placed then); runs that place orders
// use the real time, as the engine's stale-order release compares its clock with the
// database's real timestamps (see autoship.test.ts).
const MID_MONTH = new Date(Date.UTC(2030, 0, 15, 10));
const MONTH_END = new Date(Date.UTC(2030, 0, 31, 10));

let db: PrismaClient;
let clock: Date;
let variant: { id: string; productId: string };
let lookups: string[][];

const services = () => {
  const embedded = createEmbeddedPayments(db, () => clock);
  // Counts the reminders' card lookups (one per run, however many reminders).
  const payments: PaymentProvider = {
    ...embedded,
    cardsByIds: (ids) => {
      lookups.push([...ids]);
      return embedded.cardsByIds(ids);
    },
  };
  const autoship = createAutoship({
    db,
    payments,
    email: createEmailService(createOutbox(db, { maxTries: 8 }), { transport: "outbox", from: "t@example.com" }),
    pricing: async () => PRICING,
    reminderDays: 3,
    stock: createEmbeddedStock(db),
    address: (customerId: string, addressId: string) => createCustomers(db).findAddress(customerId, addressId),
    now: () => clock,
    log: () => {},
  });
  return { payments, autoship };
};

beforeAll(async () => {
  db = (await createTestDatabase()).db;
  await seedDatabase(db, { images: false, syntheticProducts: 0 });
  variant = await db.productVariant.findFirstOrThrow({
    where: { product: { autoshipEligible: true } },
    select: { id: true, productId: true },
    orderBy: { sku: "asc" },
  });
  await db.productVariant.update({ where: { id: variant.id }, data: { inventory: 1000 } });
});

afterAll(async () => {
  await db.$disconnect();
});

beforeEach(async () => {
  clock = new Date();
  lookups = [];
  await db.subscription.updateMany({ where: { cancelled: false }, data: { cancelled: true, cancelReason: "test" } });
});

const customer = () =>
  db.customer.create({
    data: { site: "DTC", email: `cards-${crypto.randomUUID()}@example.com`, firstName: "C", lastName: "D" },
  });

async function save(customerId: string, number: string, expMonth: number, expYear: number) {
  const result = await services().payments.tokenize({ card: { number, expMonth, expYear, cvc: "123" }, customerId });
  if (!result.ok) throw new Error(result.message);
  return result.tokenId;
}

function subscribe(customerId: string, tokenId: string, dueInMs: number) {
  return db.subscription.create({
    data: {
      customerId,
      productId: variant.productId,
      variantId: variant.id,
      contractId: `SC-CARD-${crypto.randomBytes(6).toString("hex")}`,
      sellingPlanId: "autoship-4w",
      frequencyDays: 28,
      frequency: "Every 4 weeks",
      quantity: 1,
      weight: 15.5,
      weightUnit: "lbs",
      startDate: new Date(clock.getTime() - 60 * DAY_MS),
      nextOrderDate: new Date(clock.getTime() + dueInMs),
      site: "DTC",
      paymentTokenId: tokenId,
      shippingAddress: JSON.stringify(ADDRESS),
    },
  });
}

/** A link (the layout's button or a plain link) to `href` whose text is `label`, in an email's HTML. */
const linkTo = (href: string, label: string) =>
  new RegExp(`<a href="${href.replace(/[.?]/g, "\\$&")}"[^>]*>(?:(?!</a>).)*>${label}<`);
const emailOf = (to: string, template: string) => db.emailMessage.findFirstOrThrow({ where: { to, template } });

/** This month and year of the clock (a card that works to the end of this month). */
const thisMonth = () => ({ month: clock.getUTCMonth() + 1, year: clock.getUTCFullYear() });

describe("autoship.changeCard (docs/rules.md 'Saved cards')", () => {
  it("switches to another of the customer's cards and answers it", async () => {
    clock = MID_MONTH;
    const { autoship } = services();
    const c = await customer();
    const visa = await save(c.id, "4242424242424242", 12, 2035);
    const mastercard = await save(c.id, "5555555555554444", 6, 2034);
    const sub = await subscribe(c.id, visa, 10 * DAY_MS);
    expect(await autoship.changeCard(c.id, sub.id, mastercard)).toMatchObject({ id: mastercard, last4: "4444" });
    expect((await db.subscription.findUniqueOrThrow({ where: { id: sub.id } })).paymentTokenId).toBe(mastercard);
  });

  it("refuses another customer's card (NOT_FOUND), a card expired by the next order (INVALID on tokenId), a cancelled autoship and another's autoship", async () => {
    clock = MID_MONTH;
    const { autoship } = services();
    const c = await customer();
    const stranger = await customer();
    const visa = await save(c.id, "4242424242424242", 12, 2035);
    const { month, year } = thisMonth();
    const soon = await save(c.id, "5555555555554444", month, year);
    const theirs = await save(stranger.id, "4242424242424242", 12, 2035);
    const sub = await subscribe(c.id, visa, 40 * DAY_MS);

    const foreign = await autoship.changeCard(c.id, sub.id, theirs).catch((e: unknown) => e);
    expect(foreign).toBeInstanceOf(SubscriptionError);
    expect(foreign).toMatchObject({ code: "NOT_FOUND", status: 404 });

    const expiring = await autoship.changeCard(c.id, sub.id, soon).catch((e: unknown) => e);
    expect(expiring).toMatchObject({ code: "INVALID", status: 400, field: "tokenId" });
    expect((expiring as Error).message).toMatch(/^Mastercard ending 4444 expires .*, before the next order\./);

    // An order still within the card's expiry month may be paid with it.
    const early = await subscribe(c.id, visa, 5 * DAY_MS);
    await expect(autoship.changeCard(c.id, early.id, soon)).resolves.toMatchObject({ id: soon });

    await expect(autoship.changeCard(stranger.id, sub.id, theirs)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await autoship.cancel(c.id, sub.id, "Moving");
    await expect(autoship.changeCard(c.id, sub.id, visa)).rejects.toMatchObject({ code: "CANCELLED" });
    expect((await db.subscription.findUniqueOrThrow({ where: { id: sub.id } })).paymentTokenId).toBe(visa);
  });
});

describe("autoship emails and saved cards (docs/rules.md 'Saved cards')", () => {
  it("declined: 'Update your card and try again', linking straight to Payment Methods", async () => {
    const { autoship } = services();
    const c = await customer();
    const declining = await save(c.id, "4000000000000002", 12, 2035);
    await subscribe(c.id, declining, -HOUR_MS);
    expect(await autoship.run()).toMatchObject({ declined: 1 });
    const message = await emailOf(c.email, "autoship-declined");
    expect(message.text).toContain("Update your card and try again");
    expect(message.text).toContain(`Update your card: ${PAYMENT_METHODS}`);
    expect(message.text).toContain(`My Autoship: ${AUTOSHIPS}`);
    expect(message.html).toMatch(linkTo(PAYMENT_METHODS, "Update your card"));
  });

  it("out of stock keeps its My Autoship link only", async () => {
    const { autoship } = services();
    const c = await customer();
    const visa = await save(c.id, "4242424242424242", 12, 2035);
    const sub = await subscribe(c.id, visa, -HOUR_MS);
    await db.subscription.update({ where: { id: sub.id }, data: { quantity: 5 } });
    const other = await db.productVariant.findFirstOrThrow({
      where: { product: { autoshipEligible: true }, id: { not: variant.id } },
      orderBy: { sku: "desc" },
    });
    await db.productVariant.update({ where: { id: other.id }, data: { inventory: 0 } });
    await db.subscription.update({ where: { id: sub.id }, data: { variantId: other.id, productId: other.productId } });
    expect(await autoship.run()).toMatchObject({ outOfStock: 1 });
    const message = await emailOf(c.email, "autoship-out-of-stock");
    expect(message.text).not.toContain(PAYMENT_METHODS);
    expect(message.text).toContain(`My Autoship: ${AUTOSHIPS}`);
  });

  it("reminder: flags a card that will have expired by the order date, with the Payment Methods link; one card lookup per run", async () => {
    // The last day of a month, so an order two days ahead falls in the next month.
    clock = MONTH_END;
    const { autoship } = services();
    const expiring = await customer();
    const fine = await customer();
    const { month, year } = thisMonth();
    const soon = await save(expiring.id, "5555555555554444", month, year);
    const visa = await save(fine.id, "4242424242424242", 12, 2035);
    const flagged = await subscribe(expiring.id, soon, 2 * DAY_MS + HOUR_MS);
    await subscribe(fine.id, visa, 2 * DAY_MS);

    expect(await autoship.run()).toMatchObject({ reminders: 2, errors: 0 });
    expect(lookups).toHaveLength(1);
    expect(lookups[0].sort()).toEqual([soon, visa].sort());

    const plain = await emailOf(fine.email, "autoship-reminder");
    expect(plain.text).not.toContain(PAYMENT_METHODS);
    expect(plain.text).toContain(`My Autoship: ${AUTOSHIPS}`);
    const warned = await emailOf(expiring.email, "autoship-reminder");
    expect(warned.text).toContain(
      "Mastercard ending 4444 expires 01/2030, before this order on February 2, 2030. Choose another card or add a new one.",
    );
    expect(warned.text).toContain(`Update your card in Payment Methods: ${PAYMENT_METHODS}`);
    expect(warned.html).toMatch(linkTo(PAYMENT_METHODS, "Update your card in Payment Methods"));
    expect(flagged.nextOrderDate.getUTCMonth()).toBe(1);
  });
});
