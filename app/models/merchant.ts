// What search engines and shopping services are told about an offer (docs/rules.md "Search
// engines"): how long a price is good for, whether a variant is in stock, what shipping one
// costs and the return policy. The Product JSON-LD (app/models/seo.ts) and the Google
// Merchant Center feed (app/models/product-feed.ts) both read these, so they never disagree.
import { FREE_SHIPPING_EXCLUDED_PRODUCT_TYPES, freeShippingProgress } from "./free-shipping";
import { SHOP_CURRENCY } from "./money";
import { SERVICE_CHARGE_CENTS, SERVICE_CHARGE_STATES } from "./pricing";

/** The country the shop ships to (docs/decisions.md "Search engines"). */
export const SHIPPING_COUNTRY = "US";

/** How many days ahead a published price is said to be valid (docs/decisions.md "Search engines"). */
export const PRICE_VALID_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * An offer's `priceValidUntil`: the UTC calendar date PRICE_VALID_DAYS after the day `now`
 * falls on ("2026-03-31"). A price is never promised for a set term (the back office may
 * change it at any time); the date only tells a search engine the price is current.
 */
export function priceValidUntil(now: Date): string {
  return new Date(now.getTime() + PRICE_VALID_DAYS * DAY_MS).toISOString().slice(0, 10);
}

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
