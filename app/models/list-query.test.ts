import { describe, expect, it } from "vitest";
import { listQuery } from "./list-query";

describe("listQuery", () => {
  it("keeps the set filters, encoded, and leaves out the page and empty ones", () => {
    expect(listQuery({ number: 100042, customer: "Dana & Jo", status: undefined, site: "", page: 3 })).toBe(
      "?number=100042&customer=Dana+%26+Jo",
    );
    expect(listQuery({ page: 2 })).toBe("");
  });
});
