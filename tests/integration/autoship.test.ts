import { nextOrderNumber } from "~/services/orders/index.server";
import crypto from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { PrismaClient } from "~/generated/prisma/client";
import { autoshipUnitPriceCents } from "~/models/pricing";
import { DEFAULT_SHOP_TIME_ZONE, formatShopWeekday, shiftDay, shopDay, shopDayNoon } from "~/models/shop-time";
import { createCustomers } from "~/services/customers/customers.server";
import { createEmbeddedStock } from "~/services/stock/embedded.server";
import { createAutoship, SubscriptionError, ymd } from "~/services/autoship/autoship.server";
import { createEmailService } from "~/services/email/email.server";
import { metrics } from "~/services/observability/index.server";
import { createOutbox } from "~/services/outbox/outbox.server";
import { createEmbeddedPayments } from "~/services/payment/embedded.server";
import { seedDatabase } from "../../prisma/seed/index";
import { createTestDatabase } from "../helpers/db";

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const GOOD_CARD = "4242424242424242";
const DECLINING_CARD = "4000000000000002";
const ADDRESS = {
  firstName: "A",
  lastName: "B",
  address1: "1 Main St",
  city: "Aurora",
  provinceCode: "CO",
  zip: "80011",
  countryCode: "US",
};
const PRICING = { freeShippingMinimumCents: 5000, shippingRateCents: 799, taxRates: { CO: 0.029, HI: 0.04 } };

// The engine releases pending orders older than 15 minutes of its clock, and
// the database stamps rows with the real time: the clock starts at the real
// time so that orders being placed are never taken for abandoned ones.
const START = new Date();

let db: PrismaClient;
let clock: Date;
let variants: { id: string; productId: string; priceCents: number }[];
let nextVariant = 0;

const services = () => {
  const payments = createEmbeddedPayments(db, () => clock);
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
  variants = await db.productVariant.findMany({
    where: { product: { autoshipEligible: true } },
    select: { id: true, productId: true, priceCents: true },
    orderBy: { sku: "asc" },
  });
  expect(variants.length).toBeGreaterThan(20);
});

afterAll(async () => {
  await db.$disconnect();
});

beforeEach(async () => {
  clock = new Date(START);
  // A run processes every due subscription: leftovers of earlier tests must not take part.
  await db.subscription.updateMany({ where: { cancelled: false }, data: { cancelled: true, cancelReason: "test" } });
});

interface Setup {
  /** When the next order is due, relative to the clock. */
  dueInMs: number;
  quantity?: number;
  inventory?: number;
  card?: string;
  sellingPlanId?: string;
  site?: "DTC" | "HPSF";
  clinicId?: string;
  /** The delivery address stored on the subscription (default: Aurora, CO 80011). */
  address?: Partial<typeof ADDRESS>;
}

/** A customer of its own with a saved card, a variant of its own with the given stock, and a subscription. */
async function subscribe(options: Setup) {
  const { payments } = services();
  const variant = variants[nextVariant++ % variants.length];
  await db.productVariant.update({ where: { id: variant.id }, data: { inventory: options.inventory ?? 20 } });
  const customer = await db.customer.create({
    data: {
      site: options.site ?? "DTC",
      email: `autoship-${crypto.randomUUID()}@example.com`,
      firstName: "Auto",
      lastName: "Ship",
      clinicId: options.clinicId ?? null,
    },
  });
  const token = await payments.tokenize({
    card: { number: options.card ?? GOOD_CARD, expMonth: 12, expYear: 2035, cvc: "123" },
    customerId: customer.id,
  });
  if (!token.ok) throw new Error(`tokenize failed: ${token.message}`);
  const plan = await db.sellingPlan.findUniqueOrThrow({ where: { id: options.sellingPlanId ?? "autoship-4w" } });
  const subscription = await db.subscription.create({
    data: {
      customerId: customer.id,
      productId: variant.productId,
      variantId: variant.id,
      contractId: `SC-TEST-${crypto.randomBytes(6).toString("hex")}`,
      sellingPlanId: plan.id,
      frequencyDays: plan.frequencyDays,
      frequency: plan.name,
      quantity: options.quantity ?? 1,
      weight: 15.5,
      weightUnit: "lbs",
      startDate: new Date(clock.getTime() - 60 * DAY_MS),
      nextOrderDate: new Date(clock.getTime() + options.dueInMs),
      site: options.site ?? "DTC",
      paymentTokenId: token.tokenId,
      shippingAddress: JSON.stringify({ ...ADDRESS, ...options.address }),
    },
  });
  return { customer, variant, subscription };
}

