import { describe, expect, it } from "vitest";
import { FacetIndex, type IndexedItem } from "./facet-index";

const item = (id: string, facets: [string, string][], extra: Partial<IndexedItem> = {}): IndexedItem => ({
  id,
  dtc: true,
  hpsf: true,
  facets: facets.map(([group, value]) => ({ group, value })),
  minPriceCents: 1000,
  featuredRank: null,
  title: id,
  publishedAt: 0,
  ...extra,
});

const items = [
  item(
    "a",
    [
      ["species", "dog"],
      ["flavor", "chicken"],
    ],
    { minPriceCents: 3000, featuredRank: 2 },
  ),
  item(
    "b",
    [
      ["species", "dog"],
      ["flavor", "beef"],
    ],
    { minPriceCents: 1000, publishedAt: 5 },
  ),
  item(
    "c",
    [
      ["species", "cat"],
      ["flavor", "chicken"],
    ],
    { minPriceCents: 2000, featuredRank: 1, dtc: false },
  ),
  item(
    "d",
    [
      ["species", "dog"],
      ["flavor", "chicken"],
      ["flavor", "beef"],
    ],
    { minPriceCents: 500 },
  ),
  // More than 32 items, so bitsets span several words.
  ...Array.from({ length: 40 }, (_, n) => item(`z${String(n).padStart(2, "0")}`, [["species", "cat"]])),
];
const index = new FacetIndex(items);
const ids = (bits: Uint32Array, sort: "featured" | "price-asc" | "newest" = "featured") =>
  index.page(bits, sort, 0, 100);

describe("facet index (catalogue spec section 3: OR within a group, AND across groups)", () => {
  it("matches by site and by facets", () => {
    expect(index.count(index.match("DTC", {}))).toBe(43);
    expect(ids(index.match("HPSF", { flavor: ["chicken"] }))).toEqual(["c", "a", "d"]);
    expect(ids(index.match("DTC", { flavor: ["chicken", "beef"], species: ["dog"] }))).toEqual(["a", "b", "d"]);
    expect(ids(index.match("DTC", { flavor: ["chicken"], species: ["cat"] }))).toEqual([]);
  });

  it("counts each option with its own group's selection left out", () => {
    const counts = index.facetCounts("DTC", { flavor: ["beef"] }, {}, undefined, [
      { field: "species", options: [{ slug: "dog" }, { slug: "cat" }] },
      { field: "flavor", options: [{ slug: "chicken" }, { slug: "beef" }] },
    ]);
    expect(counts).toEqual({ species: { dog: 2 }, flavor: { chicken: 2, beef: 2 } });
  });

  it("filters by price range and by an id set", () => {
    expect(ids(index.match("DTC", {}, { minCents: 900, maxCents: 3000 }, new Set(["a", "b", "d"])))).toEqual([
      "a",
      "b",
    ]);
  });

  it("sorts and pages", () => {
    const dogs = index.match("DTC", { species: ["dog"] });
    expect(ids(dogs, "price-asc")).toEqual(["d", "b", "a"]);
    expect(ids(dogs, "newest")[0]).toBe("b");
    expect(index.page(dogs, "price-asc", 1, 1)).toEqual(["b"]);
    const relevance = new Map([
      ["b", 1],
      ["d", 9],
      ["c", 20],
    ]);
    expect(index.page(dogs, "relevance", 0, 10, relevance)).toEqual(["d", "b"]);
  });
});
