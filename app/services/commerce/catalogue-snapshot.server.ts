// The catalogue held in process memory: every product with its variants, images
// and facets, plus a FacetIndex over them. Listings, product pages and search
// read it instead of querying per request. It stays fresh by comparing cheap
// version figures (row counts and newest updatedAt) at most every FRESHNESS_MS:
// changed variants (stock, price) and changed products (a review's rating figures, text)
// patch just their products; a changed product set rebuilds the whole snapshot.
import { Prisma, type PrismaClient } from "~/generated/prisma/client";
import { FacetIndex, type IndexedItem } from "~/models/facet-index";
import { productFacets, type Facet } from "~/models/facets";
import {
  imagesForVariant,
  splitTags,
  type ProductCardData,
  type ProductDetail,
  type ProductImageData,
  type ProductVariantDetail,
  type VariantSummary,
} from "~/models/product";
import { parseNutrition } from "~/models/nutrition";
import { ratingOf } from "~/models/reviews";
import { FRESHNESS_MS, type Freshness } from "~/services/freshness/index.server";
import { logger } from "~/services/observability/index.server";

/** How stale the snapshot may be (stock shown on listings; checkout re-checks stock): FRESHNESS_MS. */
export { FRESHNESS_MS };
/** Ids per `IN (...)` query, far below SQLite's bound-parameter limit (docs/rules.md "Catalogue at scale"). */
const ID_CHUNK = 500;

// One plain query per table, joined in memory (docs/decisions.md "Catalogue snapshot at scale"):
// no query binds a parameter per product, and raw rows skip the ORM's per-row mapping,
// which costs several times the read itself at 50,000 products. Double-quoted
// identifiers and bound parameters only, so the same SQL runs on SQLite and PostgreSQL.
const PRODUCT_COLUMNS = Prisma.raw(
  '"id", "handle", "title", "description", "brand", "productType", "species", "lifestage", "breedSize", ' +
    '"foodForm", "subBrand", "healthConditions", "autoshipEligible", "soldOnDtc", "soldOnHpsf", ' +
    '"minPriceCents", "featuredRank", "ratingCount", "ratingSum", "synthetic", "publishedAt", "updatedAt", "nutrition", ' +
    '"seoTitle", "seoDescription"',
);
const VARIANT_COLUMNS = Prisma.raw(
  '"productId", "position", "id", "sku", "title", "url", "size", "flavor", "productForm", "packType", ' +
    '"weightValue", "weightUnit", "priceCents", "compareAtPriceCents", "inventory", "badgeTags"',
);
const IMAGE_COLUMNS = Prisma.raw('"productId", "position", "url", "alt", "width", "height", "variantId"');

export interface ProductRow {
  id: string;
  handle: string;
  title: string;
  description: string;
  brand: string;
  productType: string;
  species: string;
  lifestage: string;
  breedSize: string | null;
  foodForm: string;
  subBrand: string | null;
  healthConditions: string;
  autoshipEligible: boolean | number;
  soldOnDtc: boolean | number;
  soldOnHpsf: boolean | number;
  minPriceCents: number;
  featuredRank: number | null;
  ratingCount: number;
  ratingSum: number;
  synthetic: boolean | number;
  publishedAt: Date | string | number;
  updatedAt: Date | string | number;
  nutrition: string | null;
  seoTitle?: string | null;
  seoDescription?: string | null;
}

export interface VariantRow {
  productId: string;
  position: number;
  id: string;
  sku: string;
  title: string;
  url: string;
  size: string;
  flavor: string;
  productForm: string;
  packType: string;
  weightValue: number;
  weightUnit: string;
  priceCents: number;
  compareAtPriceCents: number | null;
  inventory: number;
  badgeTags: string;
}

export interface ImageRow {
  productId: string;
  position: number;
  url: string;
  alt: string;
  width: number;
  height: number;
  variantId: string | null;
}

// Drivers differ in how raw rows carry booleans and dates (SQLite: 0/1 and epoch
// milliseconds or ISO text without the adapter's column types; PostgreSQL: booleans and Dates).
const bool = (value: boolean | number) => value === true || value === 1;
const millis = (value: Date | string | number) => (value instanceof Date ? value : new Date(value)).getTime();

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
  /** The product row's last change (sitemap lastmod). */
  updatedAt: number;
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

const byPosition = (a: { position: number }, b: { position: number }) => a.position - b.position;

