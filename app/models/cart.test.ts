import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { AUTOSHIP_DISCOUNT_RATE, autoshipOffer, autoshipUnitPriceCents, lineSubtotalCents } from "./pricing";
import { cartLimits } from "./cart-limits";
import {
  GRAMS_PER_POUND,
  cartSummaryView,
  cartLineName,
  cartWeightLbs,
  lineSavingsCents,
  lineWeightLbs,
  poundsAndOunces,
  poundsAndOuncesFromGrams,
  quantityThatFits,
  applyPendingChanges,
  summarizeCart,
  type CartLineView,
} from "./cart";

function line(overrides: Partial<CartLineView> = {}): CartLineView {
  return {
    id: "line-1",
    variantId: "variant-1",
    sku: "SKU-1",
    productTitle: "Adult Chicken Recipe",
    productType: "Dry Food",
    variantTitle: "15.5 lb bag",
    size: "15.5 lb",
    url: "science-diet/adult-chicken/chicken/15-5lb",
    imageUrl: null,
    quantity: 1,
    unitPriceCents: 2000,
    compareAtPriceCents: null,
    sellingPlanId: null,
    sellingPlanName: null,
    weightValue: 15.5,
    weightUnit: "lbs",
    inventory: 50,
    attributes: [],
    ...overrides,
  };
}

const autoship = { sellingPlanId: "plan-4w", sellingPlanName: "Every 4 weeks" };

describe("autoship price (catalogue spec section 9)", () => {
  it("saves an extra 5% (catalogue spec section 9)", () => {
    expect(AUTOSHIP_DISCOUNT_RATE).toBe(0.05);
    expect(autoshipUnitPriceCents(2000)).toBe(1900);
  });

  it("rounds the autoship unit price to whole cents, half up (catalogue spec section 9)", () => {
    expect(autoshipUnitPriceCents(2499)).toBe(2374); // 2374.05
    expect(autoshipUnitPriceCents(1010)).toBe(960); // 959.5
    expect(autoshipUnitPriceCents(10)).toBe(10); // 9.5
    expect(autoshipUnitPriceCents(0)).toBe(0);
  });

  it("offers on the product page the autoship price and its saving, which add up to the price", () => {
    expect(autoshipOffer(6499)).toEqual({ priceCents: 6174, savingCents: 325 }); // 6174.05
    expect(autoshipOffer(1010)).toEqual({ priceCents: 960, savingCents: 50 }); // 959.5 half up
    expect(autoshipOffer(10)).toEqual({ priceCents: 10, savingCents: 0 });
    expect(autoshipOffer(0)).toEqual({ priceCents: 0, savingCents: 0 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (cents) => {
        const offer = autoshipOffer(cents);
        expect(offer.priceCents + offer.savingCents).toBe(cents);
        expect(offer.priceCents).toBe(lineSubtotalCents({ quantity: 1, unitPriceCents: cents, sellingPlanId: "plan" }));
      }),
      { numRuns: 500 },
    );
  });
});

describe("line subtotal and savings (catalogue spec sections 2 and 9)", () => {
  it("prices a one-time line at the unit price times quantity (catalogue spec section 9)", () => {
    expect(lineSubtotalCents(line({ unitPriceCents: 2499, quantity: 3 }))).toBe(7497);
  });

  it("prices an autoship line at the autoship unit price times quantity (catalogue spec section 9)", () => {
    expect(lineSubtotalCents(line({ ...autoship, unitPriceCents: 2499, quantity: 2 }))).toBe(4748);
  });

  it("saves compare-at minus price times quantity (catalogue spec section 2, 'Total Savings')", () => {
    expect(lineSavingsCents(line({ unitPriceCents: 2499, compareAtPriceCents: 2999, quantity: 2 }))).toBe(1000);
  });

  it("adds the autoship 5% saving on autoship lines (catalogue spec sections 2 and 9)", () => {
    const saving = lineSavingsCents(
      line({ ...autoship, unitPriceCents: 2499, compareAtPriceCents: 2999, quantity: 2 }),
    );
    expect(saving).toBe(1000 + (2499 - 2374) * 2);
    expect(lineSavingsCents(line({ ...autoship, unitPriceCents: 2000, quantity: 3 }))).toBe(300);
  });

  it("never saves a negative amount (catalogue spec section 2, 'Total Savings')", () => {
    expect(lineSavingsCents(line({ unitPriceCents: 2499, compareAtPriceCents: 1999, quantity: 2 }))).toBe(0);
    expect(lineSavingsCents(line({ unitPriceCents: 2499, compareAtPriceCents: null }))).toBe(0);
    // A lower compare-at price does not eat into the autoship saving.
    expect(lineSavingsCents(line({ ...autoship, unitPriceCents: 2000, compareAtPriceCents: 1500 }))).toBe(100);
  });
});

