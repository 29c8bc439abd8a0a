// Shopify's webhooks (docs/rules.md "Shopify webhooks"; docs/security.md "Webhook forgery and
// replay"): POST /webhooks/shopify believes a delivery only with the HMAC Shopify signs it with
// and our shop's domain, and has its effect once per X-Shopify-Webhook-Id, even when the same
// delivery arrives twice at once. Through the route module, on the run's database kind
// (SQLite, or PostgreSQL with TEST_POSTGRES_URL).
import { vi } from "vitest";

// The commerce settings are parsed when app modules load: Shopify mode before any import below.
const SECRET = vi.hoisted(() => {
  const secret = "shpss_webhook_test_secret_0123456789";
  process.env.COMMERCE_PROVIDER = "shopify";
  process.env.SHOPIFY_STORE_DOMAIN = "pet-food.myshopify.com";
  process.env.SHOPIFY_STOREFRONT_ACCESS_TOKEN = "storefront-token-for-webhook-tests";
  process.env.SHOPIFY_WEBHOOK_SECRET = secret;
  return secret;
});

import crypto from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import * as webhookRoute from "~/routes/webhooks.shopify";
import { createShopifyWebhooks, isShopifySignature } from "~/services/commerce/index.server";
import { callRoute, ORIGIN } from "../helpers/routes";

const SHOP = "pet-food.myshopify.com";
const PRODUCT_BODY = '{"id":632910392,"admin_graphql_api_id":"gid://shopify/Product/632910392","title":"Kibble"}';

/** As shopify.dev's "Verify webhook deliveries" shows: base64 of the HMAC-SHA256 of the raw body under the secret. */
const sign = (body: string | Buffer, secret = SECRET) =>
  crypto.createHmac("sha256", secret).update(body).digest("base64");

/** A delivery as Shopify's servers send it: JSON, no cookie, no Origin. */
function delivery(
  body: string | Buffer,
  options: { topic?: string; webhookId?: string; hmac?: string | null; shop?: string; omit?: string } = {},
): Request {
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    "X-Shopify-Topic": options.topic ?? "products/update",
    "X-Shopify-Webhook-Id": options.webhookId ?? crypto.randomUUID(),
    "X-Shopify-Shop-Domain": options.shop ?? SHOP,
    "X-Shopify-API-Version": "2026-04",
    "X-Shopify-Triggered-At": "2026-11-28T10:00:00.000Z",
    "X-Shopify-Event-Id": crypto.randomUUID(),
  };
  const hmac = options.hmac === undefined ? sign(body) : options.hmac;
  if (hmac !== null) headers["X-Shopify-Hmac-Sha256"] = hmac;
  if (options.omit) delete headers[options.omit];
  return new Request(`${ORIGIN}/webhooks/shopify`, {
    method: "POST",
    headers,
    body: typeof body === "string" ? body : new Uint8Array(body),
  });
}

const post = (request: Request) => callRoute(webhookRoute.action, request);
const rowsOf = (webhookId: string) => prisma.shopifyWebhook.count({ where: { webhookId } });

/** What a delivery's row says it was about (every process's catalogue follows these rows). */
const subjectsOf = async (webhookId: string) =>
  (await prisma.shopifyWebhook.findMany({ where: { webhookId }, select: { topic: true, subjectId: true } })).map(
    (row) => `${row.topic} ${row.subjectId}`,
  );

