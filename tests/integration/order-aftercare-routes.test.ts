// My Order Details after the order (docs/rules.md "Order pages"), called the way a browser
// without JavaScript uses it: the page as the loader answers and the route renders it, and
// the cancel and return forms as plain posts to the route action. The lifecycle service is
// the real one on the test database; fulfilment moves through it as the operators' tools do.
import crypto from "node:crypto";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRemixStub } from "@remix-run/testing";
import { json } from "@remix-run/node";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { prisma } from "~/db.server";
import { RETURN_REASONS } from "~/models/order-lifecycle";
import { loader as ordersLoader } from "~/routes/account.orders";
import OrderDetails, { action as orderAction, loader as orderLoader } from "~/routes/account.orders_.$id";
import { nextOrderNumber, orderLifecycle, type OrderAftercare } from "~/services/orders/index.server";
import { callRoute, flashedNotice, formRequest, getRequest, type Jar, signedInJar } from "../helpers/routes";
import { ensureSeeded, TEST_ADDRESS } from "../helpers/seeded";
import { DEFAULT_SHOP_TIME_ZONE, formatShopDate } from "~/models/shop-time";

interface Variant {
  id: string;
  sku: string;
  title: string;
  priceCents: number;
  product: { title: string };
}
let first: Variant;
let second: Variant;

beforeAll(async () => {
  await ensureSeeded();
  const variants = await prisma.productVariant.findMany({
    where: { product: { soldOnDtc: true } },
    select: { id: true, sku: true, title: true, priceCents: true, product: { select: { title: true } } },
    orderBy: { sku: "asc" },
    take: 2,
  });
  [first, second] = variants;
});

const newCustomer = async () =>
  (
    await prisma.customer.create({
      data: { site: "DTC", email: `aftercare-${crypto.randomUUID()}@example.com`, firstName: "Robin", lastName: "Lee" },
    })
  ).id;

/** A paid order of two units of the first variant and one of the second, $5.00 shipping. */
async function paidOrder(customerId: string) {
  const subtotal = first.priceCents * 2 + second.priceCents;
  return prisma.order.create({
    data: {
      number: await nextOrderNumber(prisma),
      site: "DTC",
      customerId,
      email: "robin@example.com",
      status: "paid",
      subtotalCents: subtotal,
      shippingCents: 500,
      totalCents: subtotal + 500,
      shippingAddress: JSON.stringify(TEST_ADDRESS),
      paymentSummary: "visa ending 4242",
      lines: {
        create: [first, second].map((v, i) => ({
          variantId: v.id,
          productTitle: v.product.title,
          variantTitle: v.title,
          sku: v.sku,
          quantity: i === 0 ? 2 : 1,
          unitPriceCents: v.priceCents,
          weightValue: 15.5,
          weightUnit: "lbs",
        })),
      },
    },
    include: { lines: { orderBy: { id: "asc" } } },
  });
}

async function deliveredOrder(customerId: string) {
  const order = await paidOrder(customerId);
  await orderLifecycle.markPacked(order.id);
  await orderLifecycle.markShipped(order.id, { carrier: "ups", trackingNumber: "1Z999AA10123456784" });
  await orderLifecycle.markDelivered(order.id);
  return order;
}

const path = (orderId: string) => `/account/orders/${orderId}`;
const getOrder = (jar: Jar, orderId: string) =>
  callRoute(orderLoader, getRequest(path(orderId), jar), jar, { params: { id: orderId } });
const post = (jar: Jar, orderId: string, fields: Record<string, string>) =>
  callRoute(orderAction, formRequest(path(orderId), fields, jar), jar, { params: { id: orderId } });

interface PageData {
  aftercare: OrderAftercare;
  requestKey: string;
  cancelRefundCents: number;
  order: { status: string; number: number };
}

/** The page's HTML as the route renders the loader's answer (and an action's reply), without JavaScript. */
async function renderPage(orderId: string, data: unknown, actionData?: unknown): Promise<string> {
  const Stub = createRemixStub([
    { id: "page", path: "/account/orders/:id", Component: OrderDetails, loader: () => json(data) },
  ]);
  // React warns that layout effects do not run on the server; that is expected here.
  const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
  try {
    return renderToString(
      createElement(Stub, {
        initialEntries: [path(orderId)],
        hydrationData: { loaderData: { page: data }, ...(actionData ? { actionData: { page: actionData } } : {}) },
      }),
    ).replaceAll("<!-- -->", "");
  } finally {
    quiet.mockRestore();
  }
}

