// The hand-off to a platform's checkout (Shopify): the spec's checkout attributes are set on the
// cart, a signed-in customer is made the cart's buyer, and the shopper goes to the cart's
// checkoutUrl, through a Multipass sign-in when the store has a Multipass secret
// (docs/decisions.md "Checkout hand-off on Shopify").
import { ANALYTICS_CONSENT_ATTRIBUTE } from "~/models/analytics";
import type { SiteId } from "~/models/site";
import type { Attribute, Cart, CommerceProvider } from "~/services/commerce/index.server";
import type { CheckoutBuyer } from "~/services/customers/index.server";

export interface HandOffInput {
  site: SiteId;
  customerId: string | null;
  cart: Cart;
  /** The staff program's attestation as the shopper gave it (the site policy says whether it is required). */
  attestation: boolean;
  /** The shopper's consent lets the shop's own analytics record (carried to the order for its purchase). */
  analyticsConsent: boolean;
}

export interface HandOffDeps {
  commerce: Pick<CommerceProvider, "updateAttributes" | "updateBuyerIdentity">;
  /** The spec's checkout attributes of the prepared cart (the checkout service's `prepareHandOff`); throws when refused. */
  prepare: (input: HandOffInput) => Promise<Attribute[]>;
  /** The signed-in customer as the platform knows them (Shopify customers), or none. */
  buyer: ((customerId: string) => Promise<CheckoutBuyer>) | null;
  /** Shopify Plus's Multipass sign-in URL going on to `returnTo`, when the store has a secret; else null. */
  multipassUrl: ((buyer: CheckoutBuyer, returnTo: string, now: Date) => string) | null;
  now?: () => Date;
}

export function createHandOff(deps: HandOffDeps) {
  const now = deps.now ?? (() => new Date());
  return {
    /** Prepares the cart and answers the URL to send the shopper to. */
    async checkoutUrl(input: HandOffInput): Promise<string> {
      const attributes = [
        ...(await deps.prepare(input)),
        { key: ANALYTICS_CONSENT_ATTRIBUTE, value: input.analyticsConsent ? "granted" : "denied" },
      ];
      let { cart } = await deps.commerce.updateAttributes(input.cart.id, attributes);
      const buyer = input.customerId && deps.buyer ? await deps.buyer(input.customerId) : null;
      if (buyer) {
        ({ cart } = await deps.commerce.updateBuyerIdentity(input.cart.id, {
          email: buyer.email,
          customerAccessToken: buyer.customerAccessToken,
        }));
      }
      const checkoutUrl = cart?.checkoutUrl ?? input.cart.checkoutUrl;
      return buyer && deps.multipassUrl ? deps.multipassUrl(buyer, checkoutUrl, now()) : checkoutUrl;
    },

    /**
     * A URL that signs the customer in on the platform and goes on to `url` (the spec's
     * /api/multipass): Multipass when the store has a secret, else `url` itself.
     */
    async signedInUrl(customerId: string, url: string): Promise<string> {
      if (!deps.buyer || !deps.multipassUrl) return url;
      return deps.multipassUrl(await deps.buyer(customerId), url, now());
    },
  };
}

export type HandOff = ReturnType<typeof createHandOff>;
