// What the shop does itself and what the commerce platform does instead (docs/decisions.md
// "Shopify adapter", "Turned off on Shopify"). On the embedded provider the shop is the whole
// platform; on Shopify the shopper pays on Shopify's checkout, orders, the catalogue, saved cards
// and subscriptions live on Shopify, so the shop's own screens for them are off.

export type CommerceProviderId = "embedded" | "shopify";

export interface CommerceFeatures {
  /**
   * The shop's own checkout at /checkout (else the cart's checkoutUrl on the platform). The
   * giving panel shows only with it: the shop's checkout is what confirms a donation.
   */
  embeddedCheckout: boolean;
  /** The back office's orders and returns screens: orders are placed, shipped and refunded here. */
  embeddedOrders: boolean;
  /** The back office's catalogue editor: the storefront's catalogue is the shop's own database. */
  embeddedCatalogueEditing: boolean;
  /** The account's Payment Methods page: the shop's payment service keeps the customer's cards. */
  savedCards: boolean;
  /** The account's Autoships page: the shop's own autoship engine places the repeat orders. */
  autoshipEngine: boolean;
}

export type CommerceFeature = keyof CommerceFeatures;

export function commerceFeatures(provider: CommerceProviderId): CommerceFeatures {
  const embedded = provider === "embedded";
  return {
    embeddedCheckout: embedded,
    embeddedOrders: embedded,
    embeddedCatalogueEditing: embedded,
    savedCards: embedded,
    autoshipEngine: embedded,
  };
}

/**
 * How a screen of a feature the provider does not offer answers, every request alike (page,
 * `?_data=`, post): the back office's screens 409 with what to use instead; the account's pages
 * are not there (404), as their links are not. The checkout redirects instead
 * (`utils/checkout-cart.server.ts`), so it is not here.
 */
export const TURNED_OFF: Record<
  Exclude<CommerceFeature, "embeddedCheckout">,
  { status: 404 | 409; message: string }
> = {
  embeddedOrders: {
    status: 409,
    message:
      "Orders are placed, paid, shipped, refunded and returned on Shopify: manage them in the Shopify admin (Orders).",
  },
  embeddedCatalogueEditing: {
    status: 409,
    message:
      "The shop's catalogue comes from Shopify: edit products, prices and stock in the Shopify admin (Products).",
  },
  savedCards: {
    status: 404,
    message: "Your cards are kept by the secure checkout: choose or add one when you pay.",
  },
  autoshipEngine: {
    status: 404,
    message: "Your subscriptions are kept by the store's subscription service, not on this page.",
  },
};
