// The shop's terms its offers are published with (docs/rules.md "Search engines"): the
// free-shipping minimum and flat rate of `pricingFor`, the delivery estimate's business days
// and the return window from configuration, and the day's `priceValidUntil` (the shop's day).
import { checkoutSettings, siteSettings } from "~/env.server";
import type { MerchantTerms } from "~/models/merchant";
import { priceValidUntil } from "~/models/offer-shipping";
import type { SiteId } from "~/models/site";
import { pricingFor } from "~/services/pricing/index.server";

/** The terms of a site's offers as of `now`: what a guest would pay for shipping, and the returns rule. */
export async function merchantTerms(site: SiteId, now = new Date()): Promise<MerchantTerms> {
  const pricing = await pricingFor(site);
  return {
    freeShippingMinimumCents: pricing.freeShippingMinimumCents,
    shippingRateCents: pricing.shippingRateCents,
    deliveryBusinessDays: checkoutSettings.DELIVERY_BUSINESS_DAYS,
    returnWindowDays: checkoutSettings.RETURN_WINDOW_DAYS,
    priceValidUntil: priceValidUntil(now, siteSettings.SHOP_TIME_ZONE),
  };
}
