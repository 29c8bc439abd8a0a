// The catalogue held in process memory: every product with its variants, images
// and facets, plus a FacetIndex over them. Listings, product pages and search
// read it instead of querying per request. It stays fresh by comparing cheap
// version figures (row counts and newest updatedAt) at most every FRESHNESS_MS:
// changed variants (stock, price) patch just their products; a changed product
// set rebuilds the whole snapshot.
import type { Prisma, PrismaClient } from "~/generated/prisma/client";
import { FacetIndex } from "~/models/facet-index";
import type { Facet } from "~/models/facets";
import { splitTags, type ProductCardData, type ProductDetail } from "~/models/product";
import { FRESHNESS_MS, type Freshness } from "~/services/freshness/index.server";
import { logger } from "~/services/observability/index.server";

/** How stale the snapshot may be (stock shown on listings; checkout re-checks stock): FRESHNESS_MS. */
export { FRESHNESS_MS };
/** Ids per `IN (...)` query, below SQLite's bound-parameter limit. */
const ID_CHUNK = 500;

const productSelect = {
  id: true,
  handle: true,
  title: true,
  description: true,
  brand: true,
  productType: true,
  species: true,
  lifestage: true,
  foodForm: true,
  autoshipEligible: true,
  soldOnDtc: true,
  soldOnHpsf: true,
  minPriceCents: true,
  featuredRank: true,
  synthetic: true,
  publishedAt: true,
  images: {
    orderBy: { position: "asc" },
    select: { url: true, alt: true, width: true, height: true, variantId: true },
  },
  variants: {
    orderBy: { position: "asc" },
    select: {
      id: true,
      sku: true,
      title: true,
      url: true,
      size: true,
      flavor: true,
      productForm: true,
      packType: true,
      weightValue: true,
      weightUnit: true,
      priceCents: true,
      compareAtPriceCents: true,
      inventory: true,
      badgeTags: true,
    },
  },
  facets: { select: { group: true, value: true } },
} as const satisfies Prisma.ProductSelect;

type ProductRow = Prisma.ProductGetPayload<{ select: typeof productSelect }>;

/** One product as the snapshot keeps it. */
export interface CatalogueProduct {
  detail: ProductDetail;
  card: ProductCardData;
  soldOnDtc: boolean;
  soldOnHpsf: boolean;
  synthetic: boolean;
  featuredRank: number | null;
  minPriceCents: number;
  publishedAt: number;
  facets: Facet[];
}

export interface CatalogueSnapshot {
  products: CatalogueProduct[];
  index: FacetIndex;
  byId: Map<string, CatalogueProduct>;
  byHandle: Map<string, CatalogueProduct>;
  bySku: Map<string, { product: CatalogueProduct; variantId: string }>;
  sellingPlans: { id: string; name: string; frequencyDays: number }[];
  /** Bumped when product text or the product set changes (search re-indexes then). */
  productsVersion: number;
}

function toProduct(row: ProductRow): CatalogueProduct | null {
  if (row.variants.length === 0) return null;
  const variants = row.variants.map((v) => ({ ...v, badgeTags: splitTags(v.badgeTags) }));
  const detail: ProductDetail = {
    id: row.id,
    handle: row.handle,
    title: row.title,
    description: row.description,
    brand: row.brand,
    productType: row.productType,
    species: row.species,
    lifestage: row.lifestage,
    foodForm: row.foodForm,
    autoshipEligible: row.autoshipEligible,
    images: row.images,
    variants,
  };
  const summaries = variants.map(({ title: _t, packType: _p, weightValue: _w, weightUnit: _u, ...summary }) => summary);
  const firstImage = row.images.find((image) => image.variantId === null) ?? row.images[0];
  // The card shares the detail's product fields and adds what a grid shows.
  const { species: _s, lifestage: _l, foodForm: _f, images: _i, variants: _v, ...shared } = detail;
  const card: ProductCardData = {
    ...shared,
    image: firstImage
      ? { url: firstImage.url, alt: firstImage.alt, width: firstImage.width, height: firstImage.height }
      : null,
    variant: summaries.find((v) => v.inventory > 0) ?? summaries[0],
    variants: summaries,
  };
  return {
    detail,
    card,
    soldOnDtc: row.soldOnDtc,
    soldOnHpsf: row.soldOnHpsf,
    synthetic: row.synthetic,
    featuredRank: row.featuredRank,
    minPriceCents: row.minPriceCents,
    publishedAt: row.publishedAt.getTime(),
    facets: row.facets,
  };
}

function assemble(
  products: CatalogueProduct[],
  sellingPlans: CatalogueSnapshot["sellingPlans"],
  productsVersion: number,
): CatalogueSnapshot {
  const index = new FacetIndex(
    products.map((p) => ({
      id: p.detail.id,
      dtc: p.soldOnDtc,
      hpsf: p.soldOnHpsf,
      facets: p.facets,
      minPriceCents: p.minPriceCents,
      featuredRank: p.featuredRank,
      title: p.detail.title,
      publishedAt: p.publishedAt,
    })),
  );
  const bySku = new Map<string, { product: CatalogueProduct; variantId: string }>();
  for (const product of products) {
    for (const variant of product.detail.variants) bySku.set(variant.sku, { product, variantId: variant.id });
  }
  return {
    products,
    index,
    byId: new Map(products.map((p) => [p.detail.id, p])),
    byHandle: new Map(products.map((p) => [p.detail.handle, p])),
    bySku,
    sellingPlans,
    productsVersion,
  };
}

