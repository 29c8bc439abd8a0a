// The order lifecycle service on this worker's database (docs/rules.md "Order lifecycle" and
// "Returns"), on SQLite and PostgreSQL: fulfilment steps and their refusals, cancelling (stock,
// staff quota and donation reversed, one refund however often it is asked), returns (window,
// quantities, replays), the refund handler through the outbox (once, however often it is
// delivered), ownership, and the emails written in the same transaction.
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { env } from "~/env.server";
import { DEFAULT_SHOP_TIME_ZONE } from "~/models/shop-time";
import { quotaMonthOf } from "~/models/staff-program-dates";
import { action as devOrdersAction, loader as devOrdersLoader } from "~/routes/dev.orders";
import { DONATION_CONFIRMATION_TOPIC, enqueueDonationConfirmation } from "~/services/donations/index.server";
import { email } from "~/services/email/index.server";
import { createOrderLifecycle, LifecycleError, nextOrderNumber, REFUND_TOPIC } from "~/services/orders/index.server";
import { createOutbox, outbox } from "~/services/outbox/index.server";
import { createEmbeddedPayments } from "~/services/payment/embedded.server";
import type { AuditActor } from "~/models/audit";
import { newAdmin } from "../helpers/admin";
import { callRoute, flashedNotice, formRequest, getRequest, Jar } from "../helpers/routes";
import { ensureSeeded, TEST_ADDRESS } from "../helpers/seeded";

const DAY = 86_400_000;
const WINDOW_DAYS = 30;
const payments = createEmbeddedPayments(prisma);
let clock = new Date();
const lifecycle = createOrderLifecycle({
  db: prisma,
  payments,
  email,
  enqueue: (writer, message) => outbox.enqueue(writer, message),
  enqueueDonationConfirmation,
  returnWindowDays: WINDOW_DAYS,
  now: () => clock,
});
/** An outbox of its own that delivers only refunds, through this lifecycle's handler. */
const refundOutbox = createOutbox(prisma, { maxTries: 3 });
refundOutbox.register(REFUND_TOPIC, (delivery: { payload: { refundId: string } }) =>
  lifecycle.refundDelivery(delivery),
);

let variants: { id: string; priceCents: number }[] = [];

beforeAll(async () => {
  await ensureSeeded();
  variants = await prisma.productVariant.findMany({
    where: { inventory: { gt: 50 }, priceCents: { gt: 500 } },
    select: { id: true, priceCents: true },
    orderBy: { id: "asc" },
    take: 2,
  });
  expect(variants).toHaveLength(2);
});

async function newCustomer(fields: { quotaMonth?: string; quotaValue?: number } = {}) {
  return prisma.customer.create({
    data: {
      site: "DTC",
      email: `lifecycle-${crypto.randomUUID()}@example.com`,
      firstName: "Sam",
      lastName: "Reed",
      ...fields,
    },
  });
}

/**
 * A paid order written straight to the database and charged on the embedded provider (a real
 * payment to refund): two lines (quantities 2 and 1), shipping as given.
 */
async function paidOrder(
  customerId: string,
  options: {
    shippingCents?: number;
    quotaMonth?: string;
    quotaCents?: number;
    donation?: boolean;
    charge?: boolean;
  } = {},
) {
  const [a, b] = variants;
  const shippingCents = options.shippingCents ?? 0;
  const subtotalCents = a.priceCents * 2 + b.priceCents;
  const totalCents = subtotalCents + shippingCents;
  let paymentId: string | null = null;
  if (options.charge !== false) {
    const charge = await payments.charge({
      amountCents: totalCents,
      card: { number: "4242424242424242", expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: "123" },
    });
    if (!charge.ok) throw new Error(charge.message);
    paymentId = charge.paymentId;
  }
  const customer = await prisma.customer.findUniqueOrThrow({ where: { id: customerId } });
  return prisma.order.create({
    data: {
      number: await nextOrderNumber(prisma),
      site: "DTC",
      customerId,
      email: customer.email,
      status: "paid",
      subtotalCents,
      shippingCents,
      totalCents,
      paymentId,
      shippingAddress: JSON.stringify(TEST_ADDRESS),
      quotaMonth: options.quotaMonth ?? null,
      quotaCents: options.quotaCents ?? 0,
      ...(options.donation
        ? {
            donationTrackingId: `trk-${crypto.randomUUID()}`,
            donationCauseId: "12-3456789",
            donationCauseName: "Paws Rescue League",
            donationCents: 25,
          }
        : {}),
      lines: {
        create: [
          {
            variantId: a.id,
            productTitle: "Dog Food",
            variantTitle: "5 lb",
            sku: "A",
            quantity: 2,
            unitPriceCents: a.priceCents,
            weightValue: 5,
            weightUnit: "lb",
          },
          {
            variantId: b.id,
            productTitle: "Cat Food",
            variantTitle: "3 lb",
            sku: "B",
            quantity: 1,
            unitPriceCents: b.priceCents,
            weightValue: 3,
            weightUnit: "lb",
          },
        ],
      },
      // Placed and paid a minute before the test's clock.
      createdAt: new Date(clock.getTime() - 60_000),
      events: { create: { kind: "paid", createdAt: new Date(clock.getTime() - 60_000) } },
    },
    include: { lines: { orderBy: { id: "asc" } } },
  });
}

async function deliveredOrder(customerId: string, options: Parameters<typeof paidOrder>[1] = {}) {
  const order = await paidOrder(customerId, options);
  await lifecycle.markPacked(order.id);
  await lifecycle.markShipped(order.id, { carrier: "ups", trackingNumber: "1z 999-aa1 0123456784" });
  await lifecycle.markDelivered(order.id);
  return order;
}

const orderOf = (id: string) => prisma.order.findUniqueOrThrow({ where: { id } });
const eventsOf = async (orderId: string) =>
  (await prisma.orderEvent.findMany({ where: { orderId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] })).map(
    (e) => e.kind,
  );
