// The Shopify adapter against a Storefront API server on loopback that executes Shopify's
// published schema (tests/shopify/storefront-server.ts): catalogue, facets, carts with the
// shop's limits, the hand-off URL, and what happens when Shopify is slow, throttled or down.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ListingState } from "~/models/listing";
import { CartError } from "~/services/commerce/cart.server";
import { parseCommerceSettings } from "~/services/commerce/settings.server";
import { createStorefrontClient, ShopifyUnavailable } from "~/services/commerce/shopify/client.server";
import { createShopifyCommerce } from "~/services/commerce/shopify/index.server";
import { createFreshness } from "~/services/freshness/index.server";
import { followShopifyWebhooks } from "~/services/commerce/shopify/follow.server";
import { createTestDatabase } from "../helpers/db";
import { fixtureStore } from "../shopify/store";
import { startStorefrontServer } from "../shopify/storefront-server";

type Server = Awaited<ReturnType<typeof startStorefrontServer>>;
let server: Server;

const settingsFor = (origin: string) =>
  parseCommerceSettings({
    COMMERCE_PROVIDER: "shopify",
    SHOPIFY_STORE_DOMAIN: "pet-food-test.myshopify.com",
    SHOPIFY_STOREFRONT_ACCESS_TOKEN: "test-storefront-token",
    SHOPIFY_WEBHOOK_SECRET: "test-webhook-secret-0123456789",
    SHOPIFY_API_URL: origin,
    // Generous: a busy machine never times out a call these tests expect to succeed.
    SHOPIFY_TIMEOUT_MS: "10000",
  });

const FIRST_PAGE: ListingState = { filters: {}, price: {}, sort: "featured", page: 1 };
const listing = (site: "DTC" | "HPSF" = "DTC") => ({ site, fixed: {}, state: FIRST_PAGE });

beforeAll(async () => {
  server = await startStorefrontServer();
});
afterAll(() => server.close());
afterEach(() => {
  // Every document the adapter sent validated against the published schema.
  expect(server.requests.flatMap((r) => r.errors.map((e) => `${r.operationName}: ${e.message}`))).toEqual([]);
  server.faults.length = 0;
});

describe("Shopify catalogue (docs/rules.md 'Shopify adapter')", () => {
  it("lists every product sold on the site, with facets, cards and product pages from the Storefront API", async () => {
    const { commerce } = createShopifyCommerce(settingsFor(server.origin));
    const dtc = await commerce.listProducts({ ...listing(), pageSize: 100 });
    const sold = server.store.products.filter((p) => {
      const soldOn = p.metafields.find((m) => m.key === "sold_on")?.value;
      return !soldOn || soldOn.includes("DTC");
    });
    expect(dtc.total).toBe(sold.length);
    expect(dtc.facetCounts.species).toMatchObject({ dog: expect.any(Number), cat: expect.any(Number) });

    const first = sold[0];
    const page = await commerce.getProduct("DTC", first.handle);
    expect(page?.title).toBe(first.title);
    expect(page?.variants.map((v) => v.sku)).toEqual(first.variants.map((v) => v.sku));
    // Money as integer cents from Shopify's decimal strings.
    expect(page?.variants[0].priceCents).toBe(Math.round(Number(first.variants[0].price) * 100));
  });

  it("keeps an HPSF-only product off the consumer site", async () => {
    const { commerce } = createShopifyCommerce(settingsFor(server.origin));
    const hpsfOnly = server.store.products.find((p) =>
      p.metafields.some((m) => m.key === "sold_on" && !m.value.includes("DTC")),
    );
    expect(hpsfOnly).toBeDefined();
    expect(await commerce.getProduct("DTC", hpsfOnly!.handle)).toBeNull();
    expect(await commerce.getProduct("HPSF", hpsfOnly!.handle)).not.toBeNull();
  });

  it("serves the last snapshot while Shopify is down, and answers 503 (never 500) before the first read", async () => {
    let now = 0;
    const { commerce, catalogue } = createShopifyCommerce(settingsFor(server.origin), {
      refreshMs: 1000,
      now: () => now,
    });
    const before = await commerce.listProducts(listing());
    const version = catalogue.version();
    server.faults.push({ status: 503 }, { status: 503 }, { status: 503 });
    now += 2000;
    // The answer that starts the refresh is served from the snapshot held; the failed read keeps it.
    expect((await commerce.listProducts(listing())).total).toBe(before.total);
    await catalogue.settled();
    expect(server.faults).toEqual([]);
    expect((await commerce.listProducts(listing())).total).toBe(before.total);
    expect(catalogue.version()).toBe(version);

    const fresh = createShopifyCommerce(settingsFor(server.origin));
    server.faults.push({ status: 503 }, { status: 503 }, { status: 503 });
    const refused = await fresh.commerce.listProducts(listing()).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(503);
    expect((refused as Response).headers.get("Retry-After")).toBe("30");
  });
});

