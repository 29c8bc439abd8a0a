// Route-level checks of My Subscriptions (shop-core spec
// sections 3 and 9) posted the way a browser without JavaScript does, and of the
// account JSON calls (shop-core spec section 7, provider
// "embedded"): 401 without a session, 404 for someone else's ids, 400 for bad
// bodies, 200 with the customer's own data.
import { nextOrderNumber } from "~/services/orders/index.server";
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { formatMoney } from "~/models/money";
import { autoshipUnitPriceCents } from "~/models/pricing";
import { action as autoshipsAction, loader as autoshipsLoader } from "~/routes/account.autoships";
import { action as lastOrderApi } from "~/routes/api.ecom.v1[.]0.get-embedded-last-order";
import { action as shopifyCustomerApi } from "~/routes/api.ecom.v1[.]0.get-shopify-customer";
import { action as shopifyLastOrderApi } from "~/routes/api.ecom.v1[.]0.get-shopify-last-order";
import { action as shopifyOrderApi } from "~/routes/api.ecom.v1[.]0.get-shopify-order";
import { action as shopifyOrdersApi } from "~/routes/api.ecom.v1[.]0.get-shopify-orders";
import { action as orderApi } from "~/routes/api.ecom.v1[.]0.get-embedded-order";
import { action as ordersApi, loader as ordersApiGet } from "~/routes/api.ecom.v1[.]0.get-embedded-orders";
import { action as subscriptionsApi } from "~/routes/api.get-subscriptions";
import { identity } from "~/services/identity/index.server";
import { payments } from "~/services/payment/index.server";
import {
  callRoute,
  flashedNotice,
  formRequest,
  jsonRequest,
  Jar,
  ORIGIN,
  signedInJar,
  type RouteHandler,
} from "../helpers/routes";
import { ensureSeeded, TEST_ADDRESS } from "../helpers/seeded";
import { DEFAULT_SHOP_TIME_ZONE, shopDay, shopDayNoon } from "~/models/shop-time";

const DAY_MS = 86_400_000;
const ADDRESS = TEST_ADDRESS;

let variant: { id: string; productId: string; sku: string; title: string; priceCents: number };
let productTitle: string;

beforeAll(async () => {
  await ensureSeeded();
  const found = await prisma.productVariant.findFirstOrThrow({
    where: { product: { soldOnDtc: true, autoshipEligible: true } },
    orderBy: { sku: "desc" },
    include: { product: { select: { title: true } } },
  });
  await prisma.productVariant.update({ where: { id: found.id }, data: { inventory: 1000 } });
  variant = found;
  productTitle = found.product.title;
});

const ymd = (date: Date) => shopDay(date, DEFAULT_SHOP_TIME_ZONE);

const newCustomer = () =>
  prisma.customer.create({
    data: { site: "DTC", email: `autoships-${crypto.randomUUID()}@example.com`, firstName: "Robin", lastName: "Lee" },
  });

/** A subscription of the customer's, due in 10 days, paid with a saved card. */
async function subscribe(customerId: string, options: { quantity?: number; cancelled?: boolean } = {}) {
  const token = await payments.tokenize({
    card: { number: "4242424242424242", expMonth: 12, expYear: 2035, cvc: "123" },
    customerId,
  });
  if (!token.ok) throw new Error(token.message);
  return prisma.subscription.create({
    data: {
      customerId,
      productId: variant.productId,
      variantId: variant.id,
      contractId: `SC-ROUTE-${crypto.randomBytes(6).toString("hex")}`,
      sellingPlanId: "autoship-4w",
      frequencyDays: 28,
      frequency: "Every 4 weeks",
      quantity: options.quantity ?? 2,
      weight: 15.5,
      weightUnit: "lbs",
      startDate: new Date(Date.now() - 30 * DAY_MS),
      nextOrderDate: new Date(Date.now() + 10 * DAY_MS),
      site: "DTC",
      paymentTokenId: token.tokenId,
      shippingAddress: JSON.stringify(ADDRESS),
      cancelled: options.cancelled ?? false,
      cancelReason: options.cancelled ? "Moving" : null,
    },
  });
}

/** An address in the customer's address book. */
const bookAddress = (customerId: string, zip: string, provinceCode = "CO") =>
  prisma.customerAddress.create({
    data: {
      customerId,
      firstName: "Robin",
      lastName: "Lee",
      address1: "1 Book St",
      city: "Aurora",
      province: provinceCode,
      provinceCode,
      zip,
      country: "United States",
      countryCode: "US",
    },
  });