const emailsTo = async (to: string) =>
  (await prisma.emailMessage.findMany({ where: { to }, orderBy: { createdAt: "asc" } })).map((m) => m.template);
const inventoryOf = async (id: string) =>
  (await prisma.productVariant.findUniqueOrThrow({ where: { id }, select: { inventory: true } })).inventory;

async function refused(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LifecycleError);
  return error as LifecycleError;
}

async function deliverRefunds() {
  return refundOutbox.deliverDue({ now: new Date(Date.now() + 60_000) });
}

/**
 * The outbox's status of a refund's message after a delivery run. Other test files share this
 * worker's database and may leave refund messages of their own, so runs are judged by this
 * refund's message, never by the run's counts.
 */
async function refundMessageStatus(refundId: string) {
  const [message] = await prisma.outboxMessage.findMany({
    where: { topic: REFUND_TOPIC, payload: { contains: refundId } },
    select: { status: true },
  });
  return message?.status;
}

describe("fulfilment: paid → packed → shipped → delivered", () => {
  it("moves one step at a time with an event and an email each for shipped and delivered", async () => {
    clock = new Date();
    const customer = await newCustomer();
    const order = await paidOrder(customer.id);
    await lifecycle.markPacked(order.id);
    expect((await orderOf(order.id)).status).toBe("packed");
    await lifecycle.markShipped(order.id, { carrier: "ups", trackingNumber: "1z 999-aa1 0123456784" });
    const shipped = await orderOf(order.id);
    expect(shipped).toMatchObject({ status: "shipped", carrier: "ups", trackingNumber: "1Z999AA10123456784" });
    await lifecycle.markDelivered(order.id);
    const delivered = await orderOf(order.id);
    expect(delivered.status).toBe("delivered");
    expect(delivered.deliveredAt?.getTime()).toBe(clock.getTime());
    expect(await eventsOf(order.id)).toEqual(["paid", "packed", "shipped", "delivered"]);
    expect(await emailsTo(customer.email)).toEqual(["order-shipped", "order-delivered"]);
    const shippedEmail = await prisma.emailMessage.findFirstOrThrow({
      where: { to: customer.email, template: "order-shipped" },
    });
    expect(shippedEmail.text).toContain("1Z999AA10123456784");
    expect(shippedEmail.text).toContain("https://www.ups.com/track?tracknum=1Z999AA10123456784");
    expect(shippedEmail.text).toContain(`/account/orders/${order.id}`);
    const deliveredEmail = await prisma.emailMessage.findFirstOrThrow({
      where: { to: customer.email, template: "order-delivered" },
    });
    expect(deliveredEmail.text).toContain(`within ${WINDOW_DAYS} days`);
    // Each email has its outbox message, written in the same transaction.
    expect(
      await prisma.outboxMessage.count({
        where: { topic: "email", email: { to: customer.email } },
      }),
    ).toBe(2);
  });

  it("the same step again changes nothing; a step out of order is WRONG_STATUS", async () => {
    const customer = await newCustomer();
    const order = await paidOrder(customer.id);
    expect(
      (await refused(lifecycle.markShipped(order.id, { carrier: "usps", trackingNumber: "9400111899223197428490" })))
        .code,
    ).toBe("WRONG_STATUS");
    expect((await refused(lifecycle.markDelivered(order.id))).code).toBe("WRONG_STATUS");
    await lifecycle.markPacked(order.id);
    await lifecycle.markPacked(order.id);
    expect(await eventsOf(order.id)).toEqual(["paid", "packed"]);
    await lifecycle.markShipped(order.id, { carrier: "fedex", trackingNumber: "123456789012" });
    await lifecycle.markShipped(order.id, { carrier: "fedex", trackingNumber: "123456789012" });
    expect((await refused(lifecycle.markPacked(order.id))).code).toBe("WRONG_STATUS");
    expect(await eventsOf(order.id)).toEqual(["paid", "packed", "shipped"]);
    expect(await emailsTo(customer.email)).toEqual(["order-shipped"]);
    expect((await refused(lifecycle.markPacked("no-such-order"))).code).toBe("NOT_FOUND");
  });

  it("refuses an unknown carrier or a malformed tracking number (INVALID, nothing changes)", async () => {
    const customer = await newCustomer();
    const order = await paidOrder(customer.id);
    await lifecycle.markPacked(order.id);
    const carrier = await refused(
      lifecycle.markShipped(order.id, { carrier: "dhl" as "ups", trackingNumber: "1Z999AA10123456784" }),
    );
    expect(carrier).toMatchObject({ code: "INVALID", field: "carrier" });
    const number = await refused(lifecycle.markShipped(order.id, { carrier: "ups", trackingNumber: "12#4" }));
    expect(number).toMatchObject({ code: "INVALID", field: "trackingNumber" });
    expect((await orderOf(order.id)).status).toBe("packed");
  });
});

