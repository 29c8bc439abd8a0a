import { describe, expect, it } from "vitest";
import { CSV_EXPORT_MAX, csvFileName, csvSafeCell } from "./csv";

describe("CSV exports (docs/rules.md 'Back office: orders')", () => {
  it("puts an apostrophe before a cell a spreadsheet would run as a formula, and leaves the rest", () => {
    for (const formula of ["=1+2", "+1", "-1", "@SUM(A1)", "\tx", "\rx", '=HYPERLINK("http://evil.test")']) {
      expect(csvSafeCell(formula)).toBe(`'${formula}`);
    }
    for (const plain of ["Dana", "57.36", "a=b", "x-1", "dana@example.com", " =1", ""]) {
      expect(csvSafeCell(plain)).toBe(plain);
    }
    expect(csvSafeCell(null)).toBe("");
    expect(csvSafeCell(100042)).toBe("100042");
  });

  it("names the file by what it holds and the UTC day it was made, and holds at most 10,000 rows", () => {
    expect(csvFileName("orders", new Date("2031-03-04T23:59:59Z"))).toBe("orders-2031-03-04.csv");
    expect(CSV_EXPORT_MAX).toBe(10_000);
  });
});
