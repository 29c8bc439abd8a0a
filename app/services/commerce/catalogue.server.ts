// Catalogue queries of the embedded commerce provider. Facet filters and counts
// run on the ProductFacet index: one query for the page, one for the total, and
// one grouped count per active filter group (disjunctive facets), never a query
// per product.
import type { Prisma, PrismaClient } from "~/generated/prisma/client";
import { clampPage, pageCount, PAGE_SIZE, type FacetSelection, type ListingState } from "~/models/listing";
import { splitTags, type ProductCardData, type ProductDetail, type VariantSummary } from "~/models/product";
import type { SiteId } from "~/models/site";
import type { ListingQuery, ListingResult, SkuProduct } from "./types";

/** Restricts a product query to what a site sells. */
export function soldOn(site: SiteId): Prisma.ProductWhereInput {
  return site === "HPSF" ? { soldOnHpsf: true } : { soldOnDtc: true };
}

const variantSelect = {
  id: true,
  sku: true,
  url: true,
  size: true,
  flavor: true,
  productForm: true,
  priceCents: true,
  compareAtPriceCents: true,
  inventory: true,
  badgeTags: true,
} as const;

export const cardSelect = {
  id: true,
  handle: true,
  title: true,
  description: true,
  brand: true,
  productType: true,
  autoshipEligible: true,
  images: {
    where: { variantId: null },
    orderBy: { position: "asc" },
    take: 1,
    select: { url: true, alt: true, width: true, height: true },
  },
  variants: { orderBy: { position: "asc" }, select: variantSelect },
} as const satisfies Prisma.ProductSelect;

type CardRow = Prisma.ProductGetPayload<{ select: typeof cardSelect }>;

function toVariantSummary(variant: CardRow["variants"][number]): VariantSummary {
  return { ...variant, badgeTags: splitTags(variant.badgeTags) };
}

/** Maps a product row to card data; null when it has no variant. */
export function toCard(row: CardRow): ProductCardData | null {
  const variants = row.variants.map(toVariantSummary);
  const variant = variants.find((v) => v.inventory > 0) ?? variants[0];
  if (!variant) return null;
  const { images, variants: _rows, ...rest } = row;
  return { ...rest, image: images[0] ?? null, variant, variants };
}

function productWhere(
  site: SiteId,
  selection: FacetSelection,
  state: ListingState,
  relevance?: Map<string, number>,
): Prisma.ProductWhereInput {
  const { minCents, maxCents } = state.price;
  return {
    ...soldOn(site),
    AND: Object.entries(selection).map(([group, values]) => ({ facets: { some: { group, value: { in: values } } } })),
    ...(minCents !== undefined || maxCents !== undefined ? { minPriceCents: { gte: minCents, lte: maxCents } } : {}),
    ...(relevance ? { id: { in: [...relevance.keys()] } } : {}),
  };
}

const ORDER_BY: Record<Exclude<ListingState["sort"], "relevance">, Prisma.ProductOrderByWithRelationInput[]> = {
  featured: [{ featuredRank: { sort: "asc", nulls: "last" } }, { title: "asc" }],
  "price-asc": [{ minPriceCents: "asc" }, { title: "asc" }],
  "price-desc": [{ minPriceCents: "desc" }, { title: "asc" }],
  name: [{ title: "asc" }],
  newest: [{ publishedAt: "desc" }, { title: "asc" }],
};

async function facetCounts(db: PrismaClient, query: ListingQuery): Promise<Record<string, Record<string, number>>> {
  const { site, fixed, state, relevance } = query;
  const all = { ...fixed, ...state.filters };
  const counts: Record<string, Record<string, number>> = {};
  const record = (rows: { group: string; value: string; _count: { _all: number } }[], only?: string) => {
    for (const row of rows) {
      if (only && row.group !== only) continue;
      (counts[row.group] ??= {})[row.value] = row._count._all;
    }
  };
  const activeGroups = Object.keys(state.filters);
  // Groups with no selection of their own count against every filter...
  const base = await db.productFacet.groupBy({
    by: ["group", "value"],
    where: {
      group: { notIn: activeGroups },
      product: productWhere(site, all, state, relevance),
    },
    _count: { _all: true },
  });
  record(base);
  // ...and a group with a selection counts against all the others (OR within a group).
  for (const group of activeGroups) {
    const others = { ...all };
    delete others[group];
    const rows = await db.productFacet.groupBy({
      by: ["group", "value"],
      where: { group, product: productWhere(site, others, state, relevance) },
      _count: { _all: true },
    });
    record(rows, group);
  }
  return counts;
}

