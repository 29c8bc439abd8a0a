import { prisma } from "~/db.server";
import { commerceFeatures } from "~/models/commerce-features";
import { freshness } from "~/services/freshness/index.server";
import { checkImageFile, contentEditor } from "~/services/content/index.server";
import { createCatalogueAdmin } from "./catalogue-admin.server";
import { followCatalogueVersion } from "./catalogue-snapshot.server";
import { createEmbeddedCommerce } from "./embedded.server";
import { commerceSettings } from "./settings.server";
import { followShopifyWebhooks } from "./shopify/follow.server";
import { createShopifyCommerce } from "./shopify/index.server";
import type { CommerceProvider } from "./types";

export type { CommerceProvider } from "./types";
export { adminEndpoint, commerceSettings, storeOrigin } from "./settings.server";
export { multipassToken, multipassUrl, type MultipassCustomer } from "./shopify/multipass.server";
export { commerceUnavailableAnswer } from "./shopify/catalogue.server";
export { SITE_ATTRIBUTE } from "./shopify/cart.server";
export {
  createStorefrontClient,
  ShopifyGraphQLError,
  ShopifyUnavailable,
  type StorefrontClient,
} from "./shopify/client.server";

/** The Shopify provider and its catalogue when COMMERCE_PROVIDER is shopify (its webhooks refresh it), else null. */
export const shopify =
  commerceSettings.COMMERCE_PROVIDER === "shopify" ? createShopifyCommerce(commerceSettings) : null;

/** What the shop does itself on this provider (the embedded checkout only on the embedded one). */
export const features = commerceFeatures(commerceSettings.COMMERCE_PROVIDER);

/** The commerce provider in use (COMMERCE_PROVIDER): the embedded one, our database, by default. */
export const commerce: CommerceProvider = shopify?.commerce ?? createEmbeddedCommerce(prisma);
// Changes made by any process reach this one's snapshot (docs/rules.md "Processes"); on Shopify,
// the product webhooks any process received.
if (shopify) followShopifyWebhooks(freshness, prisma, shopify.catalogue);
else followCatalogueVersion(freshness, prisma);
export * from "./cart-cookie.server";
export * from "./cart.server";
export * from "./saved-cart.server";
export * from "./catalogue-snapshot.server";
export * from "./types";
export * from "./catalogue-admin.server";

/** The back office's catalogue: list, read and the merchandiser's audited edits. */
export const catalogueAdmin = createCatalogueAdmin(prisma, {
  // Pictures come from the content service's image library (docs/decisions.md "Back office: catalogue").
  assetSizes: (ids) => contentEditor.assetSizes(ids),
  checkImageFile,
  uploadAsset: (upload, actor) => contentEditor.uploadAsset(upload, actor),
});

// Shopify's webhooks (docs/rules.md "Shopify webhooks"): the receiver the route calls.
export {
  createShopifyWebhooks,
  isShopifySignature,
  type ShopifyDelivery,
  type ShopifyWebhookAnswer,
} from "./shopify/webhooks.server";
