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
// value across a tenth: an exact tenth has no remainder.
const MILLIONTHS = 1_000_000;
const TENTH = MILLIONTHS / 10;

/**
 * The weight rounding helper (catalogue spec section 9: "adds 0.05 when the value's remainder
 * modulo 0.1 is under 0.05, then rounds to one decimal"), read as its purpose: a weight with a
 * remainder goes up to the next tenth (1.23 → 1.3, 4.04 → 4.1, 4.05 → 4.1, 4.06 → 4.1) and an
 * exact tenth stays as labelled (4 → 4, 15.5 → 15.5). The remainder is taken in decimal, so
 * float noise (0.1 + 0.2, 0.7 + 0.1 + 0.1) is no remainder (docs/rules.md "Weight rounding",
 * docs/decisions.md "Weights read as labelled").
 */
export function roundWeight(value: number): number {
  if (!Number.isFinite(value)) return 0;
  const scaled = Math.round(value * MILLIONTHS);
  const remainder = ((scaled % TENTH) + TENTH) % TENTH;
  return (scaled - remainder + (remainder > 0 ? TENTH : 0)) / TENTH / 10;
}

/** How a label writes each unit: a net weight reads "4 lb", "15.5 lb", "5.5 oz" at any amount. */
export const UNIT_LABELS: Record<WeightUnit, string> = { lbs: "lb", oz: "oz", kg: "kg", g: "g" };

/**
 * A weight as a pack's label writes it: the number without trailing zeros (at most two
 * decimals, float noise dropped) and the unit's label ("4 lb", "15.5 lb", "12.8 oz"). An
 * unknown unit is written as stored.
 */
export function formatWeight(value: number, unit: string): string {
  const amount = Number.isFinite(value) ? Number(value.toFixed(2)) : 0;
  return `${amount} ${UNIT_LABELS[unit as WeightUnit] ?? unit}`;
}
