// What a pet owner reads on a label before buying (docs/rules.md "Nutrition facts"): the
// ingredients, the guaranteed analysis, the calorie content, the feeding guide and the
// nutritional adequacy statement. The one owner of their shape (stored as JSON text in
// `Product.nutrition`, docs/decisions.md "Nutrition facts"), its parsing, the back office's
// form and the display helpers. Pure.
import { z } from "zod";

/** What the calorie content and the feeding guide count in. */
export const SERVING_UNITS = ["cup", "can", "pouch", "tray", "treat"] as const;
export type ServingUnit = (typeof SERVING_UNITS)[number];

/** Units a guarantee is stated in; a percentage is from 0 to 100. */
export const GUARANTEE_UNITS = ["%", "mg/kg", "IU/kg", "CFU/lb"] as const;
export type GuaranteeUnit = (typeof GUARANTEE_UNITS)[number];

export const MAX_INGREDIENTS = 80;
/** One ingredient line, with its parenthesised parts ("vitamins (…)"). */
export const MAX_INGREDIENT_LENGTH = 400;
export const MAX_GUARANTEES = 20;
export const MAX_FEEDING_ROWS = 20;
export const MAX_ADEQUACY_LENGTH = 600;
/** The largest kcal/kg a pet food states (pure fat is about 9,000). */
export const MAX_KCAL_PER_KG = 9000;
/** The largest kcal in one cup, can, pouch, tray or treat. */
export const MAX_KCAL_PER_UNIT = 2000;
export const MAX_PET_WEIGHT_LB = 250;
/** Blank rows the back office's editor offers after the stored ones. */
export const BLANK_EDITOR_ROWS = 2;

const GuaranteeSchema = z
  .object({
    nutrient: z.string().trim().min(1).max(80),
    basis: z.enum(["min", "max"]),
    value: z.number().min(0),
    unit: z.enum(GUARANTEE_UNITS),
  })
  .refine((g) => g.unit !== "%" || g.value <= 100, { message: "A percentage is from 0 to 100.", path: ["value"] });
export type Guarantee = z.infer<typeof GuaranteeSchema>;

const FeedingRowSchema = z.object({
  weightLb: z.number().positive().max(MAX_PET_WEIGHT_LB),
  amount: z.number().positive().max(100),
});
export type FeedingRow = z.infer<typeof FeedingRowSchema>;

export const NutritionSchema = z.object({
  ingredients: z.array(z.string().trim().min(1).max(MAX_INGREDIENT_LENGTH)).min(1).max(MAX_INGREDIENTS),
  analysis: z.array(GuaranteeSchema).min(1).max(MAX_GUARANTEES),
  calories: z.object({
    kcalPerKg: z.number().int().positive().max(MAX_KCAL_PER_KG),
    kcalPerUnit: z.number().positive().max(MAX_KCAL_PER_UNIT),
    unit: z.enum(SERVING_UNITS),
    /** The unit's size as the label names it, e.g. "8 oz" (cup) or "5.5 oz" (can). */
    unitSize: z.string().trim().max(30).optional(),
  }),
  feeding: z.object({
    unit: z.enum(SERVING_UNITS),
    rows: z.array(FeedingRowSchema).max(MAX_FEEDING_ROWS),
  }),
  adequacy: z.string().trim().min(1).max(MAX_ADEQUACY_LENGTH),
});
export type Nutrition = z.infer<typeof NutritionSchema>;

/** The stored text of a product's nutrition: sorted feeding rows, null for none. */
export function serializeNutrition(nutrition: Nutrition | null): string | null {
  if (!nutrition) return null;
  const rows = [...nutrition.feeding.rows].sort((a, b) => a.weightLb - b.weightLb);
  return JSON.stringify({ ...nutrition, feeding: { ...nutrition.feeding, rows } });
}