/** An address in the customer's address book. */
const addressOf = (customerId: string, zip: string, provinceCode = "CO") =>
  db.customerAddress.create({
    data: {
      customerId,
      firstName: "Book",
      lastName: "Entry",
      address1: "1 Book St",
      city: "Aurora",
      province: provinceCode,
      provinceCode,
      zip,
      country: "United States",
      countryCode: "US",
    },
  });

const orderKey = (subscriptionId: string, due: Date) => `autoship:${subscriptionId}:${ymd(due)}`;

const ordersOf = (customerId: string) =>
  db.order.findMany({ where: { customerId }, include: { lines: true }, orderBy: { createdAt: "asc" } });

const inventoryOf = async (variantId: string) =>
  (await db.productVariant.findUniqueOrThrow({ where: { id: variantId } })).inventory;

/** Emails of a kind to an address, each queued in the outbox (docs/rules.md "Outbox"). */
const emailsTo = (to: string, template: string) =>
  db.emailMessage.count({ where: { to, template, outboxMessage: { status: "queued", topic: "email" } } });

/** A counter's value for one set of labels. */
async function counted(counter: { get(): Promise<{ values: { labels: object; value: number }[] }> }, labels: object) {
  const { values } = await counter.get();
  return values.find((v) => JSON.stringify(v.labels) === JSON.stringify(labels))?.value ?? 0;
}

const eventsOf = (subscriptionId: string) =>
  db.autoshipEvent.findMany({ where: { subscriptionId }, orderBy: { createdAt: "asc" } });

async function expectSubscriptionError(work: Promise<unknown>, code: string, field?: string) {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SubscriptionError);
  expect((error as SubscriptionError).code).toBe(code);
  if (field !== undefined) expect((error as SubscriptionError).field).toBe(field);
}

