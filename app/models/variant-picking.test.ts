import { describe, expect, it } from "vitest";
import { formFromSegment, parseWeightSlug, pickVariant, readProductSegments, variantSizeSlug } from "./variant-picking";

const variants = [
  { sku: "A1", size: "4 lb bag", flavor: "Chicken & Barley", productForm: "Dry", inventory: 0 },
  { sku: "A2", size: "15.5 lb bag", flavor: "Chicken & Barley", productForm: "Dry", inventory: 10 },
  { sku: "A3", size: "4 lb bag", flavor: "Lamb Meal & Brown Rice", productForm: "Dry", inventory: 10 },
  { sku: "A4", size: "12.8 oz can, case of 12", flavor: "Beef Stew", productForm: "Canned", inventory: 10 },
  { sku: "A5", size: "2.8 oz pouch, case of 12", flavor: "Chicken Stew", productForm: "Pouch", inventory: 10 },
];

describe("variant picking (catalogue spec section 2)", () => {
  it("picks the first in-stock variant when nothing is asked for", () => {
    expect(pickVariant(variants, {})?.sku).toBe("A2");
  });

  it("falls back to the first variant when none is in stock", () => {
    expect(pickVariant([{ ...variants[0] }], {})?.sku).toBe("A1");
  });

  it("picks the variant named by the sku query value, even out of stock", () => {
    expect(pickVariant(variants, { sku: "A1" })?.sku).toBe("A1");
    expect(pickVariant(variants, { sku: "a3" })?.sku).toBe("A3");
    expect(pickVariant(variants, { sku: "nope" })?.sku).toBe("A2");
  });

  it("picks the variant whose Flavor contains the flavor segment", () => {
    expect(pickVariant(variants, { flavor: "lamb-meal" })?.sku).toBe("A3");
    expect(pickVariant(variants, { flavor: "beef" })?.sku).toBe("A4");
  });

  it("picks an exact size segment within the flavor", () => {
    expect(pickVariant(variants, { flavor: "chicken-barley", size: "4lb" })?.sku).toBe("A1");
  });

  it("reads 1lb-45lb and dry-food as Product Form dry", () => {
    expect(formFromSegment("20lb")).toBe("dry");
    expect(formFromSegment("45lb")).toBe("dry");
    expect(formFromSegment("46lb")).toBeNull();
    expect(formFromSegment("dry-food")).toBe("dry");
    expect(pickVariant(variants, { size: "25lb" })?.productForm).toBe("Dry");
  });

  it("reads 2.5oz-13oz and wet-food as canned, tray or pouch", () => {
    expect(formFromSegment("2.5oz")).toBe("wet");
    expect(formFromSegment("13oz")).toBe("wet");
    expect(formFromSegment("14oz")).toBeNull();
    expect(formFromSegment("wet-food")).toBe("wet");
    expect(pickVariant(variants, { size: "wet-food" })?.sku).toBe("A4");
    expect(pickVariant(variants, { flavor: "chicken-stew", size: "3oz" })?.sku).toBe("A5");
  });

  it("reads weight slugs and size labels", () => {
    expect(parseWeightSlug("15.5lb")).toEqual({ value: 15.5, unit: "lbs" });
    expect(parseWeightSlug("156g")).toEqual({ value: 156, unit: "g" });
    expect(parseWeightSlug("big")).toBeNull();
    expect(variantSizeSlug("12.8 oz can, case of 12")).toBe("12.8oz");
    expect(variantSizeSlug("2 kg bag")).toBe("2kg");
  });
});

describe("three-segment product URLs (catalogue spec section 2)", () => {
  it("reads {handle}/{flavor}/{size} as a request to redirect, and 1 or 4 segments as pages", () => {
    expect(readProductSegments(["adult", "chicken-barley", "4lb"])).toEqual({
      handle: "adult",
      flavor: "chicken-barley",
      size: "4lb",
      redirect: true,
    });
    expect(readProductSegments(["adult"])).toEqual({ handle: "adult", redirect: false });
    expect(readProductSegments(["science-diet", "adult", "chicken-barley", "4lb"])).toEqual({
      brand: "science-diet",
      handle: "adult",
      flavor: "chicken-barley",
      size: "4lb",
      redirect: false,
    });
  });

  it("reads no product from 0, 2 or 5 segments", () => {
    expect(readProductSegments([])).toBeNull();
    expect(readProductSegments(["adult", "chicken-barley"])).toBeNull();
    expect(readProductSegments(["a", "b", "c", "d", "e"])).toBeNull();
  });

  it("picks the product's default variant for an unknown flavor and size", () => {
    expect(pickVariant(variants, { flavor: "no-such-flavor", size: "no-such-size" })?.sku).toBe("A2");
  });

  it("keeps the flavor when only the size is unknown, and the size when only the flavor is", () => {
    expect(pickVariant(variants, { flavor: "lamb", size: "99lb" })?.sku).toBe("A3");
    expect(pickVariant(variants, { flavor: "no-such-flavor", size: "4lb" })?.sku).toBe("A3"); // A1 is out of stock
  });
});
