// Shopify's webhooks as the shop reads them (docs/rules.md "Shopify webhooks"): the headers
// every delivery carries, the topics the shop acts on and the part of each payload it uses.
// Pure: the signature itself is checked by the service (it needs node:crypto), which hands
// the headers and the parsed body to these functions only after the HMAC matched.
import { z } from "zod";
import { centsFromDecimal } from "./money";

/** Where Shopify posts (docs/operations.md "Running on Shopify"): the one webhook address. */
export const SHOPIFY_WEBHOOK_PATH = "/webhooks/shopify";

/** Largest delivery read, 1 MiB: a 413 above it (Shopify's payloads are far smaller). */
export const SHOPIFY_WEBHOOK_MAX_BODY_BYTES = 1024 * 1024;

/** The headers Shopify sends with every delivery (shopify.dev, "Verify webhook deliveries"). */
export const SHOPIFY_WEBHOOK_HEADERS = {
  hmac: "X-Shopify-Hmac-Sha256",
  topic: "X-Shopify-Topic",
  webhookId: "X-Shopify-Webhook-Id",
  shopDomain: "X-Shopify-Shop-Domain",
  apiVersion: "X-Shopify-API-Version",
  triggeredAt: "X-Shopify-Triggered-At",
} as const;

/** The topics the shop acts on; any other is answered 200 and ignored (Shopify retries a non-2xx for 48 hours). */
export const SHOPIFY_PRODUCT_TOPICS = ["products/create", "products/update", "products/delete"] as const;
export const SHOPIFY_ORDER_TOPICS = ["orders/create"] as const;

const HeadersSchema = z.object({
  topic: z
    .string()
    .trim()
    .regex(/^[a-z_]+\/[a-z_]+$/, "must be a topic such as products/update"),
  webhookId: z.string().trim().min(1).max(255),
  shopDomain: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9][a-z0-9-]*(\.[a-z0-9-]+)+$/, "must be a shop domain"),
  apiVersion: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}$|^unstable$/, "must be an API version such as 2026-04"),
  triggeredAt: z
    .string()
    .trim()
    .refine((value) => !Number.isNaN(Date.parse(value)), "must be a date")
    .transform((value) => new Date(value)),
});

export type ShopifyWebhookHeaders = z.infer<typeof HeadersSchema>;

/** The delivery's headers, read by their names (case does not matter), or null when one is missing or malformed. */
export function parseShopifyWebhookHeaders(get: (name: string) => string | null): ShopifyWebhookHeaders | null {
  const result = HeadersSchema.safeParse({
    topic: get(SHOPIFY_WEBHOOK_HEADERS.topic),
    webhookId: get(SHOPIFY_WEBHOOK_HEADERS.webhookId),
    shopDomain: get(SHOPIFY_WEBHOOK_HEADERS.shopDomain),
    apiVersion: get(SHOPIFY_WEBHOOK_HEADERS.apiVersion),
    triggeredAt: get(SHOPIFY_WEBHOOK_HEADERS.triggeredAt),
  });
  return result.success ? result.data : null;
}

/** Whether the delivery is for our store: the shop domain header equals SHOPIFY_STORE_DOMAIN (case aside). */
export function isOurShop(headers: Pick<ShopifyWebhookHeaders, "shopDomain">, storeDomain: string): boolean {
  return headers.shopDomain === storeDomain.trim().toLowerCase();
}

/** A resource id as Shopify's REST payloads send it: a positive integer (a JSON number, or digits). */
const RestId = z.union([z.number().int().positive().transform(String), z.string().regex(/^[1-9]\d*$/)]);
const ProductGid = z.string().regex(/^gid:\/\/shopify\/Product\/[1-9]\d*$/);

/** products/create and products/update carry the whole product; we read its ids only. */
const ProductPayload = z.object({ id: RestId, admin_graphql_api_id: ProductGid });
/** products/delete carries the id alone. */
const DeletedProductPayload = z.object({ id: RestId, admin_graphql_api_id: ProductGid.optional() });
/** A money amount as Shopify's REST payloads send it: decimal text ("57.36"), read as cents. */
const Amount = z
  .string()
  .regex(/^\d+(\.\d{1,2})?$/)
  .transform(centsFromDecimal);