describe("autoship engine", () => {
  it("due: places one paid autoship order at the autoship price, takes the stock, advances the date, records and emails it", async () => {
    const { autoship } = services();
    const { customer, variant, subscription } = await subscribe({ dueInMs: -HOUR_MS, quantity: 2, inventory: 10 });
    const placedBefore = await counted(metrics.ordersPlaced, { site: "DTC", source: "autoship" });

    const summary = await autoship.run();
    expect(summary).toMatchObject({ due: 1, ordered: 1, outOfStock: 0, declined: 0, errors: 0 });
    expect(await counted(metrics.ordersPlaced, { site: "DTC", source: "autoship" })).toBe(placedBefore + 1);

    const orders = await ordersOf(customer.id);
    expect(orders).toHaveLength(1);
    const [order] = orders;
    const unit = autoshipUnitPriceCents(variant.priceCents);
    expect(unit).toBe(Math.round(variant.priceCents * 0.95));
    expect(order).toMatchObject({
      source: "autoship",
      status: "paid",
      email: customer.email,
      idempotencyKey: orderKey(subscription.id, subscription.nextOrderDate),
      paymentTokenId: subscription.paymentTokenId,
      subtotalCents: unit * 2,
      discountCents: 0,
      surchargeCents: 0,
      shippingCents: unit * 2 >= PRICING.freeShippingMinimumCents ? 0 : PRICING.shippingRateCents,
      taxCents: Math.round(unit * 2 * 0.029),
      // A renewal gives nothing (docs/decisions.md "Donations (orders)").
      donationTrackingId: null,
      donationCauseName: null,
      donationCents: 0,
      shopperDonationKind: null,
      shopperDonationCents: 0,
    });
    expect(order.totalCents).toBe(order.subtotalCents + order.shippingCents + order.taxCents);
    expect(JSON.parse(order.attributes)).toContainEqual({ key: "sgOrderType", value: "recurringSubscription" });
    expect(order.lines).toHaveLength(1);
    expect(order.lines[0]).toMatchObject({
      variantId: variant.id,
      quantity: 2,
      unitPriceCents: unit,
      sellingPlanId: subscription.sellingPlanId,
    });
    expect(JSON.parse(order.attributes)).toContainEqual({
      key: "subscription_contract_id",
      value: subscription.contractId,
    });
    expect(order.paymentId).toBeTruthy();
    expect(await db.payment.findUniqueOrThrow({ where: { id: order.paymentId! } })).toMatchObject({
      amountCents: order.totalCents,
      status: "succeeded",
    });

    expect(await inventoryOf(variant.id)).toBe(8);
    const after = await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } });
    expect(after.nextOrderDate.getTime()).toBe(subscription.nextOrderDate.getTime() + 28 * DAY_MS);

    const events = await eventsOf(subscription.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      kind: "ordered",
      dueDate: ymd(subscription.nextOrderDate),
      orderId: order.id,
    });
    expect(await emailsTo(customer.email, "autoship-order")).toBe(1);
  });

  it("prices a renewal by the stored address's zip, not its typed state: 'Honolulu, OR 96813' pays Hawaii's tax and $4", async () => {
    const { autoship } = services();
    const { customer, variant } = await subscribe({
      dueInMs: -HOUR_MS,
      quantity: 1,
      address: { city: "Honolulu", provinceCode: "OR", zip: "96813" },
    });
    expect((await autoship.run()).ordered).toBe(1);
    const [order] = await ordersOf(customer.id);
    const unit = autoshipUnitPriceCents(variant.priceCents);
    expect(order).toMatchObject({ surchargeCents: 400, taxCents: Math.round(unit * 0.04) });
    expect(order.totalCents).toBe(order.subtotalCents + order.shippingCents + 400 + order.taxCents);
  });

  it("not due: a subscription due beyond the reminder window is left alone", async () => {
    const { autoship } = services();
    const { customer, variant, subscription } = await subscribe({ dueInMs: 10 * DAY_MS, inventory: 10 });

    const summary = await autoship.run();
    expect(summary).toMatchObject({ due: 0, ordered: 0, reminders: 0 });
    expect(await ordersOf(customer.id)).toHaveLength(0);
    expect(await inventoryOf(variant.id)).toBe(10);
    expect(await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } })).toMatchObject({
      nextOrderDate: subscription.nextOrderDate,
      quantity: 1,
      cancelled: false,
    });
    expect(await eventsOf(subscription.id)).toHaveLength(0);
    expect(await db.emailMessage.count({ where: { to: customer.email } })).toBe(0);
  });

  it("twice: two runs in a row create exactly one order for the due date", async () => {
    const { autoship } = services();
    const { customer, variant, subscription } = await subscribe({ dueInMs: -HOUR_MS, inventory: 10 });

    await autoship.run();
    const second = await autoship.run();
    expect(second).toMatchObject({ ordered: 0, errors: 0 });
    const orders = await ordersOf(customer.id);
    expect(orders).toHaveLength(1);
    expect(orders[0].idempotencyKey).toBe(orderKey(subscription.id, subscription.nextOrderDate));
    expect(await inventoryOf(variant.id)).toBe(9);
    expect(await emailsTo(customer.email, "autoship-order")).toBe(1);
  });

  it("twice: two concurrent runs create exactly one order for the due date", async () => {
    const { autoship } = services();
    const { customer, variant, subscription } = await subscribe({ dueInMs: -HOUR_MS, inventory: 10 });

    const [a, b] = await Promise.all([autoship.run(), autoship.run()]);
    expect(a.ordered + b.ordered).toBe(1);
    expect(a.errors + b.errors).toBe(0);
    const orders = await ordersOf(customer.id);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ status: "paid" });
    expect(await inventoryOf(variant.id)).toBe(9);
    expect((await eventsOf(subscription.id)).filter((e) => e.kind === "ordered")).toHaveLength(1);
    expect(await emailsTo(customer.email, "autoship-order")).toBe(1);
    const after = await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } });
    expect(after.nextOrderDate.getTime()).toBe(subscription.nextOrderDate.getTime() + 28 * DAY_MS);
  });

  it("reminder: an order due within the reminder days is announced once", async () => {
    const { autoship } = services();
    const { customer, variant, subscription } = await subscribe({ dueInMs: 2 * DAY_MS, inventory: 10 });

    expect(await autoship.run()).toMatchObject({ reminders: 1, due: 0, ordered: 0 });
    expect(await emailsTo(customer.email, "autoship-reminder")).toBe(1);
    const events = await eventsOf(subscription.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ kind: "reminder", dueDate: ymd(subscription.nextOrderDate) });

    clock = new Date(clock.getTime() + HOUR_MS);
    expect(await autoship.run()).toMatchObject({ reminders: 0 });
    expect(await emailsTo(customer.email, "autoship-reminder")).toBe(1);
    expect(await ordersOf(customer.id)).toHaveLength(0);
    expect(await inventoryOf(variant.id)).toBe(10);
  });

  it("reminder: the event and its email are kept together; when the email cannot be written, neither is", async () => {
    const { autoship } = services();
    const { customer, subscription } = await subscribe({ dueInMs: 2 * DAY_MS });
    await db.customer.update({ where: { id: customer.id }, data: { email: "not-an-address" } });

    expect(await autoship.run()).toMatchObject({ reminders: 0, errors: 1 });
    expect(await eventsOf(subscription.id)).toHaveLength(0);
    expect(await db.emailMessage.count({ where: { to: "not-an-address" } })).toBe(0);

    // Fixed: the next run claims the reminder and queues its email.
    await db.customer.update({ where: { id: customer.id }, data: { email: customer.email } });
    expect(await autoship.run()).toMatchObject({ reminders: 1, errors: 0 });
    expect(await emailsTo(customer.email, "autoship-reminder")).toBe(1);
    expect((await eventsOf(subscription.id)).map((e) => e.kind)).toEqual(["reminder"]);
  });

  it("out of stock: no order, the date stays, one email, and the run goes on with the others", async () => {
    const { autoship } = services();
    // Due first (the run goes in date order), so the other one is processed after the failure.
    const short = await subscribe({ dueInMs: -2 * HOUR_MS, quantity: 3, inventory: 2 });
    const fine = await subscribe({ dueInMs: -HOUR_MS, quantity: 1, inventory: 5 });

    const first = await autoship.run();
    expect(first).toMatchObject({ due: 2, ordered: 1, outOfStock: 1, errors: 0 });
    expect(await ordersOf(short.customer.id)).toHaveLength(0);
    expect(await inventoryOf(short.variant.id)).toBe(2);
    expect((await db.subscription.findUniqueOrThrow({ where: { id: short.subscription.id } })).nextOrderDate).toEqual(
      short.subscription.nextOrderDate,
    );
    expect(await db.emailMessage.count({ where: { to: short.customer.email } })).toBe(1);
    expect((await eventsOf(short.subscription.id)).map((e) => e.kind)).toEqual(["out_of_stock"]);

    expect(await ordersOf(fine.customer.id)).toHaveLength(1);
    expect(await inventoryOf(fine.variant.id)).toBe(4);

    const second = await autoship.run();
    expect(second).toMatchObject({ due: 1, ordered: 0, outOfStock: 1 });
    expect(await db.emailMessage.count({ where: { to: short.customer.email } })).toBe(1);
    expect(await ordersOf(short.customer.id)).toHaveLength(0);
    expect(await ordersOf(fine.customer.id)).toHaveLength(1);
    // The one email is the out-of-stock notice (checked last so the rules above are verified first).
    const emails = await db.emailMessage.findMany({ where: { to: short.customer.email } });
    expect(emails.map((e) => e.template)).toEqual(["autoship-out-of-stock"]);
  });

  it("declined: no order, the stock is given back, the date stays, one email", async () => {
    const { autoship } = services();
    const { customer, variant, subscription } = await subscribe({
      dueInMs: -HOUR_MS,
      inventory: 6,
      card: DECLINING_CARD,
    });
    const declinedBefore = await counted(metrics.paymentsDeclined, { source: "autoship" });

    expect(await autoship.run()).toMatchObject({ due: 1, ordered: 0, declined: 1, errors: 0 });
    expect(await counted(metrics.paymentsDeclined, { source: "autoship" })).toBe(declinedBefore + 1);
    expect(await db.order.count({ where: { customerId: customer.id } })).toBe(0);
    expect(await inventoryOf(variant.id)).toBe(6);
    expect((await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } })).nextOrderDate).toEqual(
      subscription.nextOrderDate,
    );
    expect(await emailsTo(customer.email, "autoship-declined")).toBe(1);
    expect(await db.payment.count({ where: { tokenId: subscription.paymentTokenId, status: "declined" } })).toBe(1);

    expect(await autoship.run()).toMatchObject({ declined: 1 });
    expect(await emailsTo(customer.email, "autoship-declined")).toBe(1);
    expect(await db.order.count({ where: { customerId: customer.id } })).toBe(0);
    expect(await inventoryOf(variant.id)).toBe(6);
    expect((await eventsOf(subscription.id)).map((e) => e.kind)).toEqual(["declined"]);
  });

  it("stale pending orders left by a crash are released: stock back, order gone", async () => {
    const { autoship } = services();
    const { customer, variant } = await subscribe({ dueInMs: 30 * DAY_MS, inventory: 4 });
    const stale = await db.order.create({
      data: {
        number: await nextOrderNumber(db),
        site: "DTC",
        customerId: customer.id,
        email: customer.email,
        status: "pending",
        subtotalCents: 1000,
        totalCents: 1000,
        shippingAddress: JSON.stringify(ADDRESS),
        source: "autoship",
        createdAt: new Date(clock.getTime() - HOUR_MS),
        lines: {
          create: [
            {
              variantId: variant.id,
              productTitle: "P",
              variantTitle: "V",
              sku: "SKU",
              quantity: 3,
              unitPriceCents: 333,
              weightValue: 1,
              weightUnit: "lbs",
            },
          ],
        },
      },
    });
    // The stock the crashed order had reserved.
    await db.productVariant.update({ where: { id: variant.id }, data: { inventory: 1 } });
    const fresh = await db.order.create({
      data: {
        number: await nextOrderNumber(db),
        site: "DTC",
        customerId: customer.id,
        email: customer.email,
        status: "pending",
        subtotalCents: 1000,
        totalCents: 1000,
        shippingAddress: JSON.stringify(ADDRESS),
        createdAt: new Date(clock.getTime() - 60_000),
      },
    });

    const summary = await autoship.run();
    expect(summary.released).toBe(1);
    expect(await db.order.findUnique({ where: { id: stale.id } })).toBeNull();
    expect(await db.orderLine.count({ where: { orderId: stale.id } })).toBe(0);
    expect(await inventoryOf(variant.id)).toBe(4);
    // A pending order younger than 15 minutes may still be in flight: kept.
    expect(await db.order.findUnique({ where: { id: fresh.id } })).not.toBeNull();
    await db.order.delete({ where: { id: fresh.id } });
  });
});

