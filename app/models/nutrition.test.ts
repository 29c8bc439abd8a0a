import { describe, expect, it } from "vitest";
import { buildCatalogue, buildSyntheticProduct } from "../../prisma/seed/catalogue";
import { ProductSaveSchema } from "./admin-catalogue";
import { productJsonLd } from "./product-json-ld";
import {
  editorRowCounts,
  flattenNutritionForm,
  nestNutritionForm,
  formatAmount,
  formatCalories,
  formatGuarantee,
  NutritionFormSchema,
  nutritionFormValues,
  NutritionSchema,
  parseNutrition,
  serializeNutrition,
  type Nutrition,
} from "./nutrition";

const dryDog: Nutrition = {
  ingredients: ["Chicken Meal", "Cracked Pearled Barley", "Chicken Fat"],
  analysis: [
    { nutrient: "Crude Protein", basis: "min", value: 21, unit: "%" },
    { nutrient: "Crude Fat", basis: "min", value: 12.5, unit: "%" },
    { nutrient: "Crude Fiber", basis: "max", value: 3, unit: "%" },
    { nutrient: "Moisture", basis: "max", value: 10, unit: "%" },
    { nutrient: "Vitamin E", basis: "min", value: 500, unit: "IU/kg" },
  ],
  calories: { kcalPerKg: 3600, kcalPerUnit: 360, unit: "cup", unitSize: "8 oz" },
  feeding: {
    unit: "cup",
    rows: [
      { weightLb: 20, amount: 1.75 },
      { weightLb: 5, amount: 0.625 },
    ],
  },
  adequacy: "Formulated to meet the AAFCO Dog Food Nutrient Profiles for maintenance.",
};

describe("parseNutrition and serializeNutrition", () => {
  it("round-trips the stored text, the feeding guide sorted by weight", () => {
    const text = serializeNutrition(dryDog);
    const parsed = parseNutrition(text);
    expect(parsed?.feeding.rows.map((r) => r.weightLb)).toEqual([5, 20]);
    expect(parsed?.analysis).toEqual(dryDog.analysis);
    expect(serializeNutrition(null)).toBeNull();
  });

  it("answers null, never throws, for none, bad JSON or a shape that breaks a rule", () => {
    expect(parseNutrition(null)).toBeNull();
    expect(parseNutrition("")).toBeNull();
    expect(parseNutrition("{not json")).toBeNull();
    expect(parseNutrition(JSON.stringify({ ...dryDog, ingredients: [] }))).toBeNull();
    const over = { ...dryDog, analysis: [{ nutrient: "Moisture", basis: "max", value: 100.5, unit: "%" }] };
    expect(parseNutrition(JSON.stringify(over))).toBeNull();
    const atBound = { ...dryDog, analysis: [{ nutrient: "Moisture", basis: "max", value: 100, unit: "%" }] };
    expect(parseNutrition(JSON.stringify(atBound))).not.toBeNull();
    // Non-percentage units are not capped at 100.
    expect(NutritionSchema.safeParse(dryDog).success).toBe(true);
    expect(parseNutrition(JSON.stringify({ ...dryDog, calories: { ...dryDog.calories, kcalPerKg: 0 } }))).toBeNull();
  });
});

describe("display helpers", () => {
  it("writes amounts as label fractions", () => {
    expect(formatAmount(0.125)).toBe("1/8");
    expect(formatAmount(0.667)).toBe("2/3");
    expect(formatAmount(1.125)).toBe("1 1/8");
    expect(formatAmount(2)).toBe("2");
    expect(formatAmount(1.99)).toBe("2");
    expect(formatAmount(3.25)).toBe("3 1/4");
  });

  it("writes guarantees and calories as a label does", () => {
    expect(formatGuarantee({ basis: "min", value: 21, unit: "%" })).toBe("21.0% min");
    expect(formatGuarantee({ basis: "max", value: 1.5, unit: "%" })).toBe("1.50% max");
    expect(formatGuarantee({ basis: "min", value: 500, unit: "IU/kg" })).toBe("500 IU/kg min");
    expect(formatCalories(dryDog.calories)).toBe("3,600 kcal/kg, 360 kcal per 8 oz cup");
    expect(formatCalories({ kcalPerKg: 1000, kcalPerUnit: 156, unit: "can" })).toBe("1,000 kcal/kg, 156 kcal per can");
  });
});