describe("cart limits (shop-core spec sections 5 and 9)", () => {
  it("does not mark exactly 10 items as over the maximum (shop-core spec sections 5 and 9)", () => {
    const limits = cartLimits([line({ id: "a", quantity: 6 }), line({ id: "b", quantity: 4 })]);
    expect(limits.totalQuantity).toBe(10);
    expect(limits.overMaximum).toBe(false);
  });

  it("marks 11 items across lines as over the maximum (shop-core spec sections 5 and 9)", () => {
    const limits = cartLimits([line({ id: "a", quantity: 6 }), line({ id: "b", ...autoship, quantity: 5 })]);
    expect(limits.totalQuantity).toBe(11);
    expect(limits.overMaximum).toBe(true);
  });

  it("does not mark an autoship line of 5 as over the autoship maximum (shop-core spec sections 5 and 9)", () => {
    expect(cartLimits([line({ ...autoship, quantity: 5 })]).autoshipOverMaximum).toBe(false);
  });

  it("marks an autoship line of 6 as over the autoship maximum (shop-core spec sections 5 and 9)", () => {
    expect(cartLimits([line({ ...autoship, quantity: 6 })]).autoshipOverMaximum).toBe(true);
  });

  it("ignores one-time lines for the autoship maximum (shop-core spec section 5)", () => {
    const limits = cartLimits([line({ quantity: 8 })]);
    expect(limits.autoshipOverMaximum).toBe(false);
    expect(limits.autoshipWarningLineIds).toEqual([]);
  });

  it("warns on autoship lines at or above 5, not at 4 (shop-core spec sections 4 and 5)", () => {
    const limits = cartLimits([
      line({ id: "four", ...autoship, quantity: 4 }),
      line({ id: "five", ...autoship, quantity: 5 }),
      line({ id: "six", ...autoship, quantity: 6 }),
      line({ id: "one-time", quantity: 5 }),
    ]);
    expect(limits.autoshipWarningLineIds).toEqual(["five", "six"]);
  });

  it("is all clear for an empty cart (shop-core spec section 5)", () => {
    expect(cartLimits([])).toEqual({
      totalQuantity: 0,
      overMaximum: false,
      autoshipOverMaximum: false,
      autoshipWarningLineIds: [],
    });
  });
});

describe("adding only what fits (shop-core spec sections 5 and 9)", () => {
  it("adds the full request when it fits (shop-core spec section 5)", () => {
    expect(quantityThatFits(3, 0, { autoship: false })).toEqual({ quantity: 3, clamped: false });
    expect(quantityThatFits(2, 8, { autoship: false })).toEqual({ quantity: 2, clamped: false });
  });

  it("adds only the 2 that fit when 8 are there and 5 are asked (shop-core spec section 5)", () => {
    expect(quantityThatFits(5, 8, { autoship: false })).toEqual({ quantity: 2, clamped: true });
  });

  it("adds nothing when 10 are already there (shop-core spec sections 5 and 9)", () => {
    expect(quantityThatFits(1, 10, { autoship: false })).toEqual({ quantity: 0, clamped: true });
    expect(quantityThatFits(3, 12, { autoship: false })).toEqual({ quantity: 0, clamped: true });
  });

  it("caps autoship lines at 5 (shop-core spec sections 5 and 9)", () => {
    expect(quantityThatFits(5, 3, { autoship: true })).toEqual({ quantity: 2, clamped: true });
    expect(quantityThatFits(2, 3, { autoship: true })).toEqual({ quantity: 2, clamped: false });
    expect(quantityThatFits(1, 5, { autoship: true })).toEqual({ quantity: 0, clamped: true });
    expect(quantityThatFits(7, 0, { autoship: true })).toEqual({ quantity: 5, clamped: true });
  });

  it("caps a single request at the general maximum (shop-core spec sections 5 and 9)", () => {
    expect(quantityThatFits(12, 0, { autoship: false })).toEqual({ quantity: 10, clamped: true });
  });

  it("counts a request below 1 as 1, through the normaliser (shop-core spec section 5)", () => {
    expect(quantityThatFits(0, 0, { autoship: false })).toEqual({ quantity: 1, clamped: false });
    expect(quantityThatFits(-3, 4, { autoship: true })).toEqual({ quantity: 1, clamped: false });
    expect(quantityThatFits(Number.NaN, 0, { autoship: false })).toEqual({ quantity: 1, clamped: false });
    expect(quantityThatFits(0, 10, { autoship: false })).toEqual({ quantity: 0, clamped: true });
  });

  it("drops fractions as the normaliser does (shop-core spec section 5)", () => {
    expect(quantityThatFits(2.7, 0, { autoship: false })).toEqual({ quantity: 2, clamped: false });
  });
});

