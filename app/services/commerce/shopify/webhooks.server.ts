// Shopify's webhooks, received safely and exactly once (docs/rules.md "Shopify webhooks";
// docs/security.md "Webhook forgery and replay"). A delivery is believed only when the
// base64 HMAC-SHA256 of its raw body under SHOPIFY_WEBHOOK_SECRET equals its
// X-Shopify-Hmac-Sha256 (compared in constant time) and it names our store; it has its
// effect once, because the row of its X-Shopify-Webhook-Id is written in the same
// transaction as that effect and a delivery sent again finds the row taken.
import crypto from "node:crypto";
import type { Prisma, PrismaClient } from "~/generated/prisma/client";
import {
  isOurShop,
  parseShopifyWebhookHeaders,
  SHOPIFY_WEBHOOK_HEADERS,
  SHOPIFY_WEBHOOK_MAX_BODY_BYTES,
  shopifyWebhookEffect,
  type ShopifyOrderCreated,
} from "~/models/shopify-webhook";
import { logger } from "~/services/observability/index.server";
import type { CommerceSettings } from "~/services/commerce/settings.server";
import { isUniqueViolation } from "~/models/unique-violation";

/** The delivery as it arrived: its headers and its raw body, byte for byte. */
export interface ShopifyDelivery {
  headers: Headers;
  body: Uint8Array;
}

/** The answer to a delivery; the route sends it as it is. */
export interface ShopifyWebhookAnswer {
  status: 200 | 400 | 401 | 404 | 413;
  code: "HANDLED" | "DUPLICATE" | "IGNORED" | "BAD_WEBHOOK" | "UNAUTHORIZED" | "NOT_FOUND" | "PAYLOAD_TOO_LARGE";
  message: string;
}

/**
 * Whether `hmacHeader` is the base64 HMAC-SHA256 of `body` under `secret`, as Shopify signs a
 * delivery (shopify.dev, "Verify webhook deliveries"). The digests are compared with
 * timingSafeEqual, which needs equal lengths, so a header that does not decode to 32 bytes
 * fails before it.
 */
export function isShopifySignature(body: Uint8Array, hmacHeader: string | null, secret: string): boolean {
  if (!hmacHeader || !secret) return false;
  const given = Buffer.from(hmacHeader.trim(), "base64");
  const expected = crypto.createHmac("sha256", secret).update(body).digest();
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

const answer = (status: ShopifyWebhookAnswer["status"], code: ShopifyWebhookAnswer["code"], message: string) => ({
  status,
  code,
  message,
});

/** Shopify's webhooks over `db`, with the commerce settings' provider, store domain and secret. */
export function createShopifyWebhooks(deps: {
  db: PrismaClient;
  settings: Pick<CommerceSettings, "COMMERCE_PROVIDER" | "SHOPIFY_STORE_DOMAIN" | "SHOPIFY_WEBHOOK_SECRET">;
  /** What the shop records of an order Shopify created, in the transaction that keeps its webhook row. */
  onOrder?: (tx: Prisma.TransactionClient, order: ShopifyOrderCreated) => Promise<void>;
}) {
  const { db, settings } = deps;

  return {
    /**
     * Checks a delivery and has its effect once. In order: 404 when the shop does not run on
     * Shopify; 413 over the body limit; 401 when the HMAC is missing or wrong, or the
     * delivery is for another shop, with nothing read from the body; 400 when the headers or
     * the JSON body lack what we read; then 200, with no effect for a topic we do not act on
     * or a webhook id already handled.
     */
    async receive(delivery: ShopifyDelivery): Promise<ShopifyWebhookAnswer> {
      const secret = settings.SHOPIFY_WEBHOOK_SECRET;
      const storeDomain = settings.SHOPIFY_STORE_DOMAIN;
      if (settings.COMMERCE_PROVIDER !== "shopify" || !secret || !storeDomain) {
        return answer(404, "NOT_FOUND", "This shop does not take Shopify webhooks.");
      }
      if (delivery.body.byteLength > SHOPIFY_WEBHOOK_MAX_BODY_BYTES) {
        return answer(413, "PAYLOAD_TOO_LARGE", "The webhook body is larger than 1 MB.");
      }
      if (!isShopifySignature(delivery.body, delivery.headers.get(SHOPIFY_WEBHOOK_HEADERS.hmac), secret)) {
        // A forgery, or SHOPIFY_WEBHOOK_SECRET out of step with Shopify's (docs/operations.md "Shopify webhooks").
        logger().warn("Shopify webhook refused: its HMAC does not match SHOPIFY_WEBHOOK_SECRET");
        return answer(401, "UNAUTHORIZED", "The webhook's HMAC does not match.");
      }
      const headers = parseShopifyWebhookHeaders((name) => delivery.headers.get(name));
      if (!headers) return answer(400, "BAD_WEBHOOK", "A Shopify webhook header is missing or malformed.");
      if (!isOurShop(headers, storeDomain)) {
        return answer(401, "UNAUTHORIZED", "The webhook is for another shop.");
      }
      let body: unknown;
      try {
        body = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(delivery.body));
      } catch {
        return answer(400, "BAD_WEBHOOK", "The webhook body is not JSON.");
      }
      const effect = shopifyWebhookEffect(headers.topic, body);
      if (!effect) return answer(400, "BAD_WEBHOOK", `The ${headers.topic} payload lacks the fields the shop reads.`);
      if (effect.kind === "ignored") return answer(200, "IGNORED", `The shop does not act on ${headers.topic}.`);

      try {
        await db.$transaction(async (tx) => {
          await tx.shopifyWebhook.create({
            data: {
              webhookId: headers.webhookId,
              topic: headers.topic,
              triggeredAt: headers.triggeredAt,
              subjectId: effect.kind === "product" ? effect.change.productId : effect.order.orderId,
            },
            select: { id: true },
          });
          // orders/create: what the shop records of the order, in the transaction of the row,
          // so a delivery sent again records nothing twice (docs/rules.md "Shopify webhooks").
          if (effect.kind === "order") await deps.onOrder?.(tx, effect.order);
        });
      } catch (error) {
        if (isUniqueViolation(error)) return answer(200, "DUPLICATE", "This webhook was handled already.");
        throw error;
      }
      // Every process's catalogue follows the product rows (shopify/follow.server.ts), this one's too.
      return answer(200, "HANDLED", `Handled ${headers.topic}.`);
    },
  };
}