// Objects are built field by field in the order the rows name them (no rest/spread copies):
// at 50,000 products the snapshot's assembly and its garbage cost more than the queries
// (docs/decisions.md "Speed"). Key order is what callers' JSON has always shown.
function variantOf(v: VariantRow): ProductVariantDetail {
  return {
    id: v.id,
    sku: v.sku,
    title: v.title,
    url: v.url,
    size: v.size,
    flavor: v.flavor,
    productForm: v.productForm,
    packType: v.packType,
    weightValue: v.weightValue,
    weightUnit: v.weightUnit,
    priceCents: v.priceCents,
    compareAtPriceCents: v.compareAtPriceCents,
    inventory: v.inventory,
    badgeTags: v.badgeTags === "" ? [] : splitTags(v.badgeTags),
  };
}

function summaryOf(v: ProductVariantDetail): VariantSummary {
  return {
    id: v.id,
    sku: v.sku,
    url: v.url,
    size: v.size,
    flavor: v.flavor,
    productForm: v.productForm,
    priceCents: v.priceCents,
    compareAtPriceCents: v.compareAtPriceCents,
    inventory: v.inventory,
    badgeTags: v.badgeTags,
    weightValue: v.weightValue,
    weightUnit: v.weightUnit,
  };
}

const imageOf = (image: ImageRow): ProductImageData => ({
  url: image.url,
  alt: image.alt,
  width: image.width,
  height: image.height,
  variantId: image.variantId,
});

export function toProduct(row: ProductRow, variantRows: VariantRow[], imageRows: ImageRow[]): CatalogueProduct | null {
  if (variantRows.length === 0) return null;
  if (variantRows.length > 1) variantRows.sort(byPosition);
  if (imageRows.length > 1) imageRows.sort(byPosition);
  const variants = variantRows.map(variantOf);
  const images = imageRows.map(imageOf);
  const autoshipEligible = bool(row.autoshipEligible);
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
    autoshipEligible,
    images,
    variants,
    // Parsed only where a product states it (synthetic load-test products do not), so the
    // snapshot's assembly at scale stays as it was (docs/decisions.md "Nutrition facts").
    nutrition: row.nutrition === null ? null : parseNutrition(row.nutrition),
    // The merchandiser's search title and description (docs/rules.md "Back office: catalogue").
    seoTitle: row.seoTitle ?? null,
    seoDescription: row.seoDescription ?? null,
  };
  const summaries = variants.map(summaryOf);
  const cardVariant = summaries.find((v) => v.inventory > 0) ?? summaries[0];
  // The card shows its variant's picture (the one its price and link are for).
  const [firstImage] = imagesForVariant(images, cardVariant.id);
  // The card shares the detail's product fields and adds what a grid shows.
  const card: ProductCardData = {
    id: row.id,
    handle: row.handle,
    title: row.title,
    description: row.description,
    brand: row.brand,
    productType: row.productType,
    autoshipEligible,
    image: firstImage
      ? { url: firstImage.url, alt: firstImage.alt, width: firstImage.width, height: firstImage.height }
      : null,
    variant: cardVariant,
    variants: summaries,
    rating: ratingOf(Number(row.ratingCount), Number(row.ratingSum)),
  };
  return {
    detail,
    card,
    soldOnDtc: bool(row.soldOnDtc),
    soldOnHpsf: bool(row.soldOnHpsf),
    synthetic: bool(row.synthetic),
    featuredRank: row.featuredRank,
    minPriceCents: row.minPriceCents,
    publishedAt: millis(row.publishedAt),
    updatedAt: millis(row.updatedAt),
    // Derived here by the one owner of the facet rule (the ProductFacet rows are written from
    // the same function), which spares reading ten rows per product.
    facets: facetsOf(row, variantRows),
  };
}

// Many products share one facet set (a product line in several sizes, synthetic
// catalogues): each distinct set is computed and kept once per load.
let facetSets = new Map<string, Facet[]>();

function facetsOf(row: ProductRow, variants: readonly VariantRow[]): Facet[] {
  let key = `${row.species}|${row.brand}|${row.lifestage}|${row.breedSize}|${row.foodForm}|${row.subBrand}|${row.healthConditions}`;
  for (const v of variants) key += `|${v.flavor}\u0000${v.packType}\u0000${v.weightUnit}`;
  let facets = facetSets.get(key);
  if (!facets) facetSets.set(key, (facets = productFacets({ ...row, variants })));
  return facets;
}

