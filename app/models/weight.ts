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