describe("cancel", () => {
  it("gives stock, quota and donation back, queues one refund, the event and the email, in one go", async () => {
    const month = quotaMonthOf(new Date(), DEFAULT_SHOP_TIME_ZONE);
    const customer = await newCustomer({ quotaMonth: month, quotaValue: 9_000 });
    const order = await paidOrder(customer.id, {
      quotaMonth: month,
      quotaCents: 4_000,
      donation: true,
      shippingCents: 799,
    });
    const [a, b] = variants;
    const before = [await inventoryOf(a.id), await inventoryOf(b.id)];

    const result = await lifecycle.cancel(customer.id, order.id);
    expect(result).toEqual({ outcome: "cancelled", refundCents: order.totalCents });
    expect([await inventoryOf(a.id), await inventoryOf(b.id)]).toEqual([before[0] + 2, before[1] + 1]);
    expect((await prisma.customer.findUniqueOrThrow({ where: { id: customer.id } })).quotaValue).toBe(5_000);
    const correction = await prisma.outboxMessage.findMany({
      where: { topic: DONATION_CONFIRMATION_TOPIC, payload: { contains: order.id } },
    });
    expect(correction.map((m) => JSON.parse(m.payload))).toEqual([
      {
        trackingId: order.donationTrackingId,
        orderId: order.id,
        orderNumber: order.number,
        totalDonationAmount: 0,
        causes: [{ causeId: "12-3456789", causeName: "Paws Rescue League", amount: 0 }],
      },
    ]);
    const refunds = await prisma.refund.findMany({ where: { orderId: order.id } });
    expect(refunds).toMatchObject([{ key: `cancel:${order.id}`, amountCents: order.totalCents, status: "pending" }]);
    expect(
      (
        await prisma.outboxMessage.findMany({ where: { topic: REFUND_TOPIC, payload: { contains: refunds[0].id } } })
      ).map((m) => JSON.parse(m.payload)),
    ).toEqual([{ refundId: refunds[0].id }]);
    expect((await orderOf(order.id)).status).toBe("cancelled");
    expect(await eventsOf(order.id)).toEqual(["paid", "cancelled"]);
    expect(await emailsTo(customer.email)).toEqual(["order-cancelled"]);
    const sent = await prisma.emailMessage.findFirstOrThrow({ where: { to: customer.email } });
    expect(sent.text).toContain("within 5 to 10 business days");

    // A second cancel answers "already" and changes nothing.
    expect(await lifecycle.cancel(customer.id, order.id)).toEqual({
      outcome: "already",
      refundCents: order.totalCents,
    });
    expect([await inventoryOf(a.id), await inventoryOf(b.id)]).toEqual([before[0] + 2, before[1] + 1]);
    expect(await prisma.refund.count({ where: { orderId: order.id } })).toBe(1);
    expect(await emailsTo(customer.email)).toEqual(["order-cancelled"]);

    // The refund goes to the card; the order is refunded in full.
    await deliverRefunds();
    expect(await refundMessageStatus(refunds[0].id)).toBe("sent");
    const refunded = await orderOf(order.id);
    expect(refunded).toMatchObject({ status: "refunded", refundedCents: order.totalCents });
    expect(await eventsOf(order.id)).toEqual(["paid", "cancelled", "refunded"]);
    expect(await emailsTo(customer.email)).toEqual(["order-cancelled", "order-refunded"]);
    expect(await prisma.payment.findUniqueOrThrow({ where: { id: order.paymentId! } })).toMatchObject({
      refundedCents: order.totalCents,
      status: "refunded",
    });
    expect(await lifecycle.cancel(customer.id, order.id)).toMatchObject({ outcome: "already" });
  });

  it("leaves the quota alone once the member's month has moved on", async () => {
    const customer = await newCustomer({ quotaMonth: "2001-01", quotaValue: 7_000 });
    const order = await paidOrder(customer.id, { quotaMonth: "2000-12", quotaCents: 4_000 });
    await lifecycle.cancel(customer.id, order.id);
    expect((await prisma.customer.findUniqueOrThrow({ where: { id: customer.id } })).quotaValue).toBe(7_000);
  });

  it("two cancels at once write one refund and one email", async () => {
    const customer = await newCustomer();
    const order = await paidOrder(customer.id);
    const results = await Promise.all([
      lifecycle.cancel(customer.id, order.id),
      lifecycle.cancel(customer.id, order.id),
    ]);
    expect(results.map((r) => r.outcome).sort()).toEqual(["already", "cancelled"]);
    const refund = await prisma.refund.findFirstOrThrow({ where: { orderId: order.id } });
    expect(await prisma.refund.count({ where: { orderId: order.id } })).toBe(1);
    expect(await prisma.outboxMessage.count({ where: { topic: REFUND_TOPIC, payload: { contains: refund.id } } })).toBe(
      1,
    );
    expect(await emailsTo(customer.email)).toEqual(["order-cancelled"]);
    expect(await eventsOf(order.id)).toEqual(["paid", "cancelled"]);
  });

  it("refuses once packed, with the reason; another customer's order is NOT_FOUND", async () => {
    const customer = await newCustomer();
    const stranger = await newCustomer();
    const order = await paidOrder(customer.id);
    expect((await refused(lifecycle.cancel(stranger.id, order.id))).code).toBe("NOT_FOUND");
    expect((await refused(lifecycle.cancel(customer.id, "no-such-order"))).code).toBe("NOT_FOUND");
    await lifecycle.markPacked(order.id);
    const error = await refused(lifecycle.cancel(customer.id, order.id));
    expect(error.code).toBe("NOT_CANCELLABLE");
    expect(error.message).toMatch(/already packed/);
    expect(await prisma.refund.count({ where: { orderId: order.id } })).toBe(0);
  });

  it("an order never charged is refunded without asking the payment service", async () => {
    const customer = await newCustomer();
    const uncharged = await paidOrder(customer.id, { charge: false });
    expect(await lifecycle.cancel(customer.id, uncharged.id)).toMatchObject({ outcome: "cancelled" });
    await deliverRefunds();
    const refund = await prisma.refund.findFirstOrThrow({ where: { orderId: uncharged.id } });
    expect(refund).toMatchObject({ status: "succeeded", paymentRefundId: null });
    expect((await orderOf(uncharged.id)).status).toBe("refunded");
  });
});