function indexedItem(p: CatalogueProduct): IndexedItem {
  return {
    id: p.detail.id,
    dtc: p.soldOnDtc,
    hpsf: p.soldOnHpsf,
    facets: p.facets,
    minPriceCents: p.minPriceCents,
    featuredRank: p.featuredRank,
    title: p.detail.title,
    publishedAt: p.publishedAt,
  };
}

/** Whether two versions of a product sit in the same places of the facet index. */
function sameIndexEntry(a: CatalogueProduct, b: CatalogueProduct): boolean {
  const x = indexedItem(a);
  const y = indexedItem(b);
  return (
    x.dtc === y.dtc &&
    x.hpsf === y.hpsf &&
    x.minPriceCents === y.minPriceCents &&
    x.featuredRank === y.featuredRank &&
    x.title === y.title &&
    x.publishedAt === y.publishedAt &&
    x.facets.length === y.facets.length &&
    x.facets.every((f, i) => f.group === y.facets[i].group && f.value === y.facets[i].value)
  );
}

export function assemble(
  products: CatalogueProduct[],
  sellingPlans: CatalogueSnapshot["sellingPlans"],
  productsVersion: number,
): CatalogueSnapshot {
  const index = new FacetIndex(products.map(indexedItem));
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
  /** The `catalogue` DataVersion, bumped by the back office's edits in their transaction. */
  edits: number;
}

interface VersionsRow {
  products: number | bigint;
  productsUpdated: Date | string | number | null;
  variants: number | bigint;
  variantsUpdated: Date | string | number | null;
  sellingPlans: number | bigint;
  edits: number | bigint | null;
}

// One statement of scalar subqueries, each a lookup the database answers from an index
// (COUNT(*) alone, MAX of the indexed updatedAt alone): about 1 ms at 50,000 products, where
// the ORM's count-and-max aggregates scanned every row (about 47 ms of CPU every check).
// Plain SQL both databases run (docs/decisions.md "Speed").
const VERSIONS_SQL = Prisma.sql`SELECT
  (SELECT COUNT(*) FROM "Product") AS "products",
  (SELECT MAX("updatedAt") FROM "Product") AS "productsUpdated",
  (SELECT COUNT(*) FROM "ProductVariant") AS "variants",
  (SELECT MAX("updatedAt") FROM "ProductVariant") AS "variantsUpdated",
  (SELECT COUNT(*) FROM "SellingPlan") AS "sellingPlans",
  (SELECT "version" FROM "DataVersion" WHERE "scope" = 'catalogue') AS "edits"`;

async function readVersions(db: PrismaClient): Promise<Versions> {
  const [row] = await db.$queryRaw<VersionsRow[]>(VERSIONS_SQL);
  return {
    products: Number(row.products),
    productsUpdated: row.productsUpdated === null ? 0 : millis(row.productsUpdated),
    variants: Number(row.variants),
    variantsUpdated: row.variantsUpdated === null ? 0 : millis(row.variantsUpdated),
    sellingPlans: Number(row.sellingPlans),
    edits: row.edits === null ? 0 : Number(row.edits),
  };
}

function groupBy<T extends { productId: string }>(rows: T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(row.productId);
    if (group) group.push(row);
    else groups.set(row.productId, [row]);
  }
  return groups;
}