/** A stored `Product.nutrition` as the page shows it; null when empty or not a valid shape (never throws). */
export function parseNutrition(text: string | null | undefined): Nutrition | null {
  if (!text) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = NutritionSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

// The display helpers live in ./nutrition-labels (no zod: the product page's script loads them).
export { formatAmount, formatCalories, formatGuarantee, ingredientList, unitName } from "./nutrition-labels";

/** The unit of a kcal figure for schema.org (`unitText`): "kcal/kg", "kcal/cup". */
export const kcalUnitText = (unit: ServingUnit): string => `kcal/${unit}`;

// ---------------------------------------------------------------------------
// The back office's form: flat fields, one row of inputs per guarantee and per feeding row.

/** The form's field names for row `i` of the guaranteed analysis and the feeding guide. */
export const analysisField = (i: number, part: "nutrient" | "basis" | "value" | "unit") => `analysis.${i}.${part}`;
export const feedingField = (i: number, part: "weightLb" | "amount") => `feeding.${i}.${part}`;

/** The form's text values for a product's nutrition (stored rows, then BLANK_EDITOR_ROWS empty ones). */
export function nutritionFormValues(nutrition: Nutrition | null): Record<string, string> {
  const values: Record<string, string> = {
    ingredients: nutrition ? nutrition.ingredients.join("\n") : "",
    kcalPerKg: nutrition ? String(nutrition.calories.kcalPerKg) : "",
    kcalPerUnit: nutrition ? String(nutrition.calories.kcalPerUnit) : "",
    [NUTRITION_FORM_FIELD]: "1",
    calorieUnit: nutrition?.calories.unit ?? "cup",
    unitSize: nutrition?.calories.unitSize ?? "",
    feedingUnit: nutrition?.feeding.unit ?? "cup",
    adequacy: nutrition?.adequacy ?? "",
  };
  (nutrition?.analysis ?? []).forEach((g, i) => {
    values[analysisField(i, "nutrient")] = g.nutrient;
    values[analysisField(i, "basis")] = g.basis;
    values[analysisField(i, "value")] = String(g.value);
    values[analysisField(i, "unit")] = g.unit;
  });
  (nutrition?.feeding.rows ?? []).forEach((row, i) => {
    values[feedingField(i, "weightLb")] = String(row.weightLb);
    values[feedingField(i, "amount")] = String(row.amount);
  });
  return values;
}

/** How many rows of each table the editor shows for these values. */
export function editorRowCounts(values: Record<string, unknown>): { analysis: number; feeding: number } {
  const count = (prefix: string, max: number) => {
    let n = 0;
    for (const key of Object.keys(values)) {
      const match = key.match(new RegExp(`^${prefix}\\.(\\d+)\\.`));
      if (match) n = Math.max(n, Number(match[1]) + 1);
    }
    return Math.min(n + BLANK_EDITOR_ROWS, max);
  };
  return { analysis: count("analysis", MAX_GUARANTEES), feeding: count("feeding", MAX_FEEDING_ROWS) };
}

const NUMBER_PATTERN = /^\d{1,6}(\.\d{1,3})?$/;
const text = (value: unknown): string => (typeof value === "string" ? value.trim() : "");

/**
 * The nutrition fields as the product form posts them under `nutrition.` (conform reads
 * "nutrition.analysis.0.value" as nested objects) → the flat field names `NutritionFormSchema`
 * reads ("analysis.0.value"), so each issue's field is the input's name after `nutrition.`.
 * Anything that is not an object (no nutrition fields at all) is no fields.
 */
export function flattenNutritionForm(value: unknown): Record<string, unknown> {
  const flat: Record<string, unknown> = {};
  const walk = (node: unknown, prefix: string) => {
    if (node && typeof node === "object" && !Array.isArray(node)) {
      for (const [key, child] of Object.entries(node)) walk(child, prefix ? `${prefix}.${key}` : key);
    } else if (Array.isArray(node)) {
      node.forEach((child, i) => walk(child, prefix ? `${prefix}.${i}` : String(i)));
    } else if (prefix) flat[prefix] = node;
  };
  walk(value, "");
  return flat;
}

/** The flat field values as nested objects ("analysis.0.value" → analysis["0"].value): conform's defaults. */
export function nestNutritionForm(flat: Record<string, string>): Record<string, unknown> {
  const nested: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(flat)) {
    const parts = key.split(".");
    let node = nested;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[parts[parts.length - 1]] = value;
  }
  return nested;
}

/** The hidden field the editor sends with its nutrition fields: a form without it leaves the nutrition as it is. */
export const NUTRITION_FORM_FIELD = "nutritionFields";

/**
 * The back office's nutrition fields → the product's nutrition (null when every field is empty:
 * the product states none; undefined when the form has no nutrition fields, NUTRITION_FORM_FIELD). Issues name the flat field they belong to, so the form shows each
 * beside its input: percentages from 0 to 100, kcal positive, a feeding row needs both figures.
 */
