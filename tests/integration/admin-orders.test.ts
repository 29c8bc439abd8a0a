// The back office's orders and returns (docs/rules.md "Back office: orders"), called the way a
// browser without JavaScript uses them: every role on every loader and action (allowed, or 403
// with nothing changed), the audit entry of each change, the refund's limits, bulk ship's
// per-order outcomes, the orders search, the confirmations of the actions that move money and the
// CSV exports, on SQLite and PostgreSQL alike.
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { ADMIN_ROLES, rolesWith, type AdminRole, type Permission } from "~/models/admin-roles";
import { action as orderAction, loader as orderLoader } from "~/routes/admin.orders.$number";
import { action as ordersCsvAction, loader as ordersCsvLoader } from "~/routes/admin.orders[.]csv";
import { loader as auditCsvLoader } from "~/routes/admin.audit[.]csv";
import { loader as ordersLoader } from "~/routes/admin.orders._index";
import { action as shipAction, loader as shipLoader } from "~/routes/admin.orders.ship";
import { action as returnsAction, loader as returnsLoader } from "~/routes/admin.returns";
import { nextOrderNumber } from "~/services/orders/index.server";
import { adminsOfEveryRole, auditOf, type TestAdmin } from "../helpers/admin";
import { callRoute, flashedNotice, formRequest, getRequest, Jar } from "../helpers/routes";
import { ensureSeeded, TEST_ADDRESS } from "../helpers/seeded";

let admins: Record<AdminRole, TestAdmin>;
let variant: {
  id: string;
  sku: string;
  title: string;
  priceCents: number;
  product: { title: string };
};

beforeAll(async () => {
  await ensureSeeded();
  admins = await adminsOfEveryRole("orders");
  variant = await prisma.productVariant.findFirstOrThrow({
    where: { product: { soldOnDtc: true } },
    select: { id: true, sku: true, title: true, priceCents: true, product: { select: { title: true } } },
    orderBy: { sku: "asc" },
  });
});

const TOTAL = 10_000;

/** An order of two units at $45 plus $10 shipping ($100.00), in `status`; a guest's unless a customer is given. */
async function anOrder(
  status = "paid",
  options: { customerId?: string | null; email?: string; site?: string; createdAt?: Date; quantity?: number } = {},
) {
  return prisma.order.create({
    data: {
      number: await nextOrderNumber(prisma),
      site: options.site ?? "DTC",
      customerId: options.customerId ?? null,
      email: options.email ?? `guest-${crypto.randomUUID()}@example.com`,
      status,
      subtotalCents: 9_000,
      shippingCents: 1_000,
      totalCents: TOTAL,
      shippingAddress: JSON.stringify(TEST_ADDRESS),
      paymentSummary: "visa ending 4242",
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
      ...(status === "shipped" ? { carrier: "ups", trackingNumber: "1Z999AA10123456784" } : {}),
      lines: {
        create: {
          variantId: variant.id,
          productTitle: variant.product.title,
          variantTitle: variant.title,
          sku: variant.sku,
          quantity: options.quantity ?? 2,
          unitPriceCents: 4_500,
          weightValue: 15.5,
          weightUnit: "lbs",
        },
      },
    },
    include: { lines: true },
  });
}

/** Everything an action could change about an order, to show a refused one changed nothing. */
async function stateOf(orderId: string) {
  const order = await prisma.order.findUniqueOrThrow({
    where: { id: orderId },
    select: { status: true, carrier: true, trackingNumber: true, refundedCents: true, email: true },
  });
  return {
    order,
    refunds: await prisma.refund.count({ where: { orderId } }),
    events: await prisma.orderEvent.count({ where: { orderId } }),
    returns: await prisma.orderReturn.findMany({ where: { orderId }, select: { id: true, status: true } }),
    audit: (await auditOf("order", orderId)).length,
    emails: await prisma.emailMessage.count({ where: { to: order.email } }),
    stock: (await prisma.productVariant.findUniqueOrThrow({ where: { id: variant.id }, select: { inventory: true } }))
      .inventory,
  };
}

const allowed = (permission: Permission, role: AdminRole) => rolesWith(permission).includes(role);

const post = (admin: TestAdmin, path: string, fields: Record<string, string>, params: Record<string, string> = {}) =>
  callRoute(
    path.startsWith("/admin/returns") ? returnsAction : path === "/admin/orders/ship" ? shipAction : orderAction,
    formRequest(path, fields, admin.jar),
    admin.jar,
    { params },
  );