describe("autoship operations (shop-core spec section 3 subscription fields)", () => {
  it("changeQuantity accepts 1 to 5 only", async () => {
    const { autoship } = services();
    const { customer, subscription } = await subscribe({ dueInMs: 10 * DAY_MS });
    await expectSubscriptionError(autoship.changeQuantity(customer.id, subscription.id, 0), "INVALID", "quantity");
    await expectSubscriptionError(autoship.changeQuantity(customer.id, subscription.id, 6), "INVALID", "quantity");
    await expectSubscriptionError(autoship.changeQuantity(customer.id, subscription.id, 2.5), "INVALID", "quantity");
    expect((await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } })).quantity).toBe(1);
    await autoship.changeQuantity(customer.id, subscription.id, 3);
    expect((await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } })).quantity).toBe(3);
  });

  it("changeFrequency takes a selling plan's days and name; an unknown plan is refused", async () => {
    const { autoship } = services();
    const { customer, subscription } = await subscribe({ dueInMs: 10 * DAY_MS });
    await autoship.changeFrequency(customer.id, subscription.id, "autoship-2w");
    expect(await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } })).toMatchObject({
      sellingPlanId: "autoship-2w",
      frequencyDays: 14,
      frequency: "Every 2 weeks",
    });
    await expectSubscriptionError(
      autoship.changeFrequency(customer.id, subscription.id, "autoship-5w"),
      "INVALID",
      "sellingPlanId",
    );
    expect((await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } })).sellingPlanId).toBe(
      "autoship-2w",
    );
  });

  it("skipNext moves the next date one period on and queues its confirmation with it (docs/rules.md 'Outbox')", async () => {
    const { autoship } = services();
    const { customer, subscription } = await subscribe({ dueInMs: 10 * DAY_MS });
    await autoship.skipNext(customer.id, subscription.id);
    const next = new Date(subscription.nextOrderDate.getTime() + 28 * DAY_MS);
    expect((await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } })).nextOrderDate.getTime()).toBe(
      next.getTime(),
    );
    const emails = await db.emailMessage.findMany({
      where: { to: customer.email, template: "autoship-skipped" },
      include: { outboxMessage: true },
    });
    expect(emails).toHaveLength(1);
    expect(emails[0].outboxMessage).toMatchObject({ topic: "email", status: "queued" });
    // Emails write days in the shop's time zone (docs/rules.md "Shop time").
    const day = (date: Date) => formatShopWeekday(date, DEFAULT_SHOP_TIME_ZONE);
    expect(emails[0].text).toContain(day(subscription.nextOrderDate));
    expect(emails[0].text).toContain(day(next));
  });

  it("changeNextDate accepts tomorrow up to a year ahead only (days in the shop's time zone)", async () => {
    const { autoship } = services();
    const { customer, subscription } = await subscribe({ dueInMs: 10 * DAY_MS });
    const zone = DEFAULT_SHOP_TIME_ZONE;
    const dayFromToday = (days: number) => shopDayNoon(shiftDay(shopDay(clock, zone), days), zone)!;
    const today = dayFromToday(0);
    for (const date of [today, new Date(clock.getTime() - DAY_MS), dayFromToday(366), new Date("not a date")]) {
      await expectSubscriptionError(
        autoship.changeNextDate(customer.id, subscription.id, date),
        "INVALID",
        "nextOrderDate",
      );
    }
    expect((await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } })).nextOrderDate).toEqual(
      subscription.nextOrderDate,
    );
    const nextWeek = dayFromToday(7);
    await autoship.changeNextDate(customer.id, subscription.id, nextWeek);
    expect((await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } })).nextOrderDate).toEqual(
      nextWeek,
    );
    const tomorrow = dayFromToday(1);
    await autoship.changeNextDate(customer.id, subscription.id, tomorrow);
    expect((await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } })).nextOrderDate).toEqual(
      tomorrow,
    );
  });

  it("cancel needs a reason from the list and takes a note of up to 300 characters; a cancelled autoship is not ordered and cannot be changed", async () => {
    const { autoship } = services();
    const { customer, variant, subscription } = await subscribe({ dueInMs: 10 * DAY_MS, inventory: 10 });
    await expectSubscriptionError(autoship.cancel(customer.id, subscription.id, ""), "INVALID", "cancelReason");
    await expectSubscriptionError(autoship.cancel(customer.id, subscription.id, "   "), "INVALID", "cancelReason");
    await expectSubscriptionError(autoship.cancel(customer.id, subscription.id, "Because"), "INVALID", "cancelReason");
    await expectSubscriptionError(
      autoship.cancel(customer.id, subscription.id, "Moving", "x".repeat(301)),
      "INVALID",
      "cancelNote",
    );
    expect((await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } })).cancelled).toBe(false);

    await autoship.cancel(customer.id, subscription.id, "  Too much food  ");
    expect(await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } })).toMatchObject({
      cancelled: true,
      cancelReason: "Too much food",
    });
    await expectSubscriptionError(autoship.changeQuantity(customer.id, subscription.id, 2), "CANCELLED");

    // Past its date: still nothing ordered.
    clock = new Date(clock.getTime() + 11 * DAY_MS);
    expect(await autoship.run()).toMatchObject({ due: 0, ordered: 0 });
    expect(await ordersOf(customer.id)).toHaveLength(0);
    expect(await inventoryOf(variant.id)).toBe(10);
  });

  it("reactivate clears the cancellation and moves a past date into the future", async () => {
    const { autoship } = services();
    const { customer, subscription } = await subscribe({ dueInMs: 10 * DAY_MS });
    await autoship.cancel(customer.id, subscription.id, "Moving", "x".repeat(300));
    clock = new Date(clock.getTime() + 20 * DAY_MS);
    await autoship.reactivate(customer.id, subscription.id);
    const after = await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } });
    expect(after).toMatchObject({ cancelled: false, cancelReason: null, cancelledAt: null });
    expect(after.nextOrderDate.getTime()).toBeGreaterThan(clock.getTime());
  });

  it("reactivate keeps a next date that is still ahead", async () => {
    const { autoship } = services();
    const { customer, subscription } = await subscribe({ dueInMs: 10 * DAY_MS });
    await autoship.cancel(customer.id, subscription.id, "Other");
    await autoship.reactivate(customer.id, subscription.id);
    expect(await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } })).toMatchObject({
      cancelled: false,
      nextOrderDate: subscription.nextOrderDate,
    });
  });

  it("another customer's autoship is not found by any operation", async () => {
    const { autoship } = services();
    const { subscription } = await subscribe({ dueInMs: 10 * DAY_MS });
    const other = await subscribe({ dueInMs: 10 * DAY_MS });
    const stranger = other.customer.id;
    const id = subscription.id;
    await expectSubscriptionError(autoship.changeQuantity(stranger, id, 2), "NOT_FOUND");
    await expectSubscriptionError(autoship.changeFrequency(stranger, id, "autoship-2w"), "NOT_FOUND");
    await expectSubscriptionError(autoship.skipNext(stranger, id), "NOT_FOUND");
    await expectSubscriptionError(
      autoship.changeNextDate(stranger, id, new Date(clock.getTime() + 7 * DAY_MS)),
      "NOT_FOUND",
    );
    await expectSubscriptionError(autoship.orderNow(stranger, id), "NOT_FOUND");
    await expectSubscriptionError(autoship.cancel(stranger, id, "Moving"), "NOT_FOUND");
    await expectSubscriptionError(autoship.swapVariant(stranger, id, subscription.variantId), "NOT_FOUND");
    const strangersAddress = await addressOf(stranger, ADDRESS.zip);
    await expectSubscriptionError(autoship.changeAddress(stranger, id, strangersAddress.id), "NOT_FOUND");
    await expectSubscriptionError(autoship.reactivate(stranger, id), "NOT_FOUND");
    await expectSubscriptionError(autoship.changeQuantity(other.customer.id, "no-such-id", 2), "NOT_FOUND");
    expect(await db.subscription.findUniqueOrThrow({ where: { id } })).toMatchObject({
      quantity: 1,
      cancelled: false,
      nextOrderDate: subscription.nextOrderDate,
    });
    expect((await autoship.list(stranger)).map((s) => s.id)).toEqual([other.subscription.id]);
  });

  it("changeAddress takes an address of the customer's own book that home delivery reaches, as a snapshot", async () => {
    const { autoship } = services();
    const { customer, subscription } = await subscribe({ dueInMs: 10 * DAY_MS });
    const other = await subscribe({ dueInMs: 10 * DAY_MS });
    const mine = await addressOf(customer.id, "80012");
    const uncovered = await addressOf(customer.id, "44101", "OH");
    const theirs = await addressOf(other.customer.id, "80013");

    await expectSubscriptionError(autoship.changeAddress(customer.id, subscription.id, theirs.id), "NOT_FOUND");
    await expectSubscriptionError(autoship.changeAddress(customer.id, subscription.id, "no-such-address"), "NOT_FOUND");
    await expectSubscriptionError(
      autoship.changeAddress(customer.id, subscription.id, uncovered.id),
      "INVALID",
      "addressId",
    );
    expect(
      JSON.parse((await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } })).shippingAddress),
    ).toMatchObject({ zip: ADDRESS.zip });

    await autoship.changeAddress(customer.id, subscription.id, mine.id);
    // Editing the book afterwards changes no autoship: the address is a snapshot.
    await db.customerAddress.update({ where: { id: mine.id }, data: { address1: "99 Other Rd" } });
    expect(
      JSON.parse((await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } })).shippingAddress),
    ).toMatchObject({
      address1: "1 Book St",
      zip: "80012",
    });
  });

  it("swapVariant takes another size or flavor of the same product, sold on the site and in stock; the weight follows", async () => {
    const { autoship } = services();
    const product = await db.product.findFirstOrThrow({
      where: { soldOnDtc: true, autoshipEligible: true, variants: { some: {} } },
      orderBy: { variants: { _count: "desc" } },
      include: { variants: { orderBy: { sku: "asc" } } },
    });
    expect(product.variants.length).toBeGreaterThanOrEqual(3);
    const [current, target, empty] = product.variants;
    const foreign = await db.productVariant.findFirstOrThrow({ where: { productId: { not: product.id } } });
    await db.productVariant.update({ where: { id: target.id }, data: { inventory: 5 } });
    await db.productVariant.update({ where: { id: empty.id }, data: { inventory: 0 } });
    await db.productVariant.update({ where: { id: foreign.id }, data: { inventory: 5 } });
    const { customer, subscription } = await subscribe({ dueInMs: 10 * DAY_MS });
    await db.subscription.update({
      where: { id: subscription.id },
      data: { productId: product.id, variantId: current.id },
    });
    const id = subscription.id;

    await expectSubscriptionError(autoship.swapVariant(customer.id, id, foreign.id), "INVALID", "variantId");
    await expectSubscriptionError(autoship.swapVariant(customer.id, id, "no-such-variant"), "INVALID", "variantId");
    await expectSubscriptionError(autoship.swapVariant(customer.id, id, current.id), "INVALID", "variantId");
    await expectSubscriptionError(autoship.swapVariant(customer.id, id, empty.id), "INVALID", "variantId");
    await db.product.update({ where: { id: product.id }, data: { soldOnDtc: false } });
    try {
      await expectSubscriptionError(autoship.swapVariant(customer.id, id, target.id), "INVALID", "variantId");
    } finally {
      await db.product.update({ where: { id: product.id }, data: { soldOnDtc: true } });
    }
    expect((await db.subscription.findUniqueOrThrow({ where: { id } })).variantId).toBe(current.id);

    await autoship.swapVariant(customer.id, id, target.id);
    expect(await db.subscription.findUniqueOrThrow({ where: { id } })).toMatchObject({
      variantId: target.id,
      weight: target.weightValue,
      weightUnit: target.weightUnit,
    });
    // The page offers the same choices: the other variants, the empty one not in stock.
    const [view] = await autoship.overview(customer.id);
    expect(view.swapOptions.find((o) => o.id === empty.id)?.inStock).toBe(false);
    expect(view.swapOptions.find((o) => o.id === current.id)?.inStock).toBe(true);
  });

  it("overview prices an order as the engine charges it: the autoship price times the quantity, and the saving", async () => {
    const { autoship } = services();
    const { customer, variant, subscription } = await subscribe({ dueInMs: 10 * DAY_MS, quantity: 3 });
    const [view] = await autoship.overview(customer.id);
    expect(view.price).toEqual({
      perOrderCents: autoshipUnitPriceCents(variant.priceCents) * 3,
      regularCents: variant.priceCents * 3,
      autoshipSavingsCents: (variant.priceCents - autoshipUnitPriceCents(variant.priceCents)) * 3,
    });
    expect(view.addressLine).toContain(ADDRESS.zip);
    // The order the engine then places charges that merchandise.
    clock = new Date(subscription.nextOrderDate.getTime() + 1000);
    await autoship.run();
    const [order] = await ordersOf(customer.id);
    expect(order.subtotalCents).toBe(view.price.perOrderCents);
  });

  it("orderNow places an order at once, only once a day, and the schedule continues from today", async () => {
    const { autoship } = services();
    const { customer, variant, subscription } = await subscribe({ dueInMs: 10 * DAY_MS, inventory: 10 });

    expect(await autoship.orderNow(customer.id, subscription.id)).toBe("ordered");
    const orders = await ordersOf(customer.id);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      status: "paid",
      source: "autoship",
      idempotencyKey: `autoship:${subscription.id}:now:${ymd(clock)}`,
    });
    expect(orders[0].lines[0]).toMatchObject({ sellingPlanId: subscription.sellingPlanId, quantity: 1 });
    expect(await inventoryOf(variant.id)).toBe(9);
    expect(await emailsTo(customer.email, "autoship-order")).toBe(1);
    const after = await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } });
    expect(after.nextOrderDate.getTime()).toBe(clock.getTime() + 28 * DAY_MS);

    // Again the same day (the clock has not moved): nothing more.
    expect(await autoship.orderNow(customer.id, subscription.id)).toBe("already");
    expect(await ordersOf(customer.id)).toHaveLength(1);
    expect(await inventoryOf(variant.id)).toBe(9);
    expect(await emailsTo(customer.email, "autoship-order")).toBe(1);
  });

  it("order type: a clinic member's order on the site that ships to clinics is a clinic order (ZK01), else direct (ZDTC)", async () => {
    const { autoship } = services();
    const clinic = await db.clinic.findFirstOrThrow();
    const member = await subscribe({ dueInMs: -HOUR_MS, site: "HPSF", clinicId: clinic.id });
    const memberWithoutClinic = await subscribe({ dueInMs: -HOUR_MS, site: "HPSF" });
    const consumerWithClinic = await subscribe({ dueInMs: -HOUR_MS, site: "DTC", clinicId: clinic.id });
    expect(await autoship.run()).toMatchObject({ ordered: 3, errors: 0 });
    const typeOf = async (customerId: string) => {
      const [order] = await ordersOf(customerId);
      return (JSON.parse(order.attributes) as { key: string; value: string }[]).find((a) => a.key === "SALES_ORD_TYPE")
        ?.value;
    };
    expect(await typeOf(member.customer.id)).toBe("ZK01");
    expect(await typeOf(memberWithoutClinic.customer.id)).toBe("ZDTC");
    expect(await typeOf(consumerWithClinic.customer.id)).toBe("ZDTC");
  });
});
