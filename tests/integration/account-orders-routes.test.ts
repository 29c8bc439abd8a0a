// Route-level checks of My Orders and My Order Details
// (shop-core spec sections 2, 3, 5 and 9), called the way a browser without
// JavaScript uses them: GET links, a GET search form and a buy-again form post.
import { nextOrderNumber } from "~/services/orders/index.server";
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { decodeRedirect } from "~/models/redirect-param";
import { loader as ordersLoader } from "~/routes/account.orders";
import { action as orderAction, loader as orderLoader } from "~/routes/account.orders_.$id";
import { readCartId } from "~/services/commerce/cart-cookie.server";
import { commerce } from "~/services/commerce/index.server";
import {
  callRoute,
  flashedNotice,
  formRequest,
  getRequest,
  Jar,
  ORIGIN,
  signedInJar,
  type RouteHandler,
} from "../helpers/routes";
import { ensureSeeded, TEST_ADDRESS } from "../helpers/seeded";

const ADDRESS = TEST_ADDRESS;

interface Variant {
  id: string;
  sku: string;
  title: string;
  priceCents: number;
  product: { title: string };
}
let plain: Variant;
let other: Variant;

beforeAll(async () => {
  await ensureSeeded();
  const candidates = await prisma.productVariant.findMany({
    where: { product: { soldOnDtc: true, autoshipEligible: true } },
    select: { id: true, sku: true, title: true, priceCents: true, product: { select: { title: true } } },
    orderBy: { sku: "asc" },
  });
  plain = candidates[0];
  // A second product whose title neither contains nor is contained in the first's, for the search.
  other = candidates.find(
    (v) => !v.product.title.includes(plain.product.title) && !plain.product.title.includes(v.product.title),
  )!;
  expect(other).toBeDefined();
});

const newCustomer = () =>
  prisma.customer.create({
    data: { site: "DTC", email: `orders-${crypto.randomUUID()}@example.com`, firstName: "Robin", lastName: "Lee" },
  });

interface LineSpec {
  variant: Variant | null;
  quantity: number;
  sellingPlanId?: string | null;
  title?: string;
}

/** A paid order written directly, as checkout would have left it. */
async function createOrder(customerId: string, createdAt: Date, lines: LineSpec[]) {
  const number = await nextOrderNumber(prisma);
  const subtotal = lines.reduce((sum, l) => sum + (l.variant?.priceCents ?? 1000) * l.quantity, 0);
  return prisma.order.create({
    data: {
      number,
      site: "DTC",
      customerId,
      email: "robin@example.com",
      status: "paid",
      subtotalCents: subtotal,
      shippingCents: 0,
      taxCents: 100,
      totalCents: subtotal + 100,
      shippingAddress: JSON.stringify(ADDRESS),
      paymentSummary: "visa ending 4242",
      createdAt,
      lines: {
        create: lines.map((l) => ({
          variantId: l.variant?.id ?? null,
          productTitle: l.title ?? l.variant?.product.title ?? "Discontinued Food",
          variantTitle: l.variant?.title ?? "30 lb bag",
          sku: l.variant?.sku ?? "GONE-1",
          quantity: l.quantity,
          unitPriceCents: l.variant?.priceCents ?? 1000,
          sellingPlanId: l.sellingPlanId ?? null,
          weightValue: 15.5,
          weightUnit: "lbs",
        })),
      },
    },
  });
}

const run = (handler: RouteHandler, request: Request, jar: Jar, params: Record<string, string> = {}) =>
  callRoute(handler, request, jar, { params });

const getPage = (handler: RouteHandler, jar: Jar, path: string, params: Record<string, string> = {}) =>
  run(handler, getRequest(path, jar), jar, params);

const buyAgain = (jar: Jar, orderId: string) =>
  run(orderAction, formRequest(`/account/orders/${orderId}`, { intent: "buy-again" }, jar), jar, { id: orderId });

interface ListData {
  query: string;
  orders: { id: string; number: number; status: string; itemCount: number; totalCents: number }[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; endCursor: string | null };
}

const notice = flashedNotice;

async function cartOf(jar: Jar) {
  const cartId = await readCartId(new Request(ORIGIN, { headers: { Cookie: jar.header } }));
  return cartId ? commerce.getCart(cartId) : null;
}