/** Every product (no ids), or the given ones in chunks of ID_CHUNK: one query per table and chunk. */
async function loadProducts(db: PrismaClient, ids?: readonly string[]): Promise<CatalogueProduct[]> {
  let productRows: ProductRow[] = [];
  let variantRows: VariantRow[] = [];
  let imageRows: ImageRow[] = [];
  // concat, not push(...rows): a spread of 100,000 arguments overflows the stack.
  const read = async (products: Prisma.Sql, variants: Prisma.Sql, images: Prisma.Sql) => {
    productRows = productRows.concat(await db.$queryRaw<ProductRow[]>(products));
    variantRows = variantRows.concat(await db.$queryRaw<VariantRow[]>(variants));
    imageRows = imageRows.concat(await db.$queryRaw<ImageRow[]>(images));
  };
  if (ids) {
    for (let i = 0; i < ids.length; i += ID_CHUNK) {
      const list = Prisma.join(ids.slice(i, i + ID_CHUNK));
      await read(
        Prisma.sql`SELECT ${PRODUCT_COLUMNS} FROM "Product" WHERE "id" IN (${list})`,
        Prisma.sql`SELECT ${VARIANT_COLUMNS} FROM "ProductVariant" WHERE "productId" IN (${list})`,
        Prisma.sql`SELECT ${IMAGE_COLUMNS} FROM "ProductImage" WHERE "productId" IN (${list})`,
      );
    }
  } else {
    // Ordered by id so that both databases list equal sort keys the same way.
    await read(
      Prisma.sql`SELECT ${PRODUCT_COLUMNS} FROM "Product" ORDER BY "id"`,
      Prisma.sql`SELECT ${VARIANT_COLUMNS} FROM "ProductVariant"`,
      Prisma.sql`SELECT ${IMAGE_COLUMNS} FROM "ProductImage"`,
    );
  }
  const variants = groupBy(variantRows);
  const images = groupBy(imageRows);
  facetSets = new Map();
  try {
    return productRows.flatMap((row) => toProduct(row, variants.get(row.id) ?? [], images.get(row.id) ?? []) ?? []);
  } finally {
    facetSets = new Map();
  }
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

/**
 * Swaps changed products into a snapshot in place when none of them moves in the
 * facet index (a stock or tag change): the cost follows the change, not the
 * catalogue. Returns null when the index must be rebuilt.
 */
export function patchInPlace(
  current: CatalogueSnapshot,
  changed: readonly CatalogueProduct[],
): CatalogueSnapshot | null {
  const slots: number[] = [];
  for (const next of changed) {
    const previous = current.byId.get(next.detail.id);
    const slot = current.index.positionOf(next.detail.id);
    if (!previous || slot === undefined || !sameIndexEntry(previous, next)) return null;
    if (previous.detail.handle !== next.detail.handle) return null;
    slots.push(slot);
  }
  changed.forEach((next, k) => {
    const previous = current.products[slots[k]];
    for (const variant of previous.detail.variants) current.bySku.delete(variant.sku);
    for (const variant of next.detail.variants)
      current.bySku.set(variant.sku, { product: next, variantId: variant.id });
    current.products[slots[k]] = next;
    current.byId.set(next.detail.id, next);
    current.byHandle.set(next.detail.handle, next);
  });
  return { ...current };
}

async function refresh(db: PrismaClient, state: State): Promise<void> {
  const previous = state.versions;
  const next = await readVersions(db);
  if (
    previous &&
    next.products === previous.products &&
    next.variants === previous.variants &&
    next.sellingPlans === previous.sellingPlans
  ) {
    const productsMoved = next.productsUpdated !== previous.productsUpdated;
    const variantsMoved = next.variantsUpdated !== previous.variantsUpdated;
    const edited = next.edits !== previous.edits;
    if (!productsMoved && !variantsMoved && !edited) return;
    // A newest change older than before (a row restamped from a host whose clock is behind), or
    // a back-office edit: which rows changed is unknown, so the snapshot is rebuilt below. An
    // edit's rows may be stamped before the newest change seen (its transaction stamped them,
    // then waited to commit while another wrote), so "at or after the newest change" could miss it.
    const forward =
      !edited && next.productsUpdated >= previous.productsUpdated && next.variantsUpdated >= previous.variantsUpdated;
    if (forward) {
      // The same rows, some changed (stock, price, tags, a product's rating figures or text):
      // reload just those products.
      // At or after the previous newest change: a second write in the same millisecond as the
      // newest one seen is not missed (rows already seen are only reloaded again).
      const ids = new Set<string>();
      if (variantsMoved) {
        const changed = await db.productVariant.findMany({
          where: { updatedAt: { gte: new Date(previous.variantsUpdated) } },
          select: { productId: true },
          distinct: ["productId"],
        });
        for (const { productId } of changed) ids.add(productId);
      }
      if (productsMoved) {
        const changed = await db.product.findMany({
          where: { updatedAt: { gte: new Date(previous.productsUpdated) } },
          select: { id: true },
        });
        for (const { id } of changed) ids.add(id);
      }
      const current = await state.snapshot;
      const reloaded = await loadProducts(db, [...ids]);
      // A product the snapshot does not hold (one removed and another added): rebuild below.
      if (reloaded.every((product) => current.byId.has(product.detail.id))) {
        // A product's own columns feed the search index: it is rebuilt for a new products version.
        const productsVersion = productsMoved ? ++versionCounter : current.productsVersion;
        const patched = patchInPlace(current, reloaded);
        if (patched) {
          state.snapshot = Promise.resolve({ ...patched, productsVersion });
        } else {
          const byId = new Map(reloaded.map((p) => [p.detail.id, p]));
          const products = current.products.map((p) => byId.get(p.detail.id) ?? p);
          state.snapshot = Promise.resolve(assemble(products, current.sellingPlans, productsVersion));
        }
        state.versions = next;
        return;
      }
    }
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
