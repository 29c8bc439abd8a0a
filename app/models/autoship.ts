// The autoship schedule (docs/rules.md "Autoship"): a subscription repeats every
// `frequencyDays` days (shop-core spec section 3 subscription fields), so every next
// order date is a whole number of days on, at the same UTC time of day; no month
// arithmetic, so month ends, leap days and daylight-saving changes move nothing.
// Checkout (the first date) and the engine (every later one) both ask these functions.
// The days a customer sees and chooses are days in the shop's time zone (docs/rules.md "Shop
// time"); `ymd` stays the UTC day for the engine's own keys (due dates, "order now" per day).
import { priceLines, type PricingTerms } from "./pricing";
import { shiftDay, shopDay } from "./shop-time";

export const DAY_MS = 86_400_000;

/** A date as YYYY-MM-DD (UTC): the engine's key of an autoship order's due date (never shown). */
export const ymd = (date: Date) => date.toISOString().slice(0, 10);

const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

/**
 * One period on: the next order date `frequencyDays` days after `from`. Checkout counts
 * from the moment the order is placed; skipping counts from the skipped date; "order now"
 * from the moment its order is placed.
 */
export function nextOrderDate(from: Date, frequencyDays: number): Date {
  return addDays(from, frequencyDays);
}

/**
 * The next order date after the engine placed the order due at `due`: one period after
 * the due date, or, when that is not after the moment the order was placed (a run that
 * caught up late), one period after that moment. Never in the past.
 */
export function nextOrderDateAfterOrder(due: Date, placedAt: Date, frequencyDays: number): Date {
  const next = nextOrderDate(due, frequencyDays);
  return next > placedAt ? next : nextOrderDate(placedAt, frequencyDays);
}

/** How far ahead a customer may move the next order: a year. */
export const NEXT_DATE_MAX_DAYS = 365;

/**
 * The days a customer may move the next order to ("YYYY-MM-DD", the date field's min and max):
 * from tomorrow up to a year from today, days in the shop's time zone.
 */
export function nextDateBounds(now: Date, zone: string): { min: string; max: string } {
  const today = shopDay(now, zone);
  return { min: shiftDay(today, 1), max: shiftDay(today, NEXT_DATE_MAX_DAYS) };
}

/** True when the next order may move to `date`: its day in the shop's time zone is within the bounds. */
export function isAllowedNextDate(date: Date, now: Date, zone: string): boolean {
  if (Number.isNaN(date.getTime())) return false;
  const day = shopDay(date, zone);
  const { min, max } = nextDateBounds(now, zone);
  return day >= min && day <= max;
}

/**
 * The orders a reminder announces at `now`: due after now and at most `reminderDays`
 * days ahead (`AUTOSHIP_REMINDER_DAYS`); none when it is 0.
 */
export function reminderWindow(now: Date, reminderDays: number): { after: Date; until: Date } | null {
  return reminderDays > 0 ? { after: now, until: addDays(now, reminderDays) } : null;
}

/** Reactivating keeps a next date still after tomorrow (a day from now); an earlier one moves to tomorrow. */
export function reactivatedNextDate(nextOrder: Date, now: Date): Date {
  const tomorrow = addDays(now, 1);
  return nextOrder > tomorrow ? nextOrder : tomorrow;
}

/** What the customer is told when a swap is refused; null when the variant may be swapped to. */
export const SWAP_REFUSALS = {
  otherProduct: "Choose a size or flavor of this product.",
  notSold: "That size or flavor is not sold here any more.",
  outOfStock: "That size or flavor is out of stock right now. Choose another.",
  same: "That is the size and flavor you already get.",
} as const;

/**
 * Whether a subscription may swap to a variant (docs/rules.md "Autoship"): only another
 * variant of the same product, sold on the subscription's site and in stock for its
 * delivery. `candidate` is null for a variant that does not exist.
 */
export function swapRefusal(
  current: { productId: string; variantId: string },
  candidate: { productId: string; variantId: string; soldOnSite: boolean; inStock: boolean } | null,
): string | null {
  if (!candidate || candidate.productId !== current.productId) return SWAP_REFUSALS.otherProduct;
  if (candidate.variantId === current.variantId) return SWAP_REFUSALS.same;
  if (!candidate.soldOnSite) return SWAP_REFUSALS.notSold;
  if (!candidate.inStock) return SWAP_REFUSALS.outOfStock;
  return null;
}

/** What one order of a subscription costs before shipping and tax, and what Autoship saves on it. */
export interface SubscriptionPrice {
  /** The merchandise of one order at the autoship price, after the program discount. */
  perOrderCents: number;
  /** The same quantity at the one-time price. */
  regularCents: number;
  /** The Autoship saving (5%, `autoshipUnitPriceCents`) on one order. */
  autoshipSavingsCents: number;
}

/**
 * The price of one order of a subscription, as the engine charges it: `priceLines` (the
 * one pricing function) on an autoship line of the variant's unit price and the quantity,
 * with the customer's program discount and never AUTO35 (a renewal is not a first order).
 */
export function subscriptionPrice(
  unitPriceCents: number,
  quantity: number,
  terms: Pick<PricingTerms, "programDiscountPercent">,
): SubscriptionPrice {
  const priced = priceLines({
    lines: [{ id: "subscription", unitPriceCents, quantity, sellingPlanId: "autoship" }],
    freeShippingMinimumCents: 0,
    programDiscountPercent: terms.programDiscountPercent,
    firstAutoshipDiscount: false,
  });
  return {
    perOrderCents: priced.merchandiseCents,
    regularCents: unitPriceCents * quantity,
    autoshipSavingsCents: priced.autoshipSavingsCents,
  };
}