describe("NutritionFormSchema (the back office's fields)", () => {
  const values = nutritionFormValues(dryDog);

  it("reads back what the editor shows for a product, and null when every field is empty", () => {
    const parsed = NutritionFormSchema.parse(values);
    expect(parsed).toEqual({ ...dryDog, feeding: { ...dryDog.feeding, rows: [...dryDog.feeding.rows].reverse() } });
    expect(NutritionFormSchema.parse(nutritionFormValues(null))).toBeNull();
    expect(NutritionFormSchema.parse({})).toBeUndefined();
    expect(editorRowCounts(values)).toEqual({ analysis: 7, feeding: 4 });
  });

  it("skips blank rows and reads ingredients one a line", () => {
    const parsed = NutritionFormSchema.parse({
      ...values,
      ingredients: " Chicken \r\n\r\nRice\n",
      "analysis.9.nutrient": "",
      "analysis.9.value": "",
      "feeding.7.weightLb": "",
    });
    expect(parsed?.ingredients).toEqual(["Chicken", "Rice"]);
    expect(parsed?.analysis).toHaveLength(5);
  });

  const errorsOf = (form: Record<string, string>) => {
    const result = NutritionFormSchema.safeParse(form);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
  };

  it("keeps percentages from 0 to 100, each error on its field", () => {
    expect(errorsOf({ ...values, "analysis.0.value": "100" })).toEqual({});
    expect(errorsOf({ ...values, "analysis.0.value": "0" })).toEqual({});
    expect(errorsOf({ ...values, "analysis.0.value": "100.1" })).toHaveProperty("analysis.0.value");
    expect(errorsOf({ ...values, "analysis.0.value": "-1" })).toHaveProperty("analysis.0.value");
    expect(errorsOf({ ...values, "analysis.4.value": "500" })).toEqual({});
    expect(errorsOf({ ...values, "analysis.1.basis": "about" })).toHaveProperty("analysis.1.basis");
    expect(errorsOf({ ...values, "analysis.2.nutrient": "" })).toHaveProperty("analysis.2.nutrient");
  });

  it("wants kcal positive and feeding rows with both figures", () => {
    expect(errorsOf({ ...values, kcalPerKg: "0" })).toHaveProperty("kcalPerKg");
    expect(errorsOf({ ...values, kcalPerKg: "1" })).toEqual({});
    expect(errorsOf({ ...values, kcalPerKg: "3600.5" })).toHaveProperty("kcalPerKg");
    expect(errorsOf({ ...values, kcalPerUnit: "0" })).toHaveProperty("kcalPerUnit");
    expect(errorsOf({ ...values, kcalPerUnit: "0.5" })).toEqual({});
    expect(errorsOf({ ...values, calorieUnit: "bowl" })).toHaveProperty("calorieUnit");
    expect(errorsOf({ ...values, "feeding.1.amount": "" })).toHaveProperty("feeding.1.amount");
    expect(errorsOf({ ...values, "feeding.0.weightLb": "0" })).toHaveProperty("feeding.0.weightLb");
    expect(errorsOf({ ...values, ingredients: "" })).toHaveProperty("ingredients");
    expect(errorsOf({ ...values, adequacy: " " })).toHaveProperty("adequacy");
  });

  it("is saved with the product's other fields in one edit, posted under nutrition. (conform's nested shape)", () => {
    const nested = nestNutritionForm(values);
    expect(nested.analysis).toMatchObject({ "0": { nutrient: values["analysis.0.nutrient"] } });
    expect(flattenNutritionForm(nested)).toEqual(values);
    const edit = ProductSaveSchema.parse({ intent: "product", title: "Dog food", nutrition: nested });
    expect(edit.title).toBe("Dog food");
    expect(edit.nutrition?.calories.kcalPerKg).toBe(3600);
    expect(
      ProductSaveSchema.parse({ intent: "product", title: "Dog food", nutrition: { nutritionFields: "1" } }).nutrition,
    ).toBeNull();
    // A form without the nutrition fields leaves the product's nutrition as it is.
    expect(ProductSaveSchema.parse({ intent: "product", title: "Dog food" }).nutrition).toBeUndefined();
    const refused = ProductSaveSchema.safeParse({
      intent: "product",
      title: "Dog food",
      nutrition: { ...nested, kcalPerKg: "-5" },
    });
    expect(refused.error?.issues.map((i) => i.path)).toEqual([["nutrition", "kcalPerKg"]]);
  });
});

