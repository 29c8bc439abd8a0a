// Shopify's webhook headers and payloads as the shop reads them (docs/rules.md "Shopify webhooks").
import { describe, expect, it } from "vitest";
import { isOurShop, parseShopifyWebhookHeaders, shopifyWebhookEffect } from "./shopify-webhook";

const HEADERS: Record<string, string> = {
  "x-shopify-topic": "products/update",
  "x-shopify-webhook-id": "b54557e4-bdd9-4b37-8a5f-bf7d70bcd043",
  "x-shopify-shop-domain": "Pet-Food.myshopify.com",
  "x-shopify-api-version": "2026-04",
  "x-shopify-triggered-at": "2026-11-28T10:00:00.123456789Z",
};

const reading = (headers: Record<string, string>) => {
  const h = new Headers(headers);
  return parseShopifyWebhookHeaders((name) => h.get(name));
};

describe("Shopify webhook headers", () => {
  it("reads the topic, webhook id, shop domain (lower-cased), API version and trigger time", () => {
    expect(reading(HEADERS)).toEqual({
      topic: "products/update",
      webhookId: "b54557e4-bdd9-4b37-8a5f-bf7d70bcd043",
      shopDomain: "pet-food.myshopify.com",
      apiVersion: "2026-04",
      triggeredAt: new Date("2026-11-28T10:00:00.123Z"),
    });
  });

  it("is null when any of them is missing or malformed", () => {
    for (const name of Object.keys(HEADERS)) {
      const without = { ...HEADERS };
      delete without[name];
      expect({ name, parsed: reading(without) }).toEqual({ name, parsed: null });
    }
    expect(reading({ ...HEADERS, "x-shopify-topic": "products update" })).toBeNull();
    expect(reading({ ...HEADERS, "x-shopify-webhook-id": " " })).toBeNull();
    expect(reading({ ...HEADERS, "x-shopify-shop-domain": "https://evil.test/" })).toBeNull();
    expect(reading({ ...HEADERS, "x-shopify-api-version": "latest" })).toBeNull();
    expect(reading({ ...HEADERS, "x-shopify-triggered-at": "yesterday" })).toBeNull();
  });

  it("names our shop only when the domain equals SHOPIFY_STORE_DOMAIN, case aside", () => {
    const headers = reading(HEADERS)!;
    expect(isOurShop(headers, "pet-food.myshopify.com")).toBe(true);
    expect(isOurShop(headers, "PET-FOOD.myshopify.com")).toBe(true);
    expect(isOurShop(headers, "other-shop.myshopify.com")).toBe(false);
    expect(isOurShop(headers, "pet-food.myshopify.com.evil.test")).toBe(false);
  });
});

describe("Shopify webhook effects", () => {
  const product = { id: 632910392, admin_graphql_api_id: "gid://shopify/Product/632910392", title: "Kibble" };

  it("products/create and products/update change the product by its Admin API id", () => {
    for (const topic of ["products/create", "products/update"]) {
      expect(shopifyWebhookEffect(topic, product)).toEqual({
        kind: "product",
        change: { productId: "gid://shopify/Product/632910392", deleted: false },
      });
    }
  });

  it("products/delete, whose payload is the id alone, deletes gid://shopify/Product/{id}", () => {
    expect(shopifyWebhookEffect("products/delete", { id: 632910392 })).toEqual({
      kind: "product",
      change: { productId: "gid://shopify/Product/632910392", deleted: true },
    });
  });

  it("orders/create reads the order's ids, number, note attributes, amounts in cents, codes and lines", () => {
    // The parts of Shopify's REST order payload the shop reads, as its sample delivery sends them.
    const order = {
      id: 820982911946154500,
      admin_graphql_api_id: "gid://shopify/Order/820982911946154508",
      name: "#9999",
      order_number: 1234,
      currency: "USD",
      total_price: "57.36",
      total_tax: "3.25",
      note_attributes: [
        { name: "_site", value: "DTC" },
        { name: "donation_tracking_id", value: "trk_1" },
      ],
      discount_codes: [{ code: "WELCOME10", amount: "5.00", type: "percentage" }],
      shipping_lines: [{ price: "4.99", title: "Standard" }],
      line_items: [
        {
          variant_id: 49148385,
          sku: "SD-ADULT-15",
          title: "Adult Dry Dog Food",
          variant_title: "15 lb",
          quantity: 2,
          price: "24.56",
        },
        { variant_id: null, sku: null, title: "Gift wrap", variant_title: null, quantity: 1, price: "0.00" },
      ],
    };
    expect(shopifyWebhookEffect("orders/create", order)).toEqual({
      kind: "order",
      order: {
        orderId: "gid://shopify/Order/820982911946154508",
        number: 1234,
        attributes: { _site: "DTC", donation_tracking_id: "trk_1" },
        totalCents: 5736,
        taxCents: 325,
        shippingCents: 499,
        discountCodes: ["WELCOME10"],
        lines: [
          {
            variantId: "gid://shopify/ProductVariant/49148385",
            sku: "SD-ADULT-15",
            title: "Adult Dry Dog Food",
            variantTitle: "15 lb",
            quantity: 2,
            unitPriceCents: 2456,
          },
          { variantId: null, sku: "", title: "Gift wrap", variantTitle: "", quantity: 1, unitPriceCents: 0 },
        ],
      },
    });
    // The ids alone are enough (nothing else to record).
    expect(shopifyWebhookEffect("orders/create", { id: 5, admin_graphql_api_id: "gid://shopify/Order/5" })).toEqual({
      kind: "order",
      order: expect.objectContaining({ orderId: "gid://shopify/Order/5", number: 5, lines: [], attributes: {} }),
    });
    // An amount that is not Shopify's decimal text is a malformed payload.
    expect(shopifyWebhookEffect("orders/create", { ...order, total_price: 57.36 })).toBeNull();
  });

  it("is null when a topic we act on lacks the fields we read (a 400)", () => {
    expect(shopifyWebhookEffect("products/update", { id: 1 })).toBeNull();
    expect(
      shopifyWebhookEffect("products/update", { ...product, admin_graphql_api_id: "gid://shopify/Order/1" }),
    ).toBeNull();
    expect(shopifyWebhookEffect("products/delete", {})).toBeNull();
    expect(shopifyWebhookEffect("products/delete", { id: -4 })).toBeNull();
    expect(shopifyWebhookEffect("products/delete", [])).toBeNull();
    expect(shopifyWebhookEffect("orders/create", { id: 1 })).toBeNull();
    expect(shopifyWebhookEffect("orders/create", null)).toBeNull();
  });

  it("ignores every other topic, whatever its body", () => {
    for (const topic of ["customers/create", "app/uninstalled", "orders/paid", "shop/redact"]) {
      expect(shopifyWebhookEffect(topic, { anything: true })).toEqual({ kind: "ignored" });
    }
  });
});
