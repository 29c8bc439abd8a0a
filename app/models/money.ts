const formatters = new Map<string, Intl.NumberFormat>();

/** Formats integer cents as currency, e.g. 2499 → "$24.99". */
export function formatMoney(cents: number, currencyCode = "USD"): string {
  let formatter = formatters.get(currencyCode);
  if (!formatter) {
    formatter = new Intl.NumberFormat("en-US", { style: "currency", currency: currencyCode });
    formatters.set(currencyCode, formatter);
  }
  return formatter.format(cents / 100);
}
