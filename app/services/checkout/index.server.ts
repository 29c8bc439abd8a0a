import { prisma } from "~/db.server";
import {
  commerce,
  commerceSettings,
  createShopifyWebhooks,
  multipassToken,
  multipassUrl,
  shopify,
  storeOrigin,
} from "~/services/commerce/index.server";
import { shopifyCustomers } from "~/services/customers/index.server";
import { donations } from "~/services/donations/index.server";
import { email } from "~/services/email/index.server";
import { pricingFor } from "~/services/pricing/index.server";
import { payments } from "~/services/payment/index.server";
import { stock } from "~/services/stock/index.server";
import { createCheckouts } from "./checkout.server";
import { createHandOff } from "./hand-off.server";
import { recordPlatformOrder } from "./platform-orders.server";

export { CheckoutError, type CheckoutState, type PlacedOrder } from "./checkout.server";
export { saveStep } from "./steps.server";
export { createHandOff, type HandOff, type HandOffInput } from "./hand-off.server";

/** True when home delivery reaches the zip (stock service coverage, shop-core spec section 5). */
export function zipCovered(zip: string): Promise<boolean> {
  return stock.coversZip(zip);
}

/** The shop's checkout, on the embedded providers. */
export const checkouts = createCheckouts({
  db: prisma,
  payments,
  email,
  pricing: pricingFor,
  zipCovered,
  donations,
});

const multipassSecret = commerceSettings.SHOPIFY_MULTIPASS_SECRET;

/**
 * On a platform with its own checkout (Shopify), the hand-off to it: the checkout attributes on
 * the cart, the signed-in customer as its buyer, Multipass when the store has a secret; else null.
 */
export const handOff = shopify
  ? createHandOff({
      commerce,
      prepare: (input) => checkouts.prepareHandOff(input),
      buyer: shopifyCustomers?.checkoutBuyer ?? null,
      multipassUrl: multipassSecret
        ? (buyer, returnTo, at) =>
            multipassUrl(storeOrigin(commerceSettings), multipassToken(multipassSecret, buyer, returnTo, at))
        : null,
    })
  : null;

/**
 * Shopify's webhooks (docs/rules.md "Shopify webhooks"): products refresh the catalogue; an
 * order created on Shopify's checkout is recorded here (its donation confirmed, its purchase counted).
 */
export const shopifyWebhooks = createShopifyWebhooks({
  db: prisma,
  settings: commerceSettings,
  onOrder: recordPlatformOrder,
});