describe("returns", () => {
  it("asks, approves, receives and refunds part of an order; a full return of every line refunds it", async () => {
    clock = new Date();
    const customer = await newCustomer();
    const order = await deliveredOrder(customer.id);
    const [dog, cat] = order.lines;
    const stockBefore = await inventoryOf(dog.variantId!);
    const first = await lifecycle.requestReturn({
      customerId: customer.id,
      orderId: order.id,
      requestKey: crypto.randomUUID(),
      reason: "My pet did not like it",
      comment: "  He sniffed it and walked off.  ",
      lines: [{ orderLineId: dog.id, quantity: 1 }],
    });
    expect(first).toEqual({ returnId: expect.any(String), refundCents: dog.unitPriceCents, replayed: false });
    const stored = await prisma.orderReturn.findUniqueOrThrow({
      where: { id: first.returnId },
      include: { lines: true },
    });
    expect(stored).toMatchObject({
      status: "requested",
      comment: "He sniffed it and walked off.",
      refundCents: dog.unitPriceCents,
    });
    expect(stored.lines).toMatchObject([{ orderLineId: dog.id, quantity: 1, refundCents: dog.unitPriceCents }]);

    // Receiving before approval is refused; approving twice is harmless.
    expect((await refused(lifecycle.receiveReturn(first.returnId))).code).toBe("WRONG_STATUS");
    await lifecycle.approveReturn(first.returnId);
    await lifecycle.approveReturn(first.returnId);
    await lifecycle.receiveReturn(first.returnId);
    await lifecycle.receiveReturn(first.returnId);
    expect((await refused(lifecycle.approveReturn(first.returnId))).code).toBe("WRONG_STATUS");
    const refund = await prisma.refund.findUniqueOrThrow({ where: { key: `return:${first.returnId}` } });
    expect(refund).toMatchObject({ amountCents: dog.unitPriceCents, returnId: first.returnId, status: "pending" });

    // Delivered twice by the outbox and called twice by hand: refunded once.
    await deliverRefunds();
    expect(await refundMessageStatus(refund.id)).toBe("sent");
    await prisma.outboxMessage.updateMany({
      where: { topic: REFUND_TOPIC, payload: { contains: refund.id } },
      data: { status: "queued", nextAttemptAt: new Date(0) },
    });
    await deliverRefunds();
    expect(await refundMessageStatus(refund.id)).toBe("sent");
    await lifecycle.refundDelivery({ payload: { refundId: refund.id } });
    await lifecycle.refundDelivery({ payload: { refundId: refund.id } });
    expect(await prisma.paymentRefund.count({ where: { paymentId: order.paymentId! } })).toBe(1);
    expect(await orderOf(order.id)).toMatchObject({ status: "delivered", refundedCents: dog.unitPriceCents });
    expect((await prisma.orderReturn.findUniqueOrThrow({ where: { id: first.returnId } })).status).toBe("refunded");
    expect(await eventsOf(order.id)).toEqual([
      "paid",
      "packed",
      "shipped",
      "delivered",
      "return_requested",
      "return_approved",
      "return_received",
      "partially_refunded",
      "return_refunded",
    ]);

    // The rest of every line: the order is refunded in full.
    const rest = await lifecycle.requestReturn({
      customerId: customer.id,
      orderId: order.id,
      requestKey: crypto.randomUUID(),
      reason: "Ordered by mistake",
      comment: null,
      lines: [
        { orderLineId: dog.id, quantity: 1 },
        { orderLineId: cat.id, quantity: 1 },
      ],
    });
    expect(rest.refundCents).toBe(order.totalCents - dog.unitPriceCents);
    await lifecycle.approveReturn(rest.returnId);
    await lifecycle.receiveReturn(rest.returnId);
    await deliverRefunds();
    expect(await orderOf(order.id)).toMatchObject({ status: "refunded", refundedCents: order.totalCents });
    // Returned food is not sold again: the stock stays as it was.
    expect(await inventoryOf(dog.variantId!)).toBe(stockBefore);
    expect((await eventsOf(order.id)).slice(-5)).toEqual([
      "return_requested",
      "return_approved",
      "return_received",
      "refunded",
      "return_refunded",
    ]);
    expect(await emailsTo(customer.email)).toEqual([
      "order-shipped",
      "order-delivered",
      "return-requested",
      "order-refunded",
      "return-requested",
      "order-refunded",
    ]);
    // Nothing is left to return.
    expect(
      (
        await refused(
          lifecycle.requestReturn({
            customerId: customer.id,
            orderId: order.id,
            requestKey: crypto.randomUUID(),
            reason: "Other",
            comment: null,
            lines: [{ orderLineId: cat.id, quantity: 1 }],
          }),
        )
      ).code,
    ).toBe("NOT_RETURNABLE");
  });

  it("does not refund shipping: returning everything of an order with shipping gives back the goods, and the order is refunded", async () => {
    clock = new Date();
    const customer = await newCustomer();
    const order = await deliveredOrder(customer.id, { shippingCents: 799 });
    const [dog, cat] = order.lines;
    const all = await lifecycle.requestReturn({
      customerId: customer.id,
      orderId: order.id,
      requestKey: crypto.randomUUID(),
      reason: "Wrong item sent",
      comment: null,
      lines: [
        { orderLineId: dog.id, quantity: 2 },
        { orderLineId: cat.id, quantity: 1 },
      ],
    });
    expect(all.refundCents).toBe(order.totalCents - 799);
    await lifecycle.approveReturn(all.returnId);
    await lifecycle.receiveReturn(all.returnId);
    await deliverRefunds();
    expect(await orderOf(order.id)).toMatchObject({ status: "refunded", refundedCents: order.totalCents - 799 });
    expect((await eventsOf(order.id)).slice(-2)).toEqual(["refunded", "return_refunded"]);
  });

  it("a replayed request key answers the first return; quantities beyond what is left are refused on their line", async () => {
    clock = new Date();
    const customer = await newCustomer();
    const order = await deliveredOrder(customer.id);
    const [dog] = order.lines;
    const request = {
      customerId: customer.id,
      orderId: order.id,
      requestKey: crypto.randomUUID(),
      reason: "Damaged or leaking",
      comment: null,
      lines: [{ orderLineId: dog.id, quantity: 2 }],
    };
    const [one, two] = await Promise.all([lifecycle.requestReturn(request), lifecycle.requestReturn(request)]);
    expect(two.returnId).toBe(one.returnId);
    expect([one.replayed, two.replayed].sort()).toEqual([false, true]);
    expect(await lifecycle.requestReturn(request)).toEqual({ ...one, replayed: true });
    expect(await prisma.orderReturn.count({ where: { orderId: order.id } })).toBe(1);
    expect(await prisma.emailMessage.count({ where: { to: customer.email, template: "return-requested" } })).toBe(1);

    const over = await refused(lifecycle.requestReturn({ ...request, requestKey: crypto.randomUUID() }));
    expect(over).toMatchObject({ code: "INVALID", field: `lines.${dog.id}` });
    const reason = await refused(
      lifecycle.requestReturn({ ...request, requestKey: crypto.randomUUID(), reason: "Because", lines: [] }),
    );
    expect(reason).toMatchObject({ code: "INVALID", field: "reason" });
    const comment = await refused(
      lifecycle.requestReturn({ ...request, requestKey: crypto.randomUUID(), comment: "x".repeat(1001) }),
    );
    expect(comment).toMatchObject({ code: "INVALID", field: "comment" });
    const none = await refused(lifecycle.requestReturn({ ...request, requestKey: crypto.randomUUID(), lines: [] }));
    expect(none).toMatchObject({ code: "INVALID", field: "lines" });
    const stranger = await newCustomer();
    expect(
      (await refused(lifecycle.requestReturn({ ...request, customerId: stranger.id, requestKey: crypto.randomUUID() })))
        .code,
    ).toBe("NOT_FOUND");
    // Another customer replaying someone's key learns nothing.
    expect((await refused(lifecycle.requestReturn({ ...request, customerId: stranger.id }))).code).toBe("NOT_FOUND");
  });

  it("accepts a request exactly RETURN_WINDOW_DAYS after delivery and refuses one a millisecond later", async () => {
    const deliveredAt = new Date("2030-03-01T12:00:00.000Z");
    clock = deliveredAt;
    const customer = await newCustomer();
    const order = await deliveredOrder(customer.id);
    const request = (key: string) => ({
      customerId: customer.id,
      orderId: order.id,
      requestKey: key,
      reason: "Other",
      comment: null,
      lines: [{ orderLineId: order.lines[1].id, quantity: 1 }],
    });
    clock = new Date(deliveredAt.getTime() + WINDOW_DAYS * DAY + 1);
    const late = await refused(lifecycle.requestReturn(request(crypto.randomUUID())));
    expect(late.code).toBe("NOT_RETURNABLE");
    expect((await lifecycle.aftercare(customer.id, order.id)).returnRefusal).toMatch(/30 days/);
    clock = new Date(deliveredAt.getTime() + WINDOW_DAYS * DAY);
    expect((await lifecycle.aftercare(customer.id, order.id)).returnRefusal).toBeNull();
    expect((await lifecycle.requestReturn(request(crypto.randomUUID()))).replayed).toBe(false);
  });

  it("refuses a return before delivery", async () => {
    const customer = await newCustomer();
    const order = await paidOrder(customer.id);
    const error = await refused(
      lifecycle.requestReturn({
        customerId: customer.id,
        orderId: order.id,
        requestKey: crypto.randomUUID(),
        reason: "Other",
        comment: null,
        lines: [{ orderLineId: order.lines[0].id, quantity: 1 }],
      }),
    );
    expect(error.code).toBe("NOT_RETURNABLE");
  });
});

