import { describe, expect, it } from "vitest";
import {
  DEFAULT_FREE_SHIPPING_MINIMUM_CENTS,
  FREE_SHIPPING_REACHED_MESSAGE,
  TRACKER_BAR_HEIGHT,
  freeShippingProgress,
} from "./free-shipping";

const base = { minimumCents: 5000, excludedProductTypes: [] as string[] };

describe("free-shipping constants (catalogue spec sections 4 and 9)", () => {
  it("falls back to a 50 dollar minimum (catalogue spec section 9)", () => {
    expect(DEFAULT_FREE_SHIPPING_MINIMUM_CENTS).toBe(5000);
    expect(freeShippingProgress({ ...base, minimumCents: Number.NaN, lines: [] }).remainingCents).toBe(5000);
  });

  it("uses bar heights 8 (full) and 6 (small) (catalogue spec section 9)", () => {
    expect(TRACKER_BAR_HEIGHT).toEqual({ full: 8, small: 6 });
  });

  it("says 'You get free shipping!' when reached (catalogue spec section 4)", () => {
    expect(FREE_SHIPPING_REACHED_MESSAGE).toBe("You get free shipping!");
  });
});

describe("tracker subtotal (catalogue spec section 9)", () => {
  it("excludes lines of an excluded product type (catalogue spec section 9)", () => {
    const progress = freeShippingProgress({
      ...base,
      excludedProductTypes: ["Gift Card"],
      lines: [
        { productType: "Dry Food", subtotalCents: 3000 },
        { productType: "Gift Card", subtotalCents: 4000 },
      ],
    });
    expect(progress).toEqual({
      eligibleSubtotalCents: 3000,
      percent: 60,
      remainingCents: 2000,
      remainingLabel: "20.00",
      reached: false,
    });
  });

  it("excludes lines with a zero subtotal (catalogue spec section 9)", () => {
    const progress = freeShippingProgress({
      ...base,
      lines: [
        { productType: "Sample", subtotalCents: 0 },
        { productType: "Dry Food", subtotalCents: 1250 },
      ],
    });
    expect(progress.eligibleSubtotalCents).toBe(1250);
    expect(progress.percent).toBe(25);
    expect(progress.remainingLabel).toBe("37.50");
  });

  it("counts every other line (catalogue spec section 9)", () => {
    const progress = freeShippingProgress({
      ...base,
      excludedProductTypes: ["Gift Card"],
      lines: [
        { productType: "Dry Food", subtotalCents: 1999 },
        { productType: "Wet Food", subtotalCents: 501 },
      ],
    });
    expect(progress.eligibleSubtotalCents).toBe(2500);
    expect(progress.percent).toBe(50);
  });
});

describe("remaining amount and progress (catalogue spec sections 4 and 9)", () => {
  it("shows remaining dollars with 2 decimals (catalogue spec section 9)", () => {
    const at = (subtotalCents: number) =>
      freeShippingProgress({ ...base, lines: [{ productType: "Dry Food", subtotalCents }] }).remainingLabel;
    expect(at(3750)).toBe("12.50");
    expect(at(4995)).toBe("0.05");
    expect(at(1)).toBe("49.99");
    expect(freeShippingProgress({ ...base, minimumCents: 100_005, lines: [] }).remainingLabel).toBe("1000.05");
  });

  it("is reached exactly at the minimum (catalogue spec section 4)", () => {
    const progress = freeShippingProgress({ ...base, lines: [{ productType: "Dry Food", subtotalCents: 5000 }] });
    expect(progress).toMatchObject({ remainingCents: 0, remainingLabel: "0.00", percent: 100, reached: true });
  });

  it("is not reached one cent short (catalogue spec section 4)", () => {
    const progress = freeShippingProgress({ ...base, lines: [{ productType: "Dry Food", subtotalCents: 4999 }] });
    expect(progress).toMatchObject({ remainingCents: 1, remainingLabel: "0.01", reached: false });
    expect(progress.percent).toBeCloseTo(99.98, 10);
  });

  it("never lets remaining go below 0 nor percent above 100 (catalogue spec section 9)", () => {
    const progress = freeShippingProgress({ ...base, lines: [{ productType: "Dry Food", subtotalCents: 12_000 }] });
    expect(progress.remainingCents).toBe(0);
    expect(progress.percent).toBe(100);
    expect(progress.reached).toBe(true);
  });

  it("starts at 0 percent with an empty cart (catalogue spec section 9)", () => {
    expect(freeShippingProgress({ ...base, lines: [] })).toEqual({
      eligibleSubtotalCents: 0,
      percent: 0,
      remainingCents: 5000,
      remainingLabel: "50.00",
      reached: false,
    });
  });

  it("is always reached with a minimum of 0 (catalogue spec sections 4 and 9)", () => {
    expect(freeShippingProgress({ ...base, minimumCents: 0, lines: [] })).toEqual({
      eligibleSubtotalCents: 0,
      percent: 100,
      remainingCents: 0,
      remainingLabel: "0.00",
      reached: true,
    });
  });
});