describe("Shopify catalogue at scale and across processes", () => {
  it("reads every product page by page (250 at most), sorted by id", async () => {
    const big = await startStorefrontServer({ store: fixtureStore("http://127.0.0.1:9") });
    try {
      const [model] = big.store.products;
      for (let n = 0; n < 260; n++) {
        big.store.products.push({
          ...model,
          id: `gid://shopify/Product/${5000 + n}`,
          handle: `${model.handle}-${n}`,
          variants: model.variants.map((v, i) => ({ ...v, id: `${v.id}${n}-${i}`, sku: `${v.sku}-${n}` })),
        });
      }
      const { commerce } = createShopifyCommerce(settingsFor(big.origin));
      expect((await commerce.listProducts(listing())).total).toBe(271);
      const pages = big.requests.filter((r) => r.operationName === "CataloguePage");
      expect(pages.map((r) => r.variables.first)).toEqual([250, 250]);
      expect(big.requests.flatMap((r) => r.errors)).toEqual([]);
    } finally {
      await big.close();
    }
  });

  it("a webhook row makes every process read the product again before the data version moves", async () => {
    const { db } = await createTestDatabase();
    const freshness = createFreshness({ intervalMs: 60_000 });
    const { commerce, catalogue } = createShopifyCommerce(settingsFor(server.origin));
    followShopifyWebhooks(freshness, db, catalogue);
    const product = server.store.products[1];
    const price = product.variants[0].price;
    try {
      await commerce.getProduct("DTC", product.handle);
      await freshness.check();
      const version = freshness.version();

      product.variants[0].price = "1.23";
      // Another process received products/update: its row is all this process sees.
      await db.shopifyWebhook.create({
        data: { webhookId: "w-1", topic: "products/update", subjectId: product.id },
      });
      await freshness.check();
      expect((await commerce.getProduct("DTC", product.handle))?.variants[0].priceCents).toBe(123);
      expect(freshness.version()).not.toBe(version);

      server.store.products.splice(server.store.products.indexOf(product), 1);
      await db.shopifyWebhook.create({
        data: { webhookId: "w-2", topic: "products/delete", subjectId: product.id },
      });
      await freshness.check();
      expect(await commerce.getProduct("DTC", product.handle)).toBeNull();
    } finally {
      freshness.stop();
      product.variants[0].price = price;
      if (!server.store.products.includes(product)) server.store.products.splice(1, 0, product);
      await db.$disconnect();
    }
  });
});