async function page(jar: Jar, orderId: string) {
  const response = await getOrder(jar, orderId);
  expect(response.status).toBe(200);
  expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  const data = (await response.json()) as PageData;
  return { data, html: await renderPage(orderId, data) };
}

/** Text as React writes it into HTML. */
const html = (text: string) => text.replaceAll("&", "&amp;").replaceAll("'", "&#x27;").replaceAll('"', "&quot;");
const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
// Times in the shop's time zone, named EST or EDT (docs/rules.md "Shop time").
const SHOP_TIME = /<time class="order-timeline__time" dateTime="[^"]+Z">\w+ \d{1,2}, \d{4}, \d\d:\d\d E[SD]T<\/time>/;

describe("My Order Details: cancel (docs/rules.md 'Order pages')", () => {
  it("shows the timeline and the confirmation; cancel redirects with a notice, a second post says it already is", async () => {
    const customerId = await newCustomer();
    const jar = await signedInJar(customerId);
    const order = await paidOrder(customerId);

    const before = await page(jar, order.id);
    expect(before.data.aftercare.timeline.map((s) => s.kind)).toEqual(["placed", "paid"]);
    expect(before.data.aftercare.cancelRefusal).toBeNull();
    expect(before.data.cancelRefundCents).toBe(order.totalCents);
    expect(before.html).toMatch(SHOP_TIME);
    expect(before.html).toContain('<dd data-testid="order-status">Paid</dd>');
    expect(before.html).toContain(
      `Cancel order #${order.number}? The refund of ${money(order.totalCents)} goes back to your card.`,
    );
    expect(before.html).toMatch(/<details class="order-cancel"><summary class="button">Cancel order<\/summary>/);
    expect(before.html).toMatch(/<input type="hidden" name="intent" value="cancel"\/>/);
    expect(before.html).toContain("Yes, cancel order");
    expect(before.html).toMatch(new RegExp(`<a href="${path(order.id)}" class="button">Keep my order</a>`));
    // Buy again and the review links are still there.
    expect(before.html).toContain('value="buy-again"');
    expect(before.html).toMatch(/Write a review|You reviewed this/);

    const cancelled = await post(jar, order.id, { intent: "cancel" });
    expect(cancelled.status).toBe(302);
    expect(cancelled.headers.get("Location")).toBe(path(order.id));
    expect(await flashedNotice(jar)).toEqual({
      tone: "success",
      message: `Order #${order.number} is cancelled. The refund of ${money(order.totalCents)} goes back to your card.`,
    });
    const after = await page(jar, order.id);
    expect(after.data.order.status).toBe("cancelled");
    expect(after.data.aftercare.timeline.map((s) => s.label)).toEqual(["Placed", "Paid", "Cancelled"]);
    expect(after.html).toContain('<dd data-testid="order-status">Cancelled</dd>');
    expect(after.html).toContain(`<dd data-testid="order-refund-pending">${money(order.totalCents)}</dd>`);
    expect(after.html).toContain("This order is already cancelled.");
    expect(after.html).not.toContain("Yes, cancel order");

    const again = await post(jar, order.id, { intent: "cancel" });
    expect(again.status).toBe(302);
    expect(await flashedNotice(jar)).toEqual({ tone: "info", message: `Order #${order.number} is already cancelled.` });
    expect(await prisma.refund.count({ where: { orderId: order.id } })).toBe(1);
  });

  it("answers 404 for another customer's order (cancel and return) and changes nothing; an unknown intent is 400", async () => {
    const owner = await newCustomer();
    const order = await paidOrder(owner);
    const stranger = await signedInJar(await newCustomer());
    expect((await post(stranger, order.id, { intent: "cancel" })).status).toBe(404);
    const returned = await post(stranger, order.id, {
      intent: "return",
      requestKey: crypto.randomUUID(),
      [`lines.${order.lines[0].id}`]: "1",
      reason: RETURN_REASONS[0],
    });
    expect(returned.status).toBe(404);
    expect(await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ status: "paid" });
    expect(await prisma.refund.count({ where: { orderId: order.id } })).toBe(0);

    const mine = await signedInJar(owner);
    for (const intent of ["refund-me", ""]) {
      const response = await post(mine, order.id, { intent });
      expect(response.status).toBe(400);
    }
    expect((await post(mine, "no-such-order", { intent: "cancel" })).status).toBe(404);
  });

  it("a packed order says why it cannot be cancelled where the button was; its post answers 409 with the message", async () => {
    const customerId = await newCustomer();
    const jar = await signedInJar(customerId);
    const order = await paidOrder(customerId);
    await orderLifecycle.markPacked(order.id);
    const refusal =
      "This order is already packed for shipping, so it can no longer be cancelled. Once it is delivered you can return it.";

    const shown = await page(jar, order.id);
    expect(shown.data.aftercare.cancelRefusal).toBe(refusal);
    expect(shown.html).toContain(`<p class="account-order__refusal" data-testid="order-refusal">${refusal}</p>`);
    expect(shown.html).not.toContain("Yes, cancel order");

    const response = await post(jar, order.id, { intent: "cancel" });
    expect(response.status).toBe(409);
    const reply = (await response.json()) as { form: string; error: Record<string, string[]> };
    expect(reply).toMatchObject({ form: "cancel", error: { "": [refusal] } });
    const html = await renderPage(order.id, shown.data, reply);
    expect(html).toContain(`role="alert">${refusal}</div>`);
    expect(await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ status: "packed" });
  });
});

