import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { PrismaClient } from "~/generated/prisma/client";
import { createCatalogue } from "~/services/commerce/catalogue.server";
import { catalogueSnapshot, FRESHNESS_MS } from "~/services/commerce/catalogue-snapshot.server";
import { searchProducts } from "~/services/search/index.server";
import { seedDatabase } from "../../prisma/seed/index";
import { createTestDatabase } from "../helpers/db";

let db: PrismaClient;
let catalogue: ReturnType<typeof createCatalogue>;

beforeAll(async () => {
  // Only the monotonic clock is faked: the database and its timers run for real.
  vi.useFakeTimers({ toFake: ["performance"] });
  db = (await createTestDatabase()).db;
  await seedDatabase(db, { images: false, syntheticProducts: 0 });
  catalogue = createCatalogue(() => catalogueSnapshot(db));
});

afterAll(async () => {
  vi.useRealTimers();
  await db.$disconnect();
});

/** Moves the clock past the freshness window so the next read checks for changes. */
function letSnapshotAge() {
  vi.advanceTimersByTime(FRESHNESS_MS + 1);
}

describe("catalogue snapshot freshness (no per-product queries, still correct)", () => {
  it("shows a stock change after the freshness window", async () => {
    const product = await catalogue.getProduct("DTC", "adult-dry-dog-food");
    const variant = product!.variants[0];
    await db.productVariant.update({ where: { id: variant.id }, data: { inventory: 0 } });
    letSnapshotAge();
    const after = await catalogue.getProduct("DTC", "adult-dry-dog-food");
    expect(after!.variants[0].inventory).toBe(0);
    const card = (await catalogue.getProductCardsByHandles("DTC", ["adult-dry-dog-food"]))[0];
    expect(card.variant.id).not.toBe(variant.id);
  });

  it("moves a product in the facet index when a variant change changes its facets", async () => {
    const listVenison = async () =>
      (
        await catalogue.listProducts({
          site: "DTC",
          fixed: {},
          state: { filters: { flavor: ["venison"] }, price: {}, sort: "featured", page: 1 },
        })
      ).products.map((p) => p.handle);
    expect(await listVenison()).not.toContain("adult-dry-dog-food");
    const product = await catalogue.getProduct("DTC", "adult-dry-dog-food");
    await db.productVariant.update({ where: { id: product!.variants[0].id }, data: { flavor: "Venison" } });
    letSnapshotAge();
    expect(await listVenison()).toContain("adult-dry-dog-food");
  });

  it("patches a product whose own row changed (a review's rating figures, its title) without reloading the catalogue", async () => {
    const product = await db.product.findUniqueOrThrow({ where: { handle: "adult-dry-dog-food" } });
    const before = await catalogueSnapshot(db);
    const [other] = before.products.filter((p) => p.detail.id !== product.id);
    await db.product.update({
      where: { id: product.id },
      data: { ratingCount: 4, ratingSum: 17, title: "Adult Dry Dog Food Renamed" },
    });
    letSnapshotAge();
    const card = (await catalogue.getProductCardsByHandles("DTC", ["adult-dry-dog-food"]))[0];
    expect(card.rating).toEqual({ average: 4.3, count: 4 });
    expect(card.title).toBe("Adult Dry Dog Food Renamed");
    // Patched, not reloaded: every other product is the very object the snapshot held.
    const after = await catalogueSnapshot(db);
    expect(after.byId.get(other.detail.id)).toBe(other);
    // The product's text feeds the search index, which follows.
    expect((await searchProducts("DTC", "renamed", db)).size).toBe(1);
  });

  it("picks up a new product and its facets", async () => {
    await seedDatabase(db, { images: false, syntheticProducts: 3 });
    letSnapshotAge();
    const cards = await catalogue.getProductCardsByHandles("DTC", ["load-test-formula-1", "load-test-formula-3"]);
    expect(cards.map((c) => c.handle)).toEqual(["load-test-formula-1", "load-test-formula-3"]);
    const search = await searchProducts("DTC", "load test formula", db);
    expect(search.size).toBe(3);
  });

  it("searches and lists thousands of matches without passing ids to SQL", async () => {
    await seedDatabase(db, { images: false, syntheticProducts: 2500 });
    letSnapshotAge();
    const relevance = await searchProducts("DTC", "chicken", db);
    expect(relevance.size).toBeGreaterThan(1000);
    const result = await catalogue.listProducts({
      site: "DTC",
      fixed: {},
      state: { filters: { species: ["dog"] }, price: {}, sort: "relevance", page: 1 },
      relevance,
    });
    expect(result.total).toBeGreaterThan(500);
    expect(result.products).toHaveLength(24);
    expect(result.facetCounts.species.dog).toBe(result.total);
    // Seeding 2,500 synthetic products alone takes 10 to 30 s on a loaded 2-core machine.
  }, 90_000);
});