describe("/account/orders (shop-core spec sections 2 and 3)", () => {
  let customerId: string;
  let jar: Jar;
  let created: { id: string; number: number }[];

  beforeAll(async () => {
    customerId = (await newCustomer()).id;
    jar = await signedInJar(customerId);
    const now = Date.now();
    created = [];
    // 25 orders, one a minute apart; the newest (i = 0) holds the other product.
    for (let i = 0; i < 25; i++) {
      created.push(
        await createOrder(customerId, new Date(now - i * 60_000), [
          { variant: i === 0 ? other : plain, quantity: i === 0 ? 1 : 2 },
        ]),
      );
    }
  });

  it("sends a guest to /shelter/login with the page base64-encoded in ?redirect=", async () => {
    const response = await getPage(ordersLoader, new Jar(), "/account/orders?q=100");
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("Location")!, ORIGIN);
    expect(location.pathname).toBe("/shelter/login");
    expect(decodeRedirect(location.searchParams.get("redirect"))).toBe("/account/orders?q=100");
  });

  it("pages 20 at a time, newest first, with ?after={endCursor} links and a way back to the newest", async () => {
    const first = (await (await getPage(ordersLoader, jar, "/account/orders")).json()) as ListData;
    expect(first.orders).toHaveLength(20);
    expect(first.orders.map((o) => o.id)).toEqual(created.slice(0, 20).map((o) => o.id));
    expect(first.orders[0]).toMatchObject({ status: "paid", itemCount: 1 });
    expect(first.orders[1].itemCount).toBe(2);
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });

    const after = encodeURIComponent(first.pageInfo.endCursor!);
    const second = (await (await getPage(ordersLoader, jar, `/account/orders?after=${after}`)).json()) as ListData;
    expect(second.orders.map((o) => o.id)).toEqual(created.slice(20).map((o) => o.id));
    expect(second.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
  });

  it("searches by order number (with or without #) and by product, and says when nothing matches", async () => {
    const target = created[7];
    for (const q of [String(target.number), `%23${target.number}`]) {
      const data = (await (await getPage(ordersLoader, jar, `/account/orders?q=${q}`)).json()) as ListData;
      expect(data.orders.map((o) => o.id)).toEqual([target.id]);
    }
    const byProduct = (await (
      await getPage(ordersLoader, jar, `/account/orders?q=${encodeURIComponent(other.product.title)}`)
    ).json()) as ListData;
    expect(byProduct.orders.map((o) => o.id)).toEqual([created[0].id]);
    expect(byProduct.query).toBe(other.product.title);
    // Case does not matter, on SQLite and PostgreSQL alike (docs/rules.md "Database").
    for (const q of [other.product.title.toLowerCase(), other.product.title.toUpperCase()]) {
      const found = (await (
        await getPage(ordersLoader, jar, `/account/orders?q=${encodeURIComponent(q)}`)
      ).json()) as ListData;
      expect(found.orders.map((o) => o.id)).toEqual([created[0].id]);
    }

    const none = (await (await getPage(ordersLoader, jar, "/account/orders?q=no-such-food")).json()) as ListData;
    expect(none.orders).toEqual([]);
    expect(none.pageInfo.hasNextPage).toBe(false);
  });

  it("shows a customer with no orders an empty list", async () => {
    const fresh = await signedInJar((await newCustomer()).id);
    const data = (await (await getPage(ordersLoader, fresh, "/account/orders")).json()) as ListData;
    expect(data.orders).toEqual([]);
    expect(data.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: false });
  });

  it("never lists another customer's orders", async () => {
    const stranger = await signedInJar((await newCustomer()).id);
    const data = (await (
      await getPage(ordersLoader, stranger, `/account/orders?q=${created[0].number}`)
    ).json()) as ListData;
    expect(data.orders).toEqual([]);
  });
});

