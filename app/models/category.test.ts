import { describe, expect, it } from "vitest";
import { parseCategoryPath } from "./category";

describe("category paths /products/{species?}/{category?}/{detail?} (shop-core spec section 2)", () => {
  it("reads species, category and detail into fixed facets", () => {
    expect(parseCategoryPath(["dog"], "DTC")).toMatchObject({
      species: "dog",
      fixed: { species: ["dog"] },
      title: "Dog Food",
    });
    expect(parseCategoryPath(["dog", "dry"], "DTC")).toMatchObject({
      fixed: { species: ["dog"], food_form: ["dry"] },
      title: "Dry Dog Food",
      crumbs: [{ label: "Dry Food", path: "/products/dog/dry" }],
    });
    expect(parseCategoryPath(["cat", "wet", "kitten"], "DTC")?.fixed).toEqual({
      species: ["cat"],
      food_form: ["wet"],
      lifestage: ["kitten"],
    });
    expect(parseCategoryPath(["dog", "treats"], "DTC")?.title).toBe("Dog Treats");
  });

  it("rejects segments the site or species does not show", () => {
    expect(parseCategoryPath(["dog", "treats"], "HPSF")).toBeNull();
    expect(parseCategoryPath(["cat", "treats"], "DTC")).toBeNull();
    expect(parseCategoryPath(["dog", "prescription-diet"], "DTC")).toBeNull();
    expect(parseCategoryPath(["dog", "prescription-diet"], "HPSF")?.fixed.brand).toEqual(["prescription-diet"]);
    expect(parseCategoryPath(["fish"], "DTC")).toBeNull();
    expect(parseCategoryPath(["dog", "dry", "dry"], "DTC")).toBeNull();
    expect(parseCategoryPath(["dog", "dry", "kitten"], "DTC")).toBeNull();
  });
});