/**
 * orders/create: the order's ids, number and the parts the shop records (docs/rules.md
 * "Shopify webhooks"): its note attributes (the cart's, set at the hand-off), total, tax,
 * shipping, codes and lines. Everything but the ids is optional: Shopify's REST order always
 * carries them, and a missing one only means nothing to record.
 */
const OrderPayload = z.object({
  id: RestId,
  admin_graphql_api_id: z.string().startsWith("gid://shopify/Order/"),
  order_number: z.number().int().positive().optional(),
  total_price: Amount.optional(),
  total_tax: Amount.optional(),
  note_attributes: z.array(z.object({ name: z.string(), value: z.coerce.string() })).default([]),
  discount_codes: z.array(z.object({ code: z.string() })).default([]),
  shipping_lines: z.array(z.object({ price: Amount })).default([]),
  line_items: z
    .array(
      z.object({
        variant_id: RestId.nullable().optional(),
        sku: z.string().nullable().optional(),
        title: z.string(),
        variant_title: z.string().nullable().optional(),
        quantity: z.number().int().positive(),
        price: Amount,
      }),
    )
    .default([]),
});

/** An order Shopify created, as the shop records it (donation confirmation, analytics purchase). */
export interface ShopifyOrderCreated {
  /** The Admin API's global id, gid://shopify/Order/N. */
  orderId: string;
  /** The shop's order number (#1001 is 1001); the REST id when the payload has none. */
  number: number;
  /** The order's note attributes, from the cart's attributes (checkout's, `_site`, ...). */
  attributes: Readonly<Record<string, string>>;
  totalCents: number;
  taxCents: number;
  shippingCents: number;
  discountCodes: string[];
  lines: {
    variantId: string | null;
    sku: string;
    title: string;
    variantTitle: string;
    quantity: number;
    unitPriceCents: number;
  }[];
}

function orderCreated(order: z.infer<typeof OrderPayload>): ShopifyOrderCreated {
  return {
    orderId: order.admin_graphql_api_id,
    number: order.order_number ?? Number(order.id),
    attributes: Object.fromEntries(order.note_attributes.map((a) => [a.name, a.value])),
    totalCents: order.total_price ?? 0,
    taxCents: order.total_tax ?? 0,
    shippingCents: order.shipping_lines.reduce((sum, line) => sum + line.price, 0),
    discountCodes: order.discount_codes.map((d) => d.code),
    lines: order.line_items.map((line) => ({
      variantId: line.variant_id ? `gid://shopify/ProductVariant/${line.variant_id}` : null,
      sku: line.sku ?? "",
      title: line.title,
      variantTitle: line.variant_title ?? "",
      quantity: line.quantity,
      unitPriceCents: line.price,
    })),
  };
}

/** A product that changed in Shopify: the catalogue snapshot refreshes it (or drops it when deleted). */
export interface ShopifyProductChange {
  /** The Admin API's global id, gid://shopify/Product/N. */
  productId: string;
  deleted: boolean;
}

/** What a delivery asks of the shop: a product change, an order to record, or nothing. */
export type ShopifyWebhookEffect =
  | { kind: "product"; change: ShopifyProductChange }
  | { kind: "order"; order: ShopifyOrderCreated }
  | { kind: "ignored" };

/**
 * What a delivery of `topic` with this JSON body asks of the shop, or null when a topic we act
 * on comes without the fields we read (a 400: Shopify's payloads always carry them).
 */
export function shopifyWebhookEffect(topic: string, body: unknown): ShopifyWebhookEffect | null {
  if (topic === "products/delete") {
    const parsed = DeletedProductPayload.safeParse(body);
    if (!parsed.success) return null;
    const productId = parsed.data.admin_graphql_api_id ?? `gid://shopify/Product/${parsed.data.id}`;
    return { kind: "product", change: { productId, deleted: true } };
  }
  if ((SHOPIFY_PRODUCT_TOPICS as readonly string[]).includes(topic)) {
    const parsed = ProductPayload.safeParse(body);
    if (!parsed.success) return null;
    return { kind: "product", change: { productId: parsed.data.admin_graphql_api_id, deleted: false } };
  }
  if ((SHOPIFY_ORDER_TOPICS as readonly string[]).includes(topic)) {
    const parsed = OrderPayload.safeParse(body);
    return parsed.success ? { kind: "order", order: orderCreated(parsed.data) } : null;
  }
  return { kind: "ignored" };
}
