// What prices an order (docs/rules.md "Pricing, discounts and shipping"): the terms that
// come from content, configuration, the staff-feeding program and the customer's autoship
// history, for the cart, checkout and autoship alike. `priceOrder` (app/models/pricing.ts)
// applies them.
import { prisma } from "~/db.server";
import { checkoutSettings } from "~/env.server";
import type { CartPricing } from "~/models/cart";
import { firstAutoshipDiscountOffered } from "~/models/pricing";
import type { SiteId } from "~/models/site";
import { sitePolicy } from "~/models/site-policy";
import { getGlobals } from "~/services/content/index.server";
import type { PricingConfig } from "~/services/orders/index.server";
import { staffProgram } from "~/services/staff/index.server";

/** Whether the customer may still have AUTO35: no earlier autoship order and no subscription. */
async function firstAutoshipDiscountFor(site: SiteId, customerId: string | null): Promise<boolean> {
  const siteOffersIt = sitePolicy(site).offersFirstAutoshipDiscount;
  if (!siteOffersIt || !customerId) return false;
  const [earlierAutoshipOrders, subscriptions] = await Promise.all([
    prisma.order.count({
      where: { customerId, status: { not: "pending" }, lines: { some: { sellingPlanId: { not: null } } } },
    }),
    prisma.subscription.count({ where: { customerId } }),
  ]);
  return firstAutoshipDiscountOffered({ siteOffersIt, customerId, earlierAutoshipOrders, subscriptions });
}

/**
 * Pricing for a site and customer: the free-shipping minimum from content,
 * shipping and tax from configuration, on the staff site the member's program
 * discount and monthly quota (shop-core spec section 3), and on the consumer site
 * whether AUTO35 is offered to them.
 */
export async function pricingFor(site: string, customerId: string | null = null): Promise<PricingConfig> {
  const siteId = site as SiteId;
  const [globals, terms, firstAutoshipDiscount] = await Promise.all([
    getGlobals(siteId),
    sitePolicy(siteId).staffProgram && customerId ? staffProgram.pricingTerms(customerId) : null,
    firstAutoshipDiscountFor(siteId, customerId),
  ]);
  return {
    freeShippingMinimumCents: globals.freeShippingMinimumCents,
    shippingRateCents: checkoutSettings.SHIPPING_RATE_CENTS,
    taxRates: checkoutSettings.TAX_RATES,
    firstAutoshipDiscount,
    ...terms,
  };
}

/** The terms the cart page and its fetchers summarise a cart with (`summarizeCart`). */
export async function cartPricingFor(site: SiteId, customerId: string | null): Promise<CartPricing> {
  const pricing = await pricingFor(site, customerId);
  return {
    freeShippingMinimumCents: pricing.freeShippingMinimumCents,
    programDiscountPercent: pricing.programDiscountPercent,
    firstAutoshipDiscount: pricing.firstAutoshipDiscount,
  };
}
