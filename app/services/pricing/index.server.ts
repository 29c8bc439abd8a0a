// What prices an order (docs/rules.md "Pricing"): the settings that come from content,
// configuration and the staff-feeding program, for checkout and autoship alike.
import { env } from "~/env.server";
import type { SiteId } from "~/models/site";
import { getGlobals } from "~/services/content/index.server";
import type { PricingConfig } from "~/services/orders/index.server";
import { staffProgram } from "~/services/staff/index.server";

/**
 * Pricing for a site and customer: the free-shipping minimum from content,
 * shipping and tax from configuration, and on the staff site the member's
 * program discount and monthly quota (shop-core spec section 3).
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
