// What the shop does itself and what the commerce platform does instead (docs/decisions.md
// "Shopify adapter"). On the embedded provider the shop is the whole platform; on Shopify the
// shopper pays on Shopify's checkout, so the shop's own checkout is off.

export type CommerceProviderId = "embedded" | "shopify";

export interface CommerceFeatures {
  /**
   * The shop's own checkout at /checkout (else the cart's checkoutUrl on the platform). The
   * giving panel shows only with it: the shop's checkout is what confirms a donation.
   */
  embeddedCheckout: boolean;
}

export function commerceFeatures(provider: CommerceProviderId): CommerceFeatures {
  return { embeddedCheckout: provider === "embedded" };
}