describe("verification (HMAC-SHA256 of the raw body, our shop)", () => {
  it("accepts an independently worked out signature, and rejects it for any other body or secret", () => {
    // printf '%s' "$PRODUCT_BODY" | openssl dgst -sha256 -hmac 'shpss_webhook_test_secret_0123456789' -binary | base64
    const vector = "wAbOK74fxT4AGVCKNdCZWBIzQUBYLSBnunFZKi8pnF0=";
    const body = new TextEncoder().encode(PRODUCT_BODY);
    expect(isShopifySignature(body, vector, SECRET)).toBe(true);
    expect(isShopifySignature(new TextEncoder().encode(`${PRODUCT_BODY} `), vector, SECRET)).toBe(false);
    expect(isShopifySignature(body, vector, `${SECRET}x`)).toBe(false);
    // A digest of the wrong length is refused before the constant-time comparison (which would throw).
    expect(isShopifySignature(body, vector.slice(0, 20), SECRET)).toBe(false);
    expect(isShopifySignature(body, "", SECRET)).toBe(false);
    expect(isShopifySignature(body, null, SECRET)).toBe(false);
  });

  it("for any body and secret, accepts Shopify's signature and refuses it once any byte of the body changes", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 1, maxLength: 512 }),
        fc.string({ minLength: 16, maxLength: 64 }),
        fc.nat(),
        fc.integer({ min: 1, max: 255 }),
        (body, secret, at, flip) => {
          const signature = sign(Buffer.from(body), secret);
          expect(isShopifySignature(body, signature, secret)).toBe(true);
          const tampered = Uint8Array.from(body);
          tampered[at % tampered.length] ^= flip;
          expect(isShopifySignature(tampered, signature, secret)).toBe(false);
        },
      ),
    );
  });

  it("handles a delivery signed as Shopify signs it: 200, one row naming the product", async () => {
    const webhookId = crypto.randomUUID();
    const response = await post(delivery(PRODUCT_BODY, { webhookId }));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await response.json()).toEqual({ ok: true, code: "HANDLED" });
    expect(await subjectsOf(webhookId)).toEqual(["products/update gid://shopify/Product/632910392"]);
  });

  it("checks the raw bytes: the same JSON re-serialised (other spacing) does not match the signature", async () => {
    const webhookId = crypto.randomUUID();
    const respaced = JSON.stringify(JSON.parse(PRODUCT_BODY), null, 1);
    const response = await post(delivery(respaced, { webhookId, hmac: sign(PRODUCT_BODY) }));
    expect(response.status).toBe(401);
    expect(await rowsOf(webhookId)).toBe(0);
  });

  it("answers 401 and changes nothing for a missing, wrong, other-secret or truncated HMAC", async () => {
    for (const hmac of [null, "", "not-base64!", sign(PRODUCT_BODY, "another-secret-0123456789"), sign("{}")]) {
      const webhookId = crypto.randomUUID();
      const response = await post(delivery(PRODUCT_BODY, { webhookId, hmac }));
      expect({ hmac, status: response.status }).toEqual({ hmac, status: 401 });
      expect((await response.json()).error.code).toBe("UNAUTHORIZED");
      expect(await rowsOf(webhookId)).toBe(0);
    }
  });

  it("answers 401 to a correctly signed delivery for another shop, changing nothing", async () => {
    const webhookId = crypto.randomUUID();
    const response = await post(delivery(PRODUCT_BODY, { webhookId, shop: "other-shop.myshopify.com" }));
    expect(response.status).toBe(401);
    expect(await rowsOf(webhookId)).toBe(0);
  });
});

