import { describe, expect, it } from "vitest";
import { mainNavigation } from "./navigation";

const dogLinks = (site: "DTC" | "HPSF") => mainNavigation(site).find((s) => s.label === "Dog Food")?.links ?? [];

describe("main navigation (catalogue spec section 3; docs/decisions.md main navigation)", () => {
  it("links Dog Treats only where treats are sold (the consumer site)", () => {
    expect(dogLinks("DTC").map((l) => l.to)).toEqual([
      "/products/dog/dry",
      "/products/dog/wet",
      "/products/dog/treats",
      "/products/dog",
    ]);
    expect(dogLinks("HPSF").map((l) => l.to)).toEqual(["/products/dog/dry", "/products/dog/wet", "/products/dog"]);
  });

  it("has dog, cat and all products on both sites", () => {
    for (const site of ["DTC", "HPSF"] as const) {
      expect(mainNavigation(site).map((s) => s.to)).toEqual(["/products/dog", "/products/cat", "/products"]);
    }
  });
});
