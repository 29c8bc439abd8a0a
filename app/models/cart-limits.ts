// The cart's quantity limits (shop-core spec sections 5 and 9), the one owner: the quantity
// normaliser, the card field, and the limits over a whole cart that the cart page, checkout's
// gate and place order all ask (`cartLimits`, `checkoutRefusal`).
import type { CartLineView } from "./cart";
import { isAutoshipLine } from "./pricing";

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

type LimitedLine = Pick<CartLineView, "id" | "quantity" | "sellingPlanId">;

/** Shop-core spec sections 5 and 9 limits, evaluated over the whole cart. */
export interface CartLimits {
  totalQuantity: number;
  /** Total quantity over the maximum items per order. */
  overMaximum: boolean;
  /** Some autoship line over the autoship maximum. */
  autoshipOverMaximum: boolean;
  /** Autoship lines at or above the autoship maximum (the autoship alert). */
  autoshipWarningLineIds: string[];
}

/** Shop-core spec sections 5 and 9: total over 10, autoship line over 5, warning at 5. */
export function cartLimits(lines: readonly LimitedLine[]): CartLimits {
  let totalQuantity = 0;
  let autoshipOverMaximum = false;
  const autoshipWarningLineIds: string[] = [];
  for (const line of lines) {
    totalQuantity += line.quantity;
    if (!isAutoshipLine(line)) continue;
    if (line.quantity > MAX_AUTOSHIP_PER_LINE) autoshipOverMaximum = true;
    if (line.quantity >= MAX_AUTOSHIP_PER_LINE) autoshipWarningLineIds.push(line.id);
  }
  return {
    totalQuantity,
    overMaximum: totalQuantity > MAX_ITEMS_PER_ORDER,
    autoshipOverMaximum,
    autoshipWarningLineIds,
  };
}

/**
 * Shop-core spec sections 5 and 9: a cart over the 10-item maximum, or with an autoship
 * line over 5 ("Any autoship line with quantity over 5 marks autoship over the maximum"),
 * cannot enter checkout, and place order refuses it again (CART_OVER_LIMIT); the reason, or
 * null when it may.
 */
export function checkoutRefusal(limits: CartLimits): string | null {
  if (limits.overMaximum) {
    return `Orders are limited to ${MAX_ITEMS_PER_ORDER} items. Remove ${limits.totalQuantity - MAX_ITEMS_PER_ORDER} to check out.`;
  }
  if (limits.autoshipOverMaximum) {
    return `Autoship items are limited to ${MAX_AUTOSHIP_PER_LINE} of each product. Lower the quantity to check out.`;
  }
  return null;
}