describe('refunds never pass what was paid (docs/rules.md "Refunds never pass what was paid")', () => {
  let operator: AuditActor;
  beforeAll(async () => {
    operator = (await newAdmin("owner", "refund-limits")).actor;
  });
  const returnOf = (customerId: string, orderId: string, orderLineId: string) =>
    lifecycle.requestReturn({
      customerId,
      orderId,
      requestKey: crypto.randomUUID(),
      reason: "Other",
      comment: null,
      lines: [{ orderLineId, quantity: 1 }],
    });
  /** A pending refund written as one queued before the rule was (its outbox message with it). */
  async function legacyRefund(orderId: string, amountCents: number) {
    const row = await prisma.refund.create({
      data: { orderId, key: `legacy:${crypto.randomUUID()}`, amountCents, reason: "Queued before the rule" },
    });
    await outbox.enqueue(prisma, { topic: REFUND_TOPIC, payload: { refundId: row.id } });
    return row;
  }

  it("an operator may refund only what open returns leave; the return, received, still gets its refund; the sum is the total", async () => {
    clock = new Date();
    const customer = await newCustomer();
    const order = await deliveredOrder(customer.id);
    const [dog] = order.lines;
    const asked = await returnOf(customer.id, order.id, dog.id);
    expect(asked.refundCents).toBe(dog.unitPriceCents);
    const left = order.totalCents - asked.refundCents;
    // What is left counts the requested return (and stays so once approved): a cent more is refused.
    for (const step of ["requested", "approved"]) {
      if (step === "approved") await lifecycle.approveReturn(asked.returnId);
      const over = await refused(
        lifecycle.refundByOperator(
          { orderId: order.id, key: crypto.randomUUID(), amountCents: left + 1, reason: "Goodwill" },
          operator,
        ),
      );
      expect([over.code, over.field, over.message]).toEqual([
        "INVALID",
        "amount",
        `Refund at most $${(left / 100).toFixed(2)}, what is left to refund.`,
      ]);
    }
    await lifecycle.refundByOperator(
      { orderId: order.id, key: crypto.randomUUID(), amountCents: left, reason: "Goodwill" },
      operator,
    );
    await lifecycle.receiveReturn(asked.returnId);
    await deliverRefunds();
    const refunds = await prisma.refund.findMany({ where: { orderId: order.id }, orderBy: { createdAt: "asc" } });
    expect(refunds.map((r) => [r.cause, r.amountCents, r.status])).toEqual([
      ["shop", left, "succeeded"],
      ["return", dog.unitPriceCents, "succeeded"],
    ]);
    expect(await orderOf(order.id)).toMatchObject({ refundedCents: order.totalCents });
    expect((await prisma.payment.findUniqueOrThrow({ where: { id: order.paymentId! } })).refundedCents).toBe(
      order.totalCents,
    );
  });

  it("a new return's refund is at most what is left once refunds on their way are counted", async () => {
    clock = new Date();
    const customer = await newCustomer();
    const order = await deliveredOrder(customer.id);
    await lifecycle.refundByOperator(
      { orderId: order.id, key: crypto.randomUUID(), amountCents: order.totalCents - 100, reason: "Goodwill" },
      operator,
    );
    const asked = await returnOf(customer.id, order.id, order.lines[0].id);
    expect(asked.refundCents).toBe(100);
  });

  it("receiving a return caps its refund to what is left: exactly the rest, and a return with nothing left is done at 0", async () => {
    clock = new Date();
    const customer = await newCustomer();
    const order = await deliveredOrder(customer.id);
    const [dog, cat] = order.lines;
    const first = await returnOf(customer.id, order.id, dog.id);
    const second = await returnOf(customer.id, order.id, cat.id);
    // Refunds queued before the rule leave $1.00 beside the first return's promise.
    await legacyRefund(order.id, order.totalCents - 100);
    await lifecycle.approveReturn(first.returnId);
    await lifecycle.receiveReturn(first.returnId, operator);
    const capped = await prisma.orderReturn.findUniqueOrThrow({ where: { id: first.returnId } });
    expect(capped.refundCents).toBe(100);
    expect(await prisma.refund.findUniqueOrThrow({ where: { key: `return:${first.returnId}` } })).toMatchObject({
      amountCents: 100,
      cause: "return",
    });
    const [audit] = await prisma.auditEntry.findMany({ where: { subjectId: first.returnId } });
    expect(JSON.parse(audit.after!)).toMatchObject({ status: "received", refundCents: 100 });
    await lifecycle.approveReturn(second.returnId);
    await lifecycle.receiveReturn(second.returnId);
    expect(await prisma.orderReturn.findUniqueOrThrow({ where: { id: second.returnId } })).toMatchObject({
      status: "refunded",
      refundCents: 0,
    });
    expect(await prisma.refund.count({ where: { returnId: second.returnId } })).toBe(0);
    await deliverRefunds();
    expect(await orderOf(order.id)).toMatchObject({ refundedCents: order.totalCents });
    expect(await prisma.refund.count({ where: { orderId: order.id, status: "failed" } })).toBe(0);
  });

  it("a refund past the order's total fails at once, visibly: failed, on the timeline, tried once", async () => {
    clock = new Date();
    const customer = await newCustomer();
    const order = await deliveredOrder(customer.id);
    const whole = await legacyRefund(order.id, order.totalCents);
    await deliverRefunds();
    const excess = await legacyRefund(order.id, 100);
    await deliverRefunds();
    expect(await prisma.refund.findUniqueOrThrow({ where: { id: whole.id } })).toMatchObject({ status: "succeeded" });
    expect(await prisma.refund.findUniqueOrThrow({ where: { id: excess.id } })).toMatchObject({
      status: "failed",
      failure: "It would refund more than the order's total.",
      failedAt: expect.any(Date),
    });
    const [message] = await prisma.outboxMessage.findMany({
      where: { topic: REFUND_TOPIC, payload: { contains: excess.id } },
    });
    expect(message).toMatchObject({ status: "failed", tries: 1 });
    expect(message.lastError).toMatch(/can never be given/);
    // Delivered again (an operator's retry): nothing changes, it fails again.
    await expect(lifecycle.refundDelivery({ payload: { refundId: excess.id } })).rejects.toThrow(/failed/);
    expect(await orderOf(order.id)).toMatchObject({ refundedCents: order.totalCents, status: "refunded" });
    const view = await lifecycle.aftercare(customer.id, order.id);
    expect(view.pendingRefundCents).toBe(0);
    expect(view.timeline.at(-1)).toMatchObject({
      kind: "refund_failed",
      label: "Refund failed",
      amountCents: 100,
      detail: "It would refund more than the order's total.",
    });
  });

  it("a refund the payment service refuses for good fails; one it may take later is retried", async () => {
    clock = new Date();
    const customer = await newCustomer();
    const order = await deliveredOrder(customer.id);
    // The whole charge was given back outside the shop: the service refuses any more, for good.
    await payments.refund({
      paymentId: order.paymentId!,
      amountCents: order.totalCents,
      idempotencyKey: `outside:${order.id}`,
    });
    const refused = await legacyRefund(order.id, 500);
    await deliverRefunds();
    expect(await prisma.refund.findUniqueOrThrow({ where: { id: refused.id } })).toMatchObject({
      status: "failed",
      failure: "Only 0 cents of this charge are left to refund.",
    });
    expect(await refundMessageStatus(refused.id)).toBe("failed");
    expect((await eventsOf(order.id)).at(-1)).toBe("refund_failed");
    expect(await orderOf(order.id)).toMatchObject({ refundedCents: 0, status: "delivered" });

    // A passing refusal (the charge changed meanwhile) is tried again, and the refund stays pending.
    const other = await deliveredOrder(customer.id);
    const flaky = createOrderLifecycle({
      db: prisma,
      payments: {
        refund: async () => ({ ok: false, message: "The charge changed meanwhile; try again.", retryable: true }),
      },
      email,
      enqueue: (writer, message) => outbox.enqueue(writer, message),
      enqueueDonationConfirmation,
      returnWindowDays: WINDOW_DAYS,
      now: () => clock,
    });
    const later = await legacyRefund(other.id, 500);
    await expect(flaky.refundDelivery({ payload: { refundId: later.id } })).rejects.toThrow(/changed meanwhile/);
    expect(await prisma.refund.findUniqueOrThrow({ where: { id: later.id } })).toMatchObject({ status: "pending" });
  });

  it("the refund email names its cause from the refund row, not its key", async () => {
    clock = new Date();
    const customer = await newCustomer();
    const order = await paidOrder(customer.id);
    const row = await prisma.refund.create({
      data: { orderId: order.id, key: `cancel:${order.id}`, amountCents: 500, reason: "Goodwill", cause: "shop" },
    });
    await lifecycle.refundDelivery({ payload: { refundId: row.id } });
    const [sent] = await prisma.emailMessage.findMany({ where: { to: customer.email, template: "order-refunded" } });
    expect(sent.text).toContain(`We refunded $5.00 to your card for order #${order.number}.`);
    expect(sent.text).not.toContain("cancelled order");
  });
});