describe("who may open the orders pages", () => {
  const pages = [
    { name: "the orders list", path: "/admin/orders", loader: ordersLoader, permission: "orders.view", params: {} },
    { name: "bulk ship", path: "/admin/orders/ship", loader: shipLoader, permission: "orders.fulfil", params: {} },
    {
      name: "the returns queue",
      path: "/admin/returns",
      loader: returnsLoader,
      permission: "returns.view",
      params: {},
    },
  ] as const;

  for (const page of pages) {
    for (const role of ADMIN_ROLES) {
      it(`${page.name}: ${role} is ${allowed(page.permission, role) ? "let in" : "refused"}`, async () => {
        const admin = admins[role];
        const response = await callRoute(page.loader, getRequest(page.path, admin.jar), admin.jar);
        expect(response.status).toBe(allowed(page.permission, role) ? 200 : 403);
        if (allowed(page.permission, role)) expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      });
    }
  }

  for (const role of ADMIN_ROLES) {
    it(`the order page: ${role} is ${allowed("orders.view", role) ? "let in" : "refused"}`, async () => {
      const order = await anOrder();
      const admin = admins[role];
      const response = await callRoute(orderLoader, getRequest(`/admin/orders/${order.number}`, admin.jar), admin.jar, {
        params: { number: String(order.number) },
      });
      expect(response.status).toBe(allowed("orders.view", role) ? 200 : 403);
    });
  }

  it("sends a visitor to sign in, and answers 404 for an unknown or malformed number", async () => {
    const jar = new Jar();
    const visitor = await callRoute(orderLoader, getRequest("/admin/orders/1", jar), jar, { params: { number: "1" } });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toMatch(/^\/admin\/login\?redirect=/);
    const owner = admins.owner;
    for (const number of ["999999999", "abc", "-1", "1e3"]) {
      const response = await callRoute(orderLoader, getRequest(`/admin/orders/${number}`, owner.jar), owner.jar, {
        params: { number },
      });
      expect(response.status).toBe(404);
    }
  });
});

describe("the order page's actions, every role", () => {
  const cases: {
    intent: string;
    permission: Permission;
    status: string;
    fields: () => Record<string, string>;
    after: string;
    audit: { action: string; before: Record<string, unknown>; after: Record<string, unknown> };
  }[] = [
    {
      intent: "packed",
      permission: "orders.fulfil",
      status: "paid",
      fields: () => ({}),
      after: "packed",
      audit: { action: "order.packed", before: { status: "paid" }, after: { status: "packed" } },
    },
    {
      intent: "shipped",
      permission: "orders.fulfil",
      status: "packed",
      fields: () => ({ carrier: "fedex", trackingNumber: "7489 2222 3333" }),
      after: "shipped",
      audit: {
        action: "order.shipped",
        before: { status: "packed", carrier: null, trackingNumber: null },
        after: { status: "shipped", carrier: "fedex", trackingNumber: "748922223333" },
      },
    },
    {
      intent: "delivered",
      permission: "orders.fulfil",
      status: "shipped",
      fields: () => ({}),
      after: "delivered",
      audit: { action: "order.delivered", before: { status: "shipped" }, after: { status: "delivered" } },
    },
    {
      intent: "cancel",
      permission: "orders.cancel",
      status: "paid",
      fields: () => ({ confirmed: "yes" }),
      after: "cancelled",
      audit: { action: "order.cancel", before: { status: "paid" }, after: { status: "cancelled", refundCents: TOTAL } },
    },
    {
      intent: "refund",
      permission: "orders.refund",
      status: "delivered",
      fields: () => ({ refundKey: crypto.randomUUID(), amount: "12.50", reason: "Bag arrived torn", confirmed: "yes" }),
      after: "delivered",
      audit: {
        action: "order.refund",
        before: { refundedCents: 0, pendingRefundCents: 0 },
        after: { refundCents: 1_250, reason: "Bag arrived torn" },
      },
    },
    {
      intent: "resend",
      permission: "orders.resend",
      status: "paid",
      fields: () => ({}),
      after: "paid",
      audit: { action: "order.resend-confirmation", before: {}, after: {} },
    },
  ];

  for (const c of cases) {
    for (const role of ADMIN_ROLES) {
      const may = allowed(c.permission, role);
      it(`${c.intent}: ${role} ${may ? "may" : "is refused (403) and nothing changes"}`, async () => {
        const admin = admins[role];
        const order = await anOrder(c.status);
        const before = await stateOf(order.id);
        const response = await post(
          admin,
          `/admin/orders/${order.number}`,
          { intent: c.intent, ...c.fields() },
          { number: String(order.number) },
        );
        if (!may) {
          expect(response.status).toBe(403);
          expect((await response.json()).message).toMatch(/cannot do this/);
          expect(await stateOf(order.id)).toEqual(before);
          return;
        }
        expect(response.status).toBe(302);
        expect(response.headers.get("Location")).toBe(`/admin/orders/${order.number}`);
        expect((await flashedNotice(admin.jar))?.tone).toBe("success");
        const after = await stateOf(order.id);
        expect(after.order.status).toBe(c.after);
        const [entry, ...older] = await auditOf("order", order.id);
        expect(older).toHaveLength(0);
        expect(entry).toMatchObject({
          actorEmail: admin.email,
          actorRole: role,
          action: c.audit.action,
          subjectLabel: `Order #${order.number}`,
        });
        if (c.intent !== "resend") {
          expect(JSON.parse(entry.before ?? "null")).toMatchObject(c.audit.before);
          expect(JSON.parse(entry.after ?? "null")).toMatchObject(c.audit.after);
        }
      });
    }
  }

  it("an unknown intent is 400 and a refused step (wrong status) is 409, nothing changed", async () => {
    const owner = admins.owner;
    const order = await anOrder("paid");
    const params = { number: String(order.number) };
    const before = await stateOf(order.id);
    const unknown = await post(owner, `/admin/orders/${order.number}`, { intent: "explode" }, params);
    expect(unknown.status).toBe(400);
    const wrong = await post(owner, `/admin/orders/${order.number}`, { intent: "delivered" }, params);
    expect(wrong.status).toBe(409);
    expect((await wrong.json()).error[""]).toEqual([expect.stringMatching(/is paid; it cannot be marked delivered/)]);
    const badShip = await post(owner, `/admin/orders/${order.number}`, { intent: "shipped", carrier: "dhl" }, params);
    expect(badShip.status).toBe(400);
    expect((await badShip.json()).error).toMatchObject({
      carrier: ["Choose the carrier."],
      trackingNumber: ["Enter the tracking number."],
    });
    expect(await stateOf(order.id)).toEqual(before);
  });

  it("cancel: a guest's paid order, with the shopper's effects (stock back, refund and email queued)", async () => {
    const order = await anOrder("paid");
    const before = await stateOf(order.id);
    const response = await post(
      admins.support,
      `/admin/orders/${order.number}`,
      { intent: "cancel", confirmed: "yes" },
      { number: String(order.number) },
    );
    expect(response.status).toBe(302);
    const after = await stateOf(order.id);
    expect(after.stock).toBe(before.stock + 2);
    const refund = await prisma.refund.findUniqueOrThrow({ where: { key: `cancel:${order.id}` } });
    expect(refund).toMatchObject({ amountCents: TOTAL, status: "pending", reason: "Cancelled by the shop" });
    expect(await prisma.emailMessage.count({ where: { to: order.email, template: "order-cancelled" } })).toBe(1);
    // Again: nothing more.
    await post(
      admins.support,
      `/admin/orders/${order.number}`,
      { intent: "cancel", confirmed: "yes" },
      { number: String(order.number) },
    );
    expect(await stateOf(order.id)).toEqual(after);
  });

  it("resend queues the checkout's confirmation template through the outbox", async () => {
    const order = await anOrder("shipped");
    await post(
      admins.fulfilment,
      `/admin/orders/${order.number}`,
      { intent: "resend" },
      { number: String(order.number) },
    );
    const sent = await prisma.emailMessage.findFirstOrThrow({ where: { to: order.email } });
    expect(sent.template).toBe("order-confirmation");
    expect(sent.subject).toMatch(String(order.number));
    expect(sent.outboxMessageId).not.toBeNull();
  });
});

