// The shipping of one unit of a variant, for its Offer and its feed item (docs/rules.md
// "Search engines"), by checkout's own rule. Server-side: the product loader and the feed
// call it, so pages do not carry the pricing code to the browser.
import { FREE_SHIPPING_EXCLUDED_PRODUCT_TYPES, freeShippingProgress } from "./free-shipping";
import { PRICE_VALID_DAYS, SHIPPING_COUNTRY, type MerchantTerms, type OfferTerms, type ShippingRate } from "./merchant";
import { SERVICE_CHARGE_CENTS, SERVICE_CHARGE_STATES } from "./pricing";
// Server-side with the rest of this module: the date library stays out of the product page's scripts.
import { shiftDay, shopDay } from "./shop-time";

/**
 * An offer's `priceValidUntil`: the calendar date PRICE_VALID_DAYS after the day `now` falls on
 * in the shop's time zone ("2026-03-31"). A price is never promised for a set term (the back
 * office may change it at any time); the date only tells a search engine the price is current.
 */
export function priceValidUntil(now: Date, zone: string): string {
  return shiftDay(shopDay(now, zone), PRICE_VALID_DAYS);
}

/**
 * Shipping of an order of one unit of a variant, as `priceOrder` (app/models/pricing.ts) would
 * charge it: free when the unit alone reaches the free-shipping minimum (`freeShippingProgress`,
 * excluded product types never do), else the flat rate; Alaska and Hawaii add the service
 * charge (SERVICE_CHARGE_STATES, SERVICE_CHARGE_CENTS).
 */
export function shippingRates(
  item: { priceCents: number; productType: string },
  terms: Pick<MerchantTerms, "freeShippingMinimumCents" | "shippingRateCents">,
): ShippingRate[] {
  const { reached } = freeShippingProgress({
    lines: [{ productType: item.productType, subtotalCents: item.priceCents }],
    minimumCents: terms.freeShippingMinimumCents,
    excludedProductTypes: FREE_SHIPPING_EXCLUDED_PRODUCT_TYPES,
  });
  const cents = reached ? 0 : terms.shippingRateCents;
  return [
    { country: SHIPPING_COUNTRY, cents },
    ...SERVICE_CHARGE_STATES.map((region) => ({
      country: SHIPPING_COUNTRY,
      region,
      cents: cents + SERVICE_CHARGE_CENTS,
    })),
  ];
}

/** A product page's offer terms: the shop's terms and the shipping of one unit of the variant shown. */
export function offerTerms(terms: MerchantTerms, item: { priceCents: number; productType: string }): OfferTerms {
  return {
    priceValidUntil: terms.priceValidUntil,
    deliveryBusinessDays: terms.deliveryBusinessDays,
    returnWindowDays: terms.returnWindowDays,
    shippingRates: shippingRates(item, terms),
  };
}