describe("My Order Details: returns (docs/rules.md 'Order pages')", () => {
  it("shows the shipment and the return form; a return posts once per key, refusals beside their fields", async () => {
    const customerId = await newCustomer();
    const jar = await signedInJar(customerId);
    const order = await deliveredOrder(customerId);
    const [twoOf, oneOf] = order.lines;

    const shown = await page(jar, order.id);
    const { aftercare } = shown.data;
    expect(aftercare.tracking).toMatchObject({ carrierName: "UPS", trackingNumber: "1Z999AA10123456784" });
    expect(aftercare.returnRefusal).toBeNull();
    expect(shown.html).toMatch(
      /<a href="https:\/\/www\.ups\.com\/track\?tracknum=1Z999AA10123456784" target="_blank" rel="noopener noreferrer">Track your package/,
    );
    const windowEnd = new Date(aftercare.returnWindowEndsAt!);
    const endText = formatShopDate(windowEnd, DEFAULT_SHOP_TIME_ZONE);
    expect(shown.html).toContain(`Returns accepted until ${endText}`);
    expect(shown.html).not.toContain("Yes, cancel order");
    // A quantity select per line, labelled with the product and size, 0 up to what is left.
    const select = (lineId: string) =>
      new RegExp(`<select[^>]*name="lines\\.${lineId}"[^>]*>(.*?)</select>`).exec(shown.html)?.[1] ?? "";
    expect(select(twoOf.id).match(/<option/g)).toHaveLength(3);
    expect(select(oneOf.id).match(/<option/g)).toHaveLength(2);
    expect(shown.html).toContain(`${html(`${twoOf.productTitle} (${twoOf.variantTitle})`)}</label>`);
    expect(shown.html).toContain(`<input type="hidden" name="requestKey" value="${shown.data.requestKey}"/>`);
    for (const reason of RETURN_REASONS) expect(shown.html).toContain(`<option value="${reason}">${reason}</option>`);

    const requestKey = shown.data.requestKey;
    const fields = {
      intent: "return",
      requestKey,
      [`lines.${twoOf.id}`]: "1",
      [`lines.${oneOf.id}`]: "0",
      reason: RETURN_REASONS[2],
      comment: "She turned her nose up.",
    };

    // Refused by the schema (no reason) and by the service (more than was bought), beside the field.
    const noReason = await post(jar, order.id, { ...fields, reason: "" });
    expect(noReason.status).toBe(400);
    expect(((await noReason.json()) as { error: Record<string, string[]> }).error).toEqual({
      reason: ["Choose why you are returning these items."],
    });
    const tooMany = await post(jar, order.id, { ...fields, [`lines.${twoOf.id}`]: "3" });
    expect(tooMany.status).toBe(400);
    const tooManyReply = (await tooMany.json()) as { form: string; error: Record<string, string[]> };
    expect(tooManyReply.error).toEqual({ [`lines.${twoOf.id}`]: ["Choose from 1 to 2 to return."] });
    const refusedHtml = await renderPage(order.id, shown.data, tooManyReply);
    expect(refusedHtml).toMatch(
      new RegExp(
        `name="lines\\.${twoOf.id}"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="lines\\.${twoOf.id}"`,
      ),
    );
    expect(refusedHtml).toContain('class="field__error">Choose from 1 to 2 to return.</p>');
    expect(await prisma.orderReturn.count({ where: { orderId: order.id } })).toBe(0);

    const requested = await post(jar, order.id, fields);
    expect(requested.status).toBe(302);
    expect(requested.headers.get("Location")).toBe(path(order.id));
    const notice = await flashedNotice(jar);
    expect(notice?.tone).toBe("success");
    expect(notice?.message).toMatch(new RegExp(`^We have your return request for order #${order.number}\\.`));
    // The same form again (a double submit): answered the same, one return written.
    const replayed = await post(jar, order.id, fields);
    expect(replayed.status).toBe(302);
    expect(await flashedNotice(jar)).toEqual(notice);
    const returns = await prisma.orderReturn.findMany({ where: { orderId: order.id }, include: { lines: true } });
    expect(returns).toHaveLength(1);
    expect(returns[0]).toMatchObject({
      status: "requested",
      reason: RETURN_REASONS[2],
      comment: "She turned her nose up.",
    });
    expect(returns[0].lines.map((l) => [l.orderLineId, l.quantity])).toEqual([[twoOf.id, 1]]);

    const listed = await page(jar, order.id);
    expect(listed.data.requestKey).not.toBe(requestKey);
    expect(listed.data.aftercare.returnableLines.map((l) => l.left)).toEqual([1, 1]);
    expect(listed.html).toContain('<strong data-testid="order-return-status">Requested</strong>');
    expect(listed.html).toContain(`1 × ${html(`${twoOf.productTitle} (${twoOf.variantTitle})`)}`);
    expect(listed.data.aftercare.timeline.map((s) => s.kind)).toEqual([
      "placed",
      "paid",
      "packed",
      "shipped",
      "delivered",
      "return_requested",
    ]);

    // Approved, received, and its refund delivered: the return reads "Refunded".
    await orderLifecycle.approveReturn(returns[0].id);
    await orderLifecycle.receiveReturn(returns[0].id);
    const refund = await prisma.refund.findUniqueOrThrow({ where: { returnId: returns[0].id } });
    const pending = await page(jar, order.id);
    expect(pending.html).toContain(`<dd data-testid="order-refund-pending">${money(refund.amountCents)}</dd>`);
    await orderLifecycle.refundDelivery({ payload: { refundId: refund.id } });
    const done = await page(jar, order.id);
    expect(done.html).toContain('<strong data-testid="order-return-status">Refunded</strong>');
    expect(done.html).toContain(`<dd data-testid="order-refunded">${money(refund.amountCents)}</dd>`);
    expect(done.html).toMatch(/Partly refunded/);
  });

  it("another customer's return post is 404; past the window the page says why instead of the form", async () => {
    const customerId = await newCustomer();
    const order = await deliveredOrder(customerId);
    await prisma.order.update({
      where: { id: order.id },
      data: { deliveredAt: new Date(Date.now() - 400 * 86_400_000) },
    });
    const jar = await signedInJar(customerId);
    const shown = await page(jar, order.id);
    expect(shown.data.aftercare.returnRefusal).toMatch(/^Returns are accepted for \d+ days after delivery/);
    expect(shown.html).toContain(shown.data.aftercare.returnRefusal!);
    expect(shown.html).not.toContain('value="return"');
    const response = await post(jar, order.id, {
      intent: "return",
      requestKey: crypto.randomUUID(),
      [`lines.${order.lines[0].id}`]: "1",
      reason: RETURN_REASONS[0],
    });
    expect(response.status).toBe(409);
    expect(await prisma.orderReturn.count({ where: { orderId: order.id } })).toBe(0);
  });
});

