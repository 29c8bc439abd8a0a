/** Shop-core spec section 9: general limits on quantities. */
export const MIN_QUANTITY = 1;
/** Maximum items per order (and per line). */
export const MAX_ITEMS_PER_ORDER = 10;
/** Maximum quantity of one autoship line. */
export const MAX_AUTOSHIP_PER_LINE = 5;

/**
 * Shop-core spec section 5 quantity normaliser: below the minimum gives 1;
 * autoship lines are capped at 5, others at the general maximum.
 */
export function normalizeQuantity(quantity: number, options: { autoship: boolean }): number {
  const max = options.autoship ? MAX_AUTOSHIP_PER_LINE : MAX_ITEMS_PER_ORDER;
  if (!Number.isFinite(quantity) || quantity < MIN_QUANTITY) return MIN_QUANTITY;
  return Math.min(Math.floor(quantity), max);
}

/**
 * Catalogue spec section 5 card quantity field: digits only; empty, non-numeric
 * or below the minimum becomes the minimum; above the maximum becomes the maximum.
 */
export function normalizeCardQuantity(input: string | number, min = MIN_QUANTITY, max = MAX_ITEMS_PER_ORDER): number {
  const digits = String(input).replace(/\D/g, "");
  if (digits === "") return min;
  const value = Number.parseInt(digits, 10);
  if (value < min) return min;
  return Math.min(value, max);
}

/** Whether the card's − and + controls are enabled (catalogue spec section 5). */
export function quantityControls(quantity: number, options: { min?: number; max?: number; inStock: boolean }) {
  const { min = MIN_QUANTITY, max = MAX_ITEMS_PER_ORDER, inStock } = options;
  return {
    canDecrease: inStock && quantity > min,
    canIncrease: inStock && quantity < max,
    canAdd: inStock,
  };
}
