// The price per unit of weight (docs/rules.md "Catalogue and product pages"): a bag's price per lb, a can's or tray's per oz,
// from the variant's price and net weight. Pure: the product page's loader, the listing's
// cards and the cart's lines ask it, so they cannot disagree.
import { formatMoney } from "./money";
import { POUNDS_PER_UNIT, type WeightUnit } from "./weight";

/** What a unit price is given per: lb for weights sold by the pound (lbs, kg), oz for the rest (oz, g). */
export type UnitPriceUnit = "lb" | "oz";

const PER: Record<WeightUnit, UnitPriceUnit> = { lbs: "lb", kg: "lb", oz: "oz", g: "oz" };

// Weights are read in integer millionths so a decimal weight (15.5, 12.8) divides exactly.
const MILLIONTHS = 1_000_000;

/**
 * The price per lb or oz in whole cents, rounded half up, or null when there is none to give:
 * no price, a weight of zero or less, or a unit the shop does not know. Kilograms are given
 * per lb and grams per oz, converted with the shop's factors (`POUNDS_PER_UNIT`).
 */
export function unitPriceCents(
  priceCents: number | undefined,
  weightValue: number,
  weightUnit: string,
): { cents: number; per: UnitPriceUnit } | null {
  const per = PER[weightUnit as WeightUnit];
  if (per === undefined || priceCents === undefined || !Number.isSafeInteger(priceCents) || priceCents < 0) return null;
  if (!Number.isFinite(weightValue)) return null;
  // The weight in the unit it is priced per: pounds, or ounces (16 to the pound).
  const inPer =
    weightUnit === "lbs" || weightUnit === "oz"
      ? weightValue
      : weightValue * POUNDS_PER_UNIT[weightUnit as WeightUnit] * (per === "oz" ? 16 : 1);
  const weightMillionths = Math.round(inPer * MILLIONTHS);
  if (weightMillionths <= 0) return null;
  return { cents: Math.round((priceCents * MILLIONTHS) / weightMillionths), per };
}

/** The unit price as shown beside a price, "$2.49/lb" or "$0.24/oz"; null when there is none. */
export function unitPriceLabel(priceCents: number | undefined, weightValue: number, weightUnit: string): string | null {
  const price = unitPriceCents(priceCents, weightValue, weightUnit);
  return price && `${formatMoney(price.cents)}/${price.per}`;
}