describe("money that always adds up: the lifecycle service, driven at random (fast-check)", () => {
  /** One thing that can happen to an order's money, as an operator, the shopper or the outbox does it. */
  const anyStep = fc.oneof(
    { arbitrary: fc.constant({ kind: "cancel" as const }), weight: 1 },
    { arbitrary: fc.constant({ kind: "fulfil" as const }), weight: 1 },
    {
      arbitrary: fc.record({
        kind: fc.constant("return" as const),
        line: fc.nat(1),
        quantity: fc.integer({ min: 1, max: 2 }),
      }),
      weight: 2,
    },
    { arbitrary: fc.constant({ kind: "receive" as const }), weight: 3 },
    {
      arbitrary: fc.record({ kind: fc.constant("operator" as const), percent: fc.integer({ min: 20, max: 110 }) }),
      weight: 3,
    },
    { arbitrary: fc.constant({ kind: "deliver" as const }), weight: 1 },
  );
  let operator: AuditActor;
  beforeAll(async () => {
    operator = (await newAdmin("owner", "money-property")).actor;
  });

  /** A refusal of the lifecycle (a step out of turn, an amount over what is left) is fine; anything else is a bug. */
  async function tolerated(work: Promise<unknown>) {
    try {
      await work;
    } catch (error) {
      if (!(error instanceof LifecycleError)) throw error;
    }
  }

  it("refunds never pass what was captured, whatever happens in whatever order", async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.array(anyStep, { minLength: 1, maxLength: 10 }), async (delivered, steps) => {
        clock = new Date();
        const customer = await newCustomer();
        const order = delivered ? await deliveredOrder(customer.id) : await paidOrder(customer.id);
        const oldest = async (status: string) =>
          (await prisma.orderReturn.findFirst({ where: { orderId: order.id, status }, orderBy: { createdAt: "asc" } }))
            ?.id;
        for (const step of steps) {
          const { status } = await orderOf(order.id);
          if (step.kind === "cancel") await tolerated(lifecycle.cancel(customer.id, order.id));
          if (step.kind === "fulfil" && status === "paid") await lifecycle.markPacked(order.id);
          if (step.kind === "fulfil" && status === "packed") {
            await lifecycle.markShipped(order.id, { carrier: "usps", trackingNumber: "9400111899223197428490" });
          }
          if (step.kind === "fulfil" && status === "shipped") await lifecycle.markDelivered(order.id);
          if (step.kind === "return") {
            await tolerated(
              lifecycle.requestReturn({
                customerId: customer.id,
                orderId: order.id,
                requestKey: crypto.randomUUID(),
                reason: "Other",
                comment: null,
                lines: [{ orderLineId: order.lines[step.line].id, quantity: step.quantity }],
              }),
            );
          }
          if (step.kind === "receive") {
            // The oldest open return, approved first when it is still only requested.
            const requested = await oldest("requested");
            if (requested) await lifecycle.approveReturn(requested);
            const id = await oldest("approved");
            if (id) await lifecycle.receiveReturn(id);
          }
          if (step.kind === "operator") {
            const amountCents = Math.ceil((order.totalCents * step.percent) / 100);
            await tolerated(
              lifecycle.refundByOperator(
                { orderId: order.id, key: crypto.randomUUID(), amountCents, reason: "Goodwill" },
                operator,
              ),
            );
          }
          if (step.kind === "deliver") await deliverRefunds();

          const now = await orderOf(order.id);
          const payment = await prisma.payment.findUniqueOrThrow({ where: { id: order.paymentId! } });
          const refunds = await prisma.refund.findMany({ where: { orderId: order.id } });
          const sum = (status: string) =>
            refunds.filter((r) => r.status === status).reduce((total, r) => total + r.amountCents, 0);
          // What the provider gave back never passes what it captured, and the shop agrees with it.
          expect(payment.refundedCents).toBeLessThanOrEqual(payment.amountCents);
          expect(now.refundedCents).toBe(payment.refundedCents);
          expect(sum("succeeded")).toBe(now.refundedCents);
          // What is given back and on its way never passes the order's total, so nothing fails.
          expect(sum("succeeded") + sum("pending")).toBeLessThanOrEqual(now.totalCents);
          expect(sum("failed")).toBe(0);
        }
        await deliverRefunds();
        const settled = await prisma.refund.findMany({ where: { orderId: order.id } });
        expect(settled.filter((r) => r.status !== "succeeded")).toEqual([]);
        expect((await orderOf(order.id)).refundedCents).toBeLessThanOrEqual(order.totalCents);
      }),
      { numRuns: 25 },
    );
  });
});

