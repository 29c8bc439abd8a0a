import { describe, expect, it } from "vitest";
import { formatMoney } from "./money";

describe("money (docs/rules.md 'Money and text')", () => {
  it("shows integer cents as US dollars", () => {
    expect(formatMoney(2499)).toBe("$24.99");
    expect(formatMoney(0)).toBe("$0.00");
    expect(formatMoney(5)).toBe("$0.05");
    expect(formatMoney(102499)).toBe("$1,024.99");
  });

  it("writes US dollars exactly as Intl.NumberFormat('en-US') does, at every digit boundary", () => {
    const intl = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
    const amounts = [0, 1, 9, 10, 99, 100, 101, 999, 1000, 9999, 10000, 99999, 100000, 100001, 999999, 1000000];
    for (let digits = 7; digits <= 15; digits += 1) amounts.push(10 ** digits - 1, 10 ** digits, 10 ** digits + 7);
    for (let cents = 0; cents < 300_000; cents += 997) amounts.push(cents);
    for (const cents of [...amounts, ...amounts.filter((amount) => amount > 0).map((amount) => -amount)]) {
      expect(formatMoney(cents), String(cents)).toBe(intl.format(cents / 100));
    }
  });

  it("formats other currencies and fractional cents through Intl", () => {
    expect(formatMoney(2499, "EUR")).toBe("€24.99");
    expect(formatMoney(2499.5)).toBe(
      new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(24.995),
    );
  });
});
