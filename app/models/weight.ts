/** Weight units a variant may carry. */
export const WEIGHT_UNITS = ["lbs", "oz", "kg", "g"] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];

/** Pounds per unit (shop-core spec section 9). */
export const POUNDS_PER_UNIT: Record<WeightUnit, number> = {
  lbs: 1,
  kg: 2.20462,
  oz: 0.0625,
  g: 0.00220462,
};

/** Converts a weight to pounds. */
export function toPounds(value: number, unit: WeightUnit): number {
  return value * POUNDS_PER_UNIT[unit];
}

/**
 * The weight_unit filter option a unit belongs to: the catalogue filter only
 * knows lbs and oz, so metric bag weights count as lbs and metric can weights as oz.
 */
export function weightUnitFacet(unit: WeightUnit): "lbs" | "oz" {
  return unit === "lbs" || unit === "kg" ? "lbs" : "oz";
}

// The rounding helper reads a weight as the decimal it stands for, in integer millionths of
// a pound, so float noise (0.7 + 0.1 + 0.1 = 0.8999…, `4 % 0.1` = 0.0999…) cannot move a
// value across a tenth or across the 0.05 remainder.
const MILLIONTHS = 1_000_000;
const TENTH = MILLIONTHS / 10;
const HALF_TENTH = TENTH / 2;

/**
 * The weight rounding helper, as catalogue spec section 9 writes it: "adds 0.05 when the
 * value's remainder modulo 0.1 is under 0.05, then rounds to one decimal" (half up). Every
 * weight therefore goes to the next tenth above it: 1.23 → 1.3, 1.25 → 1.3, and an exact
 * tenth, whose remainder is 0, moves up too: 4 → 4.1 (docs/rules.md "Weight rounding").
 */
export function roundWeight(value: number): number {
  if (!Number.isFinite(value)) return 0;
  let scaled = Math.round(value * MILLIONTHS);
  const remainder = ((scaled % TENTH) + TENTH) % TENTH;
  if (remainder < HALF_TENTH) scaled += HALF_TENTH;
  return Math.round(scaled / TENTH) / 10;
}
