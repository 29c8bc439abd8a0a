import { describe, expect, it } from "vitest";
import { flavorSlugs, productFacets } from "./facets";
import { toPounds, weightUnitFacet } from "./weight";

describe("facet derivation (catalogue spec section 3)", () => {
  it("finds every flavor option a Flavor value names", () => {
    expect(flavorSlugs("Chicken & Barley")).toEqual(["chicken"]);
    expect(flavorSlugs("Vegetable & Chicken")).toEqual(["chicken", "vegetable"]);
    expect(flavorSlugs("Ocean Fish & Rice")).toEqual(["ocean-fish"]);
    expect(flavorSlugs("Original")).toEqual(["original-flavor"]);
    expect(flavorSlugs("Rice")).toEqual([]);
  });

  it("maps weight units onto the lbs and oz options", () => {
    expect(["lbs", "kg", "oz", "g"].map((u) => weightUnitFacet(u as "lbs"))).toEqual(["lbs", "lbs", "oz", "oz"]);
  });

  it("converts to pounds with the spec factors (shop-core spec section 9)", () => {
    expect(toPounds(1, "kg")).toBeCloseTo(2.20462);
    expect(toPounds(16, "oz")).toBe(1);
    expect(toPounds(1000, "g")).toBeCloseTo(2.20462);
  });

  it("indexes a product under each of its options, dropping unknown values", () => {
    const facets = productFacets({
      species: "dog",
      brand: "science-diet",
      lifestage: "adult-dog",
      breedSize: "large",
      foodForm: "dry",
      subBrand: "healthy-mobility",
      healthConditions: "joint,not-a-condition",
      variants: [
        { flavor: "Chicken & Barley", packType: "bag", weightUnit: "lbs" },
        { flavor: "Lamb Meal & Brown Rice", packType: "bag", weightUnit: "kg" },
      ],
    });
    expect(facets).toEqual([
      { group: "species", value: "dog" },
      { group: "brand", value: "science-diet" },
      { group: "lifestage", value: "adult-dog" },
      { group: "breed_size", value: "large" },
      { group: "food_form", value: "dry" },
      { group: "flavor", value: "chicken" },
      { group: "flavor", value: "lamb" },
      { group: "health_conditions", value: "joint" },
      { group: "weight_unit", value: "lbs" },
      { group: "pack_type", value: "bag" },
      { group: "sub_brand_science_diet", value: "healthy-mobility" },
    ]);
  });
});
