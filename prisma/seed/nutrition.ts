// Plausible label facts for each seeded product (docs/rules.md "Nutrition facts"), derived from
// its species, food form, lifestage and sub-brand the way real labels differ: an adult dry dog
// food (about 21% protein, 3,600 kcal/kg, 360 kcal a cup) is not a kitten's wet food (about 11%
// protein, 78% moisture, 1,000 kcal/kg, 150 kcal a 5.5 oz can). Pure: no I/O.
import type { Species } from "~/models/filter-groups";
import type { Guarantee, Nutrition, ServingUnit } from "~/models/nutrition";

export interface NutritionSeedInput {
  /** The product's title, which its adequacy statement names. */
  title: string;
  species: Species;
  life: string;
  form: "dry" | "wet" | "treats";
  sub?: string;
  health?: string[];
  /** The product's flavors: the first one leads the ingredients. */
  flavors: string[];
  /** The first size's label and pack ("5.5 oz can, case of 24", "can"), for the wet food's serving. */
  size: { label: string; pack: string };
}

const g = (nutrient: string, basis: Guarantee["basis"], value: number, unit: Guarantee["unit"] = "%"): Guarantee => ({
  nutrient,
  basis,
  value,
  unit,
});

type Stage = "young" | "adult" | "senior";
const stageOf = (life: string): Stage =>
  life === "puppy" || life === "kitten" ? "young" : life.startsWith("senior") ? "senior" : "adult";

const LIGHT = new Set(["perfect-weight", "adult-light", "weight-reduction-rd", "metabolic", "multi-benefit-wd"]);

// Protein, fat, fiber (max), moisture (max), kcal/kg by species, form and stage.
const BASE: Record<Species, Record<"dry" | "wet", Record<Stage, [number, number, number, number, number]>>> = {
  dog: {
    dry: { young: [25, 15, 3, 10, 3900], adult: [21, 12.5, 3, 10, 3600], senior: [18, 10.5, 4, 10, 3500] },
    wet: { young: [8, 5, 1.5, 78, 1150], adult: [7, 4, 1.5, 78, 1000], senior: [6, 3.5, 1.8, 78, 950] },
  },
  cat: {
    dry: { young: [33, 20, 2, 8, 4100], adult: [30, 17, 2, 8, 3900], senior: [29, 16.5, 2.5, 8, 3800] },
    wet: { young: [11, 6, 1.5, 78, 1000], adult: [9.5, 5, 1.5, 78, 950], senior: [9, 4.5, 1.5, 78, 900] },
  },
};

/** Grams in the size label's first unit: "5.5 oz can" → 156, "156 g can" → 156, "3 oz tray" → 85. */
function gramsOf(label: string): number {
  const match = label.match(/^([\d.]+)\s*(oz|g|kg|lb)\b/);
  if (!match) return 100;
  const value = Number(match[1]);
  return Math.round(
    match[2] === "oz" ? value * 28.35 : match[2] === "g" ? value : match[2] === "kg" ? value * 1000 : value * 453.6,
  );
}

/** The serving size as the label writes it: "5.5 oz", "156 g". */
const servingSize = (label: string): string | undefined => label.match(/^([\d.]+\s*(?:oz|g))\b/)?.[1];

const ALIASES: Record<string, string> = {
  original: "Chicken",
  vegetable: "Vegetables (Carrots, Peas, Green Beans)",
  vegetables: "Vegetables (Carrots, Peas, Green Beans)",
  rice: "Brewers Rice",
  barley: "Cracked Pearled Barley",
  oats: "Oat Groats",
  egg: "Dried Egg Product",
  potato: "Potatoes",
  potatoes: "Potatoes",
  "with liver": "Chicken Liver",
};

/** The first flavor's parts as ingredient names: "Chicken Meal & Barley" → ["Chicken Meal", "Cracked Pearled Barley"]. */
export function flavorIngredients(flavor: string): string[] {
  return flavor
    .replace(/\bRecipe\b/i, "")
    .split(/\s*(?:&|,| and )\s*/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => ALIASES[part.toLowerCase()] ?? part);
}

const VITAMINS =
  "vitamins (Vitamin E Supplement, L-Ascorbyl-2-Polyphosphate (source of Vitamin C), Niacin Supplement, Thiamine Mononitrate, Vitamin A Supplement, Calcium Pantothenate, Riboflavin Supplement, Biotin, Vitamin B12 Supplement, Pyridoxine Hydrochloride, Folic Acid, Vitamin D3 Supplement)";
const MINERALS =
  "minerals (Ferrous Sulfate, Zinc Oxide, Copper Sulfate, Manganous Oxide, Calcium Iodate, Sodium Selenite)";

