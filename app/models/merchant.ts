// What search engines and shopping services are told about an offer (docs/rules.md "Search
// engines"): how long a price is good for, whether a variant is in stock, how its shipping
// and the return policy are written. The Product JSON-LD (app/models/seo.ts) and the Google
// Merchant Center feed (app/models/product-feed.ts) both read these, so they never disagree.
// Light on purpose: product pages run it in the browser (their `meta`); the shipping rule's
// code (pricing) stays on the server, in app/models/offer-shipping.ts.
import { SHOP_CURRENCY } from "./money";

/** The country the shop ships to (docs/decisions.md "Search engines"). */
export const SHIPPING_COUNTRY = "US";

/** How many days ahead a published price is said to be valid (docs/decisions.md "Search engines"). */
export const PRICE_VALID_DAYS = 30;

/**
 * In stock: units left (the Out of Stock badge's rule, `variantBadgeKeys` in
 * app/models/badges.ts: 0 or less is out of stock). Search engines see no zip, so home
 * delivery's zip coverage does not enter it.
 */
export function inStock(variant: { inventory: number }): boolean {
  return variant.inventory > 0;
}

/** The shop's terms an offer is published with: the shipping, delivery and returns rules' figures. */
export interface MerchantTerms {
  /** Content global `free_shipping_minimum` (pricingFor). */
  freeShippingMinimumCents: number;
  /** SHIPPING_RATE_CENTS: the flat rate below the minimum. */
  shippingRateCents: number;
  /** DELIVERY_BUSINESS_DAYS: the estimated delivery counts these business days from the order date. */
  deliveryBusinessDays: number;
  /** RETURN_WINDOW_DAYS: a return may be asked for this many days after delivery (0: no returns). */
  returnWindowDays: number;
  /** `priceValidUntil` of the day the terms were read. */
  priceValidUntil: string;
}

/** What shipping one unit costs to a destination: the whole country, or one state (`region`) with its surcharge. */
export interface ShippingRate {
  country: string;
  /** A state with its own charge ("AK"); absent for the rest of the country. */
  region?: string;
  cents: number;
}

/**
 * What a product page's Offer is published with: the day's `priceValidUntil`, the delivery and
 * returns figures, and the shipping of one unit of the variant shown (`offerTerms` in
 * app/models/offer-shipping.ts, worked out on the server so pages carry no pricing code).
 */
export interface OfferTerms extends Pick<
  MerchantTerms,
  "priceValidUntil" | "deliveryBusinessDays" | "returnWindowDays"
> {
  shippingRates: ShippingRate[];
}

/** Cents as the decimal amount structured data and feeds take ("12.99"). */
export function amountOf(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** A Merchant Center price: "12.99 USD". */
export function feedPrice(cents: number): string {
  return `${amountOf(cents)} ${SHOP_CURRENCY}`;
}

/** schema.org's answer for whether a variant can be bought. */
export function schemaAvailability(variant: { inventory: number }): string {
  return inStock(variant) ? "https://schema.org/InStock" : "https://schema.org/OutOfStock";
}

/** A schema.org QuantitativeValue of days. */
const days = (min: number, max: number) => ({
  "@type": "QuantitativeValue",
  minValue: min,
  maxValue: max,
  unitCode: "DAY",
});

/**
 * The Offer's `shippingDetails`: one OfferShippingDetails per rate of `shippingRates`, with the
 * delivery estimate's business days (Monday to Friday, `estimatedDeliveryDate` in
 * app/models/checkout-forms.ts) as the transit time; the shop states no separate handling
 * time, so it is 0 to 0 (docs/decisions.md "Search engines").
 */
export function shippingDetailsJsonLd(
  rates: readonly ShippingRate[],
  terms: Pick<MerchantTerms, "deliveryBusinessDays">,
) {
  return rates.map((rate) => ({
    "@type": "OfferShippingDetails",
    shippingRate: { "@type": "MonetaryAmount", value: amountOf(rate.cents), currency: SHOP_CURRENCY },
    shippingDestination: {
      "@type": "DefinedRegion",
      addressCountry: rate.country,
      ...(rate.region ? { addressRegion: rate.region } : {}),
    },
    deliveryTime: {
      "@type": "ShippingDeliveryTime",
      businessDays: {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"].map((day) => `https://schema.org/${day}`),
      },
      handlingTime: days(0, 0),
      transitTime: days(terms.deliveryBusinessDays, terms.deliveryBusinessDays),
    },
  }));
}

/**
 * The Offer's `hasMerchantReturnPolicy`, from the returns rule (`returnRefusal` in
 * app/models/order-lifecycle.ts, RETURN_WINDOW_DAYS): returns by mail within the window's
 * days of delivery (the shop has no stores); a window of 0 days means no returns. The shop
 * has no rule on who pays a return's postage, so no `returnFees` is claimed
 * (docs/decisions.md "Search engines").
 */
export function returnPolicyJsonLd(terms: Pick<MerchantTerms, "returnWindowDays">) {
  if (terms.returnWindowDays <= 0) {
    return {
      "@type": "MerchantReturnPolicy",
      applicableCountry: SHIPPING_COUNTRY,
      returnPolicyCategory: "https://schema.org/MerchantReturnNotPermitted",
    };
  }
  return {
    "@type": "MerchantReturnPolicy",
    applicableCountry: SHIPPING_COUNTRY,
    returnPolicyCategory: "https://schema.org/MerchantReturnFiniteReturnWindow",
    merchantReturnDays: terms.returnWindowDays,
    returnMethod: "https://schema.org/ReturnByMail",
  };
}