describe("aftercare", () => {
  it("shows the customer's own order's timeline, tracking, refunds and returns; anyone else's is NOT_FOUND", async () => {
    clock = new Date();
    const customer = await newCustomer();
    const order = await deliveredOrder(customer.id);
    const { returnId } = await lifecycle.requestReturn({
      customerId: customer.id,
      orderId: order.id,
      requestKey: crypto.randomUUID(),
      reason: "Other",
      comment: null,
      lines: [{ orderLineId: order.lines[0].id, quantity: 1 }],
    });
    await lifecycle.approveReturn(returnId);
    await lifecycle.receiveReturn(returnId);
    const view = await lifecycle.aftercare(customer.id, order.id);
    expect(view.timeline.map((s) => s.kind)).toEqual([
      "placed",
      "paid",
      "packed",
      "shipped",
      "delivered",
      "return_requested",
      "return_approved",
      "return_received",
    ]);
    expect(view.tracking).toMatchObject({ carrierName: "UPS", trackingNumber: "1Z999AA10123456784" });
    expect(view).toMatchObject({
      refundedCents: 0,
      pendingRefundCents: order.lines[0].unitPriceCents,
      cancelRefusal: expect.stringMatching(/delivered/),
      returnRefusal: null,
      returnWindowEndsAt: new Date(clock.getTime() + WINDOW_DAYS * DAY).toISOString(),
    });
    expect(view.returnableLines.map((l) => l.left)).toEqual([1, 1]);
    expect(view.returns).toMatchObject([
      {
        id: returnId,
        status: "received",
        lines: [{ orderLineId: order.lines[0].id, productTitle: "Dog Food", quantity: 1 }],
      },
    ]);
    const stranger = await newCustomer();
    expect((await refused(lifecycle.aftercare(stranger.id, order.id))).code).toBe("NOT_FOUND");
  });
});

