// Pricing an order (docs/rules.md "Pricing, discounts and shipping"): the one function
// the cart summary, the free-shipping tracker and checkout call, so they cannot disagree
// on what an order costs or whether it ships free. No I/O: the pricing service
// (`pricingFor`) supplies the terms, the cart or the order supplies the lines.
import type { CartLineView } from "./cart";
import type { DonationExtra } from "./donations";
import { FREE_SHIPPING_EXCLUDED_PRODUCT_TYPES, freeShippingProgress, type FreeShippingProgress } from "./free-shipping";
import { programDiscountCents } from "./staff-program";

/** Catalogue spec section 9: "Autoship: save an extra 5%". */
export const AUTOSHIP_DISCOUNT_RATE = 0.05;

/** The first-autoship discount code (catalogue spec sections 5 and 9). */
export const AUTO35_CODE = "AUTO35";
/** AUTO35 takes 35% off the autoship lines of an eligible order (the spec gives the code, not its terms). */
export const AUTO35_RATE = 0.35;

/** States that carry the service charge, and its amount (catalogue spec section 9). */
export const SERVICE_CHARGE_STATES: readonly string[] = ["AK", "HI"];
export const SERVICE_CHARGE_CENTS = 400;

/** Whether a line is bought on autoship (it carries a selling plan, shop-core spec section 3). */
export function isAutoshipLine(line: Pick<CartLineView, "sellingPlanId">): boolean {
  return line.sellingPlanId != null;
}

/** The autoship unit price: 5% off, rounded half up to whole cents. */
export function autoshipUnitPriceCents(unitPriceCents: number): number {
  // Integer basis points keep 1010 × 0.95 = 959.5 from drifting below the half.
  const keptBasisPoints = 10_000 - Math.round(AUTOSHIP_DISCOUNT_RATE * 10_000);
  return Math.round((unitPriceCents * keptBasisPoints) / 10_000);
}

/**
 * What choosing Autoship changes on the product page before anything is in the cart: the
 * autoship price (`autoshipUnitPriceCents`) and what it saves on one unit.
 */
export function autoshipOffer(unitPriceCents: number): { priceCents: number; savingCents: number } {
  const priceCents = autoshipUnitPriceCents(unitPriceCents);
  return { priceCents, savingCents: unitPriceCents - priceCents };
}

type PricedLineInput = Pick<CartLineView, "quantity" | "unitPriceCents" | "sellingPlanId">;

/** The unit price a line is charged: the autoship price on autoship lines. */
function effectiveUnitPriceCents(line: PricedLineInput): number {
  return isAutoshipLine(line) ? autoshipUnitPriceCents(line.unitPriceCents) : line.unitPriceCents;
}

/** What the line costs: quantity at the unit price, autoship lines at the autoship price. */
export function lineSubtotalCents(line: PricedLineInput): number {
  return effectiveUnitPriceCents(line) * line.quantity;
}

/**
 * Who may have AUTO35 applied (docs/rules.md "Pricing, discounts and shipping"): a
 * signed-in customer on a site that offers it (the consumer site) with no earlier
 * autoship order and no subscription. Whether this order has an autoship line is
 * the other half of the rule, decided by `priceOrder`.
 */
export function firstAutoshipDiscountOffered(input: {
  siteOffersIt: boolean;
  customerId: string | null;
  earlierAutoshipOrders: number;
  subscriptions: number;
}): boolean {
  return (
    input.siteOffersIt && input.customerId !== null && input.earlierAutoshipOrders === 0 && input.subscriptions === 0
  );
}

/** The terms an order is priced with, from `pricingFor` (app/services/pricing). */
export interface PricingTerms {
  /** Content global free_shipping_minimum; not a number falls back to $50. */
  freeShippingMinimumCents: number;
  /** Flat shipping below the free-shipping minimum. */
  shippingRateCents: number;
  /** Sales tax rate per state, e.g. { CO: 0.029 }; missing states pay none. */
  taxRates: Readonly<Record<string, number>>;
  /** Staff-feeding program discount, percent off the merchandise, for eligible members (shop-core spec section 3). */
  programDiscountPercent?: number;
  /** The shopper may have AUTO35 on a first autoship order (`firstAutoshipDiscountOffered`). */
  firstAutoshipDiscount?: boolean;
}

export interface PricingLine extends PricedLineInput {
  id: string;
  /** For the free-shipping exclusion; lines without one always count. */
  productType?: string;
}

export interface PricingInput extends PricingTerms {
  lines: readonly PricingLine[];
  /**
   * The shipping address's zip; null before there is one (no surcharge, no tax). Pricing
   * takes the state from it (`pricingStateOf`), never a typed state.
   */
  shipToZip: string | null;
  /** Product types that never count towards free shipping; defaults to the shop's list. */
  excludedProductTypes?: readonly string[];
  /**
   * The shopper's round-up or add-on donation (docs/rules.md "Donations"), decided at
   * checkout by the donation service; none for the cart summary and autoship renewals.
   */
  shopperDonation?: DonationExtra | null;
}

