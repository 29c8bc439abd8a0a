const formatters = new Map<string, Intl.NumberFormat>();

/** The currency the shop prices and charges in (catalogue spec section 9: currency defaults to USD). */
export const SHOP_CURRENCY = "USD";

/**
 * Formats integer cents as currency, e.g. 2499 → "$24.99". US dollars are written out as
 * `Intl.NumberFormat("en-US")` writes them (a test holds the two equal): a phone's browser
 * spends about 15 ms loading its currency data for the first price on a page, during hydration
 * (docs/decisions.md "Drawing first"). Other currencies go through `Intl`.
 */
export function formatMoney(cents: number, currencyCode = SHOP_CURRENCY): string {
  if (currencyCode === SHOP_CURRENCY && Number.isSafeInteger(cents)) {
    const whole = Math.abs(cents);
    const dollars = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+$)/g, ",");
    return `${cents < 0 ? "-" : ""}$${dollars}.${String(whole % 100).padStart(2, "0")}`;
  }
  let formatter = formatters.get(currencyCode);
  if (!formatter) {
    formatter = new Intl.NumberFormat("en-US", { style: "currency", currency: currencyCode });
    formatters.set(currencyCode, formatter);
  }
  return formatter.format(cents / 100);
}
