// A catalogue larger than SQLite's bound-parameter limit (32,766): the snapshot
// loads without binding a parameter per product, and the listing, product page,
// search and sitemap answer from it (docs/rules.md "Catalogue at scale").
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// Before the app's modules load: this file's own database, so the other files of
// this worker keep their small catalogue.
const { url } = await vi.hoisted(async () => {
  const { newTestDatabaseUrl } = await import("../helpers/migrations");
  const url = await newTestDatabaseUrl("at_scale");
  process.env.DATABASE_URL = url;
  return { url };
});

import { vi } from "vitest";
import { prisma } from "~/db.server";
import { loader as sitemapXmlLoader } from "~/routes/[sitemap.xml]";
import { loader as productsLoader } from "~/routes/products.$";
import { loader as searchLoader } from "~/routes/search";
import { catalogueSnapshot } from "~/services/commerce/catalogue-snapshot.server";
import { seedDatabase } from "../../prisma/seed/index";
import { callRoute, getRequest } from "../helpers/routes";

/** Above SQLite's default SQLITE_MAX_VARIABLE_NUMBER (32,766). */
const PRODUCTS = 33_000;

beforeAll(async () => {
  await seedDatabase(prisma, { images: false, syntheticProducts: PRODUCTS });
}, 120_000);

afterAll(async () => {
  await prisma.$disconnect();
  if (url.startsWith("file:")) {
    const fs = await import("node:fs");
    for (const suffix of ["", "-wal", "-shm", "-journal"]) fs.rmSync(url.slice(5) + suffix, { force: true });
  }
});

const products = (path: string) =>
  callRoute(productsLoader, getRequest(path), undefined, {
    params: { "*": path.replace(/^\/products\/?/, "").split("?")[0] },
  });

describe("a catalogue above SQLite's bound-parameter limit", () => {
  it("loads the snapshot with every product", async () => {
    const snapshot = await catalogueSnapshot(prisma);
    expect(snapshot.products.filter((p) => p.synthetic)).toHaveLength(PRODUCTS);
    expect(snapshot.byHandle.get(`load-test-formula-${PRODUCTS}`)?.facets.length).toBeGreaterThan(0);
  });

  it("answers a filtered and an unfiltered listing", async () => {
    const filtered = await products("/products/dog?pet-age=adult-dog&flavor=chicken");
    expect(filtered.status).toBe(200);
    const data = await filtered.json();
    expect(data.total).toBeGreaterThan(1000);
    expect((await products("/products/dog")).status).toBe(200);
  });

  it("answers a synthetic product's page", async () => {
    const snapshot = await catalogueSnapshot(prisma);
    const product = snapshot.byHandle.get(`load-test-formula-${PRODUCTS}`)!;
    // A product page is deferred data (its related products stream), not a Response.
    const page = (await products(`/products/${product.detail.variants[0].url}`)) as unknown as {
      data: { kind: string; product: { handle: string } };
    };
    expect(page.data.kind).toBe("product");
    expect(page.data.product.handle).toBe(product.detail.handle);
  });

  it("answers a search and the sitemap", async () => {
    expect((await callRoute(searchLoader, getRequest("/search?search=chicken"))).status).toBe(200);
    const sitemap = await callRoute(sitemapXmlLoader, getRequest("/sitemap.xml"));
    expect(sitemap.status).toBe(200);
  });
});