describe("weight in pounds (shop-core spec section 9)", () => {
  it("keeps lbs as they are (shop-core spec section 9)", () => {
    expect(lineWeightLbs(line({ weightValue: 15.5, weightUnit: "lbs", quantity: 2 }))).toBe(31);
  });

  it("converts kg at 2.20462 (shop-core spec section 9)", () => {
    expect(lineWeightLbs(line({ weightValue: 2, weightUnit: "kg", quantity: 3 }))).toBeCloseTo(13.22772, 10);
  });

  it("converts oz at 0.0625 (shop-core spec section 9)", () => {
    expect(lineWeightLbs(line({ weightValue: 12.5, weightUnit: "oz", quantity: 4 }))).toBe(3.125);
  });

  it("converts g at 0.00220462 (shop-core spec section 9)", () => {
    expect(lineWeightLbs(line({ weightValue: 500, weightUnit: "g", quantity: 2 }))).toBeCloseTo(2.20462, 10);
  });

  it("sums the lines and applies the rounding helper (shop-core and catalogue spec section 9)", () => {
    const lines = [
      line({ weightValue: 15.5, weightUnit: "lbs", quantity: 2 }), // 31
      line({ weightValue: 2, weightUnit: "kg", quantity: 3 }), // 13.22772
      line({ weightValue: 12.5, weightUnit: "oz", quantity: 4 }), // 3.125
      line({ weightValue: 500, weightUnit: "g", quantity: 2 }), // 2.20462
    ];
    expect(cartWeightLbs(lines)).toBe(49.6); // 49.55734
    expect(cartWeightLbs([line({ weightValue: 2, weightUnit: "kg", quantity: 3 })])).toBe(13.3);
  });

  it("weighs an empty cart as 0, not the helper's 0.1 (shop-core spec section 9)", () => {
    expect(cartWeightLbs([])).toBe(0);
  });
});

describe("pounds and ounces (shop-core and catalogue spec section 9)", () => {
  it("uses 453.592 g per pound (shop-core spec section 9)", () => {
    expect(GRAMS_PER_POUND).toBe(453.592);
    expect(poundsAndOuncesFromGrams(907.184)).toEqual({ pounds: 2, ounces: 0 });
    expect(poundsAndOuncesFromGrams(680.388)).toEqual({ pounds: 1, ounces: 8 });
  });

  it("gives whole pounds and the remainder times 16 as ounces (shop-core spec section 9)", () => {
    expect(poundsAndOunces(1.5)).toEqual({ pounds: 1, ounces: 8 });
    expect(poundsAndOunces(0.25)).toEqual({ pounds: 0, ounces: 4 });
    expect(poundsAndOunces(3)).toEqual({ pounds: 3, ounces: 0 });
  });

  it("rounds ounces to one decimal (shop-core spec section 9)", () => {
    expect(poundsAndOunces(2.3)).toEqual({ pounds: 2, ounces: 4.8 });
    expect(poundsAndOunces(1.123)).toEqual({ pounds: 1, ounces: 2 }); // 1.968 oz
    expect(poundsAndOunces(0.01)).toEqual({ pounds: 0, ounces: 0.2 }); // 0.16 oz
  });

  it("carries 16 rounded ounces into the pounds (shop-core spec section 9)", () => {
    expect(poundsAndOunces(1.999)).toEqual({ pounds: 2, ounces: 0 });
  });

  it("gives 0 lb 0 oz for nothing (shop-core spec section 9)", () => {
    expect(poundsAndOunces(0)).toEqual({ pounds: 0, ounces: 0 });
  });
});