describe("refund limits", () => {
  /** A delivered $100.00 order with $10.00 refunded and $5.00 on its way: $85.00 is left. */
  async function partlyRefunded() {
    const order = await anOrder("delivered");
    await prisma.order.update({ where: { id: order.id }, data: { refundedCents: 1_000 } });
    await prisma.refund.create({
      data: { orderId: order.id, key: `test:${order.id}`, amountCents: 500, reason: "Earlier" },
    });
    return order;
  }
  const refund = (order: { number: number }, amount: string, refundKey = crypto.randomUUID()) =>
    post(
      admins.support,
      `/admin/orders/${order.number}`,
      { intent: "refund", refundKey, amount, reason: "Goodwill", confirmed: "yes" },
      { number: String(order.number) },
    );

  it("refuses one cent more than is left, beside the amount field, and nothing or junk", async () => {
    const order = await partlyRefunded();
    const before = await stateOf(order.id);
    const over = await refund(order, "85.01");
    expect(over.status).toBe(400);
    expect(await over.json()).toMatchObject({
      form: "refund",
      error: { amount: ["Refund at most $85.00, what is left to refund."] },
    });
    for (const [amount, message] of [
      ["0", "Enter an amount of at least $0.01."],
      ["0.00", "Enter an amount of at least $0.01."],
      ["-5", "Enter the amount in dollars, e.g. 12.50."],
      ["12.345", "Enter the amount in dollars, e.g. 12.50."],
      ["lots", "Enter the amount in dollars, e.g. 12.50."],
    ]) {
      const response = await refund(order, amount);
      expect(response.status).toBe(400);
      expect((await response.json()).error.amount).toEqual([message]);
    }
    expect(await stateOf(order.id)).toEqual(before);
  });

  it("refunds exactly what is left, once for a double submit, as a Refund row and its outbox message", async () => {
    const order = await partlyRefunded();
    const key = crypto.randomUUID();
    const first = await refund(order, "$85.00", key);
    expect(first.status).toBe(302);
    const again = await refund(order, "$85.00", key);
    expect(again.status).toBe(302);
    expect((await flashedNotice(admins.support.jar))?.message).toMatch(/already made/);
    const rows = await prisma.refund.findMany({ where: { orderId: order.id, reason: "Goodwill" } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountCents: 8_500, status: "pending", key: `operator:${order.id}:${key}` });
    const messages = await prisma.outboxMessage.findMany({ where: { topic: "payment-refund" } });
    expect(messages.filter((m) => JSON.parse(m.payload).refundId === rows[0].id)).toHaveLength(1);
    expect(await auditOf("order", order.id)).toHaveLength(1);
    // Nothing is left: the form is gone and another refund is refused.
    const page = await callRoute(
      orderLoader,
      getRequest(`/admin/orders/${order.number}`, admins.support.jar),
      admins.support.jar,
      { params: { number: String(order.number) } },
    );
    const data = await page.json();
    expect(data.order.refundableCents).toBe(0);
    expect(data.actions.refund).toBe(false);
    const more = await refund(order, "0.01");
    expect((await more.json()).error.amount).toEqual(["Nothing is left to refund on this order."]);
  });

  it("a cancel after a partial refund gives back only the rest", async () => {
    const order = await anOrder("paid");
    await refund(order, "30");
    await post(
      admins.support,
      `/admin/orders/${order.number}`,
      { intent: "cancel", confirmed: "yes" },
      { number: String(order.number) },
    );
    const cancel = await prisma.refund.findUniqueOrThrow({ where: { key: `cancel:${order.id}` } });
    expect(cancel.amountCents).toBe(TOTAL - 3_000);
  });

  it("counts requested and approved returns in what is left: the page and the refund agree, to the cent", async () => {
    const order = await partlyRefunded();
    for (const [status, refundCents] of [
      ["requested", 2_000],
      ["approved", 1_000],
      ["received", 9_999],
      ["refunded", 9_999],
    ] as const) {
      await prisma.orderReturn.create({
        data: { orderId: order.id, status, reason: "Other", requestKey: crypto.randomUUID(), refundCents },
      });
    }
    const page = await callRoute(
      orderLoader,
      getRequest(`/admin/orders/${order.number}`, admins.support.jar),
      admins.support.jar,
      { params: { number: String(order.number) } },
    );
    // $100.00 − $10.00 refunded − $5.00 on its way − $30.00 promised to open returns.
    expect((await page.json()).order.refundableCents).toBe(5_500);
    const over = await refund(order, "55.01");
    expect((await over.json()).error.amount).toEqual(["Refund at most $55.00, what is left to refund."]);
    expect((await refund(order, "55.00")).status).toBe(302);
  });

  it("shows a refund that failed for good as failed, with why, and on the timeline", async () => {
    const order = await anOrder("delivered");
    await prisma.refund.create({
      data: {
        orderId: order.id,
        key: `test:${order.id}`,
        amountCents: 500,
        reason: "Goodwill",
        cause: "shop",
        status: "failed",
        failure: "Only 0 cents of this charge are left to refund.",
        failedAt: new Date(),
      },
    });
    await prisma.orderEvent.create({
      data: {
        orderId: order.id,
        kind: "refund_failed",
        amountCents: 500,
        detail: "Only 0 cents of this charge are left to refund.",
      },
    });
    const page = await callRoute(
      orderLoader,
      getRequest(`/admin/orders/${order.number}`, admins.support.jar),
      admins.support.jar,
      { params: { number: String(order.number) } },
    );
    const { order: shown } = await page.json();
    expect(shown.refunds).toMatchObject([
      { status: "failed", amountCents: 500, failure: "Only 0 cents of this charge are left to refund." },
    ]);
    expect(shown.pendingRefundCents).toBe(0);
    expect(shown.refundableCents).toBe(TOTAL);
    expect(shown.timeline.at(-1)).toMatchObject({ kind: "refund_failed", label: "Refund failed", amountCents: 500 });
  });
});