describe("/account/orders/{id} (shop-core spec sections 3, 5 and 9)", () => {
  it("shows the customer's order: lines with the autoship plan, amounts, address, status and payment", async () => {
    const customer = await newCustomer();
    const jar = await signedInJar(customer.id);
    const order = await createOrder(customer.id, new Date(), [
      { variant: plain, quantity: 2 },
      { variant: other, quantity: 1, sellingPlanId: "autoship-4w" },
    ]);
    const response = await getPage(orderLoader, jar, `/account/orders/${order.id}`, { id: order.id });
    expect(response.status).toBe(200);
    const { order: view, canBuyAgain } = (await response.json()) as {
      order: {
        number: number;
        status: string;
        totalCents: number;
        paymentSummary: string;
        shippingAddress: { city: string };
        lines: { title: string; quantity: number; unitPriceCents: number; plan: string | null }[];
      };
      canBuyAgain: boolean;
    };
    expect(canBuyAgain).toBe(true);
    expect(view).toMatchObject({
      number: order.number,
      status: "paid",
      totalCents: order.totalCents,
      paymentSummary: "visa ending 4242",
      shippingAddress: { city: "Aurora" },
    });
    expect(view.lines).toEqual([
      expect.objectContaining({
        title: plain.product.title,
        quantity: 2,
        unitPriceCents: plain.priceCents,
        plan: null,
      }),
      expect.objectContaining({ title: other.product.title, quantity: 1, plan: expect.stringMatching(/week/i) }),
    ]);
  });

  it("answers 404 for another customer's order and an unknown id, and buy again on them changes nothing", async () => {
    const owner = await newCustomer();
    const order = await createOrder(owner.id, new Date(), [{ variant: plain, quantity: 1 }]);
    const stranger = await signedInJar((await newCustomer()).id);
    const theirs = await getPage(orderLoader, stranger, `/account/orders/${order.id}`, { id: order.id });
    expect(theirs.status).toBe(404);
    const unknown = await getPage(orderLoader, stranger, "/account/orders/nope", { id: "nope" });
    expect(unknown.status).toBe(404);
    const posted = await buyAgain(stranger, order.id);
    expect(posted.status).toBe(404);
    expect(stranger.get("col_cart_id")).toBeUndefined();
  });

  it("sends a guest to sign in, for the page and for buy again", async () => {
    const owner = await newCustomer();
    const order = await createOrder(owner.id, new Date(), [{ variant: plain, quantity: 1 }]);
    const page = await getPage(orderLoader, new Jar(), `/account/orders/${order.id}`, { id: order.id });
    expect(page.headers.get("Location")).toMatch(/^\/shelter\/login\?redirect=/);
    const posted = await buyAgain(new Jar(), order.id);
    expect(posted.headers.get("Location")).toMatch(/^\/shelter\/login\?redirect=/);
  });

  it("buy again adds the lines within the cart limits, keeps autoship plans, names what was trimmed or not added", async () => {
    const customer = await newCustomer();
    const jar = await signedInJar(customer.id);
    // 6 + 6 of one item is over the 10 allowed (shop-core spec section 9); one line is no longer sold.
    const order = await createOrder(customer.id, new Date(), [
      { variant: plain, quantity: 6 },
      { variant: plain, quantity: 6 },
      { variant: other, quantity: 2, sellingPlanId: "autoship-4w" },
      { variant: null, quantity: 1, title: "Old Recipe Food" },
    ]);
    const response = await buyAgain(jar, order.id);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/cart");
    const cart = await cartOf(jar);
    expect(cart?.customerId).toBe(customer.id);
    const byVariant = (c: typeof cart) => Object.fromEntries(c!.lines.map((l) => [l.variantId, l]));
    expect(cart?.lines).toHaveLength(2);
    expect(byVariant(cart)[plain.id]).toMatchObject({ quantity: 10, sellingPlanId: null });
    expect(byVariant(cart)[other.id]).toMatchObject({ quantity: 2, sellingPlanId: "autoship-4w" });
    const first = await notice(jar);
    expect(first?.tone).toBe("info");
    expect(first?.message).toContain(`Added the items from order #${order.number} to your cart.`);
    expect(first?.message).toContain(`${plain.product.title} (${plain.title}): only 4 added`);
    expect(first?.message).toContain("Not added, no longer sold: Old Recipe Food (30 lb bag).");

    // Again: the one-time item is at the most allowed, the autoship line fills up to its 5.
    await buyAgain(jar, order.id);
    const again = await cartOf(jar);
    expect(byVariant(again)[plain.id].quantity).toBe(10);
    expect(byVariant(again)[other.id].quantity).toBe(4);
    expect((await notice(jar))?.message).toContain("You already have the most we allow (10)");
  });

  it("buy again leaves out a product the site does not sell (catalogue spec section 1: Prescription Diet is staff-only)", async () => {
    const staffOnly = await prisma.productVariant.findFirstOrThrow({
      where: { product: { soldOnDtc: false } },
      select: { id: true, sku: true, title: true, priceCents: true, product: { select: { title: true } } },
    });
    const customer = await newCustomer();
    const jar = await signedInJar(customer.id);
    const order = await createOrder(customer.id, new Date(), [
      { variant: plain, quantity: 1 },
      { variant: staffOnly, quantity: 1 },
    ]);
    await buyAgain(jar, order.id);
    expect((await cartOf(jar))?.lines.map((l) => l.variantId)).toEqual([plain.id]);
    expect((await notice(jar))?.message).toContain(`Not added, no longer sold: ${staffOnly.product.title}`);
  });

  it("says so and stays on the order when nothing in it is sold any more", async () => {
    const customer = await newCustomer();
    const jar = await signedInJar(customer.id);
    const order = await createOrder(customer.id, new Date(), [
      { variant: null, quantity: 1, title: "Old Recipe Food" },
    ]);
    const response = await buyAgain(jar, order.id);
    expect(response.headers.get("Location")).toBe(`/account/orders/${order.id}`);
    expect(await notice(jar)).toEqual({
      tone: "error",
      message: "Nothing could be added: Old Recipe Food (30 lb bag) is no longer sold.",
    });
    expect(jar.get("col_cart_id")).toBeUndefined();
  });
});
