// The catalogue's public JSON API (catalogue spec section 7),
// called through the route modules' loaders and actions against the seeded database.
import type { ActionFunctionArgs } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { PAGE_SIZE } from "~/models/listing";
import * as filteredProducts from "~/routes/api.cms.v1[.]0.get-filtered-products";
import * as cmsProducts from "~/routes/api.cms.v1[.]0.get-products";
import * as filtersByHandle from "~/routes/api.ecom.v1[.]0.get-filters-by-handle";
import * as listingProductByHandle from "~/routes/api.ecom.v1[.]0.get-listing-product-by-handle";
import * as listingProductsByHandles from "~/routes/api.ecom.v1[.]0.get-listing-products-by-handles";
import * as productByHandle from "~/routes/api.ecom.v1[.]0.get-product-by-handle";
import * as productsByHandles from "~/routes/api.ecom.v1[.]0.get-products-by-handles";
import * as ordergroove from "~/routes/api.get-ordergroove-product-by-sku";
import { ensureSeeded } from "../helpers/seeded";

type Site = "DTC" | "HPSF";
type Handler = (args: ActionFunctionArgs) => Promise<Response>;
interface Card {
  handle: string;
  brand: string;
}
interface ApiError {
  error: { code: string; message: string; fields?: Record<string, string> };
}

const ORIGIN: Record<Site, string> = { DTC: "http://localhost:3000", HPSF: "http://staff.localhost:3000" };

