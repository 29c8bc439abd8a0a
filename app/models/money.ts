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

/**
 * Integer cents from a decimal amount as commerce platforms write money ("54.99", "54.9", "54",
 * "-3.50"), without floating point. More than two decimals round half away from zero
 * ("0.125" → 13). Throws on anything else, so a malformed price never becomes a number.
 */
export function centsFromDecimal(amount: string): number {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) throw new TypeError(`Not a decimal amount: ${JSON.stringify(amount)}`);
  const [, sign, whole, fraction = ""] = match;
  const digits = fraction.padEnd(3, "0");
  let cents = Number(whole) * 100 + Number(digits.slice(0, 2));
  if (Number(digits[2]) >= 5) cents += 1;
  if (!Number.isSafeInteger(cents)) throw new TypeError(`Amount out of range: ${amount}`);
  return sign && cents !== 0 ? -cents : cents;
}

/**
 * Integer cents as a plain decimal amount, e.g. 5736 → "57.36", -5 → "-0.05": how a spreadsheet
 * reads money (the back office's CSV exports), without a currency sign or grouping.
 */
export function decimalDollars(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new TypeError(`Not whole cents: ${cents}`);
  const whole = Math.abs(cents);
  return `${cents < 0 ? "-" : ""}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, "0")}`;
}