const run = (handler: RouteHandler, request: Request, jar: Jar) => callRoute(handler, request, jar);

const post = (jar: Jar, fields: Record<string, string>) =>
  run(autoshipsAction, formRequest("/account/autoships", fields, jar), jar);

const notice = flashedNotice;

const current = (id: string) => prisma.subscription.findUniqueOrThrow({ where: { id } });

/** The page action's reply (`ActionReply`, app/utils/form.ts): `form` is the posted intent, `target` the subscription. */
interface Reply {
  target?: string;
  form?: string;
  error?: Record<string, string[] | null>;
}

describe("/account/autoships page (shop-core spec sections 2 and 3)", () => {
  it("sends a guest to sign in", async () => {
    const response = await run(autoshipsLoader, new Request(`${ORIGIN}/account/autoships`), new Jar());
    expect(response.headers.get("Location")).toMatch(/^\/shelter\/login\?redirect=/);
  });

  it("lists each subscription with product, variant, quantity, total weight, frequency, next date and state", async () => {
    const customer = await newCustomer();
    const active = await subscribe(customer.id, { quantity: 2 });
    const cancelled = await subscribe(customer.id, { quantity: 1, cancelled: true });
    const jar = await signedInJar(customer.id);
    const response = await run(
      autoshipsLoader,
      new Request(`${ORIGIN}/account/autoships`, { headers: { Cookie: jar.header } }),
      jar,
    );
    const data = (await response.json()) as {
      site: string;
      plans: { value: string; label: string }[];
      subscriptions: Record<string, unknown>[];
    };
    expect(data.site).toBe("DTC");
    expect(data.plans.map((p) => p.value)).toContain("autoship-8w");
    expect(data.subscriptions).toEqual([
      expect.objectContaining({
        id: active.id,
        productTitle,
        variantTitle: variant.title,
        quantity: 2,
        weightTotal: "31 lb",
        weightEach: "15.5 lb",
        frequency: "Every 4 weeks",
        nextOrderDate: shopDay(active.nextOrderDate, DEFAULT_SHOP_TIME_ZONE),
        cancelled: false,
        addressLine: "Robin Lee, 10 Elm St, Aurora, CO 80011",
        // The server's price: the autoship price (5% off, half up) of 2, and what that saves.
        price: {
          perOrder: formatMoney(autoshipUnitPriceCents(variant.priceCents) * 2),
          regular: formatMoney(variant.priceCents * 2),
          saving: formatMoney((variant.priceCents - autoshipUnitPriceCents(variant.priceCents)) * 2),
        },
      }),
      expect.objectContaining({ id: cancelled.id, cancelled: true, cancelReason: "Moving", weightTotal: "15.5 lb" }),
    ]);
  });
});