describe("seeded label facts", () => {
  const catalogue = buildCatalogue();

  it("gives every product a valid shape whose ingredients start with its flavor", () => {
    for (const product of catalogue) {
      const nutrition = NutritionSchema.parse(product.nutrition);
      const flavor = product.variants[0].flavor.replace(/ Recipe$|^with /, "").split(/ & |, /)[0];
      // "Original" names no ingredient: its treats lead with chicken.
      const lead = flavor === "Original" ? "Chicken" : flavor;
      expect(nutrition.ingredients[0].toLowerCase(), product.handle).toContain(lead.toLowerCase());
      expect(nutrition.ingredients.length, product.handle).toBeGreaterThan(5);
      const weights = nutrition.feeding.rows.map((r) => r.weightLb);
      expect(Math.min(...weights)).toBe(product.species === "dog" ? 5 : 4);
      expect(Math.max(...weights)).toBe(product.species === "dog" ? 100 : 16);
    }
    expect(buildSyntheticProduct(1).nutrition).toBeNull();
  });

  it("differs as real labels do: adult dry dog food, kitten wet food, treats", () => {
    const figures = (n: Nutrition) => Object.fromEntries(n.analysis.map((g) => [g.nutrient, g.value]));
    const dog = catalogue.find((p) => p.foodForm === "dry" && p.lifestage === "adult-dog" && p.subBrand === "adult")!;
    expect(figures(dog.nutrition!)).toMatchObject({
      "Crude Protein": 21,
      "Crude Fat": 12.5,
      "Crude Fiber": 3,
      Moisture: 10,
    });
    expect(dog.nutrition!.calories).toMatchObject({ kcalPerKg: 3600, kcalPerUnit: 360, unit: "cup" });
    const kitten = catalogue.find((p) => p.foodForm === "wet" && p.lifestage === "kitten")!;
    expect(figures(kitten.nutrition!)).toMatchObject({
      "Crude Protein": 11,
      "Crude Fat": 6,
      "Crude Fiber": 1.5,
      Moisture: 78,
    });
    expect(kitten.nutrition!.calories.kcalPerKg).toBe(1000);
    expect(kitten.nutrition!.feeding.unit).not.toBe("cup");
    const treat = catalogue.find((p) => p.foodForm === "treats")!;
    expect(treat.nutrition!.adequacy).toMatch(/intermittent or supplemental feeding only/);
  });
});

describe("the Product JSON-LD's label facts", () => {
  const input = (nutrition: Nutrition | null) => ({
    origin: "https://shop.example",
    canonicalPath: "/products/x",
    product: { title: "Adult", description: "Food.", brand: "science-diet", images: [], nutrition },
    variant: {
      id: "v",
      sku: "S1",
      url: "x",
      size: "4 lb",
      flavor: "Chicken",
      productForm: "Dry",
      weightValue: 4,
      weightUnit: "lbs",
      compareAtPriceCents: null,
      inventory: 3,
      badgeTags: [],
    },
  });

  it("carries each guarantee, the calories and the ingredients as PropertyValue entries", () => {
    const data = productJsonLd(input(dryDog));
    expect(data.additionalProperty).toEqual([
      { "@type": "PropertyValue", name: "Crude Protein (min)", value: 21, unitText: "%" },
      { "@type": "PropertyValue", name: "Crude Fat (min)", value: 12.5, unitText: "%" },
      { "@type": "PropertyValue", name: "Crude Fiber (max)", value: 3, unitText: "%" },
      { "@type": "PropertyValue", name: "Moisture (max)", value: 10, unitText: "%" },
      { "@type": "PropertyValue", name: "Vitamin E (min)", value: 500, unitText: "IU/kg" },
      { "@type": "PropertyValue", name: "Calorie content", value: 3600, unitText: "kcal/kg" },
      { "@type": "PropertyValue", name: "Calorie content", value: 360, unitText: "kcal/cup" },
      { "@type": "PropertyValue", name: "Ingredients", value: "Chicken Meal, Cracked Pearled Barley, Chicken Fat" },
    ]);
  });

  it("adds nothing for a product that states none", () => {
    expect(productJsonLd(input(null))).not.toHaveProperty("additionalProperty");
  });
});