describe("cart summary (shop-core spec sections 5 and 9, catalogue spec sections 2, 4 and 9)", () => {
  const lines = [
    line({ id: "dry", unitPriceCents: 2499, compareAtPriceCents: 2999, quantity: 2 }),
    line({
      id: "wet",
      ...autoship,
      productType: "Wet Food",
      unitPriceCents: 2000,
      quantity: 5,
      weightValue: 12.5,
      weightUnit: "oz",
    }),
    line({ id: "sample", productType: "Sample", unitPriceCents: 0, quantity: 1, weightValue: 1, weightUnit: "kg" }),
  ];

  it("totals quantity, subtotal, compare-at subtotal and savings (catalogue spec sections 2 and 9)", () => {
    const summary = summarizeCart(lines, { freeShippingMinimumCents: 5000, excludedProductTypes: [] });
    expect(summary.totalQuantity).toBe(8);
    expect(summary.subtotalCents).toBe(4998 + 9500);
    expect(summary.compareAtSubtotalCents).toBe(5998 + 10_000);
    expect(summary.totalSavingsCents).toBe(1000 + 500);
    expect(summary.compareAtSubtotalCents - summary.subtotalCents).toBe(summary.totalSavingsCents);
    expect(summary.currencyCode).toBe("USD");
  });

  it("weighs the cart with the rounding helper (shop-core and catalogue spec section 9)", () => {
    // 31 + 5 × 12.5 × 0.0625 + 2.20462 = 37.11087
    expect(summarizeCart(lines, {}).weightLbs).toBe(37.2);
  });

  it("carries the cart limits (shop-core spec sections 5 and 9)", () => {
    expect(summarizeCart(lines, {}).limits).toEqual({
      totalQuantity: 8,
      overMaximum: false,
      autoshipOverMaximum: false,
      autoshipWarningLineIds: ["wet"],
    });
  });

  it("feeds line subtotals and excluded types to the tracker (catalogue spec sections 4 and 9)", () => {
    const summary = summarizeCart(lines, { freeShippingMinimumCents: 20_000, excludedProductTypes: ["Wet Food"] });
    expect(summary.freeShipping).toEqual({
      eligibleSubtotalCents: 4998,
      percent: 24.99,
      remainingCents: 15_002,
      remainingLabel: "150.02",
      reached: false,
    });
  });

  it("uses the 50 dollar minimum by default (catalogue spec section 9)", () => {
    const summary = summarizeCart([line({ unitPriceCents: 2500, quantity: 1 })], {});
    expect(summary.freeShipping.remainingCents).toBe(2500);
  });
});

describe("optimistic cart (lines and totals update at once)", () => {
  const base = {
    variantId: "v",
    sku: "S",
    productTitle: "P",
    productType: "Dry Dog Food",
    variantTitle: "4 lb",
    size: "4 lb bag",
    url: "b/h/f/4lb",
    imageUrl: null,
    unitPriceCents: 1000,
    compareAtPriceCents: null,
    sellingPlanName: null,
    weightValue: 4,
    weightUnit: "lbs" as const,
    inventory: 10,
    attributes: [],
  };
  const lines = [
    { ...base, id: "a", quantity: 2, sellingPlanId: null },
    { ...base, id: "b", quantity: 1, sellingPlanId: null },
  ];

  it("applies quantity changes through the normaliser (shop-core spec section 5)", () => {
    expect(applyPendingChanges(lines, [{ intent: "update", lineId: "a", quantity: 40 }])[0].quantity).toBe(10);
  });

  it("drops removed lines and lines set to 0", () => {
    expect(applyPendingChanges(lines, [{ intent: "remove", lineId: "a" }]).map((l) => l.id)).toEqual(["b"]);
    expect(applyPendingChanges(lines, [{ intent: "update", lineId: "b", quantity: 0 }]).map((l) => l.id)).toEqual([
      "a",
    ]);
  });

  it("switching to autoship caps the line at 5", () => {
    const big = [{ ...base, id: "c", quantity: 8, sellingPlanId: null }];
    const [line] = applyPendingChanges(big, [
      { intent: "set-plan", lineId: "c", sellingPlanId: "autoship-2w", sellingPlanName: "Every 2 weeks" },
    ]);
    expect(line).toMatchObject({ sellingPlanId: "autoship-2w", quantity: 5 });
  });
});

describe('cart line names (docs/rules.md "Cart limits")', () => {
  it("names a line by its product and size, for every control of the line", () => {
    expect(cartLineName({ productTitle: "Science Diet Adult Dry Dog Food", size: "15.5 lb bag" })).toBe(
      "Science Diet Adult Dry Dog Food 15.5 lb bag",
    );
    expect(cartLineName({ productTitle: " Hill's Treats ", size: "" })).toBe("Hill's Treats");
  });
});

describe('what a site shows of a cart summary (docs/rules.md "Site policy")', () => {
  const summary = summarizeCart([]);
  const consumer = { showsShippingMessages: true, showsRetailPrices: true };
  const staff = { showsShippingMessages: false, showsRetailPrices: false };

  it("keeps the tracker and the subtotal on the consumer site, signed in or not", () => {
    for (const signedIn of [false, true]) {
      const view = cartSummaryView(summary, consumer, signedIn);
      expect(view.freeShipping).toEqual(summary.freeShipping);
      expect(view.subtotalCents).toBe(summary.subtotalCents);
    }
  });

  it("drops the tracker on the staff site, and the subtotal too while the shopper is not signed in", () => {
    expect(cartSummaryView(summary, staff, false)).toMatchObject({ freeShipping: null, subtotalCents: null });
    expect(cartSummaryView(summary, staff, true)).toMatchObject({ freeShipping: null, subtotalCents: 0 });
  });
});