/** Runs a loader or action; a thrown Response (our error answers) is the answer too. */
async function call(handler: Handler, request: Request): Promise<Response> {
  try {
    return await handler({ request, params: {}, context: {} });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

function post(path: string, body: unknown, site: Site = "DTC", raw = false): Request {
  return new Request(`${ORIGIN[site]}${path}`, {
    method: "POST",
    body: raw ? (body as string) : JSON.stringify(body),
    headers: { "Content-Type": "application/json" },
  });
}

function get(path: string, site: Site = "DTC"): Request {
  return new Request(`${ORIGIN[site]}${path}`);
}

async function postJson<T>(handler: Handler, path: string, body: unknown, site: Site = "DTC") {
  const response = await call(handler, post(path, body, site));
  return { status: response.status, body: (await response.json()) as T };
}

async function handleOf(brand: string): Promise<string> {
  const product = await prisma.product.findFirstOrThrow({
    where: { brand, synthetic: false },
    orderBy: { handle: "asc" },
    select: { handle: true },
  });
  return product.handle;
}

async function skuOf(brand: string): Promise<string> {
  const variant = await prisma.productVariant.findFirstOrThrow({
    where: { product: { brand, synthetic: false } },
    orderBy: { sku: "asc" },
    select: { sku: true },
  });
  return variant.sku;
}

let scienceDiet: string;
let scienceDiet2: string;
let prescriptionDiet: string;
let treats: string;

beforeAll(async () => {
  await ensureSeeded();
  const sd = await prisma.product.findMany({
    where: { brand: "science-diet", synthetic: false },
    orderBy: { handle: "asc" },
    take: 2,
    select: { handle: true },
  });
  [scienceDiet, scienceDiet2] = sd.map((p) => p.handle);
  prescriptionDiet = await handleOf("prescription-diet");
  treats = await handleOf("hills-treats");
});

/** Every POST-only endpoint: path and module. */
const POST_ENDPOINTS = [
  ["/api/ecom/v1.0/get-products-by-handles", productsByHandles],
  ["/api/ecom/v1.0/get-listing-products-by-handles", listingProductsByHandles],
  ["/api/ecom/v1.0/get-listing-product-by-handle", listingProductByHandle],
  ["/api/ecom/v1.0/get-filters-by-handle", filtersByHandle],
  ["/api/cms/v1.0/get-products", cmsProducts],
  ["/api/cms/v1.0/get-filtered-products", filteredProducts],
  ["/api/get-ordergroove-product-by-sku", ordergroove],
] as const;

describe("get-products-by-handles and get-listing-products-by-handles (catalogue spec section 7)", () => {
  for (const [path, route] of POST_ENDPOINTS.slice(0, 2)) {
    it(`${path} answers cards in the given order and skips unknown handles`, async () => {
      const { status, body } = await postJson<{ products: Card[] }>(route.action, path, {
        handles: [scienceDiet2, "no-such-product", scienceDiet],
      });
      expect(status).toBe(200);
      expect(body.products.map((p) => p.handle)).toEqual([scienceDiet2, scienceDiet]);
      const card = body.products[0] as Card & { variant: { sku: string }; variants: unknown[] };
      expect(card.variant.sku).toBeTruthy();
      expect(card.variants.length).toBeGreaterThan(0);
    });

    it(`${path} never answers Prescription Diet on DTC nor Hill's Treats on HPSF`, async () => {
      const handles = [scienceDiet, prescriptionDiet, treats];
      const dtc = await postJson<{ products: Card[] }>(route.action, path, { handles }, "DTC");
      expect(dtc.body.products.map((p) => p.handle)).toEqual([scienceDiet, treats]);
      const hpsf = await postJson<{ products: Card[] }>(route.action, path, { handles }, "HPSF");
      expect(hpsf.body.products.map((p) => p.handle)).toEqual([scienceDiet, prescriptionDiet]);
    });

    it(`${path} rejects an empty or oversized handle list with fields`, async () => {
      const empty = await postJson<ApiError>(route.action, path, { handles: [] });
      expect(empty.status).toBe(400);
      expect(empty.body.error.code).toBe("INVALID_REQUEST");
      expect(empty.body.error.fields).toHaveProperty("handles");
      const many = await postJson<ApiError>(route.action, path, {
        handles: Array.from({ length: 51 }, (_, i) => `h${i}`),
      });
      expect(many.status).toBe(400);
      expect(many.body.error.fields).toHaveProperty("handles");
      const wrong = await postJson<ApiError>(route.action, path, { handles: [scienceDiet, 7] });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error.fields).toHaveProperty(["handles.1"]);
    });
  }
});

describe("GET get-product-by-handle (catalogue spec section 7)", () => {
  const path = "/api/ecom/v1.0/get-product-by-handle";

  it("answers the product with its variants and images", async () => {
    const response = await call(productByHandle.loader, get(`${path}?handle=${scienceDiet}`));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/application\/json/);
    const { product } = await response.json();
    expect(product.handle).toBe(scienceDiet);
    expect(product.variants.length).toBeGreaterThan(0);
    expect(product.variants[0]).toHaveProperty("weightUnit");
  });

  it("is a 404 error for a Prescription Diet product on DTC and a treat on HPSF, found on the other site", async () => {
    for (const [handle, hidden, shown] of [
      [prescriptionDiet, "DTC", "HPSF"],
      [treats, "HPSF", "DTC"],
    ] as const) {
      const missing = await call(productByHandle.loader, get(`${path}?handle=${handle}`, hidden));
      expect(missing.status).toBe(404);
      expect(((await missing.json()) as ApiError).error.code).toBe("NOT_FOUND");
      const found = await call(productByHandle.loader, get(`${path}?handle=${handle}`, shown));
      expect(found.status).toBe(200);
    }
  });

  it("is a 404 error for an unknown handle", async () => {
    const response = await call(productByHandle.loader, get(`${path}?handle=no-such-product`));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { code: "NOT_FOUND", message: 'No product with handle "no-such-product".' },
    });
  });

  it("is a 400 with fields when the handle is missing", async () => {
    const response = await call(productByHandle.loader, get(path));
    expect(response.status).toBe(400);
    const body = (await response.json()) as ApiError;
    expect(body.error.fields).toEqual({ handle: "Required" });
  });

  it("answers POST with 405 and Allow: GET", async () => {
    const response = await call(productByHandle.action, post(path, { handle: scienceDiet }));
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET, HEAD");
    expect(((await response.json()) as ApiError).error.code).toBe("METHOD_NOT_ALLOWED");
  });
});