describe("bulk ship", () => {
  for (const role of ADMIN_ROLES) {
    const may = allowed("orders.fulfil", role);
    it(`${role} ${may ? "may" : "is refused (403) and nothing changes"}`, async () => {
      const order = await anOrder("packed");
      const before = await stateOf(order.id);
      const response = await post(admins[role], "/admin/orders/ship", {
        intent: "ship",
        order: order.id,
        [`carrier.${order.id}`]: "usps",
        [`tracking.${order.id}`]: "9400111899223197428490",
      });
      if (!may) {
        expect(response.status).toBe(403);
        expect(await stateOf(order.id)).toEqual(before);
        return;
      }
      expect(response.status).toBe(200);
      expect((await stateOf(order.id)).order).toMatchObject({ status: "shipped", carrier: "usps" });
      const [entry] = await auditOf("order", order.id);
      expect(entry).toMatchObject({ action: "order.shipped", actorEmail: admins[role].email });
    });
  }

  it("ships every valid ticked row and says why each other one was refused", async () => {
    const good = await anOrder("packed");
    const badNumber = await anOrder("packed");
    const notPacked = await anOrder("paid");
    const unticked = await anOrder("packed");
    const body = new URLSearchParams({ intent: "ship" });
    for (const id of [good.id, badNumber.id, notPacked.id, "no-such-order"]) body.append("order", id);
    for (const o of [good, badNumber, notPacked, unticked]) body.set(`carrier.${o.id}`, "ups");
    body.set(`tracking.${good.id}`, "1Z999AA10123456784");
    body.set(`tracking.${badNumber.id}`, "short");
    body.set(`tracking.${notPacked.id}`, "1Z999AA10123456785");
    body.set(`tracking.${unticked.id}`, "1Z999AA10123456786");
    const response = await post(admins.fulfilment, "/admin/orders/ship", { intent: "ship" });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toEqual({ order: ["Tick between 1 and 200 orders to ship."] });
    const answer = await callRoute(
      shipAction,
      new Request("http://localhost:3000/admin/orders/ship", {
        method: "POST",
        body,
        headers: { Cookie: admins.fulfilment.jar.header, "Content-Type": "application/x-www-form-urlencoded" },
      }),
      admins.fulfilment.jar,
    );
    expect(answer.status).toBe(200);
    const { outcomes, message } = await answer.json();
    expect(message).toBe("1 of 4 orders shipped.");
    expect(outcomes).toEqual([
      { orderId: good.id, number: good.number, shipped: true, message: "Shipped with UPS 1Z999AA10123456784." },
      {
        orderId: badNumber.id,
        number: badNumber.number,
        shipped: false,
        message: "Refused: Enter a tracking number of 8 to 40 letters and digits.",
      },
      {
        orderId: notPacked.id,
        number: notPacked.number,
        shipped: false,
        message: `Refused: Order #${notPacked.number} is paid; it cannot be marked shipped.`,
      },
      { orderId: "no-such-order", number: null, shipped: false, message: "Refused: no such order." },
    ]);
    const statuses = await prisma.order.findMany({
      where: { id: { in: [good.id, badNumber.id, notPacked.id, unticked.id] } },
      select: { id: true, status: true },
    });
    expect(Object.fromEntries(statuses.map((s) => [s.id, s.status]))).toEqual({
      [good.id]: "shipped",
      [badNumber.id]: "packed",
      [notPacked.id]: "paid",
      [unticked.id]: "packed",
    });
  });
});