describe("My Orders: status, progress and tracking (docs/rules.md 'Order pages')", () => {
  it("gives each order its progress and, once shipped, its tracking link", async () => {
    const customerId = await newCustomer();
    const jar = await signedInJar(customerId);
    const paid = await paidOrder(customerId);
    const shipped = await paidOrder(customerId);
    await orderLifecycle.markPacked(shipped.id);
    await orderLifecycle.markShipped(shipped.id, { carrier: "fedex", trackingNumber: "449044304137821" });
    const response = await callRoute(ordersLoader, getRequest("/account/orders", jar), jar);
    const data = (await response.json()) as {
      orders: { id: string; progress: { kind: string; done: boolean }[]; tracking: { url: string } | null }[];
    };
    const byId = new Map(data.orders.map((o) => [o.id, o]));
    const done = (id: string) =>
      byId
        .get(id)!
        .progress.filter((s) => s.done)
        .map((s) => s.kind);
    expect(done(paid.id)).toEqual(["placed", "paid"]);
    expect(byId.get(paid.id)!.progress).toHaveLength(5);
    expect(byId.get(paid.id)!.tracking).toBeNull();
    expect(done(shipped.id)).toEqual(["placed", "paid", "packed", "shipped"]);
    expect(byId.get(shipped.id)!.tracking?.url).toBe("https://www.fedex.com/fedextrack/?trknbr=449044304137821");
  });
});