describe("/account/autoships forms without JavaScript (shop-core spec section 9)", () => {
  let customerId: string;
  let jar: Jar;

  beforeAll(async () => {
    customerId = (await newCustomer()).id;
    jar = await signedInJar(customerId);
  });

  it("change frequency: saves the plan and redirects back with a notice", async () => {
    const sub = await subscribe(customerId);
    const response = await post(jar, {
      intent: "change-frequency",
      subscriptionId: sub.id,
      sellingPlanId: "autoship-8w",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/account/autoships");
    expect(await current(sub.id)).toMatchObject({ sellingPlanId: "autoship-8w", frequencyDays: 56 });
    expect(await notice(jar)).toEqual({ tone: "success", message: `${productTitle} now comes every 8 weeks.` });
    const unknown = await post(jar, { intent: "change-frequency", subscriptionId: sub.id, sellingPlanId: "daily" });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as Reply).error?.sellingPlanId).toEqual(["Choose one of the delivery frequencies."]);
  });

  it("change quantity: 1 to 5; out of range is an error beside that subscription's quantity field", async () => {
    const sub = await subscribe(customerId, { quantity: 2 });
    expect((await post(jar, { intent: "change-quantity", subscriptionId: sub.id, quantity: "5" })).status).toBe(302);
    expect((await current(sub.id)).quantity).toBe(5);
    for (const quantity of ["6", "0", "two"]) {
      const response = await post(jar, { intent: "change-quantity", subscriptionId: sub.id, quantity });
      expect(response.status).toBe(400);
      const reply = (await response.json()) as Reply;
      expect(reply).toMatchObject({ target: sub.id, form: "change-quantity" });
      expect(reply.error?.quantity).toEqual(["Choose a quantity from 1 to 5."]);
    }
    expect((await current(sub.id)).quantity).toBe(5);
  });

  it("skip next: moves the next order one period on", async () => {
    const sub = await subscribe(customerId);
    expect((await post(jar, { intent: "skip-next", subscriptionId: sub.id })).status).toBe(302);
    expect((await current(sub.id)).nextOrderDate.getTime()).toBe(sub.nextOrderDate.getTime() + 28 * DAY_MS);
    expect((await notice(jar))?.message).toMatch(/^Skipped\. The next order of .+ is on /);
  });

  it("change next date: a date from tomorrow to a year ahead; others are errors beside the date field", async () => {
    const sub = await subscribe(customerId);
    // A day in the shop's time zone, kept at its noon there (docs/rules.md "Shop time").
    const date = shopDay(new Date(Date.now() + 20 * DAY_MS), DEFAULT_SHOP_TIME_ZONE);
    expect((await post(jar, { intent: "change-date", subscriptionId: sub.id, nextOrderDate: date })).status).toBe(302);
    expect((await current(sub.id)).nextOrderDate).toEqual(shopDayNoon(date, DEFAULT_SHOP_TIME_ZONE));

    const past = await post(jar, { intent: "change-date", subscriptionId: sub.id, nextOrderDate: "2020-01-01" });
    expect(past.status).toBe(400);
    expect(((await past.json()) as Reply).error?.nextOrderDate).toEqual([
      "Choose a date from tomorrow up to a year ahead.",
    ]);
    const garbled = await post(jar, { intent: "change-date", subscriptionId: sub.id, nextOrderDate: "2026-02-31" });
    expect(((await garbled.json()) as Reply).error?.nextOrderDate).toEqual(["Enter a real date."]);
    // Shaped like a date but naming no day: a 400 beside the field, not a 500.
    const noDay = await post(jar, { intent: "change-date", subscriptionId: sub.id, nextOrderDate: "2026-13-45" });
    expect(noDay.status).toBe(400);
    expect(((await noDay.json()) as Reply).error?.nextOrderDate).toEqual(["Enter a real date."]);
    const notADate = await post(jar, { intent: "change-date", subscriptionId: sub.id, nextOrderDate: "3/1/2027" });
    expect(notADate.status).toBe(400);
    expect(shopDay((await current(sub.id)).nextOrderDate, DEFAULT_SHOP_TIME_ZONE)).toBe(date);
  });

  it("order now: places a paid order today and restarts the schedule", async () => {
    const sub = await subscribe(customerId);
    const response = await post(jar, { intent: "order-now", subscriptionId: sub.id });
    expect(response.status).toBe(302);
    // Compared as text so a failure shows the notice the shopper got instead.
    const expected = `Order placed for ${productTitle}. The next one is on `;
    expect((await notice(jar))?.message.slice(0, expected.length)).toBe(expected);
    const order = await prisma.order.findFirstOrThrow({
      where: { customerId, source: "autoship", attributes: { contains: sub.contractId } },
      include: { lines: true },
    });
    expect(order.status).toBe("paid");
    expect(order.lines[0]).toMatchObject({ variantId: variant.id, quantity: 2, sellingPlanId: "autoship-4w" });
  });

  it("cancel: a reason from the list is required; then changes are refused until reactivated", async () => {
    const sub = await subscribe(customerId);
    for (const cancelReason of ["", "Because"]) {
      const refused = await post(jar, { intent: "cancel", subscriptionId: sub.id, cancelReason });
      expect(refused.status).toBe(400);
      const reply = (await refused.json()) as Reply;
      expect(reply).toMatchObject({ target: sub.id, form: "cancel" });
      expect(reply.error?.cancelReason).toEqual(["Choose why you are cancelling."]);
    }
    expect((await current(sub.id)).cancelled).toBe(false);

    const cancelled = await post(jar, { intent: "cancel", subscriptionId: sub.id, cancelReason: "Too much food" });
    expect(cancelled.status).toBe(302);
    expect(await current(sub.id)).toMatchObject({ cancelled: true, cancelReason: "Too much food" });
    expect((await notice(jar))?.message).toBe(`Your subscription of ${productTitle} is cancelled.`);

    const blocked = await post(jar, { intent: "skip-next", subscriptionId: sub.id });
    expect(blocked.status).toBe(409);
    expect(((await blocked.json()) as Reply).error?.[""]).toEqual(["This autoship is cancelled. Reactivate it first."]);

    expect((await post(jar, { intent: "reactivate", subscriptionId: sub.id })).status).toBe(302);
    expect(await current(sub.id)).toMatchObject({ cancelled: false, cancelReason: null });
  });

  it("change address: one of the customer's own addresses that home delivery reaches; another's is 404", async () => {
    const sub = await subscribe(customerId);
    const mine = await bookAddress(customerId, "80012");
    const uncovered = await bookAddress(customerId, "44101", "OH");
    const stranger = await newCustomer();
    const theirs = await bookAddress(stranger.id, "80013");

    const moved = await post(jar, { intent: "change-address", subscriptionId: sub.id, addressId: mine.id });
    expect(moved.status).toBe(302);
    expect(JSON.parse((await current(sub.id)).shippingAddress)).toMatchObject({ zip: "80012", address1: "1 Book St" });
    expect((await notice(jar))?.message).toBe(
      `Your subscription of ${productTitle} now goes to Robin Lee, 1 Book St, Aurora, CO 80012.`,
    );

    const far = await post(jar, { intent: "change-address", subscriptionId: sub.id, addressId: uncovered.id });
    expect(far.status).toBe(400);
    expect(((await far.json()) as Reply).error?.addressId).toEqual([
      "We do not deliver to 44101 yet. Use another address.",
    ]);
    expect((await post(jar, { intent: "change-address", subscriptionId: sub.id, addressId: theirs.id })).status).toBe(
      404,
    );
    expect((await post(jar, { intent: "change-address", subscriptionId: sub.id, addressId: "" })).status).toBe(400);
    expect(JSON.parse((await current(sub.id)).shippingAddress)).toMatchObject({ zip: "80012" });
  });

  it("swap: another size or flavor of the same product in stock; another product's or an out-of-stock one is refused", async () => {
    const product = await prisma.product.findFirstOrThrow({
      where: { soldOnDtc: true, autoshipEligible: true },
      orderBy: [{ variants: { _count: "desc" } }, { handle: "asc" }],
      include: { variants: { orderBy: { sku: "asc" } } },
    });
    const [from, to, empty] = product.variants;
    const before = await prisma.productVariant.findMany({
      where: { id: { in: [from.id, to.id, empty.id] } },
      select: { id: true, inventory: true },
    });
    await prisma.productVariant.updateMany({ where: { id: { in: [from.id, to.id] } }, data: { inventory: 1000 } });
    await prisma.productVariant.update({ where: { id: empty.id }, data: { inventory: 0 } });
    try {
      const sub = await subscribe(customerId);
      await prisma.subscription.update({ where: { id: sub.id }, data: { productId: product.id, variantId: from.id } });
      const swap = (variantId: string) => post(jar, { intent: "swap-variant", subscriptionId: sub.id, variantId });

      const foreign = await prisma.productVariant.findFirstOrThrow({ where: { productId: { not: product.id } } });
      for (const [variantId, message] of [
        [foreign.id, "Choose a size or flavor of this product."],
        ["no-such-variant", "Choose a size or flavor of this product."],
        [empty.id, "That size or flavor is out of stock right now. Choose another."],
        [from.id, "That is the size and flavor you already get."],
      ]) {
        const refused = await swap(variantId);
        expect(refused.status).toBe(400);
        expect(((await refused.json()) as Reply).error?.variantId).toEqual([message]);
      }
      expect((await swap("")).status).toBe(400);
      expect((await current(sub.id)).variantId).toBe(from.id);

      expect((await swap(to.id)).status).toBe(302);
      expect(await current(sub.id)).toMatchObject({ variantId: to.id, weight: to.weightValue });
      expect((await notice(jar))?.message).toBe(`Your subscription of ${product.title} is now ${to.title}.`);
    } finally {
      for (const row of before) {
        await prisma.productVariant.update({ where: { id: row.id }, data: { inventory: row.inventory } });
      }
    }
  });

  it("change card: one of the customer's own saved cards; another customer's card is 404", async () => {
    const sub = await subscribe(customerId);
    const mine = await payments.tokenize({
      card: { number: "5555555555554444", expMonth: 6, expYear: 2034, cvc: "123" },
      customerId,
    });
    const stranger = await newCustomer();
    const theirs = await payments.tokenize({
      card: { number: "5555555555554444", expMonth: 6, expYear: 2034, cvc: "123" },
      customerId: stranger.id,
    });
    if (!mine.ok || !theirs.ok) throw new Error("tokenize failed");
    expect((await post(jar, { intent: "change-card", subscriptionId: sub.id, tokenId: theirs.tokenId })).status).toBe(
      404,
    );
    expect((await post(jar, { intent: "change-card", subscriptionId: sub.id, tokenId: "" })).status).toBe(400);
    expect((await post(jar, { intent: "change-card", subscriptionId: sub.id, tokenId: mine.tokenId })).status).toBe(
      302,
    );
    expect((await current(sub.id)).paymentTokenId).toBe(mine.tokenId);
  });

  it("cancel: a note is kept after the reason; over 300 characters is refused beside the note", async () => {
    const sub = await subscribe(customerId);
    const long = await post(jar, {
      intent: "cancel",
      subscriptionId: sub.id,
      cancelReason: "Moving",
      cancelNote: "x".repeat(301),
    });
    expect(long.status).toBe(400);
    expect(((await long.json()) as Reply).error?.cancelNote).toEqual(["Keep the note under 300 characters."]);
    expect((await current(sub.id)).cancelled).toBe(false);
    const done = await post(jar, {
      intent: "cancel",
      subscriptionId: sub.id,
      cancelReason: "Moving",
      cancelNote: " to Denver ",
    });
    expect(done.status).toBe(302);
    expect(await current(sub.id)).toMatchObject({ cancelled: true, cancelReason: "Moving: to Denver" });
  });

  it("answers 404 for another customer's subscription and changes nothing", async () => {
    const owner = await newCustomer();
    const sub = await subscribe(owner.id);
    const attempts: Record<string, string>[] = [
      { intent: "skip-next" },
      { intent: "change-quantity", quantity: "3" },
      { intent: "cancel", cancelReason: "Moving" },
      { intent: "order-now" },
      { intent: "reactivate" },
      { intent: "change-date", nextOrderDate: ymd(new Date(Date.now() + 20 * DAY_MS)) },
      { intent: "change-frequency", sellingPlanId: "autoship-8w" },
      { intent: "change-address", addressId: (await bookAddress(customerId, "80012")).id },
      { intent: "swap-variant", variantId: variant.id },
      { intent: "change-card", tokenId: "tok_whatever" },
    ];
    for (const fields of attempts) {
      const response = await post(jar, { ...fields, subscriptionId: sub.id });
      expect(response.status).toBe(404);
    }
    const after = await current(sub.id);
    expect(after).toMatchObject({ quantity: 2, cancelled: false });
    expect(after.nextOrderDate.getTime()).toBe(sub.nextOrderDate.getTime());
    expect(await prisma.order.count({ where: { attributes: { contains: sub.contractId } } })).toBe(0);
  });

  it("refuses an unknown intent and a guest's post", async () => {
    const sub = await subscribe(customerId);
    const unknown = await post(jar, { intent: "free-food", subscriptionId: sub.id });
    expect(unknown.status).toBe(400);
    // Malformed posts are a 4xx, never a 500: no id, an id too long, fields missing.
    const malformed: Record<string, string>[] = [
      { intent: "swap-variant", variantId: variant.id },
      { intent: "change-address", subscriptionId: "x".repeat(101), addressId: "a" },
      { intent: "change-address", subscriptionId: sub.id, addressId: "y".repeat(101) },
      { intent: "swap-variant", subscriptionId: sub.id },
      { intent: "cancel", subscriptionId: sub.id },
    ];
    for (const fields of malformed) {
      expect((await post(jar, fields)).status).toBe(400);
    }
    const guest = await post(new Jar(), { intent: "skip-next", subscriptionId: sub.id });
    expect(guest.headers.get("Location")).toMatch(/^\/shelter\/login\?redirect=/);
  });
});