describe("exactly once per X-Shopify-Webhook-Id", () => {
  it("a delivery sent again has no effect: 200, still one row", async () => {
    const webhookId = crypto.randomUUID();
    const first = await post(delivery(PRODUCT_BODY, { webhookId }));
    const again = await post(delivery(PRODUCT_BODY, { webhookId }));
    expect([first.status, again.status]).toEqual([200, 200]);
    expect((await again.json()).code).toBe("DUPLICATE");
    expect(await rowsOf(webhookId)).toBe(1);
  });

  it("two deliveries of one webhook at once: one handles it, the other finds it handled", async () => {
    const webhookId = crypto.randomUUID();
    const answers = await Promise.all([
      post(delivery(PRODUCT_BODY, { webhookId })),
      post(delivery(PRODUCT_BODY, { webhookId })),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const codes = await Promise.all(answers.map(async (a) => (await a.json()).code));
    expect(codes.sort()).toEqual(["DUPLICATE", "HANDLED"]);
    expect(await rowsOf(webhookId)).toBe(1);
  });
});

describe("topics", () => {
  it("products/delete, whose payload is the id alone, records the product's gid", async () => {
    const webhookId = crypto.randomUUID();
    const response = await post(delivery('{"id":632910392}', { topic: "products/delete", webhookId }));
    expect(response.status).toBe(200);
    expect(await subjectsOf(webhookId)).toEqual(["products/delete gid://shopify/Product/632910392"]);
  });

  it("products/create records its product too", async () => {
    const webhookId = crypto.randomUUID();
    expect((await post(delivery(PRODUCT_BODY, { topic: "products/create", webhookId }))).status).toBe(200);
    expect(await subjectsOf(webhookId)).toEqual(["products/create gid://shopify/Product/632910392"]);
  });

  it("orders/create is recorded once, naming the order", async () => {
    const webhookId = crypto.randomUUID();
    const order = JSON.stringify({
      id: 450789469,
      admin_graphql_api_id: "gid://shopify/Order/450789469",
      name: "#1001",
    });
    expect((await post(delivery(order, { topic: "orders/create", webhookId }))).status).toBe(200);
    expect((await post(delivery(order, { topic: "orders/create", webhookId }))).status).toBe(200);
    expect(await subjectsOf(webhookId)).toEqual(["orders/create gid://shopify/Order/450789469"]);
  });

  it("orders/create confirms the hand-off's donation through the outbox once, and counts the purchase with consent", async () => {
    const trackingId = `trk_${crypto.randomUUID()}`;
    await prisma.platformDonation.create({
      data: { trackingId, site: "DTC", causeId: "cause-1", causeName: "Paws Rescue", donationCents: 123 },
    });
    const order = (id: number, consent: string) =>
      JSON.stringify({
        id,
        admin_graphql_api_id: `gid://shopify/Order/${id}`,
        order_number: id - 450000000,
        total_price: "57.36",
        total_tax: "3.25",
        note_attributes: [
          { name: "_site", value: "DTC" },
          { name: "donation_tracking_id", value: trackingId },
          { name: "_analytics_consent", value: consent },
        ],
        shipping_lines: [{ price: "4.99" }],
        line_items: [
          { variant_id: 7, sku: "SKU-7", title: "Kibble", variant_title: "15 lb", quantity: 2, price: "24.56" },
        ],
      });
    const confirmations = () =>
      prisma.outboxMessage.findMany({ where: { topic: "donation-confirmation", payload: { contains: trackingId } } });
    const purchases = () =>
      prisma.analyticsEvent.findMany({ where: { event: "purchase", payload: { contains: "gid://shopify/Order/45" } } });
    const before = (await purchases()).length;

    const webhookId = crypto.randomUUID();
    // The same delivery twice: one confirmation, one purchase.
    for (let i = 0; i < 2; i++) {
      expect((await post(delivery(order(450001001, "granted"), { topic: "orders/create", webhookId }))).status).toBe(
        200,
      );
    }
    const [confirmation] = await confirmations();
    expect(JSON.parse(confirmation.payload)).toEqual({
      trackingId,
      orderId: "gid://shopify/Order/450001001",
      orderNumber: 1001,
      totalDonationAmount: 1.23,
      causes: [{ causeId: "cause-1", causeName: "Paws Rescue", amount: 1.23 }],
    });
    expect(await prisma.platformDonation.findUnique({ where: { trackingId } })).toMatchObject({
      orderId: "gid://shopify/Order/450001001",
    });
    expect((await purchases()).length).toBe(before + 1);
    const purchase = (await purchases()).find((p) => p.payload.includes("450001001"))!;
    expect(purchase).toMatchObject({ site: "DTC", integration: "shop", valueCents: 5736 });

    // Another order naming the same tracking record confirms nothing more; without consent, no purchase.
    expect((await post(delivery(order(450001002, "denied"), { topic: "orders/create" }))).status).toBe(200);
    expect(await confirmations()).toHaveLength(1);
    expect((await purchases()).length).toBe(before + 1);
  });

  it("answers 200 to a topic the shop does not act on, with no row and no effect", async () => {
    const webhookId = crypto.randomUUID();
    const response = await post(delivery('{"id":1,"email":"a@b.test"}', { topic: "customers/create", webhookId }));
    expect(response.status).toBe(200);
    expect((await response.json()).code).toBe("IGNORED");
    expect(await rowsOf(webhookId)).toBe(0);
  });
});

describe("malformed deliveries", () => {
  it("answers 400 to a signed body that is not JSON (or not UTF-8), changing nothing", async () => {
    for (const body of ["{not json", "", Buffer.from([0x7b, 0xff, 0x7d])]) {
      const webhookId = crypto.randomUUID();
      const response = await post(delivery(body, { webhookId }));
      expect(response.status).toBe(400);
      expect(await rowsOf(webhookId)).toBe(0);
    }
  });

  it("answers 400 to a signed payload without the fields read, or without a Shopify header", async () => {
    expect((await post(delivery('{"id":632910392}'))).status).toBe(400);
    expect((await post(delivery('{"id":1}', { topic: "orders/create" }))).status).toBe(400);
    for (const omit of ["X-Shopify-Topic", "X-Shopify-Webhook-Id", "X-Shopify-API-Version", "X-Shopify-Triggered-At"]) {
      const response = await post(delivery(PRODUCT_BODY, { omit }));
      expect({ omit, status: response.status }).toEqual({ omit, status: 400 });
    }
    // Without the shop domain the delivery names no shop of ours: 401 would do as well; it is malformed first.
    expect((await post(delivery(PRODUCT_BODY, { omit: "X-Shopify-Shop-Domain" }))).status).toBe(400);
  });

  it("answers 413 to a body over 1 MiB, before reading it", async () => {
    const big = `{"id":1,"pad":"${"x".repeat(1024 * 1024)}"}`;
    const response = await post(delivery(big));
    expect(response.status).toBe(413);
  });

  it("answers GET with 405 and Allow: POST", async () => {
    const response = await callRoute(webhookRoute.loader, new Request(`${ORIGIN}/webhooks/shopify`));
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
  });
});

describe("a shop not on Shopify", () => {
  it("answers 404 to every delivery, signed or not, and writes nothing", async () => {
    const embedded = createShopifyWebhooks({
      db: prisma,
      settings: { COMMERCE_PROVIDER: "embedded", SHOPIFY_STORE_DOMAIN: SHOP, SHOPIFY_WEBHOOK_SECRET: SECRET },
    });
    const request = delivery(PRODUCT_BODY);
    const answer = await embedded.receive({
      headers: request.headers,
      body: new Uint8Array(await request.arrayBuffer()),
    });
    expect(answer.status).toBe(404);
    expect(await rowsOf(request.headers.get("X-Shopify-Webhook-Id")!)).toBe(0);
  });
});
