import type { Notice } from "./notice";
import {
  cartLimits,
  type CartLimits,
  MAX_AUTOSHIP_PER_LINE,
  MAX_ITEMS_PER_ORDER,
  normalizeQuantity,
} from "./cart-limits";
import { DEFAULT_FREE_SHIPPING_MINIMUM_CENTS, type FreeShippingProgress } from "./free-shipping";
import { lineSubtotalCents, priceLines } from "./pricing";
import { roundWeight, toPounds, type WeightUnit } from "./weight";
import type { SitePolicy } from "./site-policy";

/** A cart line attribute (catalogue spec section 3: list of key and value). */
export interface CartLineAttribute {
  key: string;
  value: string;
}

/** One cart line as the cart service hands it to routes and components. */
export interface CartLineView {
  id: string;
  variantId: string;
  sku: string;
  productTitle: string;
  productType: string;
  /** The product's brand slug (the data layer's item_brand). */
  brand?: string;
  variantTitle: string;
  size: string;
  /** The variant path after /products/. */
  url: string;
  imageUrl: string | null;
  quantity: number;
  unitPriceCents: number;
  compareAtPriceCents: number | null;
  /** Present for autoship lines only. */
  sellingPlanId: string | null;
  sellingPlanName: string | null;
  weightValue: number;
  weightUnit: WeightUnit;
  inventory: number;
  attributes: CartLineAttribute[];
}

export interface CartSummary {
  totalQuantity: number;
  subtotalCents: number;
  /** Subtotal before savings: compare-at prices where higher, full price on autoship lines. */
  compareAtSubtotalCents: number;
  totalSavingsCents: number;
  /** Staff-feeding program discount (0 elsewhere). */
  programDiscountCents: number;
  /** Discount codes applied (AUTO35 on an eligible first autoship order). */
  discountCents: number;
  appliedCodes: string[];
  /** Subtotal after the program discount and codes: what the order costs before shipping and tax. */
  merchandiseCents: number;
  weightLbs: number;
  limits: CartLimits;
  freeShipping: FreeShippingProgress;
  currencyCode: string;
}

/** Catalogue spec section 9 ("Currency defaults to USD"). */
export const CART_CURRENCY_CODE = "USD";

/** Shop-core spec section 9: grams per pound for the pounds-and-ounces display. */
export const GRAMS_PER_POUND = 453.592;

type PricedLine = Pick<CartLineView, "quantity" | "unitPriceCents" | "compareAtPriceCents" | "sellingPlanId">;
type WeighedLine = Pick<CartLineView, "quantity" | "weightValue" | "weightUnit">;

/** The line's price before any saving: the compare-at price where it is higher. */
function lineCompareAtSubtotalCents(line: PricedLine): number {
  return Math.max(line.compareAtPriceCents ?? line.unitPriceCents, line.unitPriceCents) * line.quantity;
}

/** Compare-at saving plus the autoship 5% saving, times quantity; never negative. */
/**
 * How a cart line's controls name it (WCAG 2.4.6): the product and its size, so each line's
 * Quantity, Update, Delivery, Change and Remove are told apart by a screen reader
 * ("Quantity, Science Diet Adult 15.5 lb bag").
 */
export function cartLineName(line: { productTitle: string; size: string }): string {
  return [line.productTitle, line.size]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(" ");
}

export function lineSavingsCents(line: PricedLine): number {
  return Math.max(0, lineCompareAtSubtotalCents(line) - lineSubtotalCents(line));
}

/**
 * Shop-core spec section 5: how many of `requested` can be added on top of the quantity
 * the cart already holds for the same variant and plan, given the per-line maximum
 * (5 autoship, 10 otherwise). Requested goes through the quantity normaliser first, so
 * below 1 counts as 1. `clamped` says fewer than asked were accepted (0 when none fit).
 */
export function quantityThatFits(
  requested: number,
  existingForVariant: number,
  options: { autoship: boolean },
): { quantity: number; clamped: boolean } {
  const max = options.autoship ? MAX_AUTOSHIP_PER_LINE : MAX_ITEMS_PER_ORDER;
  const asked = Number.isFinite(requested) && requested >= 1 ? Math.floor(requested) : 1;
  const existing = Number.isFinite(existingForVariant) ? Math.max(0, Math.floor(existingForVariant)) : 0;
  const room = Math.max(0, max - existing);
  const quantity = Math.min(normalizeQuantity(requested, options), room);
  return { quantity, clamped: quantity < asked };
}

