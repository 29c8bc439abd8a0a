import { prisma } from "~/db.server";
import { freshness } from "~/services/freshness/index.server";
import { createCatalogueAdmin } from "./catalogue-admin.server";
import { followCatalogueVersion } from "./catalogue-snapshot.server";
import { createEmbeddedCommerce } from "./embedded.server";
import type { CommerceProvider } from "./types";

export type { CommerceProvider } from "./types";

/** The commerce provider in use: the embedded one until a remote adapter exists. */
export const commerce: CommerceProvider = createEmbeddedCommerce(prisma);
// Changes made by any process reach this one's snapshot (docs/rules.md "Processes").
followCatalogueVersion(freshness, prisma);
export * from "./cart-cookie.server";
export * from "./cart.server";
export * from "./saved-cart.server";
export * from "./catalogue-snapshot.server";
export * from "./types";
export * from "./catalogue-admin.server";

/** The back office's catalogue: list, read and the merchandiser's audited edits. */
export const catalogueAdmin = createCatalogueAdmin(prisma);

// Shopify's webhooks (docs/rules.md "Shopify webhooks"): the receiver the route calls, and the
// product-change listener the catalogue snapshot registers.
export {
  createShopifyWebhooks,
  isShopifySignature,
  onShopifyProductChange,
  shopifyWebhooks,
  type ShopifyDelivery,
  type ShopifyProductChange,
  type ShopifyWebhookAnswer,
  type ShopifyWebhooks,
} from "./shopify/webhooks.server";