// ---------------------------------------------------------------------------

async function createOrder(customerId: string, createdAt: Date) {
  return prisma.order.create({
    data: {
      number: await nextOrderNumber(prisma),
      site: "DTC",
      customerId,
      email: "robin@example.com",
      status: "paid",
      subtotalCents: variant.priceCents,
      totalCents: variant.priceCents,
      shippingAddress: JSON.stringify(ADDRESS),
      createdAt,
      lines: {
        create: [
          {
            variantId: variant.id,
            productTitle,
            variantTitle: variant.title,
            sku: variant.sku,
            quantity: 1,
            unitPriceCents: variant.priceCents,
            weightValue: 15.5,
            weightUnit: "lbs",
          },
        ],
      },
    },
  });
}

const callApi = (handler: RouteHandler, body: unknown, jar = new Jar(), method = "POST") =>
  run(handler, jsonRequest("/api/x", body, jar, method), jar);

interface ApiError {
  error: { code: string; fields?: Record<string, string> };
}

describe("account JSON API (shop-core spec section 7, provider 'embedded')", () => {
  let customerId: string;
  let jar: Jar;
  let token: string;
  let strangerId: string;
  let orders: { id: string; number: number }[];
  let strangerOrder: { id: string };

  beforeAll(async () => {
    customerId = (await newCustomer()).id;
    jar = await signedInJar(customerId);
    token = await identity.createSession(customerId, "DTC");
    strangerId = (await newCustomer()).id;
    const now = Date.now();
    orders = [];
    for (let i = 0; i < 5; i++) orders.push(await createOrder(customerId, new Date(now - i * 60_000)));
    strangerOrder = await createOrder(strangerId, new Date());
    await subscribe(customerId, { quantity: 3 });
    await subscribe(strangerId);
  });

  describe("POST /api/ecom/v1.0/get-embedded-orders", () => {
    it("401 without a session, and for a bad, revoked or other-site token", async () => {
      expect((await callApi(ordersApi, { id: customerId })).status).toBe(401);
      // The caller is checked before the body's fields.
      expect((await callApi(ordersApi, { quantity: 99 })).status).toBe(401);
      expect((await callApi(ordersApi, { id: customerId, sessionToken: "nope" })).status).toBe(401);
      const revoked = await identity.createSession(customerId, "DTC");
      await identity.revokeSession(revoked, "test");
      expect((await callApi(ordersApi, { id: customerId, sessionToken: revoked })).status).toBe(401);
      const staff = await identity.createSession(customerId, "HPSF");
      expect((await callApi(ordersApi, { id: customerId, sessionToken: staff })).status).toBe(401);
      // A bad token is not covered by a good cookie.
      expect((await callApi(ordersApi, { id: customerId, sessionToken: "nope" }, jar)).status).toBe(401);
    });

    it("404 for another customer's id", async () => {
      const response = await callApi(ordersApi, { id: strangerId }, jar);
      expect(response.status).toBe(404);
      expect(((await response.json()) as ApiError).error.code).toBe("NOT_FOUND");
    });

    it("400 with fields for a bad body; 405 for GET", async () => {
      for (const [body, field] of [
        [{}, "id"],
        [{ id: customerId, quantity: 51 }, "quantity"],
        [{ id: customerId, quantity: "5" }, "quantity"],
        [{ id: customerId, query: "%E0%A4%A" }, "query"],
      ] as const) {
        const response = await callApi(ordersApi, body, jar);
        expect(response.status).toBe(400);
        expect(((await response.json()) as ApiError).error.fields).toHaveProperty(field);
      }
      expect((await callApi(ordersApi, "{not json", jar)).status).toBe(400);
      expect((await ordersApiGet()).status).toBe(405);
    });

    it("200: edges, nodes and pageInfo, paged by cursor, by cookie or by sessionToken", async () => {
      type Page = {
        orders: {
          edges: { cursor: string; node: { id: string } }[];
          nodes: { id: string; customerId: string; lines: unknown[] }[];
          pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; endCursor: string };
        };
      };
      const first = (await (await callApi(ordersApi, { id: customerId, quantity: 2 }, jar)).json()) as Page;
      expect(first.orders.nodes.map((n) => n.id)).toEqual([orders[0].id, orders[1].id]);
      expect(first.orders.edges.map((e) => e.node.id)).toEqual([orders[0].id, orders[1].id]);
      expect(first.orders.edges[1].cursor).toBe(first.orders.pageInfo.endCursor);
      expect(first.orders.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
      expect(first.orders.nodes[0].lines).toHaveLength(1);

      // Any edge's cursor continues after that order.
      const fromEdge = (await (
        await callApi(ordersApi, { id: customerId, quantity: 2, cursor: first.orders.edges[0].cursor }, jar)
      ).json()) as Page;
      expect(fromEdge.orders.nodes.map((n) => n.id)).toEqual([orders[1].id, orders[2].id]);

      const byToken = (await (
        await callApi(ordersApi, { sessionToken: token, id: customerId, quantity: 50 })
      ).json()) as Page;
      expect(byToken.orders.nodes.map((n) => n.id)).toEqual(orders.map((o) => o.id));
      expect(byToken.orders.pageInfo.hasNextPage).toBe(false);
    });

    it("200: a URL-encoded query matches an order number or a product", async () => {
      type Page = { orders: { nodes: { id: string }[] } };
      const byNumber = (await (
        await callApi(ordersApi, { id: customerId, query: encodeURIComponent(`#${orders[3].number}`) }, jar)
      ).json()) as Page;
      expect(byNumber.orders.nodes.map((n) => n.id)).toEqual([orders[3].id]);
      const byProduct = (await (
        await callApi(ordersApi, { id: customerId, query: encodeURIComponent(productTitle) }, jar)
      ).json()) as Page;
      expect(byProduct.orders.nodes).toHaveLength(5);
    });
  });

  describe("POST /api/ecom/v1.0/get-embedded-last-order", () => {
    it("401, 404, 400 and 200 (the newest order, or null)", async () => {
      expect((await callApi(lastOrderApi, { id: customerId })).status).toBe(401);
      expect((await callApi(lastOrderApi, { id: strangerId }, jar)).status).toBe(404);
      const bad = await callApi(lastOrderApi, { id: 42 }, jar);
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as ApiError).error.fields).toHaveProperty("id");
      const ok = await callApi(lastOrderApi, { sessionToken: token, id: customerId });
      expect(ok.status).toBe(200);
      expect(((await ok.json()) as { order: { id: string } }).order.id).toBe(orders[0].id);

      const fresh = (await newCustomer()).id;
      const none = await callApi(lastOrderApi, { id: fresh }, await signedInJar(fresh));
      expect(await none.json()).toEqual({ order: null });
    });
  });

  describe("the calls named for another provider (get-shopify-*)", () => {
    it("are 404 on the embedded provider, as a path that does not exist", async () => {
      for (const api of [shopifyOrdersApi, shopifyLastOrderApi, shopifyOrderApi, shopifyCustomerApi]) {
        expect((await callApi(api, { sessionToken: token, id: customerId })).status).toBe(404);
      }
    });
  });

  describe("POST /api/ecom/v1.0/get-embedded-order", () => {
    it("401, 404 for another customer's order or an unknown id, 400 and 200", async () => {
      expect((await callApi(orderApi, { id: orders[0].id })).status).toBe(401);
      expect((await callApi(orderApi, { id: strangerOrder.id }, jar)).status).toBe(404);
      expect((await callApi(orderApi, { id: "no-such-order" }, jar)).status).toBe(404);
      const bad = await callApi(orderApi, { id: "" }, jar);
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as ApiError).error.fields).toHaveProperty("id");
      const ok = await callApi(orderApi, { sessionToken: token, id: orders[2].id });
      expect(ok.status).toBe(200);
      const { order } = (await ok.json()) as {
        order: { id: string; number: number; customerId: string; lines: { variantId: string }[] };
      };
      expect(order).toMatchObject({ id: orders[2].id, number: orders[2].number, customerId });
      expect(order.lines[0].variantId).toBe(variant.id);
    });
  });

  describe("POST /api/get-subscriptions", () => {
    it("401, 404 for another customer, 400 and 200 with the spec's fields", async () => {
      expect((await callApi(subscriptionsApi, { customer: customerId })).status).toBe(401);
      expect((await callApi(subscriptionsApi, { customer: strangerId }, jar)).status).toBe(404);
      const bad = await callApi(subscriptionsApi, { id: customerId }, jar);
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as ApiError).error.fields).toHaveProperty("customer");

      const ok = await callApi(subscriptionsApi, { sessionToken: token, customer: customerId });
      expect(ok.status).toBe(200);
      const { results } = (await ok.json()) as { results: Record<string, unknown>[] };
      expect(results).toHaveLength(1);
      expect(results[0]).toMatchObject({
        customerId,
        productId: variant.productId,
        contractId: expect.stringMatching(/^SC-ROUTE-/),
        frequencyDays: 28,
        frequency: "Every 4 weeks",
        cancelled: false,
        cancelReason: null,
        startDateString: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        quantity: 3,
        weight: 15.5,
        weightUnit: "lbs",
        nextOrderDate: expect.any(String),
        productTitle,
        variantTitle: variant.title,
      });
    });
  });
});
