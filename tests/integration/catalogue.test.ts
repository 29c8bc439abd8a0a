import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import type { FacetSelection, ListingState } from "~/models/listing";
import { commerce } from "~/services/commerce/index.server";
import { loadProductPage } from "~/services/storefront/product-page.server";
import { normalizeSearchTerm, searchProducts } from "~/services/search/index.server";
import { ensureSeeded } from "../helpers/seeded";

beforeAll(ensureSeeded);

const state = (filters: FacetSelection = {}, extra: Partial<ListingState> = {}): ListingState => ({
  filters,
  price: {},
  sort: "featured",
  page: 1,
  ...extra,
});

/** Products of a site matching a selection, computed the slow obvious way. */
async function bruteForce(site: "DTC" | "HPSF", selection: FacetSelection) {
  const products = await prisma.product.findMany({
    where: site === "DTC" ? { soldOnDtc: true } : { soldOnHpsf: true },
    select: { id: true, facets: { select: { group: true, value: true } } },
  });
  return products.filter((p) =>
    Object.entries(selection).every(([group, values]) =>
      p.facets.some((f) => f.group === group && values.includes(f.value)),
    ),
  );
}

describe("listing queries (catalogue spec section 3)", () => {
  it("ORs options within a group and ANDs across groups", async () => {
    const selection = { flavor: ["chicken", "beef"], lifestage: ["adult-dog"] };
    const result = await commerce.listProducts({ site: "DTC", fixed: { species: ["dog"] }, state: state(selection) });
    const expected = await bruteForce("DTC", { ...selection, species: ["dog"] });
    expect(result.total).toBe(expected.length);
    expect(result.total).toBeGreaterThan(0);
  });

  it("counts, for each option, the products it would give (other groups' filters applied)", async () => {
    const fixed = { species: ["dog"] };
    const selection = { flavor: ["chicken"] };
    const result = await commerce.listProducts({ site: "DTC", fixed, state: state(selection) });
    // An option of another group: counts with every active filter plus that option.
    expect(result.facetCounts.lifestage["puppy"]).toBe(
      (await bruteForce("DTC", { ...fixed, ...selection, lifestage: ["puppy"] })).length,
    );
    // An option of the active group: counts without that group's own filter (OR within a group).
    expect(result.facetCounts.flavor["beef"]).toBe((await bruteForce("DTC", { ...fixed, flavor: ["beef"] })).length);
    expect(result.facetCounts.flavor["chicken"]).toBe(result.total);
  });

  it("never lists Prescription Diet on DTC or Hill's Treats on HPSF", async () => {
    const dtc = await commerce.listProducts({ site: "DTC", fixed: {}, state: state({}, { sort: "name" }) });
    expect(dtc.facetCounts.brand["prescription-diet"]).toBeUndefined();
    const allDtc = await prisma.product.count({ where: { soldOnDtc: true } });
    expect(dtc.total).toBe(allDtc);
    const hpsf = await commerce.listProducts({ site: "HPSF", fixed: {}, state: state() });
    expect(hpsf.facetCounts.brand["hills-treats"]).toBeUndefined();
    expect(hpsf.facetCounts.brand["prescription-diet"]).toBeGreaterThan(0);
  });

  it("sorts by price, name and newest", async () => {
    const prices = await commerce.listProducts({ site: "DTC", fixed: {}, state: state({}, { sort: "price-asc" }) });
    const low = prices.products.map((p) => Math.min(...p.variants.map((v) => v.priceCents!)));
    expect(low).toEqual([...low].sort((a, b) => a - b));
    const high = await commerce.listProducts({ site: "DTC", fixed: {}, state: state({}, { sort: "price-desc" }) });
    const highPrices = high.products.map((p) => Math.min(...p.variants.map((v) => v.priceCents!)));
    expect(highPrices).toEqual([...highPrices].sort((a, b) => b - a));
    const names = await commerce.listProducts({ site: "DTC", fixed: {}, state: state({}, { sort: "name" }) });
    const titles = names.products.map((p) => p.title);
    expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it("pages by 24 and shows the last page for a page past the end", async () => {
    const first = await commerce.listProducts({ site: "DTC", fixed: {}, state: state() });
    expect(first.products).toHaveLength(24);
    const past = await commerce.listProducts({ site: "DTC", fixed: {}, state: state({}, { page: 999 }) });
    expect(past.page).toBe(first.pageCount);
    expect(past.products.length).toBe(first.total - (first.pageCount - 1) * 24);
  });

  it("filters by a price range on the lowest variant price", async () => {
    const result = await commerce.listProducts({
      site: "DTC",
      fixed: {},
      state: state({}, { price: { minCents: 2000, maxCents: 2500 } }),
    });
    expect(result.total).toBeGreaterThan(0);
    for (const product of result.products) {
      const min = Math.min(...product.variants.map((v) => v.priceCents!));
      expect(min).toBeGreaterThanOrEqual(2000);
      expect(min).toBeLessThanOrEqual(2500);
    }
  });
});

describe("search", () => {
  it("uses at most 100 characters of a term, trimmed and single-spaced, never refusing a longer one", () => {
    expect(normalizeSearchTerm("  dry \n  dog   food ")).toBe("dry dog food");
    expect(normalizeSearchTerm("a".repeat(100))).toBe("a".repeat(100));
    expect(normalizeSearchTerm("a".repeat(101))).toBe("a".repeat(100));
    expect(normalizeSearchTerm(null)).toBe("");
  });

  it("tolerates typos: 'chiken' finds chicken", async () => {
    const matches = await searchProducts("DTC", "chiken");
    expect(matches.size).toBeGreaterThan(5);
    const titles = await prisma.product.findMany({
      where: { id: { in: [...matches.keys()] } },
      select: { title: true },
    });
    expect(titles.some((t) => t.title.includes("Chicken"))).toBe(true);
  });

  it("ranks title matches first and respects the site", async () => {
    const dtc = await searchProducts("DTC", "kidney");
    expect(dtc.size).toBe(0);
    const hpsf = await searchProducts("HPSF", "kidney care");
    const result = await commerce.listProducts({
      site: "HPSF",
      fixed: {},
      state: state({}, { sort: "relevance" }),
      relevance: hpsf,
    });
    expect(result.products[0].title).toMatch(/Kidney Care/);
  });

  it("searches flavor, life stage and health conditions", async () => {
    for (const term of ["salmon", "senior", "weight management", "urinary"]) {
      expect((await searchProducts("DTC", term)).size, term).toBeGreaterThan(0);
    }
    expect((await searchProducts("DTC", "qwzx")).size).toBe(0);
  });
});

describe("product page loading (catalogue spec section 2)", () => {
  it("loads both URL shapes and picks the variant from the segments", async () => {
    const variant = await prisma.productVariant.findFirstOrThrow({
      where: { product: { brand: "science-diet", soldOnDtc: true }, inventory: { gt: 0 } },
      select: { url: true, sku: true, product: { select: { handle: true } } },
    });
    const [brand, handle, flavor, size] = variant.url.split("/");
    const page = await loadProductPage({ site: "DTC", brand, handle, flavor, size });
    expect(page?.variant.url).toBe(variant.url);
    expect(page?.canonicalPath).toBe(`/products/${variant.url}`);
    expect(await loadProductPage({ site: "DTC", handle: variant.product.handle, sku: variant.sku })).toMatchObject({
      variant: { sku: variant.sku },
    });
    expect(await loadProductPage({ site: "DTC", brand: "hills-treats", handle, flavor, size })).toBeNull();
  });

  it("hides Prescription Diet products from the consumer site", async () => {
    const pd = await prisma.product.findFirstOrThrow({
      where: { brand: "prescription-diet" },
      select: { handle: true },
    });
    expect(await loadProductPage({ site: "DTC", handle: pd.handle })).toBeNull();
    expect(await loadProductPage({ site: "HPSF", handle: pd.handle })).not.toBeNull();
  });

  it("links every option value to a variant that keeps the other options", async () => {
    const product = await prisma.product.findFirstOrThrow({
      where: { handle: "adult-dry-dog-food" },
      select: { handle: true },
    });
    const page = await loadProductPage({ site: "DTC", handle: product.handle, sku: "SD00402" });
    const size = page?.options.find((o) => o.name === "Size");
    expect(size?.values.map((v) => v.value)).toEqual(["4 lb bag", "15.5 lb bag", "30 lb bag"]);
    expect(size?.values.find((v) => v.selected)?.value).toBe("15.5 lb bag");
    // Switching size keeps the flavor (Chicken & Barley).
    expect(size?.values.every((v) => v.path.includes("/chicken-barley/"))).toBe(true);
  });
});
