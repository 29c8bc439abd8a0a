/** Catalogue spec section 9: the free-shipping minimum falls back to 50 dollars. */
export const DEFAULT_FREE_SHIPPING_MINIMUM_CENTS = 5000;

/**
 * Product types whose lines never count towards free shipping (catalogue spec section 9:
 * "one special product type", not named; none yet, docs/decisions.md "Cart").
 */
export const FREE_SHIPPING_EXCLUDED_PRODUCT_TYPES: readonly string[] = [];

/** Progress bar height per tracker layout (catalogue spec section 9). */
export const TRACKER_BAR_HEIGHT = { full: 8, small: 6 } as const;

/** Shown with a success check once nothing remains (catalogue spec section 4). */
export const FREE_SHIPPING_REACHED_MESSAGE = "You get free shipping!";

/** The part of a line the tracker looks at: what it costs after its share of the discounts. */
export interface FreeShippingLine {
  productType: string;
  subtotalCents: number;
}

export interface FreeShippingInput {
  lines: readonly FreeShippingLine[];
  minimumCents: number;
  /** Product types whose lines never count towards free shipping. */
  excludedProductTypes: readonly string[];
}

export interface FreeShippingProgress {
  eligibleSubtotalCents: number;
  /** 0 to 100: eligible subtotal over the minimum. */
  percent: number;
  /** Never below 0. */
  remainingCents: number;
  /** Remaining dollars with 2 decimals, e.g. "12.50". */
  remainingLabel: string;
  reached: boolean;
}

/** Integer cents as dollars with exactly 2 decimals and no currency sign ("12.50"). */
function centsToDollarLabel(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/**
 * Catalogue spec sections 4 and 9 free-shipping tracker: lines of an excluded product
 * type and lines with a zero subtotal do not count; a minimum of 0 is always reached.
 * `priceOrder` (app/models/pricing.ts) feeds it the lines after discounts and charges
 * shipping by its `reached`, so the tracker and checkout agree.
 */
export function freeShippingProgress(input: FreeShippingInput): FreeShippingProgress {
  const excluded = new Set(input.excludedProductTypes);
  // A missing (non-numeric) minimum means the content global was absent: use the fallback.
  const minimumCents = Number.isFinite(input.minimumCents)
    ? Math.max(0, Math.round(input.minimumCents))
    : DEFAULT_FREE_SHIPPING_MINIMUM_CENTS;

  let eligibleSubtotalCents = 0;
  for (const line of input.lines) {
    if (excluded.has(line.productType)) continue;
    if (!Number.isFinite(line.subtotalCents) || line.subtotalCents <= 0) continue;
    eligibleSubtotalCents += Math.round(line.subtotalCents);
  }

  const remainingCents = Math.max(0, minimumCents - eligibleSubtotalCents);
  const percent = minimumCents === 0 ? 100 : Math.min(100, (eligibleSubtotalCents * 100) / minimumCents);

  return {
    eligibleSubtotalCents,
    percent,
    remainingCents,
    remainingLabel: centsToDollarLabel(remainingCents),
    reached: remainingCents === 0,
  };
}
