import { describe, expect, it } from "vitest";
import {
  clearsCrumbMemory,
  EMPTY_CRUMB_MEMORY,
  listingCrumbs,
  listingMemory,
  markCrumbClick,
  productCrumbs,
  readCrumbMemory,
  recordPageVisit,
  rememberedProductCrumbs,
  type CrumbMemory,
  type ListingTrailInput,
} from "./breadcrumbs";
import { parseCategoryPath } from "./category";
import type { PageType } from "./page-type";

const dryKittenFood = {
  title: "Science Diet Kitten Dry Cat Food",
  species: "cat",
  brand: "science-diet",
  lifestage: "kitten",
  foodForm: "dry",
};
const adultDogFood = {
  title: "Science Diet Adult Dry Dog Food",
  species: "dog",
  brand: "science-diet",
  lifestage: "adult-dog",
  foodForm: "dry",
};

/** A category listing /products/{segments} as the listing page describes it. */
function categoryPage(...segments: string[]): ListingTrailInput {
  const category = parseCategoryPath(segments, "DTC");
  if (!category) throw new Error(`no category ${segments.join("/")}`);
  return { species: category.species, categoryCrumbs: category.crumbs, chips: [] };
}
const allProducts: ListingTrailInput = { chips: [] };

type Visit = [PageType, ListingTrailInput | null] | "crumb click";

/** The memory after a walk through the shop. */
function walk(...visits: Visit[]): CrumbMemory {
  return visits.reduce(
    (memory, visit) =>
      visit === "crumb click"
        ? markCrumbClick(memory)
        : recordPageVisit(memory, visit[0], visit[1] ? listingMemory(visit[1]) : null),
    EMPTY_CRUMB_MEMORY,
  );
}

const labels = (crumbs: { label: string }[]) => crumbs.map((c) => c.label);

describe("product breadcrumbs for home customers (shop-core spec section 2)", () => {
  it("show the category remembered from the last category page of the species", () => {
    const memory = walk(["category list", categoryPage("cat", "wet")]);
    expect(productCrumbs("DTC", dryKittenFood, memory)).toEqual([
      { label: "Home", to: "/" },
      { label: "All Products", to: "/products" },
      { label: "Cat", to: "/products/cat" },
      { label: "Wet Food", to: "/products/cat/wet" },
      { label: "Science Diet Kitten Dry Cat Food" },
    ]);
  });

  it("are otherwise built from brand, pet age and food form", () => {
    expect(productCrumbs("DTC", dryKittenFood)).toEqual([
      { label: "Home", to: "/" },
      { label: "All Products", to: "/products" },
      { label: "Cat", to: "/products/cat" },
      { label: "Science Diet", to: "/products/cat/science-diet" },
      { label: "Kitten", to: "/products/cat/kitten" },
      { label: "Dry Food", to: "/products/cat/dry" },
      { label: "Science Diet Kitten Dry Cat Food" },
    ]);
    // Pet age in the spec's words: Adult, Senior, Puppy or Kitten.
    expect(labels(productCrumbs("DTC", adultDogFood))).toContain("Adult");
    expect(labels(productCrumbs("DTC", { ...adultDogFood, lifestage: "senior-dog" }))).toContain("Senior");
  });

  it("do not use a category remembered for the other species", () => {
    const memory = walk(["category list", categoryPage("dog", "wet")]);
    expect(labels(productCrumbs("DTC", dryKittenFood, memory))).not.toContain("Wet Food");
  });

  it("a dry kitten food does not show 'Wet Food' once the shopper went from the wet listing to all products", () => {
    const memory = walk(
      ["category list", categoryPage("cat", "wet")],
      ["product list", allProducts],
      ["product detail", null],
    );
    const crumbs = labels(productCrumbs("DTC", dryKittenFood, memory));
    expect(crumbs).not.toContain("Wet Food");
    expect(crumbs).toEqual([
      "Home",
      "All Products",
      "Cat",
      "Science Diet",
      "Kitten",
      "Dry Food",
      "Science Diet Kitten Dry Cat Food",
    ]);
  });

  it("never show 'Dog › Dog': the species page remembers no category", () => {
    const afterSpeciesPage = walk(
      ["category list", categoryPage("dog", "dry")],
      ["category list", categoryPage("dog")],
    );
    expect(afterSpeciesPage.category).toBeNull();
    const crumbs = labels(productCrumbs("DTC", adultDogFood, afterSpeciesPage));
    expect(crumbs.filter((label) => label === "Dog")).toHaveLength(1);
    expect(crumbs).toEqual(["Home", "All Products", "Dog", "Science Diet", "Adult", "Dry Food", adultDogFood.title]);
  });

  it("show a deeper category by its last crumb", () => {
    const memory = walk(["category list", categoryPage("dog", "dry", "puppy")]);
    expect(productCrumbs("DTC", adultDogFood, memory).at(-2)).toEqual({
      label: "Puppy",
      to: "/products/dog/dry/puppy",
    });
  });
});

