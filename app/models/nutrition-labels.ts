// The label lines of a product's nutrition (docs/rules.md "Nutrition facts"): amounts, guarantees,
// calories and the ingredient list as a label prints them. Apart from app/models/nutrition.ts,
// which owns the shape and its zod schemas, so the product page's script does not load zod.
import type { Guarantee, Nutrition, ServingUnit } from "./nutrition";

const FRACTIONS: [number, string][] = [
  [0, ""],
  [1 / 8, "1/8"],
  [1 / 4, "1/4"],
  [1 / 3, "1/3"],
  [3 / 8, "3/8"],
  [1 / 2, "1/2"],
  [5 / 8, "5/8"],
  [2 / 3, "2/3"],
  [3 / 4, "3/4"],
  [7 / 8, "7/8"],
  [1, ""],
];

/** An amount as a label writes it: 1.125 → "1 1/8", 0.667 → "2/3", 2 → "2" (nearest eighth or third). */
export function formatAmount(amount: number): string {
  let whole = Math.floor(amount);
  const rest = amount - whole;
  let best = FRACTIONS[0];
  for (const candidate of FRACTIONS) if (Math.abs(candidate[0] - rest) < Math.abs(best[0] - rest)) best = candidate;
  if (best[0] === 1) whole += 1;
  if (!best[1]) return String(whole);
  return whole === 0 ? best[1] : `${whole} ${best[1]}`;
}

/** "cup" / "cups" for an amount (more than one, or a fraction above one, is plural). */
export function unitName(unit: ServingUnit, amount: number): string {
  return amount > 1 ? `${unit}s` : unit;
}

/** A guarantee as a label line: "21.0% min", "400 IU/kg min". */
export function formatGuarantee(g: Pick<Guarantee, "basis" | "value" | "unit">): string {
  const value =
    g.unit === "%" ? g.value.toFixed(g.value < 10 && g.value % 1 !== 0 ? 2 : 1) : g.value.toLocaleString("en-US");
  return `${value}${g.unit === "%" ? "%" : ` ${g.unit}`} ${g.basis}`;
}

/** "3,600 kcal/kg, 360 kcal per 8 oz cup" (calculated, as labels say). */
export function formatCalories(calories: Nutrition["calories"]): string {
  const per = calories.unitSize ? `${calories.unitSize} ${calories.unit}` : calories.unit;
  return `${calories.kcalPerKg.toLocaleString("en-US")} kcal/kg, ${calories.kcalPerUnit.toLocaleString("en-US")} kcal per ${per}`;
}

/** The ingredient list as a label prints it: one line, commas between. */
export const ingredientList = (nutrition: Pick<Nutrition, "ingredients">): string => nutrition.ingredients.join(", ");
