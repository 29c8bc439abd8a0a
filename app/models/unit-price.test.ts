import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { unitPriceCents, unitPriceLabel } from "./unit-price";

describe("price per unit of weight", () => {
  it("gives a bag's price per lb and a can's or tray's per oz", () => {
    expect(unitPriceLabel(1996, 4, "lbs")).toBe("$4.99/lb");
    expect(unitPriceLabel(6499, 15.5, "lbs")).toBe("$4.19/lb"); // 419.29…
    expect(unitPriceLabel(4299, 153.6, "oz")).toBe("$0.28/oz"); // a case of 12 × 12.8 oz: 27.99…
    expect(unitPriceLabel(249, 1, "lbs")).toBe("$2.49/lb");
  });

  it("rounds half a cent up, exactly at the half", () => {
    expect(unitPriceCents(999, 2, "lbs")).toEqual({ cents: 500, per: "lb" }); // 499.5
    expect(unitPriceCents(997, 2, "lbs")).toEqual({ cents: 499, per: "lb" }); // 498.5 → 499
    expect(unitPriceCents(155, 15.5, "lbs")).toEqual({ cents: 10, per: "lb" }); // 10 exactly
    expect(unitPriceCents(1007, 0.2, "lbs")).toEqual({ cents: 5035, per: "lb" }); // 0.2 read as a decimal
    expect(unitPriceCents(101, 0.2, "oz")).toEqual({ cents: 505, per: "oz" }); // 505 exactly, not 504.99…
  });

  it("converts kilograms to a price per lb and grams to a price per oz", () => {
    expect(unitPriceLabel(2205, 5, "kg")).toBe("$2.00/lb"); // 5 kg = 11.0231 lb
    expect(unitPriceLabel(353, 100, "g")).toBe("$1.00/oz"); // 100 g = 3.527392 oz
    expect(unitPriceCents(1000, 1, "kg")?.per).toBe("lb");
    expect(unitPriceCents(1000, 1, "g")?.per).toBe("oz");
  });

  it("gives no unit price without a price, a weight above zero or a known unit", () => {
    expect(unitPriceLabel(1999, 0, "lbs")).toBeNull();
    expect(unitPriceLabel(1999, -1, "oz")).toBeNull();
    expect(unitPriceLabel(1999, 0.0000001, "lbs")).toBeNull(); // rounds to no weight
    expect(unitPriceLabel(1999, Number.NaN, "lbs")).toBeNull();
    expect(unitPriceLabel(undefined, 4, "lbs")).toBeNull(); // a site that shows no retail price
    expect(unitPriceLabel(19.99, 4, "lbs")).toBeNull(); // not whole cents
    expect(unitPriceLabel(-1, 4, "lbs")).toBeNull();
    expect(unitPriceLabel(1999, 4, "stone")).toBeNull();
    expect(unitPriceLabel(0, 4, "lbs")).toBe("$0.00/lb");
  });

  it("is within half a cent of the price over the weight (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.constantFrom("lbs", "oz"),
        (cents, tenthsOfUnit, unit) => {
          const price = unitPriceCents(cents, tenthsOfUnit / 10, unit);
          expect(price).not.toBeNull();
          expect(Math.abs(price!.cents - (cents * 10) / tenthsOfUnit)).toBeLessThanOrEqual(0.5);
        },
      ),
      { numRuns: 500 },
    );
  });
});