export interface PricedLine {
  id: string;
  unitPriceCents: number;
  subtotalCents: number;
  /** The line's share of the program and code discounts (they add up to the order's exactly). */
  discountCents: number;
}

export interface PricedOrder {
  lines: PricedLine[];
  /** Lines at their charged unit prices (autoship lines already 5% off). */
  subtotalCents: number;
  /** What the autoship 5% saved, already inside the subtotal. */
  autoshipSavingsCents: number;
  /** Discount codes (AUTO35). */
  discountCents: number;
  /** The program discount (staff-feeding eligible members), apart from codes. */
  programDiscountCents: number;
  /** Merchandise after every discount: what tax and the staff quota count. */
  merchandiseCents: number;
  appliedCodes: string[];
  /** The tracker: merchandise after discounts of the lines that count, against the minimum. */
  freeShipping: FreeShippingProgress;
  shippingCents: number;
  surchargeCents: number;
  taxCents: number;
  /** The shopper's round-up or add-on, charged on top of everything else (0 without one). */
  shopperDonationCents: number;
  /** Which extra `shopperDonationCents` is; null when there is none. */
  shopperDonationKind: DonationExtra["kind"] | null;
  /** What the shopper pays: merchandise, shipping, service charge, tax and their donation. */
  totalCents: number;
}

/** Rounds a fraction of cents half up to whole cents. */
export const cents = (value: number) => Math.round(value + 1e-9);

/**
 * Splits `totalCents` over `weights` in proportion, in whole cents that add up to the
 * total exactly (largest remainder; ties to the earlier line).
 */
export function allocate(totalCents: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (totalCents === 0 || sum <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (totalCents * w) / sum);
  const shares = exact.map(Math.floor);
  let left = totalCents - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((value, i) => ({ i, rest: value - shares[i] })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i] += 1;
    left -= 1;
  }
  return shares;
}

/** What `priceLines` needs: the lines and the terms, no address. */
export type LinePricingInput = Pick<
  PricingInput,
  "lines" | "freeShippingMinimumCents" | "programDiscountPercent" | "firstAutoshipDiscount" | "excludedProductTypes"
>;

/** The merchandise part of an order (`priceOrder`): lines, discounts and the free-shipping tracker. */
export type PricedLines = Pick<
  PricedOrder,
  | "lines"
  | "subtotalCents"
  | "autoshipSavingsCents"
  | "discountCents"
  | "programDiscountCents"
  | "merchandiseCents"
  | "appliedCodes"
  | "freeShipping"
>;

/**
 * The merchandise of an order before any address (docs/rules.md "Pricing, discounts and
 * shipping"): autoship lines at 5% off, the program discount, AUTO35, each line's share of
 * the discounts and the free-shipping tracker. `priceOrder` adds shipping, the service
 * charge, tax and the shopper's donation on top; the cart summary shows only this, so the
 * browser never loads the zip-to-state table.
 */
export function priceLines(input: LinePricingInput): PricedLines {
  const subtotals = input.lines.map(lineSubtotalCents);
  const subtotalCents = subtotals.reduce((sum, value) => sum + value, 0);
  const autoshipSavingsCents = input.lines.reduce(
    (sum, line, i) => sum + (isAutoshipLine(line) ? line.unitPriceCents * line.quantity - subtotals[i] : 0),
    0,
  );

  const programDiscount = programDiscountCents(subtotalCents, input.programDiscountPercent ?? 0);
  const autoshipSubtotals = input.lines.map((line, i) => (isAutoshipLine(line) ? subtotals[i] : 0));
  const autoshipSubtotal = autoshipSubtotals.reduce((sum, value) => sum + value, 0);
  const auto35 = input.firstAutoshipDiscount === true && autoshipSubtotal > 0 && programDiscount === 0;
  const discountCents = auto35 ? cents(autoshipSubtotal * AUTO35_RATE) : 0;
  const appliedCodes = auto35 ? [AUTO35_CODE] : [];
  const merchandiseCents = subtotalCents - discountCents - programDiscount;

  const programShares = allocate(programDiscount, subtotals);
  const codeShares = allocate(discountCents, autoshipSubtotals);
  const lines = input.lines.map((line, i) => ({
    id: line.id,
    unitPriceCents: effectiveUnitPriceCents(line),
    subtotalCents: subtotals[i],
    discountCents: programShares[i] + codeShares[i],
  }));

  const freeShipping = freeShippingProgress({
    lines: input.lines.map((line, i) => ({
      productType: line.productType ?? "",
      subtotalCents: lines[i].subtotalCents - lines[i].discountCents,
    })),
    minimumCents: input.freeShippingMinimumCents,
    excludedProductTypes: input.excludedProductTypes ?? FREE_SHIPPING_EXCLUDED_PRODUCT_TYPES,
  });
  return {
    lines,
    subtotalCents,
    autoshipSavingsCents,
    discountCents,
    programDiscountCents: programDiscount,
    merchandiseCents,
    appliedCodes,
    freeShipping,
  };
}
