// The commerce provider on a Shopify store (COMMERCE_PROVIDER=shopify): the catalogue from a
// snapshot read through the Storefront API, carts on the Cart API, checkout on Shopify's own
// (the cart's checkoutUrl). What only the embedded provider does is listed in
// docs/decisions.md "Shopify adapter".
import { storefrontEndpoint, type CommerceSettings } from "~/services/commerce/settings.server";
import { createCatalogue } from "~/services/commerce/catalogue.server";
import type { CommerceProvider } from "~/services/commerce/types";
import { createShopifyCarts } from "./cart.server";
import { createShopifyCatalogue, type ShopifyCatalogue } from "./catalogue.server";
import { createStorefrontClient, type StorefrontClient } from "./client.server";

export function createShopifyCommerce(
  settings: CommerceSettings,
  options: { client?: StorefrontClient; refreshMs?: number; now?: () => number } = {},
): { commerce: CommerceProvider; catalogue: ShopifyCatalogue; client: StorefrontClient } {
  const client =
    options.client ??
    createStorefrontClient({
      endpoint: storefrontEndpoint(settings),
      token: settings.SHOPIFY_STOREFRONT_ACCESS_TOKEN ?? "",
      timeoutMs: settings.SHOPIFY_TIMEOUT_MS,
    });
  const catalogue = createShopifyCatalogue(client, { refreshMs: options.refreshMs, now: options.now });
  const carts = createShopifyCarts(client, () => catalogue.snapshot());
  return {
    catalogue,
    client,
    commerce: {
      ...createCatalogue(() => catalogue.snapshot()),
      ...carts,
      async getCartTotalQuantity(cartId) {
        return (await carts.getCart(cartId))?.totalQuantity ?? 0;
      },
    },
  };
}