describe("get-listing-product-by-handle (catalogue spec section 7)", () => {
  const path = "/api/ecom/v1.0/get-listing-product-by-handle";
  const route = listingProductByHandle;

  it("answers the card for a handle", async () => {
    const { status, body } = await postJson<{ product: Card }>(route.action, path, { handle: scienceDiet });
    expect(status).toBe(200);
    expect(body.product).toMatchObject({ handle: scienceDiet, brand: "science-diet" });
  });

  it("is a 404 for Prescription Diet on DTC, treats on HPSF and unknown handles", async () => {
    expect((await postJson(route.action, path, { handle: prescriptionDiet }, "DTC")).status).toBe(404);
    expect((await postJson(route.action, path, { handle: prescriptionDiet }, "HPSF")).status).toBe(200);
    expect((await postJson(route.action, path, { handle: treats }, "HPSF")).status).toBe(404);
    const unknown = await postJson<ApiError>(route.action, path, { handle: "no-such-product" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("NOT_FOUND");
  });

  it("is a 400 with fields when handle is not a string", async () => {
    const { status, body } = await postJson<ApiError>(route.action, path, { handle: ["a"] });
    expect(status).toBe(400);
    expect(body.error.fields?.handle).toMatch(/string/i);
  });
});

interface FiltersAnswer {
  filters: { field: string; label: string; slug: string; options: { label: string; slug: string; count: number }[] }[];
}

describe("get-filters-by-handle (catalogue spec section 7)", () => {
  const path = "/api/ecom/v1.0/get-filters-by-handle";
  const route = filtersByHandle;

  it('answers the site\'s filter groups with per-option counts for "all"', async () => {
    const { status, body } = await postJson<FiltersAnswer>(route.action, path, { handle: "all" });
    expect(status).toBe(200);
    const species = body.filters.find((g) => g.field === "species");
    expect(species).toMatchObject({ label: "Pet Type", slug: "species" });
    const dtcTotal = await prisma.product.count({ where: { soldOnDtc: true } });
    const speciesTotal = species!.options.reduce((sum, o) => sum + o.count, 0);
    expect(speciesTotal).toBe(dtcTotal);
    const dogs = await prisma.product.count({ where: { soldOnDtc: true, species: "dog" } });
    expect(species!.options.find((o) => o.slug === "dog")?.count).toBe(dogs);
  });

  it("never offers Prescription Diet filters on DTC nor treats on HPSF", async () => {
    const dtc = await postJson<FiltersAnswer>(route.action, path, { handle: "all" }, "DTC");
    const dtcSlugs = dtc.body.filters.flatMap((g) => g.options.map((o) => `${g.field}:${o.slug}`));
    expect(dtc.body.filters.some((g) => g.field === "sub_brand_prescription_diet")).toBe(false);
    expect(dtcSlugs).not.toContain("brand:prescription-diet");
    expect(dtcSlugs).toContain("brand:hills-treats");
    const hpsf = await postJson<FiltersAnswer>(route.action, path, { handle: "all" }, "HPSF");
    const hpsfSlugs = hpsf.body.filters.flatMap((g) => g.options.map((o) => `${g.field}:${o.slug}`));
    expect(hpsfSlugs).not.toContain("brand:hills-treats");
    expect(hpsfSlugs).not.toContain("food_form:treats");
    expect(hpsfSlugs).toContain("brand:prescription-diet");
  });

  it("scopes counts to a category path and leaves out the groups the path fixes", async () => {
    const { status, body } = await postJson<FiltersAnswer>(route.action, path, { handle: "dog/dry" });
    expect(status).toBe(200);
    const fields = body.filters.map((g) => g.field);
    expect(fields).not.toContain("species");
    expect(fields).not.toContain("food_form");
    const brand = body.filters.find((g) => g.field === "brand")!;
    const dryDogs = await prisma.product.count({ where: { soldOnDtc: true, species: "dog", foodForm: "dry" } });
    expect(brand.options.reduce((sum, o) => sum + o.count, 0)).toBe(dryDogs);
    // Cat-only options never show on a dog listing.
    const flavors = body.filters.find((g) => g.field === "flavor")!.options.map((o) => o.slug);
    expect(flavors).not.toContain("tuna");
  });

  it("cuts each group's options to limit", async () => {
    const { body } = await postJson<FiltersAnswer>(route.action, path, { handle: "all", limit: 2 });
    expect(body.filters.length).toBeGreaterThan(0);
    for (const group of body.filters) expect(group.options.length).toBeLessThanOrEqual(2);
    expect(body.filters.find((g) => g.field === "flavor")?.options).toHaveLength(2);
  });

  it("is a 404 for an unknown handle or a category the site does not show", async () => {
    const unknown = await postJson<ApiError>(route.action, path, { handle: "fish/dry" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("NOT_FOUND");
    expect((await postJson(route.action, path, { handle: "dog/treats" }, "HPSF")).status).toBe(404);
    expect((await postJson(route.action, path, { handle: "dog/prescription-diet" }, "DTC")).status).toBe(404);
    expect((await postJson(route.action, path, { handle: "dog/prescription-diet" }, "HPSF")).status).toBe(200);
  });

  it("is a 400 with fields for a limit out of range or a missing handle", async () => {
    const limit = await postJson<ApiError>(route.action, path, { handle: "all", limit: 0 });
    expect(limit.status).toBe(400);
    expect(limit.body.error.fields).toHaveProperty("limit");
    const missing = await postJson<ApiError>(route.action, path, { limit: 5 });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toEqual({ handle: "Required" });
  });
});

interface ListingAnswer {
  products: Card[];
  total: number;
  page: number;
  pageCount: number;
  facetCounts: Record<string, Record<string, number>>;
}

describe("cms get-products and get-filtered-products (catalogue spec section 7)", () => {
  for (const [path, route] of POST_ENDPOINTS.slice(4, 6)) {
    it(`${path} answers a first page of 24 with totals and facet counts by default`, async () => {
      const { status, body } = await postJson<ListingAnswer>(route.action, path, {});
      expect(status).toBe(200);
      const total = await prisma.product.count({ where: { soldOnDtc: true } });
      expect(body.total).toBe(total);
      expect(body.page).toBe(1);
      expect(body.products).toHaveLength(Math.min(PAGE_SIZE, total));
      expect(body.pageCount).toBe(Math.ceil(total / PAGE_SIZE));
      expect(body.facetCounts.species.dog).toBeGreaterThan(0);
    });

    it(`${path} filters by group slug, ignores unknown slugs and values, sorts and honours limit`, async () => {
      const { body } = await postJson<ListingAnswer>(route.action, path, {
        filters: {
          "food-form": ["dry", "no-such-value"],
          species: ["cat"],
          "no-such-group": ["x"],
          "price-min": ["999"],
        },
        sort: "price-asc",
        limit: 5,
      });
      const total = await prisma.product.count({ where: { soldOnDtc: true, species: "cat", foodForm: "dry" } });
      expect(body.total).toBe(total);
      expect(body.products).toHaveLength(Math.min(5, total));
      expect(body.pageCount).toBe(Math.ceil(total / 5));
      const rows = await prisma.product.findMany({
        where: { soldOnDtc: true, species: "cat", foodForm: "dry" },
        orderBy: [{ minPriceCents: "asc" }, { title: "asc" }],
        take: 5,
        select: { handle: true },
      });
      expect(body.products.map((p) => p.handle)).toEqual(rows.map((r) => r.handle));
    });

    it(`${path} answers the last page for a page past the end`, async () => {
      const { body } = await postJson<ListingAnswer>(route.action, path, { page: 9999, limit: 10 });
      expect(body.page).toBe(body.pageCount);
      expect(body.products.length).toBeGreaterThan(0);
    });

    it(`${path} never lists Prescription Diet on DTC nor treats on HPSF, and ignores their filters`, async () => {
      const dtc = await postJson<ListingAnswer>(route.action, path, {
        filters: { brand: ["prescription-diet"] },
        limit: 100,
      });
      expect(dtc.body.total).toBe(await prisma.product.count({ where: { soldOnDtc: true } }));
      expect(dtc.body.products.every((p) => p.brand !== "prescription-diet")).toBe(true);
      const hpsf = await postJson<ListingAnswer>(
        route.action,
        path,
        { filters: { brand: ["hills-treats"] }, limit: 100 },
        "HPSF",
      );
      expect(hpsf.body.total).toBe(await prisma.product.count({ where: { soldOnHpsf: true } }));
      expect(hpsf.body.products.every((p) => p.brand !== "hills-treats")).toBe(true);
      const pd = await postJson<ListingAnswer>(
        route.action,
        path,
        { filters: { brand: ["prescription-diet"] } },
        "HPSF",
      );
      expect(pd.body.total).toBeGreaterThan(0);
      expect(pd.body.products.every((p) => p.brand === "prescription-diet")).toBe(true);
    });

    it(`${path} is a 400 with fields for a wrongly typed body`, async () => {
      const { status, body } = await postJson<ApiError>(route.action, path, {
        limit: "x",
        filters: ["dry"],
        page: 0,
        sort: "random",
      });
      expect(status).toBe(400);
      expect(Object.keys(body.error.fields ?? {}).sort()).toEqual(["filters", "limit", "page", "sort"]);
      const values = await postJson<ApiError>(route.action, path, { filters: { species: "dog" } });
      expect(values.status).toBe(400);
      expect(values.body.error.fields).toHaveProperty(["filters.species"]);
      const tooMany = await postJson<ApiError>(route.action, path, { limit: 101 });
      expect(tooMany.body.error.fields).toHaveProperty("limit");
    });
  }
});

describe("get-ordergroove-product-by-sku (catalogue spec section 7)", () => {
  const path = "/api/get-ordergroove-product-by-sku";
  const route = ordergroove;

  it("answers the subscription product for a sku with its selling plans", async () => {
    const sku = await skuOf("science-diet");
    const variant = await prisma.productVariant.findUniqueOrThrow({
      where: { sku },
      select: { priceCents: true, inventory: true, product: { select: { id: true, handle: true } } },
    });
    const { status, body } = await postJson<{ product: Record<string, unknown> }>(route.action, path, { sku });
    expect(status).toBe(200);
    expect(body.product).toMatchObject({
      sku,
      productId: variant.product.id,
      handle: variant.product.handle,
      price: variant.priceCents,
      inStock: variant.inventory > 0,
      autoshipEligible: true,
    });
    expect(body.product.title).toEqual(expect.any(String));
    const plans = await prisma.sellingPlan.findMany({
      orderBy: { position: "asc" },
      select: { id: true, name: true, frequencyDays: true },
    });
    expect(plans.length).toBeGreaterThan(0);
    expect(body.product.sellingPlans).toEqual(plans);
  });

  it("is a 404 for a Prescription Diet sku on DTC, a treats sku on HPSF and an unknown sku", async () => {
    const pdSku = await skuOf("prescription-diet");
    const treatSku = await skuOf("hills-treats");
    expect((await postJson(route.action, path, { sku: pdSku }, "DTC")).status).toBe(404);
    expect((await postJson(route.action, path, { sku: pdSku }, "HPSF")).status).toBe(200);
    expect((await postJson(route.action, path, { sku: treatSku }, "HPSF")).status).toBe(404);
    expect((await postJson(route.action, path, { sku: treatSku }, "DTC")).status).toBe(200);
    const unknown = await postJson<ApiError>(route.action, path, { sku: "NOPE-0000" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("NOT_FOUND");
  });

  it("is a 400 with fields for a missing or non-string sku", async () => {
    const missing = await postJson<ApiError>(route.action, path, {});
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toEqual({ sku: "Required" });
    const number = await postJson<ApiError>(route.action, path, { sku: 12345 });
    expect(number.body.error.fields?.sku).toMatch(/string/i);
  });
});

describe("every POST endpoint's bad input and wrong method (catalogue spec section 7)", () => {
  for (const [path, route] of POST_ENDPOINTS) {
    it(`${path}: malformed JSON is a 400, never a 500`, async () => {
      for (const raw of ["{not json", "handles=a&handles=b"]) {
        const response = await call(route.action, post(path, raw, "DTC", true));
        expect(response.status).toBe(400);
        expect(response.headers.get("Content-Type")).toMatch(/application\/json/);
        const body = (await response.json()) as ApiError;
        expect(body.error.code).toBe("MALFORMED_JSON");
        expect(body.error.message).toEqual(expect.any(String));
      }
    });

    it(`${path}: a body that is not an object is a 400 with fields`, async () => {
      const response = await call(route.action, post(path, [1, 2]));
      expect(response.status).toBe(400);
      const body = (await response.json()) as ApiError;
      expect(body.error.code).toBe("INVALID_REQUEST");
      expect(body.error.fields).toHaveProperty("body");
    });

    it(`${path}: GET and PUT are 405 with Allow: POST`, async () => {
      const viaGet = await call(route.loader, get(path));
      expect(viaGet.status).toBe(405);
      expect(viaGet.headers.get("Allow")).toBe("POST");
      expect(((await viaGet.json()) as ApiError).error.code).toBe("METHOD_NOT_ALLOWED");
      const viaPut = await call(
        route.action,
        new Request(`${ORIGIN.DTC}${path}`, {
          method: "PUT",
          body: "{}",
          headers: { "Content-Type": "application/json" },
        }),
      );
      expect(viaPut.status).toBe(405);
      expect(viaPut.headers.get("Allow")).toBe("POST");
    });
  }

  it("an oversized body is a 413", async () => {
    const huge = JSON.stringify({ handles: ["x".repeat(70_000)] });
    const response = await call(
      productsByHandles.action,
      post("/api/ecom/v1.0/get-products-by-handles", huge, "DTC", true),
    );
    expect(response.status).toBe(413);
    expect(((await response.json()) as ApiError).error.code).toBe("PAYLOAD_TOO_LARGE");
  });
});
