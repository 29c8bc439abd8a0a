import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatWeight, roundWeight } from "./weight";

describe("weight rounding helper (catalogue spec section 9)", () => {
  it("keeps an exact tenth as labelled: a 4 lb bag weighs 4, not 4.1", () => {
    expect(roundWeight(4)).toBe(4);
    expect(roundWeight(4.0)).toBe(4);
    expect(roundWeight(15.5)).toBe(15.5);
    expect(roundWeight(0.3)).toBe(0.3);
    expect(roundWeight(31)).toBe(31);
    expect(roundWeight(0)).toBe(0);
  });

  it("moves a weight with a remainder up to the next tenth, under, at and over the 0.05 remainder", () => {
    expect(roundWeight(4.04)).toBe(4.1); // remainder under 0.05: + 0.05 = 4.09 → 4.1
    expect(roundWeight(4.05)).toBe(4.1); // remainder exactly 0.05: rounds half up
    expect(roundWeight(4.06)).toBe(4.1); // remainder over 0.05: rounds up
    expect(roundWeight(4.000001)).toBe(4.1);
    expect(roundWeight(4.099999)).toBe(4.1);
    expect(roundWeight(1.23)).toBe(1.3);
    expect(roundWeight(6.696)).toBe(6.7);
  });

  it("reads a float sum as the decimal it stands for: float noise is no remainder", () => {
    expect(roundWeight(0.1 + 0.2)).toBe(0.3); // 0.30000000000000004
    expect(roundWeight(0.7 + 0.1 + 0.1)).toBe(0.9); // 0.8999…
    expect(roundWeight(15.5 * 3)).toBe(46.5);
    expect(roundWeight(12.8 * 0.0625 * 12)).toBe(9.6);
  });

  it("answers 0 for a value that is not a number", () => {
    expect(roundWeight(Number.NaN)).toBe(0);
    expect(roundWeight(Number.POSITIVE_INFINITY)).toBe(0);
  });

  it("gives the smallest tenth at or above the weight, and keeps every tenth (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (millionths) => {
        const value = millionths / 1_000_000;
        const rounded = roundWeight(value);
        const tenths = Math.round(rounded * 10);
        expect(Math.abs(rounded * 10 - tenths)).toBeLessThan(1e-9); // one decimal
        expect(tenths * 100_000).toBeGreaterThanOrEqual(millionths); // never below the weight
        expect((tenths - 1) * 100_000).toBeLessThan(millionths || 1); // less than a tenth above
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), (tenths) => {
        expect(roundWeight(tenths / 10)).toBe(tenths / 10);
      }),
      { numRuns: 500 },
    );
  });
});

describe("weights as a label writes them", () => {
  it("writes lb and oz singular at any amount, without trailing zeros", () => {
    expect(formatWeight(4, "lbs")).toBe("4 lb");
    expect(formatWeight(15.5, "lbs")).toBe("15.5 lb");
    expect(formatWeight(5.5, "oz")).toBe("5.5 oz");
    expect(formatWeight(1, "lbs")).toBe("1 lb");
    // A subscription's total weight (15.5 lb × 3) without float noise.
    expect(formatWeight(15.5 * 3, "lbs")).toBe("46.5 lb");
    expect(formatWeight(0.1 + 0.2, "kg")).toBe("0.3 kg");
    expect(formatWeight(0.1 + 0.2, "kg")).toBe("0.3 kg");
    expect(formatWeight(500, "g")).toBe("500 g");
    expect(formatWeight(3, "stone")).toBe("3 stone");
  });
});
