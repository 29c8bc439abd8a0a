const formatters = new Map<string, Intl.NumberFormat>();

/** The currency the shop prices and charges in (catalogue spec section 9: currency defaults to USD). */
export const SHOP_CURRENCY = "USD";

/** Formats integer cents as currency, e.g. 2499 → "$24.99". */
export function formatMoney(cents: number, currencyCode = SHOP_CURRENCY): string {
  let formatter = formatters.get(currencyCode);
  if (!formatter) {
    formatter = new Intl.NumberFormat("en-US", { style: "currency", currency: currencyCode });
    formatters.set(currencyCode, formatter);
  }
  return formatter.format(cents / 100);
}
