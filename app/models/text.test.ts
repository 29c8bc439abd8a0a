import { describe, expect, it } from "vitest";
import { slugify, truncate } from "./text";

describe("text helpers (docs/rules.md 'Money and text')", () => {
  it("keeps text that fits and cuts longer text with an ellipsis", () => {
    expect(truncate("abcde", 5)).toBe("abcde");
    expect(truncate("abcdef", 5)).toBe("abcde…");
    expect(truncate("abcd efgh", 5)).toBe("abcd…");
  });

  it("makes lower-case hyphenated slugs", () => {
    expect(slugify("Chicken & Barley")).toBe("chicken-barley");
    expect(slugify("Crème Brûlée")).toBe("creme-brulee");
    expect(slugify("Senior 7+")).toBe("senior-7-plus");
    expect(slugify("15.5 lb Bag")).toBe("15.5-lb-bag");
  });
});