describe("the returns queue", () => {
  async function aReturn(status: "requested" | "approved", refundCents = 4_500) {
    const order = await anOrder("delivered", { quantity: 2 });
    const created = await prisma.orderReturn.create({
      data: {
        orderId: order.id,
        status,
        reason: "Damaged or leaking",
        comment: "Leaked in the box",
        requestKey: crypto.randomUUID(),
        refundCents,
        lines: { create: { orderLineId: order.lines[0].id, quantity: 1, refundCents } },
      },
    });
    return { order, returnId: created.id };
  }
  const returnState = async (returnId: string, orderId: string) => ({
    ret: await prisma.orderReturn.findUniqueOrThrow({ where: { id: returnId }, select: { status: true } }),
    refunds: await prisma.refund.count({ where: { orderId } }),
    audit: (await auditOf("return", returnId)).length,
  });

  for (const [intent, permission, from, to] of [
    ["approve", "returns.approve", "requested", "approved"],
    ["receive", "returns.receive", "approved", "received"],
  ] as const) {
    for (const role of ADMIN_ROLES) {
      const may = allowed(permission, role);
      it(`${intent}: ${role} ${may ? "may" : "is refused (403) and nothing changes"}`, async () => {
        const { order, returnId } = await aReturn(from);
        const before = await returnState(returnId, order.id);
        const response = await post(admins[role], "/admin/returns", { intent, returnId, confirmed: "yes" });
        if (!may) {
          expect(response.status).toBe(403);
          expect(await returnState(returnId, order.id)).toEqual(before);
          return;
        }
        expect(response.status).toBe(302);
        const after = await returnState(returnId, order.id);
        expect(after.ret.status).toBe(to);
        expect(after.refunds).toBe(intent === "receive" ? 1 : 0);
        const [entry] = await auditOf("return", returnId);
        expect(entry).toMatchObject({
          actorEmail: admins[role].email,
          actorRole: role,
          action: `return.${intent}`,
          subjectLabel: `Return of order #${order.number}`,
        });
        expect(JSON.parse(entry.before ?? "null")).toEqual({ status: from });
        expect(JSON.parse(entry.after ?? "null")).toMatchObject({ status: to });
      });
    }
  }

  it("lists open returns oldest first with the refund to come, and the received ones with their refund status", async () => {
    const { returnId } = await aReturn("approved", 4_321);
    const page = await callRoute(
      returnsLoader,
      getRequest("/admin/returns", admins.fulfilment.jar),
      admins.fulfilment.jar,
    );
    const data = await page.json();
    const row = data.returns.find((r: { id: string }) => r.id === returnId);
    expect(row).toMatchObject({
      status: "approved",
      refundCents: 4_321,
      refundStatus: null,
      comment: "Leaked in the box",
    });
    const times = data.returns.map((r: { createdAt: string }) => r.createdAt);
    expect([...times].sort()).toEqual(times);
    expect(data.actions).toEqual({ approve: false, receive: true });
    expect(data.counts.approved).toBeGreaterThanOrEqual(1);
    await post(admins.fulfilment, "/admin/returns", { intent: "receive", returnId, confirmed: "yes" });
    const received = await (
      await callRoute(
        returnsLoader,
        getRequest("/admin/returns?status=received", admins.fulfilment.jar),
        admins.fulfilment.jar,
      )
    ).json();
    expect(received.returns.find((r: { id: string }) => r.id === returnId)).toMatchObject({ refundStatus: "pending" });
    const junk = await post(admins.owner, "/admin/returns", { intent: "receive" });
    expect(junk.status).toBe(400);
    const unknown = await post(admins.owner, "/admin/returns", { intent: "approve", returnId: "nope" });
    expect(unknown.status).toBe(404);
  });
});