/** Catalogue reads of the embedded provider. */
export function createCatalogue(db: PrismaClient) {
  return {
    async listProducts(query: ListingQuery): Promise<ListingResult> {
      const { site, fixed, state, relevance, pageSize = PAGE_SIZE } = query;
      const where = productWhere(site, { ...fixed, ...state.filters }, state, relevance);
      const total = await db.product.count({ where });
      const page = clampPage(state.page, total, pageSize);
      let rows: CardRow[];
      if (state.sort === "relevance" && relevance) {
        const ids = (await db.product.findMany({ where, select: { id: true } }))
          .map((r) => r.id)
          .sort((a, b) => (relevance.get(b) ?? 0) - (relevance.get(a) ?? 0) || a.localeCompare(b))
          .slice((page - 1) * pageSize, page * pageSize);
        const byId = new Map(
          (await db.product.findMany({ where: { id: { in: ids } }, select: cardSelect })).map((r) => [r.id, r]),
        );
        rows = ids.flatMap((id) => byId.get(id) ?? []);
      } else {
        const sort = state.sort === "relevance" ? "featured" : state.sort;
        rows = await db.product.findMany({
          where,
          orderBy: ORDER_BY[sort],
          skip: (page - 1) * pageSize,
          take: pageSize,
          select: cardSelect,
        });
      }
      return {
        products: rows.flatMap((row) => toCard(row) ?? []),
        total,
        page,
        pageCount: pageCount(total, pageSize),
        facetCounts: query.withoutFacets ? {} : await facetCounts(db, query),
      };
    },

    async getFacetCounts(query: ListingQuery): Promise<ListingResult["facetCounts"]> {
      return facetCounts(db, query);
    },

    async getProduct(site: SiteId, handle: string): Promise<ProductDetail | null> {
      const row = await db.product.findFirst({
        where: { handle, ...soldOn(site) },
        select: {
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
          images: {
            orderBy: { position: "asc" },
            select: { url: true, alt: true, width: true, height: true, variantId: true },
          },
          variants: {
            orderBy: { position: "asc" },
            select: { ...variantSelect, title: true, packType: true, weightValue: true, weightUnit: true },
          },
        },
      });
      if (!row || row.variants.length === 0) return null;
      return { ...row, variants: row.variants.map((v) => ({ ...v, badgeTags: splitTags(v.badgeTags) })) };
    },

    async getProductCardsByHandles(site: SiteId, handles: string[]): Promise<ProductCardData[]> {
      const rows = await db.product.findMany({
        where: { handle: { in: handles }, ...soldOn(site) },
        select: cardSelect,
      });
      const byHandle = new Map(rows.map((r) => [r.handle, r]));
      return handles.flatMap((h) => {
        const row = byHandle.get(h);
        return row ? (toCard(row) ?? []) : [];
      });
    },

    async getProductBySku(site: SiteId, sku: string): Promise<SkuProduct | null> {
      const row = await db.productVariant.findFirst({
        where: { sku, product: soldOn(site) },
        select: {
          id: true,
          sku: true,
          title: true,
          priceCents: true,
          inventory: true,
          product: { select: { id: true, handle: true, title: true, autoshipEligible: true } },
        },
      });
      if (!row) return null;
      const { product } = row;
      return {
        sku: row.sku,
        productId: product.id,
        variantId: row.id,
        handle: product.handle,
        title: product.title,
        variantTitle: row.title,
        priceCents: row.priceCents,
        inventory: row.inventory,
        autoshipEligible: product.autoshipEligible,
      };
    },

    async getRelatedProducts(
      site: SiteId,
      product: { id: string; species: string; brand: string; foodForm: string },
      limit: number,
    ): Promise<ProductCardData[]> {
      const rows = await db.product.findMany({
        where: { ...soldOn(site), species: product.species, id: { not: product.id }, synthetic: false },
        orderBy: [{ featuredRank: { sort: "asc", nulls: "last" } }, { title: "asc" }],
        take: limit * 3,
        select: { ...cardSelect, brand: true, foodForm: true },
      });
      // Same brand and food form first, then the rest of the species.
      const score = (r: (typeof rows)[number]) =>
        (r.brand === product.brand ? 2 : 0) + (r.foodForm === product.foodForm ? 1 : 0);
      return rows
        .sort((a, b) => score(b) - score(a))
        .slice(0, limit)
        .flatMap((row) => toCard(row) ?? []);
    },

    async getSellingPlans() {
      return db.sellingPlan.findMany({
        orderBy: { position: "asc" },
        select: { id: true, name: true, frequencyDays: true },
      });
    },
  };
}

export type Catalogue = ReturnType<typeof createCatalogue>;