// Pounds and ounces are computed on integer millionths of a pound: enough to keep float
// noise (0.7 + 0.1 + 0.1 = 0.8999…) from moving a value across a tenth of an ounce.
const WEIGHT_SCALE = 1_000_000;

/** The line's weight in pounds: variant weight converted with the spec's factors, times quantity. */
export function lineWeightLbs(line: WeighedLine): number {
  if (!Number.isFinite(line.weightValue)) return 0;
  return toPounds(line.weightValue, line.weightUnit) * line.quantity;
}

/**
 * The cart's weight in pounds through the rounding helper. A cart with no weight stays 0
 * rather than the helper's 0.1, since there is nothing to ship.
 */
export function cartWeightLbs(lines: readonly WeighedLine[]): number {
  const total = lines.reduce((sum, line) => sum + lineWeightLbs(line), 0);
  return total > 0 ? roundWeight(total) : 0;
}

/**
 * Shop-core and catalogue spec section 9: whole pounds plus the remainder times 16 as
 * ounces (one decimal). Ounces that round to 16 carry into the pounds.
 */
export function poundsAndOunces(lbs: number): { pounds: number; ounces: number } {
  if (!Number.isFinite(lbs) || lbs <= 0) return { pounds: 0, ounces: 0 };
  const scaled = Math.round(lbs * WEIGHT_SCALE);
  let pounds = Math.floor(scaled / WEIGHT_SCALE);
  let ounceTenths = Math.round(((scaled - pounds * WEIGHT_SCALE) * 16 * 10) / WEIGHT_SCALE);
  if (ounceTenths >= 160) {
    pounds += 1;
    ounceTenths = 0;
  }
  return { pounds, ounces: ounceTenths / 10 };
}

/** Pounds and ounces from grams, at 453.592 g per pound (shop-core spec section 9). */
export function poundsAndOuncesFromGrams(grams: number): { pounds: number; ounces: number } {
  return poundsAndOunces(grams / GRAMS_PER_POUND);
}

/**
 * The pricing terms the cart is summarised with: the part of `PricingTerms` (app/models/pricing.ts)
 * that does not need an address. The cart loader gets them from `cartPricingFor`, and the page
 * keeps them to re-summarise pending changes in the browser.
 */
export interface CartPricing {
  freeShippingMinimumCents?: number;
  excludedProductTypes?: readonly string[];
  programDiscountPercent?: number;
  firstAutoshipDiscount?: boolean;
}

/**
 * The order summary: totals, savings, weight, limits, and what `priceOrder` makes of the cart
 * before there is an address (program discount, AUTO35, the free-shipping tracker).
 */
export function summarizeCart(lines: readonly CartLineView[], pricing: CartPricing = {}): CartSummary {
  const limits = cartLimits(lines);
  let compareAtSubtotalCents = 0;
  let totalSavingsCents = 0;
  for (const line of lines) {
    compareAtSubtotalCents += lineCompareAtSubtotalCents(line);
    totalSavingsCents += lineSavingsCents(line);
  }
  // Merchandise only: the cart shows no shipping or tax amounts, "calculated at checkout"
  // (catalogue spec section 2), and no shopper donation, whose round-up depends on the total.
  const priced = priceLines({
    lines,
    freeShippingMinimumCents: pricing.freeShippingMinimumCents ?? DEFAULT_FREE_SHIPPING_MINIMUM_CENTS,
    programDiscountPercent: pricing.programDiscountPercent,
    firstAutoshipDiscount: pricing.firstAutoshipDiscount,
    excludedProductTypes: pricing.excludedProductTypes,
  });
  return {
    totalQuantity: limits.totalQuantity,
    subtotalCents: priced.subtotalCents,
    compareAtSubtotalCents,
    totalSavingsCents,
    programDiscountCents: priced.programDiscountCents,
    discountCents: priced.discountCents,
    appliedCodes: priced.appliedCodes,
    merchandiseCents: priced.merchandiseCents,
    weightLbs: cartWeightLbs(lines),
    limits,
    freeShipping: priced.freeShipping,
    currencyCode: CART_CURRENCY_CODE,
  };
}