describe("Shopify carts (shop-core spec sections 4 and 5)", () => {
  it("creates a cart on the Cart API with the hand-off URL, and holds the shop's limits before the call", async () => {
    const { commerce } = createShopifyCommerce(settingsFor(server.origin));
    const product = (await commerce.listProducts(listing())).products[0];
    const variantId = product.variant.id;
    const created = await commerce.createCart({ site: "DTC", lines: [{ merchandiseId: variantId, quantity: 12 }] });
    expect(created.cart?.checkoutUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    expect(created.cart?.totalQuantity).toBe(10);
    expect(created.notices.map((n) => n.code)).toEqual(["QUANTITY_CLAMPED"]);

    const more = await commerce.addLines(created.cartId!, [{ merchandiseId: variantId, quantity: 1 }]);
    expect(more.notices.map((n) => n.code)).toEqual(["NOTHING_ADDED"]);
    expect(more.cart?.totalQuantity).toBe(10);

    const line = more.cart!.lines[0];
    const removed = await commerce.updateLines(created.cartId!, [{ id: line.id, quantity: 0 }]);
    expect(removed).toMatchObject({ cart: null, cartId: null });
  });

  it("holds an Autoship line to 5, and refuses a plan the product or the store does not offer", async () => {
    const { commerce } = createShopifyCommerce(settingsFor(server.origin));
    const autoship = server.store.products.find((p) => p.autoship)!;
    const plain = server.store.products.find((p) => !p.autoship);
    const [plan] = server.store.sellingPlans;
    const variantId = autoship.variants.find((v) => v.quantity > 10)!.id;
    const cart = await commerce.createCart({
      site: "DTC",
      lines: [{ merchandiseId: variantId, quantity: 7, sellingPlanId: plan.id }],
    });
    expect(cart.cart?.lines.map((l) => [l.quantity, l.sellingPlanId])).toEqual([[5, plan.id]]);
    expect(cart.notices.map((n) => n.code)).toEqual(["QUANTITY_CLAMPED"]);

    const refusals = [
      { merchandiseId: variantId, quantity: 1, sellingPlanId: "gid://shopify/SellingPlan/1" },
      ...(plain ? [{ merchandiseId: plain.variants[0].id, quantity: 1, sellingPlanId: plan.id }] : []),
    ];
    const adds = () => server.requests.filter((r) => r.operationName === "CartLinesAdd").length;
    const addsBefore = adds();
    for (const line of refusals) {
      const refused = await commerce.addLines(cart.cartId!, [line]).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(CartError);
      expect((refused as CartError).code).toBe("SELLING_PLAN_INVALID");
    }
    // Refused by the shop before any call to the Cart API.
    expect(adds()).toBe(addsBefore);
    expect((await commerce.getCart(cart.cartId!))?.totalQuantity).toBe(5);
  });

  it("refuses a variant the site does not sell, and a caller's own _site attribute", async () => {
    const { commerce } = createShopifyCommerce(settingsFor(server.origin));
    const refused = await commerce
      .createCart({ site: "DTC", lines: [{ merchandiseId: "gid://shopify/ProductVariant/999999", quantity: 1 }] })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CartError);
    expect((refused as CartError).status).toBe(404);

    const product = (await commerce.listProducts(listing())).products[0];
    const cart = await commerce.createCart({
      site: "DTC",
      lines: [{ merchandiseId: product.variant.id, quantity: 1 }],
      attributes: [{ key: "_site", value: "HPSF" }],
    });
    expect(cart.cart?.site).toBe("DTC");
  });

  it("answers a cart change 503 with the cart unchanged when Shopify does not answer", async () => {
    const { commerce } = createShopifyCommerce(settingsFor(server.origin));
    const product = (await commerce.listProducts(listing())).products[0];
    const cart = await commerce.createCart({
      site: "DTC",
      lines: [{ merchandiseId: product.variant.id, quantity: 1 }],
    });
    // The read before the change succeeds; the mutation meets a 503 and is not retried.
    server.faults.push({}, { status: 503 });
    const refused = await commerce
      .addLines(cart.cartId!, [{ merchandiseId: product.variant.id, quantity: 1 }])
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CartError);
    expect((refused as CartError).status).toBe(503);
    expect((await commerce.getCart(cart.cartId!))?.totalQuantity).toBe(1);
  });
});

describe("the Storefront API client's retries", () => {
  const client = (sleeps: number[] = []) =>
    createStorefrontClient({
      endpoint: `${server.origin}/api/2026-04/graphql.json`,
      token: "test-storefront-token",
      // Ends only the hung attempt: every other answer comes long before it.
      timeoutMs: 2000,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
    });
  const SHOP = "query ShopName { shop { name } }";

  it("waits a 429's Retry-After, then succeeds", async () => {
    const sleeps: number[] = [];
    server.faults.push({ status: 429, retryAfterSeconds: 1 });
    await expect(client(sleeps).request(SHOP)).resolves.toMatchObject({ shop: { name: expect.any(String) } });
    expect(sleeps).toEqual([1000]);
  });

  it("gives up at once when Retry-After is longer than a shopper should wait", async () => {
    server.faults.push({ status: 429, retryAfterSeconds: 30 });
    await expect(client().request(SHOP)).rejects.toBeInstanceOf(ShopifyUnavailable);
  });

  it("retries a THROTTLED answer and a timed-out query, never a mutation after a 5xx", async () => {
    server.faults.push({ throttled: true }, { hang: true });
    await expect(client().request(SHOP)).resolves.toBeDefined();
    const before = server.requests.length;
    server.faults.push({ status: 503 });
    await expect(
      client().request(
        'mutation Note($cartId: ID!) { cartNoteUpdate(cartId: $cartId, note: "x") { userErrors { message } } }',
        {
          cartId: "gid://shopify/Cart/none",
        },
      ),
    ).rejects.toBeInstanceOf(ShopifyUnavailable);
    expect(server.requests.length - before).toBe(1);
  });

  it("a dropped connection is ShopifyUnavailable, not a crash", async () => {
    server.faults.push({ drop: true }, { drop: true }, { drop: true });
    await expect(client().request(SHOP)).rejects.toBeInstanceOf(ShopifyUnavailable);
  });
});
