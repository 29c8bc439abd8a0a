import { prisma } from "~/db.server";
import { env } from "~/env.server";
import type { SiteId } from "~/models/site";
import { getGlobals } from "~/services/content/index.server";
import { email } from "~/services/email/index.server";
import { payments } from "~/services/payment/index.server";
import type { PricingConfig } from "~/services/orders/place.server";
import { staffProgram } from "~/services/staff/index.server";
import { stock } from "~/services/stock/index.server";
import { createCheckouts } from "./checkout.server";

export { CheckoutError, type CheckoutState, type PlacedOrder } from "./checkout.server";

/**
 * Pricing for a site and customer: the free-shipping minimum from content,
 * shipping and tax from configuration, and on the staff site the member's
 * program discount and monthly quota (issue 7).
 */
export async function pricingFor(site: string, customerId: string | null = null): Promise<PricingConfig> {
  const [globals, terms] = await Promise.all([
    getGlobals(site as SiteId),
    site === "HPSF" && customerId ? staffProgram.pricingTerms(customerId) : null,
  ]);
  return {
    freeShippingMinimumCents: globals.freeShippingMinimumCents,
    shippingRateCents: env.SHIPPING_RATE_CENTS,
    taxRates: env.TAX_RATES,
    ...terms,
  };
}

/** True when home delivery reaches the zip (stock service coverage, shop-core spec section 5). */
export function zipCovered(zip: string): Promise<boolean> {
  return stock.coversZip(zip);
}

/** The shop's checkout, on the embedded providers. */
export const checkouts = createCheckouts({ db: prisma, payments, email, pricing: pricingFor, zipCovered });