/** A cart summary as a site shows it to one shopper (`cartSummaryView`). */
export interface CartSummaryView extends Omit<CartSummary, "subtotalCents" | "freeShipping"> {
  /** Null where the site hides retail amounts from this shopper: the staff site, signed out. */
  subtotalCents: number | null;
  /** Null where the site shows no shipping messages: the staff site. */
  freeShipping: FreeShippingProgress | null;
}

/**
 * What a site shows of a cart summary (docs/rules.md "Site policy"): no free-shipping
 * tracker where shipping messages are hidden (catalogue spec section 1: the staff site), and
 * no subtotal where retail prices are hidden to a shopper who is not signed in (a member sees
 * their program prices). The cart page's data, its fetcher answers and its own re-pricing of
 * pending changes all go through it.
 */
export function cartSummaryView(
  summary: CartSummary,
  policy: Pick<SitePolicy, "showsShippingMessages" | "showsRetailPrices">,
  signedIn: boolean,
): CartSummaryView {
  return {
    ...summary,
    subtotalCents: policy.showsRetailPrices || signedIn ? summary.subtotalCents : null,
    freeShipping: policy.showsShippingMessages ? summary.freeShipping : null,
  };
}

/**
 * What the /cart action answers a fetcher (`_response=json`) instead of redirecting: the
 * change made (`ok: true`), or its refusal.
 */
export type CartActionData = CartChanged | CartRefused;

/**
 * A refused cart post, answered to a fetcher as the one action reply (`replyWith`,
 * docs/rules.md "Forms and inputs"): conform's reply with the errors by field ("" for the
 * whole form) and the notice to show; `ok`, `cart` and `line` are absent.
 */
export interface CartRefused {
  ok?: false;
  status?: "error" | "success";
  notice: Notice;
  error?: Record<string, string[] | null>;
  cart?: null;
  line?: null;
}

/** A cart post that went through, answered to a fetcher. */
export interface CartChanged {
  ok: true;
  notice: Notice;
  cart: {
    totalQuantity: number;
    weightLbs: number;
    /** Null where the site hides it (`cartSummaryView`). */
    subtotalCents: number | null;
    /** Progress toward free shipping; null where shipping messages are hidden (staff site). */
    freeShipping: Pick<FreeShippingProgress, "percent" | "remainingLabel" | "reached"> | null;
  } | null;
  /** The line the post added to or changed (for the add-to-cart confirmation). */
  line: CartLineView | null;
}

/** A cart change still on its way to the server (for optimistic display). */
export type PendingCartChange =
  | { intent: "update"; lineId: string; quantity: number }
  | { intent: "remove"; lineId: string }
  | { intent: "set-plan"; lineId: string; sellingPlanId: string | null; sellingPlanName: string | null };

/**
 * The lines as they will be once pending changes land (lines and totals
 * update at once). Quantities go through the normaliser, as the server's do.
 */
export function applyPendingChanges<T extends CartLineView>(
  lines: readonly T[],
  changes: readonly PendingCartChange[],
): T[] {
  let result = [...lines];
  for (const change of changes) {
    if (change.intent === "remove" || (change.intent === "update" && change.quantity === 0)) {
      result = result.filter((line) => line.id !== change.lineId);
    } else if (change.intent === "update") {
      result = result.map((line) =>
        line.id === change.lineId
          ? { ...line, quantity: normalizeQuantity(change.quantity, { autoship: line.sellingPlanId !== null }) }
          : line,
      );
    } else {
      result = result.map((line) =>
        line.id === change.lineId
          ? {
              ...line,
              sellingPlanId: change.sellingPlanId,
              sellingPlanName: change.sellingPlanName,
              quantity: normalizeQuantity(line.quantity, { autoship: change.sellingPlanId !== null }),
            }
          : line,
      );
    }
  }
  return result;
}

/**
 * Cart attributes that only checkout sets (catalogue spec section 3); a shopper's
 * post may not set them. The spec does not name the donation tracking id's key;
 * we call it donation_tracking_id.
 */
export const CHECKOUT_ATTRIBUTE_KEYS: readonly string[] = [
  "SALES_ORG",
  "SALES_ORD_TYPE",
  "SOLD_TO",
  "SHIP_TO",
  "ship_to_work_address",
  "ship_to_home_address",
  "is_clinic_address",
  "shipping_location",
  "is_attestation_checked",
  "donation_tracking_id",
  "sgOrderType",
  "accepts_email_marketing",
];
