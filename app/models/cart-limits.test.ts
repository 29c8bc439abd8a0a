import { describe, expect, it } from "vitest";
import { normalizeCardQuantity, normalizeQuantity, quantityControls } from "./cart-limits";

describe("quantity normaliser (shop-core spec sections 5 and 9)", () => {
  it("gives 1 below the minimum", () => {
    expect(normalizeQuantity(0, { autoship: false })).toBe(1);
    expect(normalizeQuantity(-4, { autoship: true })).toBe(1);
    expect(normalizeQuantity(Number.NaN, { autoship: false })).toBe(1);
  });

  it("caps autoship lines at 5 and others at 10", () => {
    expect(normalizeQuantity(7, { autoship: true })).toBe(5);
    expect(normalizeQuantity(5, { autoship: true })).toBe(5);
    expect(normalizeQuantity(12, { autoship: false })).toBe(10);
    expect(normalizeQuantity(10, { autoship: false })).toBe(10);
  });
});

describe("card quantity field (catalogue spec section 5)", () => {
  it("accepts digits only", () => {
    expect(normalizeCardQuantity("4")).toBe(4);
    expect(normalizeCardQuantity("1a2")).toBe(10);
    expect(normalizeCardQuantity("3.5")).toBe(10);
  });

  it("turns non-numeric or below-minimum input into the minimum", () => {
    expect(normalizeCardQuantity("")).toBe(1);
    expect(normalizeCardQuantity("abc")).toBe(1);
    expect(normalizeCardQuantity("0")).toBe(1);
    expect(normalizeCardQuantity("-3")).toBe(3);
  });

  it("turns above-maximum input into the maximum", () => {
    expect(normalizeCardQuantity("99")).toBe(10);
    expect(normalizeCardQuantity("9", 1, 5)).toBe(5);
  });

  it("disables decrease at the minimum and increase at the maximum", () => {
    expect(quantityControls(1, { inStock: true })).toEqual({ canDecrease: false, canIncrease: true, canAdd: true });
    expect(quantityControls(10, { inStock: true })).toEqual({ canDecrease: true, canIncrease: false, canAdd: true });
    expect(quantityControls(5, { inStock: true, max: 5 }).canIncrease).toBe(false);
  });

  it("disables both controls and add-to-cart when out of stock", () => {
    expect(quantityControls(3, { inStock: false })).toEqual({ canDecrease: false, canIncrease: false, canAdd: false });
  });
});