describe("product breadcrumbs on the staff-feeding site (shop-core spec section 2)", () => {
  it("are 'Catalog' plus the stored filters", () => {
    const memory = walk([
      "product list",
      { categoryCrumbs: [], chips: ["Prescription Diet", "Kidney"], species: undefined },
    ]);
    expect(productCrumbs("HPSF", adultDogFood, memory)).toEqual([
      { label: "Catalog", to: "/products" },
      { label: "Prescription Diet" },
      { label: "Kidney" },
      { label: adultDogFood.title },
    ]);
  });

  it("with no stored filters show the species and food form", () => {
    expect(productCrumbs("HPSF", adultDogFood)).toEqual([
      { label: "Catalog", to: "/products" },
      { label: "Dog", to: "/products/dog" },
      { label: "Dry Food", to: "/products/dog/dry" },
      { label: adultDogFood.title },
    ]);
  });
});

describe('product breadcrumbs in the browser (docs/rules.md "Client JavaScript budget")', () => {
  it("are the server's trail with the memory applied: the same crumbs, no label table needed", () => {
    const memories: (CrumbMemory | null)[] = [
      null,
      EMPTY_CRUMB_MEMORY,
      walk(["category list", categoryPage("cat", "dry")]),
      walk(["category list", categoryPage("dog", "dry")]),
      walk(["product list", { categoryCrumbs: [], chips: ["Prescription Diet", "Kidney"], species: undefined }]),
    ];
    for (const site of ["DTC", "HPSF"] as const) {
      for (const product of [dryKittenFood, adultDogFood, { ...adultDogFood, lifestage: "" }]) {
        const built = productCrumbs(site, product);
        for (const memory of memories) {
          expect(rememberedProductCrumbs(site, product.species, built, memory)).toEqual(
            productCrumbs(site, product, memory),
          );
        }
      }
    }
  });
});

describe("the stored breadcrumb memory is cleared by the spec's two transitions (shop-core spec section 2)", () => {
  it("clears on product detail → product list without a breadcrumb click, and not with one", () => {
    expect(clearsCrumbMemory("product detail", "product list", false)).toBe(true);
    expect(clearsCrumbMemory("product detail", "product list", true)).toBe(false);
  });

  it("clears on category list → product list and product list → category list, click or not", () => {
    expect(clearsCrumbMemory("category list", "product list", false)).toBe(true);
    expect(clearsCrumbMemory("product list", "category list", false)).toBe(true);
    expect(clearsCrumbMemory("category list", "product list", true)).toBe(true);
  });

  it("clears on no other move", () => {
    const others: [PageType | null, PageType][] = [
      [null, "product list"],
      ["category list", "category list"],
      ["product list", "product list"],
      ["product detail", "category list"],
      ["category list", "product detail"],
      ["product list", "product detail"],
      ["search results", "product list"],
      ["home", "product list"],
      ["product detail", "search results"],
      ["product detail", "home"],
    ];
    for (const [from, to] of others) expect(clearsCrumbMemory(from, to, false), `${from} → ${to}`).toBe(false);
  });

  it("clearing empties the category, filters, query and click flag", () => {
    const full = walk(
      ["search results", { chips: ["Chicken"], search: "kitten" }],
      ["category list", { ...categoryPage("cat", "wet"), chips: ["Chicken"] }],
      ["product detail", null],
    );
    expect(full).toMatchObject({
      category: { label: "Wet Food" },
      filters: [{ label: "Wet Food", to: "/products/cat/wet" }, { label: "Chicken" }],
      query: "kitten",
    });
    // Product detail → product list with no breadcrumb click: /products records only its own (no) filters.
    const cleared = recordPageVisit(full, "product list", null);
    expect(cleared).toEqual({
      previousPage: "product detail",
      currentPage: "product list",
      category: null,
      filters: [],
      query: null,
      crumbClicked: false,
    });
  });

  it("a breadcrumb click back to the product list keeps them, once", () => {
    const memory = walk(["category list", categoryPage("cat", "wet")], ["product detail", null], "crumb click");
    const back = recordPageVisit(memory, "product list", null);
    expect(back.category).toEqual({ species: "cat", label: "Wet Food", path: "/products/cat/wet" });
    expect(back.crumbClicked).toBe(false);
  });

  it("moves the page types on with every visit", () => {
    const memory = walk(["home", null], ["category list", categoryPage("dog")], ["product detail", null]);
    expect(memory.previousPage).toBe("category list");
    expect(memory.currentPage).toBe("product detail");
  });
});

