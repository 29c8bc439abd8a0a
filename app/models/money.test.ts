import { describe, expect, it } from "vitest";
import { formatMoney } from "./money";

describe("money (docs/rules.md 'Money and text')", () => {
  it("shows integer cents as US dollars", () => {
    expect(formatMoney(2499)).toBe("$24.99");
    expect(formatMoney(0)).toBe("$0.00");
    expect(formatMoney(5)).toBe("$0.05");
    expect(formatMoney(102499)).toBe("$1,024.99");
  });
});
