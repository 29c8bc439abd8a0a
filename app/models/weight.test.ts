import { describe, expect, it } from "vitest";
import { roundWeight } from "./weight";

describe("weight rounding helper (catalogue spec section 9)", () => {
  it("adds 0.05 when the remainder modulo 0.1 is under 0.05, then rounds to one decimal", () => {
    expect(roundWeight(1.23)).toBe(1.3); // 1.23 + 0.05 = 1.28 → 1.3
    expect(roundWeight(1.01)).toBe(1.1); // 1.06 → 1.1
    expect(roundWeight(1.249999)).toBe(1.3); // remainder 0.049999, just under: 1.299999 → 1.3
  });

  it("adds nothing at a remainder of exactly 0.05 or more, and rounds half up", () => {
    expect(roundWeight(1.25)).toBe(1.3); // remainder exactly 0.05: 1.25 rounds half up
    expect(roundWeight(1.250001)).toBe(1.3);
    expect(roundWeight(1.27)).toBe(1.3);
    expect(roundWeight(1.299999)).toBe(1.3);
  });

  it("moves an exact tenth up too: its remainder, 0, is under 0.05", () => {
    expect(roundWeight(1.2)).toBe(1.3); // 1.25 rounds half up
    expect(roundWeight(4)).toBe(4.1);
    expect(roundWeight(31)).toBe(31.1);
    expect(roundWeight(0)).toBe(0.1);
    expect(roundWeight(1.200001)).toBe(1.3);
    expect(roundWeight(1.199999)).toBe(1.2); // remainder 0.099999: no 0.05 added
  });

  it("reads a float sum as the decimal it stands for", () => {
    // 0.8999… is the exact tenth 0.9; the source's `% 0.1` would treat 0.8 and 12.8
    // (remainder 0) and 0.9 or 4 (remainder 0.0999…) differently.
    expect(roundWeight(0.7 + 0.1 + 0.1)).toBe(1);
    expect(roundWeight(0.8)).toBe(0.9);
    expect(roundWeight(0.9)).toBe(1);
    expect(roundWeight(12.8)).toBe(12.9);
    expect(roundWeight(6.696)).toBe(6.7);
  });

  it("answers 0 for a value that is not a number", () => {
    expect(roundWeight(Number.NaN)).toBe(0);
    expect(roundWeight(Number.POSITIVE_INFINITY)).toBe(0);
  });
});