describe("the orders search", () => {
  const token = crypto.randomUUID().slice(0, 8);
  let named: Awaited<ReturnType<typeof anOrder>>;
  let hpsf: Awaited<ReturnType<typeof anOrder>>;
  let early: Awaited<ReturnType<typeof anOrder>>;

  beforeAll(async () => {
    const customer = await prisma.customer.create({
      data: { site: "DTC", email: `Quincy.${token}@Example.com`, firstName: "Quincy", lastName: `Zed${token}` },
    });
    named = await anOrder("shipped", {
      customerId: customer.id,
      email: `Quincy.${token}@Example.com`,
      // 23:59 on March 4 in New York (the shop's time zone), March 5 in UTC.
      createdAt: new Date("2031-03-05T04:59:00Z"),
    });
    hpsf = await anOrder("paid", {
      site: "HPSF",
      email: `clinic-${token}@example.com`,
      // 00:00 on March 5 in New York.
      createdAt: new Date("2031-03-05T05:00:00Z"),
    });
    early = await anOrder("paid", { email: `early-${token}@example.com`, createdAt: new Date("2031-03-03T12:00:00Z") });
  });

  const search = async (query: string, role: AdminRole = "support") => {
    const admin = admins[role];
    const response = await callRoute(ordersLoader, getRequest(`/admin/orders?${query}`, admin.jar), admin.jar);
    expect(response.status).toBe(200);
    return (await response.json()) as { orders: { number: number }[]; total: number; search: Record<string, unknown> };
  };
  const numbers = (result: { orders: { number: number }[] }) => result.orders.map((o) => o.number);

  it("finds by customer email or name in any case", async () => {
    expect(numbers(await search(`customer=quincy.${token.toUpperCase()}`))).toEqual([named.number]);
    expect(numbers(await search(`customer=${encodeURIComponent(`QUINCY zed${token.toUpperCase()}`)}`))).toEqual([
      named.number,
    ]);
    expect(numbers(await search(`customer=${token}`))).toEqual(
      [early.number, hpsf.number, named.number].sort((a, b) => b - a),
    );
  });

  it("filters by number (with or without #), status, site and placed days in New York (both ends in)", async () => {
    expect(numbers(await search(`number=%23${named.number}`))).toEqual([named.number]);
    expect(numbers(await search(`number=${hpsf.number}`))).toEqual([hpsf.number]);
    expect(numbers(await search(`customer=${token}&status=shipped`))).toEqual([named.number]);
    expect(numbers(await search(`customer=${token}&site=HPSF`))).toEqual([hpsf.number]);
    expect(numbers(await search(`customer=${token}&from=2031-03-04&to=2031-03-04`))).toEqual([named.number]);
    expect(numbers(await search(`customer=${token}&from=2031-03-05`))).toEqual([hpsf.number]);
    expect(numbers(await search(`customer=${token}&to=2031-03-03`))).toEqual([early.number]);
  });

  it("ignores malformed values instead of failing", async () => {
    const result = await search(
      `customer=${token}&status=bogus&site=MARS&from=2031-13-45&to=yesterday&page=-3&number=abc`,
    );
    expect(result.total).toBe(3);
    expect(result.search).toMatchObject({ page: 1 });
    expect(result.search.status).toBeUndefined();
    const far = await search(`customer=${token}&page=999`);
    expect(far.orders).toEqual([]);
  });
});

