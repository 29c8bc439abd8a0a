// Saved cards as the account pages, the autoship pages and the reminder email show them
// (docs/rules.md "Saved cards"). No I/O: the payment service keeps the cards.
import { cardNotExpired } from "./checkout";
import { formatShopDate } from "./shop-time";

/** A saved card as the payment service lists it: never the number, only its last four digits. */
export interface SavedCard {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  isDefault: boolean;
}

const BRAND_NAMES: Readonly<Record<string, string>> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
};

/** "Visa ending 4242". */
export function cardLabel(card: Pick<SavedCard, "brand" | "last4">): string {
  return `${BRAND_NAMES[card.brand] ?? "Card"} ending ${card.last4}`;
}

/** "12/2026". */
export function cardExpiryLabel(card: Pick<SavedCard, "expMonth" | "expYear">): string {
  return `${String(card.expMonth).padStart(2, "0")}/${card.expYear}`;
}

/** Whether the card has expired by `at` (a card works to the end of its expiry month, UTC). */
export function cardExpiredBy(card: Pick<SavedCard, "expMonth" | "expYear">, at: Date): boolean {
  return !cardNotExpired(card.expMonth, card.expYear, at);
}

/**
 * The flag of an autoship whose card will have expired when its next order is placed (shown on
 * the account pages and in the reminder email), or null when the card still works then.
 */
export function expiringCardNotice(
  card: Pick<SavedCard, "brand" | "last4" | "expMonth" | "expYear">,
  nextOrderDate: Date,
  zone: string,
): string | null {
  if (!cardExpiredBy(card, nextOrderDate)) return null;
  // The order's day in the shop's time zone (docs/rules.md "Shop time").
  const day = formatShopDate(nextOrderDate, zone);
  return `${cardLabel(card)} expires ${cardExpiryLabel(card)}, before this order on ${day}. Choose another card or add a new one.`;
}
