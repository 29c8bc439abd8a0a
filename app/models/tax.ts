// Sales tax configuration (docs/decisions.md "Checkout, orders and autoship"): a
// rate per state, configured by TAX_RATES ("CO:0.029,CA:0.0725"). States missing
// from the table pay none.

/**
 * The default table: each state's base rate (rounded, for a demo shop with no
 * tax service). A real deployment sets TAX_RATES or plugs in a tax service.
 */
export const DEFAULT_TAX_RATES: Readonly<Record<string, number>> = {
  AL: 0.04,
  AZ: 0.056,
  CA: 0.0725,
  CO: 0.029,
  DC: 0.06,
  FL: 0.06,
  GA: 0.04,
  HI: 0.04,
  IL: 0.0625,
  NY: 0.04,
  TX: 0.0625,
  WA: 0.065,
};

/** Parses "CO:0.029, ca:0.0725" into { CO: 0.029, CA: 0.0725 }. */
export function parseTaxRates(value: string): Record<string, number> {
  const rates: Record<string, number> = {};
  for (const part of value.split(",")) {
    const [state, rate] = part.split(":").map((s) => s.trim());
    if (state && rate) rates[state.toUpperCase()] = Number(rate);
  }
  return rates;
}
