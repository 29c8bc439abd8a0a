import { describe, expect, it } from "vitest";
import { COUNT_CACHE_SIZE, FacetIndex, type IndexedItem } from "./facet-index";

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

  it("breaks ties in every order by title, whatever the items' order", () => {
    const tied = new FacetIndex([
      item("m", [], { title: "Mango", minPriceCents: 100, publishedAt: 1 }),
      item("a", [], { title: "Apple", minPriceCents: 100, publishedAt: 1 }),
      item("z", [], { title: "Zucchini", minPriceCents: 50, publishedAt: 2, featuredRank: 1 }),
    ]);
    const all = tied.match("DTC", {});
    expect(tied.page(all, "featured", 0, 3)).toEqual(["z", "a", "m"]);
    expect(tied.page(all, "price-asc", 0, 3)).toEqual(["z", "a", "m"]);
    expect(tied.page(all, "price-desc", 0, 3)).toEqual(["a", "m", "z"]);
    expect(tied.page(all, "newest", 0, 3)).toEqual(["z", "a", "m"]);
    expect(tied.page(all, "name", 0, 3)).toEqual(["a", "m", "z"]);
  });

  it("finds an item's position, and nothing for an unknown id", () => {
    expect(index.positionOf("a")).toBe(0);
    expect(index.positionOf("z39")).toBe(43);
    expect(index.positionOf("nope")).toBeUndefined();
  });

  it("answers repeated filter sets from its count cache without mixing them up", () => {
    const groups = [{ field: "species", options: [{ slug: "dog" }, { slug: "cat" }] }];
    const dtc = index.facetCounts("DTC", {}, {}, undefined, groups);
    const hpsf = index.facetCounts("HPSF", {}, {}, undefined, groups);
    expect(dtc).toEqual({ species: { dog: 3, cat: 40 } });
    expect(hpsf).toEqual({ species: { dog: 3, cat: 41 } });
    expect(index.facetCounts("DTC", {}, {}, undefined, groups)).toBe(dtc);
    // A price range or an id set is part of the key (an id set by identity).
    expect(index.facetCounts("DTC", {}, { maxCents: 1000 }, undefined, groups)).toEqual({
      species: { dog: 2, cat: 40 },
    });
    expect(index.facetCounts("DTC", {}, {}, new Set(["a"]), groups)).toEqual({ species: { dog: 1 } });
    // Past the cache's size the oldest entry goes and is computed again, with the same answer.
    for (let n = 0; n <= COUNT_CACHE_SIZE; n++) index.facetCounts("DTC", {}, { minCents: n }, undefined, groups);
    const again = index.facetCounts("DTC", {}, {}, undefined, groups);
    expect(again).not.toBe(dtc);
    expect(again).toEqual(dtc);
  });

  it("answers a search's map the same way every time, from what it derived once (ranking, bitset, counts)", () => {
    const groups = [{ field: "species", options: [{ slug: "dog" }, { slug: "cat" }] }];
    // Equal scores rank by id; ids not in the index are ignored.
    const relevance: ReadonlyMap<string, number> = new Map([
      ["z05", 3],
      ["b", 3],
      ["a", 7],
      ["c", 1],
      ["gone", 99],
    ]);
    const all = index.match("HPSF", {}, {}, relevance);
    expect(index.count(all)).toBe(4);
    expect(index.page(all, "relevance", 0, 10, relevance)).toEqual(["a", "b", "z05", "c"]);
    expect(index.page(all, "relevance", 1, 2, relevance)).toEqual(["b", "z05"]);
    expect(index.page(all, "relevance", 4, 2, relevance)).toEqual([]);
    // The ranking is kept per map; a narrower match walks the same ranking.
    const dogs = index.match("HPSF", { species: ["dog"] }, {}, relevance);
    expect(index.page(dogs, "relevance", 0, 10, relevance)).toEqual(["a", "b"]);
    expect(index.page(index.match("HPSF", {}, { maxCents: 2000 }, relevance), "relevance", 0, 10, relevance)).toEqual([
      "b",
      "z05",
      "c",
    ]);
    const counts = index.facetCounts("HPSF", {}, {}, relevance, groups);
    expect(counts).toEqual({ species: { dog: 2, cat: 2 } });
    expect(index.facetCounts("HPSF", {}, {}, relevance, groups)).toBe(counts);
    // Another map with other ids is another key, even with the same filters.
    expect(index.facetCounts("HPSF", {}, {}, new Map([["c", 1]]), groups)).toEqual({ species: { cat: 1 } });
    expect(index.facetCounts("DTC", {}, {}, relevance, groups)).toEqual({ species: { dog: 2, cat: 1 } });
  });

  it("filters a price range at both bounds, across words, and the last bit of a word", () => {
    const priced = new FacetIndex(
      Array.from({ length: 70 }, (_, n) => item(`p${String(n).padStart(2, "0")}`, [], { minPriceCents: n * 100 })),
    );
    const inRange = priced.match("DTC", {}, { minCents: 3100, maxCents: 6400 });
    expect(priced.count(inRange)).toBe(34);
    expect(priced.page(inRange, "price-asc", 0, 1)).toEqual(["p31"]);
    expect(priced.page(inRange, "price-desc", 0, 1)).toEqual(["p64"]);
    expect(priced.count(priced.match("DTC", {}, { maxCents: 3100 }))).toBe(32);
    expect(priced.count(priced.match("DTC", {}, { minCents: 6900 }))).toBe(1);
  });
});