function ingredientsOf(input: NutritionSeedInput, grainFree: boolean): string[] {
  const flavor = flavorIngredients(input.flavors[0] ?? "Chicken");
  const lead = input.form === "wet" ? [flavor[0], "Water", ...flavor.slice(1)] : flavor;
  const body =
    input.form === "treats"
      ? [
          "Wheat Flour",
          "Oat Flour",
          "Chicken Fat",
          "Dried Apples",
          "Glycerin",
          "Natural Flavors",
          "Mixed Tocopherols for freshness",
        ]
      : input.form === "wet"
        ? [
            "Pork Liver",
            "Rice",
            "Corn Starch",
            "Chicken Fat",
            "Pork Protein Isolate",
            "Carrots",
            "Guar Gum",
            "Powdered Cellulose",
            "Calcium Carbonate",
            "Potassium Chloride",
            "Choline Chloride",
            "Iodized Salt",
            VITAMINS,
            MINERALS,
            "Taurine",
            "Beta-Carotene",
          ]
        : [
            ...(grainFree
              ? ["Peas", "Potato Starch", "Pea Protein", "Pea Fiber"]
              : [
                  "Whole Grain Wheat",
                  "Cracked Pearled Barley",
                  "Whole Grain Sorghum",
                  "Whole Grain Corn",
                  "Corn Gluten Meal",
                ]),
            "Chicken Fat",
            "Chicken Liver Flavor",
            "Soybean Oil",
            "Flaxseed",
            "Lactic Acid",
            "Pork Flavor",
            "Potassium Chloride",
            "Iodized Salt",
            "Choline Chloride",
            VITAMINS,
            MINERALS,
            ...(input.species === "cat" ? ["Taurine"] : []),
            "Mixed Tocopherols for freshness",
            "Natural Flavors",
            "Beta-Carotene",
          ];
  return [...new Set([...lead, ...body])];
}

/** Daily kcal of a pet of `lb` pounds: resting energy (70 × kg^0.75) times the stage's factor. */
function dailyKcal(species: Species, stage: Stage, light: boolean, lb: number): number {
  const rer = 70 * (lb / 2.2046) ** 0.75;
  const factor =
    species === "dog" ? { young: 2.5, adult: 1.6, senior: 1.4 }[stage] : { young: 2.5, adult: 1.2, senior: 1.1 }[stage];
  return rer * (light ? factor * 0.8 : factor);
}

const DOG_WEIGHTS = [5, 10, 20, 30, 40, 60, 80, 100];
const CAT_WEIGHTS = [4, 6, 8, 10, 12, 14, 16];

/** An amount rounded as a label writes it: eighths of a cup, quarters of a can. */
const roundTo = (value: number, step: number) => Math.max(step, Math.round(value / step) * step);

export function seedNutrition(input: NutritionSeedInput): Nutrition {
  const stage = stageOf(input.life);
  const light = LIGHT.has(input.sub ?? "") || (input.health ?? []).includes("weight-management");
  const grainFree = input.sub === "grain-free";
  const dog = input.species === "dog";
  if (input.form === "treats") {
    const perTreat = dog ? 30 : 2;
    return {
      ingredients: ingredientsOf(input, false),
      analysis: [
        g("Crude Protein", "min", dog ? 10 : 30),
        g("Crude Fat", "min", dog ? 6 : 15),
        g("Crude Fiber", "max", dog ? 3 : 4),
        g("Moisture", "max", dog ? 12 : 10),
      ],
      calories: { kcalPerKg: dog ? 3500 : 3600, kcalPerUnit: perTreat, unit: "treat" },
      feeding: {
        unit: "treat",
        // Treats stay within a tenth of the day's calories.
        rows: (dog ? DOG_WEIGHTS : CAT_WEIGHTS).map((lb) => ({
          weightLb: lb,
          amount: Math.max(1, Math.floor((dailyKcal(input.species, "adult", false, lb) * 0.1) / perTreat)),
        })),
      },
      adequacy: "This product is intended for intermittent or supplemental feeding only.",
    };
  }
  const [protein, fat, fiber, moisture, kcal] = BASE[input.species][input.form][stage];
  const kcalPerKg = light ? Math.round((kcal * 0.88) / 10) * 10 : kcal;
  const wet = input.form === "wet";
  // Dry food's serving is an 8 oz measuring cup (about 100 g of kibble); wet food's its can, pouch or tray.
  const unit: ServingUnit = wet ? (input.size.pack as ServingUnit) : "cup";
  const grams = wet ? gramsOf(input.size.label) : dog ? 100 : 123;
  const kcalPerUnit = Math.round((kcalPerKg * grams) / 1000);
  const analysis = [
    g("Crude Protein", "min", protein),
    g("Crude Fat", "min", light ? Math.round(fat * 0.7 * 10) / 10 : fat),
    g("Crude Fiber", "max", light ? fiber + 5 : fiber),
    g("Moisture", "max", moisture),
    ...(stage === "young" ? [g("DHA", "min", wet ? 0.03 : 0.1), g("Calcium", "min", wet ? 0.25 : 0.9)] : []),
    ...(dog ? [g("Omega-6 Fatty Acids", "min", wet ? 0.5 : 2)] : [g("Taurine", "min", wet ? 0.05 : 0.15)]),
    ...((input.health ?? []).includes("urinary") || input.sub?.includes("urinary")
      ? [g("Magnesium", "max", wet ? 0.02 : 0.08)]
      : []),
    ...((input.health ?? []).includes("joint") || stage === "senior" ? [g("Glucosamine", "min", 400, "mg/kg")] : []),
    g("Vitamin E", "min", wet ? 100 : 500, "IU/kg"),
  ];
  const weights = dog ? DOG_WEIGHTS : CAT_WEIGHTS;
  return {
    ingredients: ingredientsOf(input, grainFree),
    analysis,
    calories: {
      kcalPerKg,
      kcalPerUnit,
      unit,
      ...(wet ? { unitSize: servingSize(input.size.label) } : { unitSize: "8 oz" }),
    },
    feeding: {
      unit,
      rows: weights.map((lb) => ({
        weightLb: lb,
        amount: roundTo(dailyKcal(input.species, stage, light, lb) / kcalPerUnit, wet ? 0.25 : 0.125),
      })),
    },
    adequacy: `${input.title} is formulated to meet the nutritional levels established by the AAFCO ${dog ? "Dog" : "Cat"} Food Nutrient Profiles for ${
      stage === "young" ? "growth" : "maintenance"
    }.`,
  };
}