describe("the memory as stored", () => {
  it("reads back what was written", () => {
    const memory = walk(["search results", { chips: [], search: "salmon" }], "crumb click");
    expect(readCrumbMemory(JSON.stringify(memory))).toEqual(memory);
  });

  it("keeps only the fields it knows, at their limits", () => {
    const stored = {
      ...EMPTY_CRUMB_MEMORY,
      category: { species: "d".repeat(20), label: "Dry", path: "/products/dog/dry", extra: 1 },
      filters: Array.from({ length: 50 }, () => ({ label: "l".repeat(200), to: "/t", extra: true })),
      query: "q".repeat(200),
      extra: "dropped",
    };
    expect(readCrumbMemory(JSON.stringify(stored))).toEqual({
      ...EMPTY_CRUMB_MEMORY,
      category: { species: "d".repeat(20), label: "Dry", path: "/products/dog/dry" },
      filters: Array.from({ length: 50 }, () => ({ label: "l".repeat(200), to: "/t" })),
      query: "q".repeat(200),
    });
  });

  it("reads missing or malformed storage as empty", () => {
    for (const stored of [
      null,
      "",
      "{",
      "null",
      '{"category":1}',
      JSON.stringify({ ...EMPTY_CRUMB_MEMORY, currentPage: "x" }),
      JSON.stringify({ ...EMPTY_CRUMB_MEMORY, crumbClicked: "true" }),
      JSON.stringify({ ...EMPTY_CRUMB_MEMORY, query: "q".repeat(201) }),
      JSON.stringify({ ...EMPTY_CRUMB_MEMORY, filters: [{ label: "Dry" }, { label: 1 }] }),
      JSON.stringify({ ...EMPTY_CRUMB_MEMORY, filters: [{ label: "Dry", to: null }] }),
      JSON.stringify({ ...EMPTY_CRUMB_MEMORY, filters: Array.from({ length: 51 }, () => ({ label: "Dry" })) }),
      JSON.stringify({ ...EMPTY_CRUMB_MEMORY, category: { species: "dog", label: "Dry" } }),
      JSON.stringify({ ...EMPTY_CRUMB_MEMORY, category: { species: "d".repeat(21), label: "Dry", path: "/p" } }),
    ]) {
      expect(readCrumbMemory(stored), String(stored)).toEqual(EMPTY_CRUMB_MEMORY);
    }
  });
});

describe("listing breadcrumbs (shop-core spec section 2)", () => {
  it("home customers: Home, All Products, the species, the category path, the search", () => {
    expect(listingCrumbs("DTC", categoryPage("dog", "dry"))).toEqual([
      { label: "Home", to: "/" },
      { label: "All Products", to: "/products" },
      { label: "Dog", to: "/products/dog" },
      { label: "Dry Food", to: "/products/dog/dry" },
    ]);
    expect(labels(listingCrumbs("DTC", { chips: ["Chicken"], search: "" }))).toEqual([
      "Home",
      "All Products",
      "Search: all products",
    ]);
  });

  it("staff-feeding: 'Catalog' plus the category path and the active filters", () => {
    expect(listingCrumbs("HPSF", { ...categoryPage("dog", "dry"), chips: ["Chicken"] })).toEqual([
      { label: "Catalog", to: "/products" },
      { label: "Dry Food", to: "/products/dog/dry" },
      { label: "Chicken" },
    ]);
  });
});