describe("npm run orders:advance (scripts/orders-advance.ts)", () => {
  const run = (...args: string[]) =>
    promisify(execFile)(path.resolve("node_modules/.bin/tsx"), [path.resolve("scripts/orders-advance.ts"), ...args], {
      env: { ...process.env },
      timeout: 60_000,
    });

  it("walks an order to delivered, moves its return, and exits 1 with the reason on a refusal", async () => {
    clock = new Date();
    const customer = await newCustomer();
    const order = await paidOrder(customer.id);
    const { stdout } = await run(String(order.number), "delivered");
    expect(stdout.trim()).toBe(`Order #${order.number}: packed, shipped (UPS 1Z999AA10123456784), delivered.`);
    expect(await eventsOf(order.id)).toEqual(["paid", "packed", "shipped", "delivered"]);
    await expect(run(String(order.number), "packed")).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("cannot be marked packed"),
    });
    await expect(run("approve-return", String(order.number))).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("has no requested return"),
    });
    clock = new Date();
    const { returnId } = await lifecycle.requestReturn({
      customerId: customer.id,
      orderId: order.id,
      requestKey: crypto.randomUUID(),
      reason: "Other",
      comment: null,
      lines: [{ orderLineId: order.lines[1].id, quantity: 1 }],
    });
    expect((await run("approve-return", String(order.number))).stdout).toContain(`return ${returnId} approved`);
    expect((await run("receive-return", String(order.number))).stdout).toContain("its refund is queued");
    expect(await prisma.refund.count({ where: { returnId } })).toBe(1);
    await expect(run("999999999", "packed")).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("no order #999999999"),
    });
    await expect(run("100001", "returned")).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("usage:"),
    });
  }, 120_000);
});

describe("/dev/orders (the developers' fulfilment page)", () => {
  it("lists recent orders and moves one through each step with plain posts; a refusal answers beside its form", async () => {
    clock = new Date();
    const customer = await newCustomer();
    const order = await paidOrder(customer.id);
    const page = await callRoute(devOrdersLoader, getRequest("/dev/orders"));
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    const { orders } = (await page.json()) as { orders: { id: string; status: string }[] };
    expect(orders.find((o) => o.id === order.id)).toMatchObject({ status: "paid" });

    const jar = new Jar();
    const post = (fields: Record<string, string>) =>
      callRoute(devOrdersAction, formRequest("/dev/orders", fields, jar), jar);
    const packed = await post({ intent: "packed", orderId: order.id });
    expect(packed.status).toBe(302);
    expect(packed.headers.get("Location")).toBe("/dev/orders");
    expect(await flashedNotice(jar)).toMatchObject({ tone: "success", message: "The order is packed." });

    const bad = await post({ intent: "shipped", orderId: order.id, carrier: "ups", trackingNumber: "12" });
    expect(bad.status).toBe(400);
    expect(bad.headers.get("Cache-Control")).toBe("private, no-store");
    const refused = await bad.json();
    expect(refused).toMatchObject({ target: order.id, status: "error" });
    expect(Object.keys(refused.error)).toEqual(["trackingNumber"]);

    expect(
      (
        await post({
          intent: "shipped",
          orderId: order.id,
          carrier: "usps",
          trackingNumber: "9400 1118 9922 3197 4284 90",
        })
      ).status,
    ).toBe(302);
    expect((await post({ intent: "delivered", orderId: order.id })).status).toBe(302);
    expect(await orderOf(order.id)).toMatchObject({
      status: "delivered",
      carrier: "usps",
      trackingNumber: "9400111899223197428490",
    });
    const wrong = await post({ intent: "packed", orderId: order.id });
    expect(wrong.status).toBe(409);

    clock = new Date();
    const { returnId } = await lifecycle.requestReturn({
      customerId: customer.id,
      orderId: order.id,
      requestKey: crypto.randomUUID(),
      reason: "Other",
      comment: null,
      lines: [{ orderLineId: order.lines[0].id, quantity: 1 }],
    });
    expect((await post({ intent: "approve-return", returnId })).status).toBe(302);
    expect((await post({ intent: "receive-return", returnId })).status).toBe(302);
    expect(await prisma.orderReturn.findUniqueOrThrow({ where: { id: returnId } })).toMatchObject({
      status: "received",
    });

    const unknown = await post({ intent: "refund-everything", orderId: order.id });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error[""]).toEqual(["Unknown action. Reload the page and try again."]);
  });

  it("does not exist in production (unless DEV_OUTBOX)", async () => {
    const settings = env as { NODE_ENV: string; DEV_OUTBOX: boolean };
    const before = { ...settings };
    settings.NODE_ENV = "production";
    settings.DEV_OUTBOX = false;
    try {
      expect((await callRoute(devOrdersLoader, getRequest("/dev/orders"))).status).toBe(404);
      expect(
        (await callRoute(devOrdersAction, formRequest("/dev/orders", { intent: "packed", orderId: "x" }))).status,
      ).toBe(404);
    } finally {
      settings.NODE_ENV = before.NODE_ENV;
      settings.DEV_OUTBOX = before.DEV_OUTBOX;
    }
  });
});