describe("actions that move money ask first (docs/rules.md 'Back office: one form contract')", () => {
  /** The order's state with the outbox, to show a question changed nothing at all. */
  const everything = async (orderId: string) => ({
    ...(await stateOf(orderId)),
    outbox: await prisma.outboxMessage.count(),
  });

  it("cancel: without confirmed=yes it answers the question naming the refund and changes nothing; with it, cancels", async () => {
    const order = await anOrder("paid");
    const params = { number: String(order.number) };
    const before = await everything(order.id);
    const asked = await post(admins.support, `/admin/orders/${order.number}`, { intent: "cancel" }, params);
    expect(asked.status).toBe(200);
    expect(asked.headers.get("Cache-Control")).toBe("private, no-store");
    const reply = await asked.json();
    expect(reply.form).toBe("cancel");
    expect(reply.confirm).toEqual({
      question: `Cancel order #${order.number} and refund $100.00?`,
      label: "Cancel and refund",
      fields: expect.arrayContaining([["intent", "cancel"]]),
    });
    expect(await everything(order.id)).toEqual(before);
    const confirmed = await post(
      admins.support,
      `/admin/orders/${order.number}`,
      Object.fromEntries([...reply.confirm.fields, ["confirmed", "yes"]]),
      params,
    );
    expect(confirmed.status).toBe(302);
    expect((await stateOf(order.id)).order.status).toBe("cancelled");
  });

  it("refund: the question names amount and order, keeps the one-use key, and the confirmed re-post refunds once", async () => {
    const order = await anOrder("delivered");
    const params = { number: String(order.number) };
    const refundKey = crypto.randomUUID();
    const before = await everything(order.id);
    const asked = await post(
      admins.support,
      `/admin/orders/${order.number}`,
      { intent: "refund", refundKey, amount: "12", reason: "Bag arrived torn" },
      params,
    );
    expect(asked.status).toBe(200);
    const { confirm } = await asked.json();
    expect(confirm.question).toBe(`Refund $12.00 of order #${order.number} to the customer's card?`);
    expect(confirm.label).toBe("Refund");
    expect(confirm.fields).toEqual(
      expect.arrayContaining([
        ["intent", "refund"],
        ["refundKey", refundKey],
        ["amount", "12"],
        ["reason", "Bag arrived torn"],
      ]),
    );
    expect(await everything(order.id)).toEqual(before);
    // The panel's form, posted twice (a double click): one refund.
    const again = Object.fromEntries([...confirm.fields, ["confirmed", "yes"]]);
    expect((await post(admins.support, `/admin/orders/${order.number}`, again, params)).status).toBe(302);
    expect((await post(admins.support, `/admin/orders/${order.number}`, again, params)).status).toBe(302);
    const rows = await prisma.refund.findMany({ where: { orderId: order.id } });
    expect(rows).toMatchObject([{ amountCents: 1_200, key: `operator:${order.id}:${refundKey}` }]);
    expect(await auditOf("order", order.id)).toHaveLength(1);
  });

  it("receive: the question names the order and the refund it writes, and nothing changes until confirmed", async () => {
    const order = await anOrder("delivered");
    const ret = await prisma.orderReturn.create({
      data: {
        orderId: order.id,
        status: "approved",
        reason: "Damaged or leaking",
        requestKey: crypto.randomUUID(),
        refundCents: 4_500,
        lines: { create: { orderLineId: order.lines[0].id, quantity: 1, refundCents: 4_500 } },
      },
    });
    const before = { ...(await everything(order.id)), returnAudit: (await auditOf("return", ret.id)).length };
    const asked = await post(admins.fulfilment, "/admin/returns", { intent: "receive", returnId: ret.id });
    expect(asked.status).toBe(200);
    expect((await asked.json()).confirm).toMatchObject({
      question: `Mark the return of order #${order.number} received and refund $45.00 to the customer's card?`,
      label: "Receive and refund",
    });
    expect({ ...(await everything(order.id)), returnAudit: (await auditOf("return", ret.id)).length }).toEqual(before);
    const done = await post(admins.fulfilment, "/admin/returns", {
      intent: "receive",
      returnId: ret.id,
      confirmed: "yes",
    });
    expect(done.status).toBe(302);
    expect((await prisma.orderReturn.findUniqueOrThrow({ where: { id: ret.id } })).status).toBe("received");
    // A question about a return that does not exist is a 404, not a question.
    expect((await post(admins.owner, "/admin/returns", { intent: "receive", returnId: "nope" })).status).toBe(404);
  });

  it("a refund that cannot be made is refused beside its field before anything is asked", async () => {
    const order = await anOrder("delivered");
    const response = await post(
      admins.support,
      `/admin/orders/${order.number}`,
      { intent: "refund", refundKey: crypto.randomUUID(), amount: "100.01", reason: "Too much" },
      { number: String(order.number) },
    );
    expect(response.status).toBe(400);
    const reply = await response.json();
    expect(reply.confirm).toBeUndefined();
    expect(reply.error.amount).toEqual(["Refund at most $100.00, what is left to refund."]);
  });
});