export const NutritionFormSchema = z.record(z.unknown()).transform((form, ctx): Nutrition | null | undefined => {
  if (!(NUTRITION_FORM_FIELD in form)) return undefined;
  const issue = (field: string, message: string) => {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: [field], message });
  };
  const number = (field: string, label: string): number | null => {
    const value = text(form[field]).replace(/,/g, "");
    if (!NUMBER_PATTERN.test(value)) {
      issue(field, `Enter ${label} as a number, like 21 or 12.5.`);
      return null;
    }
    return Number(value);
  };
  const ingredients = text(form.ingredients)
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const rowsOf = (prefix: string, parts: string[]) =>
    [...new Set(Object.keys(form).flatMap((key) => key.match(new RegExp(`^${prefix}\\.(\\d{1,2})\\.`))?.[1] ?? []))]
      .map(Number)
      .sort((a, b) => a - b)
      .filter((i) => parts.some((part) => text(form[`${prefix}.${i}.${part}`]) !== ""));
  const analysisRows = rowsOf("analysis", ["nutrient", "value"]);
  const feedingRows = rowsOf("feeding", ["weightLb", "amount"]);
  const scalars = ["kcalPerKg", "kcalPerUnit", "unitSize", "adequacy"].map((key) => text(form[key]));
  if (!ingredients.length && !analysisRows.length && !feedingRows.length && scalars.every((v) => v === "")) return null;

  if (!ingredients.length) issue("ingredients", "List the ingredients, one a line.");
  if (ingredients.length > MAX_INGREDIENTS) issue("ingredients", `List at most ${MAX_INGREDIENTS} ingredients.`);
  if (ingredients.some((line) => line.length > MAX_INGREDIENT_LENGTH)) {
    issue("ingredients", `An ingredient line has at most ${MAX_INGREDIENT_LENGTH} characters.`);
  }
  if (!analysisRows.length) issue(analysisField(0, "nutrient"), "State at least one guarantee, like crude protein.");
  if (analysisRows.length > MAX_GUARANTEES) issue("analysis", `State at most ${MAX_GUARANTEES} guarantees.`);
  const analysis: Guarantee[] = analysisRows.map((i) => {
    const nutrient = text(form[analysisField(i, "nutrient")]);
    if (!nutrient || nutrient.length > 80)
      issue(analysisField(i, "nutrient"), "Name the nutrient (at most 80 characters).");
    const basis = text(form[analysisField(i, "basis")]);
    if (basis !== "min" && basis !== "max") issue(analysisField(i, "basis"), "Choose min or max.");
    const unit = text(form[analysisField(i, "unit")]) || "%";
    if (!(GUARANTEE_UNITS as readonly string[]).includes(unit))
      issue(analysisField(i, "unit"), "Choose a unit from the list.");
    const value = number(analysisField(i, "value"), "the amount");
    if (value !== null && unit === "%" && value > 100)
      issue(analysisField(i, "value"), "A percentage is from 0 to 100.");
    return { nutrient, basis: basis as Guarantee["basis"], value: value ?? 0, unit: unit as GuaranteeUnit };
  });
  const servingUnit = (field: string): ServingUnit => {
    const unit = text(form[field]);
    if (!(SERVING_UNITS as readonly string[]).includes(unit)) issue(field, "Choose a unit from the list.");
    return unit as ServingUnit;
  };
  const kcalPerKg = number("kcalPerKg", "the kcal per kg");
  if (kcalPerKg !== null && (kcalPerKg <= 0 || kcalPerKg > MAX_KCAL_PER_KG || !Number.isInteger(kcalPerKg))) {
    issue("kcalPerKg", `Enter the kcal per kg as a whole number from 1 to ${MAX_KCAL_PER_KG.toLocaleString("en-US")}.`);
  }
  const kcalPerUnit = number("kcalPerUnit", "the kcal per serving unit");
  if (kcalPerUnit !== null && (kcalPerUnit <= 0 || kcalPerUnit > MAX_KCAL_PER_UNIT)) {
    issue("kcalPerUnit", `Enter the kcal per serving unit, more than 0 and at most ${MAX_KCAL_PER_UNIT}.`);
  }
  const calorieUnit = servingUnit("calorieUnit");
  const unitSize = text(form.unitSize);
  if (unitSize.length > 30) issue("unitSize", "The serving size has at most 30 characters.");
  const feedingUnit = servingUnit("feedingUnit");
  if (feedingRows.length > MAX_FEEDING_ROWS) issue("feeding", `Give at most ${MAX_FEEDING_ROWS} feeding rows.`);
  const rows: FeedingRow[] = feedingRows.map((i) => {
    const weightLb = number(feedingField(i, "weightLb"), "the pet's weight in lb");
    if (weightLb !== null && (weightLb <= 0 || weightLb > MAX_PET_WEIGHT_LB)) {
      issue(feedingField(i, "weightLb"), `Enter a weight more than 0 and at most ${MAX_PET_WEIGHT_LB} lb.`);
    }
    const amount = number(feedingField(i, "amount"), "the daily amount");
    if (amount !== null && (amount <= 0 || amount > 100)) {
      issue(feedingField(i, "amount"), "Enter a daily amount more than 0 and at most 100.");
    }
    return { weightLb: weightLb ?? 0, amount: amount ?? 0 };
  });
  const adequacy = text(form.adequacy);
  if (!adequacy) issue("adequacy", "Enter the nutritional adequacy statement.");
  if (adequacy.length > MAX_ADEQUACY_LENGTH)
    issue("adequacy", `The statement has at most ${MAX_ADEQUACY_LENGTH} characters.`);
  return {
    ingredients,
    analysis,
    calories: {
      kcalPerKg: kcalPerKg ?? 0,
      kcalPerUnit: kcalPerUnit ?? 0,
      unit: calorieUnit,
      ...(unitSize ? { unitSize } : {}),
    },
    feeding: { unit: feedingUnit, rows: [...rows].sort((a, b) => a.weightLb - b.weightLb) },
    adequacy,
  };
});
