import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { centsFromDecimal, decimalDollars, formatMoney } from "./money";

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

  it("reads a platform's decimal amount as integer cents, without floating point", () => {
    expect(centsFromDecimal("54.99")).toBe(5499);
    expect(centsFromDecimal("54.9")).toBe(5490);
    expect(centsFromDecimal("54")).toBe(5400);
    expect(centsFromDecimal("0.0")).toBe(0);
    expect(centsFromDecimal("-3.50")).toBe(-350);
    expect(centsFromDecimal("0.125")).toBe(13);
    expect(centsFromDecimal("0.124")).toBe(12);
    expect(centsFromDecimal("0.29")).toBe(29); // 0.29 * 100 is 28.999999999999996 in floating point
    for (const bad of ["", "1e3", "12.", ".5", "$1.00", "1,000.00", "NaN", "1.2.3"]) {
      expect(() => centsFromDecimal(bad), bad).toThrow(TypeError);
    }
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        const text = `${cents < 0 ? "-" : ""}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, "0")}`;
        expect(centsFromDecimal(text)).toBe(cents);
      }),
    );
  });

  it("writes cents as a plain decimal amount for a spreadsheet, and back to the same cents", () => {
    expect(decimalDollars(5736)).toBe("57.36");
    expect(decimalDollars(0)).toBe("0.00");
    expect(decimalDollars(5)).toBe("0.05");
    expect(decimalDollars(123456789)).toBe("1234567.89");
    expect(decimalDollars(-5)).toBe("-0.05");
    for (const cents of [0, 1, 99, 100, 101, 999_999, -250])
      expect(centsFromDecimal(decimalDollars(cents))).toBe(cents);
    expect(() => decimalDollars(1.5)).toThrow(TypeError);
  });
});
