// Product search over title, brand, flavor, life stage and health conditions,
// with typo tolerance ("chiken" finds chicken). MiniSearch keeps an in-memory
// index, rebuilt when the catalogue changes (row count or last update differ).
import MiniSearch, { type SearchResult } from "minisearch";
import { prisma } from "~/db.server";
import type { PrismaClient } from "~/generated/prisma/client";
import { filterGroupByField } from "~/models/filter-groups";
import { MAX_SEARCH_LENGTH } from "~/models/listing";
import { BRAND_NAMES } from "~/models/product";
import type { SiteId } from "~/models/site";

interface SearchDocument {
  id: string;
  title: string;
  brand: string;
  flavors: string;
  lifestage: string;
  health: string;
  kind: string;
  dtc: boolean;
  hpsf: boolean;
}

const FIELDS = ["title", "brand", "flavors", "lifestage", "health", "kind"] as const;
const BOOST = { title: 3, brand: 2, flavors: 2, lifestage: 1.5, health: 1.5, kind: 1 };
/** More matches than this are not ranked (a listing shows 24 a page). */
const MAX_MATCHES = 1000;

const optionLabel = (field: string, slug: string | null) =>
  slug ? (filterGroupByField(field)?.options.find((o) => o.slug === slug)?.label ?? slug) : "";

async function buildIndex(db: PrismaClient): Promise<MiniSearch<SearchDocument>> {
  const products = await db.product.findMany({
    select: {
      id: true,
      title: true,
      brand: true,
      productType: true,
      lifestage: true,
      subBrand: true,
      healthConditions: true,
      soldOnDtc: true,
      soldOnHpsf: true,
      variants: { select: { flavor: true } },
    },
  });
  const index = new MiniSearch<SearchDocument>({
    fields: [...FIELDS],
    storeFields: ["dtc", "hpsf"],
    // One typo from 4 letters, two (e.g. swapped letters) from 7.
    searchOptions: {
      boost: BOOST,
      prefix: true,
      fuzzy: (term) => (term.length >= 7 ? 2 : term.length >= 4 ? 1 : false),
    },
  });
  index.addAll(
    products.map((p) => ({
      id: p.id,
      title: p.title,
      brand: BRAND_NAMES[p.brand] ?? p.brand,
      flavors: [...new Set(p.variants.map((v) => v.flavor))].join(" "),
      lifestage: optionLabel("lifestage", p.lifestage),
      health: p.healthConditions
        .split(",")
        .filter(Boolean)
        .map((slug) => optionLabel("health_conditions", slug))
        .join(" "),
      kind: `${p.productType} ${optionLabel(p.brand === "prescription-diet" ? "sub_brand_prescription_diet" : "sub_brand_science_diet", p.subBrand)}`,
      dtc: p.soldOnDtc,
      hpsf: p.soldOnHpsf,
    })),
  );
  return index;
}

let cached: { version: string; index: Promise<MiniSearch<SearchDocument>> } | null = null;

async function currentIndex(db: PrismaClient): Promise<MiniSearch<SearchDocument>> {
  const stats = await db.product.aggregate({ _count: { _all: true }, _max: { updatedAt: true } });
  const version = `${stats._count._all}:${stats._max.updatedAt?.getTime() ?? 0}`;
  if (cached?.version !== version) {
    const index = buildIndex(db);
    cached = { version, index };
    index.catch(() => {
      if (cached?.index === index) cached = null;
    });
  }
  return cached.index;
}

/** Cleans a shopper's search: trimmed, single-spaced, cut to the maximum length. */
export function normalizeSearchTerm(raw: string | null | undefined): string {
  return (raw ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_SEARCH_LENGTH);
}

/**
 * Products matching a term on a site, with relevance scores. All words must
 * match (allowing typos); when none does, any word may.
 */
export async function searchProducts(
  site: SiteId,
  term: string,
  db: PrismaClient = prisma,
): Promise<Map<string, number>> {
  const query = normalizeSearchTerm(term);
  if (!query) return new Map();
  const index = await currentIndex(db);
  const onSite = (result: SearchResult) => (site === "HPSF" ? result.hpsf === true : result.dtc === true);
  let results = index.search(query, { combineWith: "AND", filter: onSite });
  if (results.length === 0) results = index.search(query, { combineWith: "OR", filter: onSite });
  return new Map(results.slice(0, MAX_MATCHES).map((r) => [String(r.id), r.score]));
}
