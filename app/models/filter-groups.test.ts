import { describe, expect, it } from "vitest";
import { FILTER_GROUPS, optionLabel, visibleFilterGroups } from "./filter-groups";

const slugsOf = (groups: ReturnType<typeof visibleFilterGroups>, field: string) =>
  groups.find((g) => g.field === field)?.options.map((o) => o.slug) ?? [];

describe("filter groups (catalogue spec section 3)", () => {
  it("has the eleven groups in spec order", () => {
    expect(FILTER_GROUPS.map((g) => g.field)).toEqual([
      "species",
      "brand",
      "lifestage",
      "breed_size",
      "food_form",
      "flavor",
      "health_conditions",
      "weight_unit",
      "pack_type",
      "sub_brand_science_diet",
      "sub_brand_prescription_diet",
    ]);
    expect(FILTER_GROUPS.find((g) => g.field === "lifestage")?.slug).toBe("pet-age");
  });

  it("lists every option the spec names", () => {
    const options = (field: string) => FILTER_GROUPS.find((g) => g.field === field)?.options.map((o) => o.slug);
    expect(options("flavor")).toHaveLength(14);
    expect(options("health_conditions")).toHaveLength(17);
    expect(options("pack_type")).toEqual(["bag", "can", "tray", "pouch"]);
    expect(options("weight_unit")).toEqual(["lbs", "oz"]);
    expect(options("sub_brand_science_diet")).toHaveLength(18);
    expect(options("sub_brand_prescription_diet")).toHaveLength(17);
  });

  it("never shows a Prescription Diet filter on the consumer site", () => {
    const dtc = visibleFilterGroups("DTC");
    expect(dtc.some((g) => g.field === "sub_brand_prescription_diet")).toBe(false);
    expect(slugsOf(dtc, "brand")).toEqual(["science-diet", "hills-treats"]);
  });

  it("never shows treats or Hill's Treats on the staff site", () => {
    const hpsf = visibleFilterGroups("HPSF");
    expect(slugsOf(hpsf, "food_form")).toEqual(["dry", "wet"]);
    expect(slugsOf(hpsf, "brand")).toEqual(["science-diet", "prescription-diet"]);
  });

  it("limits options to the species being browsed", () => {
    const cats = visibleFilterGroups("DTC", "cat");
    expect(cats.some((g) => g.field === "breed_size")).toBe(false);
    expect(slugsOf(cats, "lifestage")).toEqual(["kitten", "adult-cat", "senior-cat"]);
    expect(slugsOf(cats, "brand")).toEqual(["science-diet"]);
    expect(slugsOf(visibleFilterGroups("DTC", "dog"), "food_form")).toContain("treats");
  });

  it("uses value filters on each group's field", () => {
    for (const group of FILTER_GROUPS) {
      for (const option of group.options) {
        expect(option.filter).toEqual({ type: "value", field: group.field, value: option.slug });
      }
    }
  });
});

describe("option labels (catalogue spec section 3)", () => {
  it("names an option by its group and slug, and falls back to the slug", () => {
    expect(optionLabel("species", "dog")).toBe("Dog");
    expect(optionLabel("food_form", "wet")).toBe("Wet Food");
    expect(optionLabel("lifestage", "senior-cat")).toBe("Senior Cat");
    expect(optionLabel("flavor", "chocolate")).toBe("chocolate");
  });
});