interface Versions {
  products: number;
  productsUpdated: number;
  variants: number;
  variantsUpdated: number;
  sellingPlans: number;
}

async function readVersions(db: PrismaClient): Promise<Versions> {
  const [products, variants, sellingPlans] = await Promise.all([
    db.product.aggregate({ _count: { _all: true }, _max: { updatedAt: true } }),
    db.productVariant.aggregate({ _count: { _all: true }, _max: { updatedAt: true } }),
    db.sellingPlan.count(),
  ]);
  return {
    products: products._count._all,
    productsUpdated: products._max.updatedAt?.getTime() ?? 0,
    variants: variants._count._all,
    variantsUpdated: variants._max.updatedAt?.getTime() ?? 0,
    sellingPlans,
  };
}

async function loadProducts(db: PrismaClient, ids?: string[]): Promise<CatalogueProduct[]> {
  const rows: ProductRow[] = [];
  if (ids) {
    for (let i = 0; i < ids.length; i += ID_CHUNK) {
      rows.push(
        ...(await db.product.findMany({ where: { id: { in: ids.slice(i, i + ID_CHUNK) } }, select: productSelect })),
      );
    }
  } else {
    rows.push(...(await db.product.findMany({ select: productSelect })));
  }
  return rows.flatMap((row) => toProduct(row) ?? []);
}

const loadSellingPlans = (db: PrismaClient) =>
  db.sellingPlan.findMany({ orderBy: { position: "asc" }, select: { id: true, name: true, frequencyDays: true } });

interface State {
  snapshot: Promise<CatalogueSnapshot>;
  versions: Versions | null;
  checkedAt: number;
  checking: Promise<void> | null;
}

const states = new WeakMap<PrismaClient, State>();
let versionCounter = 0;

async function build(db: PrismaClient, state: State): Promise<CatalogueSnapshot> {
  const versions = await readVersions(db);
  const [products, plans] = await Promise.all([loadProducts(db), loadSellingPlans(db)]);
  state.versions = versions;
  return assemble(products, plans, ++versionCounter);
}

async function refresh(db: PrismaClient, state: State): Promise<void> {
  const previous = state.versions;
  const next = await readVersions(db);
  if (
    previous &&
    next.products === previous.products &&
    next.productsUpdated === previous.productsUpdated &&
    next.variants === previous.variants &&
    next.sellingPlans === previous.sellingPlans
  ) {
    if (next.variantsUpdated === previous.variantsUpdated) return;
    // Only variants changed (stock, price, tags): reload just their products.
    const changed = await db.productVariant.findMany({
      where: { updatedAt: { gt: new Date(previous.variantsUpdated) } },
      select: { productId: true },
      distinct: ["productId"],
    });
    const current = await state.snapshot;
    const patched = new Map(
      (
        await loadProducts(
          db,
          changed.map((c) => c.productId),
        )
      ).map((p) => [p.detail.id, p]),
    );
    const products = current.products.map((p) => patched.get(p.detail.id) ?? p);
    state.snapshot = Promise.resolve(assemble(products, current.sellingPlans, current.productsVersion));
    state.versions = next;
    return;
  }
  const rebuilt = build(db, state);
  await rebuilt;
  state.snapshot = rebuilt;
}

/**
 * The current catalogue snapshot for a database. The first call loads it; later
 * calls return it at once and, at most every FRESHNESS_MS, check for changes.
 */
export async function catalogueSnapshot(db: PrismaClient): Promise<CatalogueSnapshot> {
  let state = states.get(db);
  if (!state) {
    state = { snapshot: Promise.resolve(null as never), versions: null, checkedAt: performance.now(), checking: null };
    state.snapshot = build(db, state);
    const failed = state.snapshot.catch(() => states.delete(db));
    void failed;
    states.set(db, state);
    return state.snapshot;
  }
  // A monotonic clock: a wall-clock step backwards must not stop the checks.
  if (!state.checking && performance.now() - state.checkedAt >= FRESHNESS_MS) {
    // Wait for the check so that a change is visible to the request that found it.
    await check(db, state);
  }
  return state.snapshot;
}

function check(db: PrismaClient, state: State): Promise<void> {
  state.checkedAt = performance.now();
  state.checking = refresh(db, state)
    .catch((error) => logger().error({ err: error }, "Catalogue snapshot refresh failed; serving the previous one"))
    .finally(() => {
      state.checking = null;
    });
  return state.checking;
}

/** The catalogue's version figures as one string (what the freshness poll compares). */
const catalogueVersion = async (db: PrismaClient) => JSON.stringify(await readVersions(db));

/**
 * Every process's snapshot follows changes made by any process (docs/rules.md "Processes"):
 * the catalogue's figures are a freshness source, and when they move, a loaded snapshot is
 * reloaded before the public data version changes.
 */
export function followCatalogueVersion(freshness: Freshness, db: PrismaClient): void {
  freshness.register("catalogue", () => catalogueVersion(db));
  freshness.onChange(async (changed) => {
    const state = states.get(db);
    if (!changed.includes("catalogue") || !state) return;
    await state.snapshot;
    if (state.checking) await state.checking;
    await check(db, state);
  });
}