/** The rows of a CSV text (RFC 4180: quoted cells may hold commas, doubled quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = "";
  };
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i += 1;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ",") {
      endCell();
    } else if (!quoted && c === "\r" && text[i + 1] === "\n") {
      endCell();
      rows.push(row);
      row = [];
      i += 1;
    } else {
      cell += c;
    }
  }
  if (cell || row.length) {
    endCell();
    rows.push(row);
  }
  return rows;
}

describe("CSV exports (docs/api.md 'Back-office CSV exports')", () => {
  const token = crypto.randomUUID().slice(0, 8);
  let tricky: Awaited<ReturnType<typeof anOrder>>;
  let formula: Awaited<ReturnType<typeof anOrder>>;

  beforeAll(async () => {
    const named = await prisma.customer.create({
      data: { site: "DTC", email: `csv-${token}@example.com`, firstName: 'Smith, "Jo"', lastName: "Jr\nII" },
    });
    tricky = await anOrder("shipped", { customerId: named.id, email: `csv-${token}@example.com` });
    const evil = await prisma.customer.create({
      data: {
        site: "DTC",
        email: `csv2-${token}@example.com`,
        firstName: '=HYPERLINK("http://evil.test")',
        lastName: "X",
      },
    });
    formula = await anOrder("paid", { customerId: evil.id, email: `@csv3-${token}@example.com` });
  });

  const download = async (loader: typeof ordersCsvLoader, path: string, role: AdminRole = "support") => {
    const admin = admins[role];
    return callRoute(loader, getRequest(path, admin.jar), admin.jar);
  };

  for (const [name, path, loader, permission] of [
    ["orders", "/admin/orders.csv", ordersCsvLoader, "orders.view"],
    ["audit", "/admin/audit.csv", auditCsvLoader, "audit.view"],
  ] as const) {
    it(`${path}: each role as the list's permission (${permission}) says, a private download`, async () => {
      for (const role of ADMIN_ROLES) {
        const response = await download(loader, `${path}?page=2`, role);
        expect([role, response.status]).toEqual([role, allowed(permission, role) ? 200 : 403]);
        if (!allowed(permission, role)) continue;
        expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
        expect(response.headers.get("Content-Disposition")).toMatch(
          new RegExp(`^attachment; filename=${name}-\\d{4}-\\d{2}-\\d{2}\\.csv$`),
        );
        expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      }
      const jar = new Jar();
      const visitor = await callRoute(loader, getRequest(path, jar), jar);
      expect(visitor.status).toBe(302);
    });
  }

  it("takes the list's filters, every matching order (not one page), totals in decimal dollars, and round-trips odd names", async () => {
    const response = await download(ordersCsvLoader, `/admin/orders.csv?customer=${token}&page=7`);
    const [header, ...rows] = parseCsv(await response.text());
    expect(header).toEqual([
      "Order",
      "Placed (UTC)",
      "Status",
      "Site",
      "Customer",
      "Email",
      "Items",
      "Total",
      "Currency",
    ]);
    expect(rows.map((row) => Number(row[0]))).toEqual([formula.number, tricky.number]);
    expect(rows[1]).toEqual([
      String(tricky.number),
      tricky.createdAt.toISOString(),
      "Shipped",
      "DTC",
      'Smith, "Jo" Jr\nII',
      `csv-${token}@example.com`,
      "2",
      "100.00",
      "USD",
    ]);
    // Formula injection: the cells that would run start with an apostrophe.
    expect(rows[0][4]).toBe('\'=HYPERLINK("http://evil.test") X');
    expect(rows[0][5]).toBe(`'@csv3-${token}@example.com`);
    const shipped = parseCsv(
      await (await download(ordersCsvLoader, `/admin/orders.csv?customer=${token}&status=shipped`)).text(),
    );
    expect(shipped.slice(1).map((row) => Number(row[0]))).toEqual([tricky.number]);
  });

  it("the audit export takes the log's filters and refuses a malformed one with a 400", async () => {
    await post(admins.owner, `/admin/orders/${tricky.number}`, { intent: "resend" }, { number: String(tricky.number) });
    const response = await download(
      auditCsvLoader,
      `/admin/audit.csv?subjectType=order&subjectId=${tricky.id}`,
      "owner",
    );
    const [header, ...rows] = parseCsv(await response.text());
    expect(header[0]).toBe("When (UTC)");
    expect(rows).toHaveLength(1);
    expect(rows[0].slice(1, 7)).toEqual([
      admins.owner.email,
      "owner",
      "order.resend-confirmation",
      "order",
      tricky.id,
      `Order #${tricky.number}`,
    ]);
    expect((await download(auditCsvLoader, "/admin/audit.csv?from=2031-02-31x", "owner")).status).toBe(400);
  });

  it("a post to an export is refused: 403 without the permission, 405 with it", async () => {
    const refused = await callRoute(
      ordersCsvAction,
      formRequest("/admin/orders.csv", {}, admins.content.jar),
      admins.content.jar,
    );
    expect(refused.status).toBe(403);
    const wrongMethod = await callRoute(
      ordersCsvAction,
      formRequest("/admin/orders.csv", {}, admins.support.jar),
      admins.support.jar,
    );
    expect(wrongMethod.status).toBe(405);
  });
});
