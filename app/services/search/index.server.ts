// Product search over title, brand, flavor, life stage and health conditions,
// with typo tolerance ("chiken" finds chicken). MiniSearch keeps an in-memory
// index built from the catalogue snapshot.
import MiniSearch, { type SearchResult } from "minisearch";
import { prisma } from "~/db.server";
import type { PrismaClient } from "~/generated/prisma/client";
import { optionLabel } from "~/models/filter-groups";
import { MAX_SEARCH_LENGTH } from "~/models/listing";
import { BRAND_NAMES } from "~/models/product";
import type { SiteId } from "~/models/site";
import { sitePolicy, type SitePolicy } from "~/models/site-policy";
import { catalogueSnapshot, type CatalogueProduct } from "~/services/commerce/index.server";

interface SearchDocument {
  id: string;
  title: string;
  brand: string;
  flavors: string;
  lifestage: string;
  health: string;
  kind: string;
  soldOnDtc: boolean;
  soldOnHpsf: boolean;
}

const FIELDS = ["title", "brand", "flavors", "lifestage", "health", "kind"] as const;
const BOOST = { title: 3, brand: 2, flavors: 2, lifestage: 1.5, health: 1.5, kind: 1 };

function buildIndex(products: readonly CatalogueProduct[]): MiniSearch<SearchDocument> {
  const index = new MiniSearch<SearchDocument>({
    fields: [...FIELDS],
    storeFields: ["soldOnDtc", "soldOnHpsf"] satisfies SitePolicy["soldOnFlag"][],
    // One typo from 4 letters, two (e.g. swapped letters) from 7.
    searchOptions: {
      boost: BOOST,
      prefix: true,
      fuzzy: (term) => (term.length >= 7 ? 2 : term.length >= 4 ? 1 : false),
    },
  });
  index.addAll(
    products.map(({ detail: p, facets, soldOnDtc, soldOnHpsf }) => {
      const subBrand = facets.find((f) => f.group.startsWith("sub_brand_"));
      return {
        id: p.id,
        title: p.title,
        brand: BRAND_NAMES[p.brand] ?? p.brand,
        flavors: [...new Set(p.variants.map((v) => v.flavor))].join(" "),
        lifestage: optionLabel("lifestage", p.lifestage),
        health: facets
          .filter((f) => f.group === "health_conditions")
          .map((f) => optionLabel("health_conditions", f.value))
          .join(" "),
        kind: `${p.productType} ${subBrand ? optionLabel(subBrand.group, subBrand.value) : ""}`,
        soldOnDtc,
        soldOnHpsf,
      };
    }),
  );
  return index;
}

// Indexes per database, rebuilt when the snapshot's product data changes
// (stock and price changes do not touch what search reads).
interface CurrentIndex {
  version: number;
  index: MiniSearch<SearchDocument>;
  /** Answers by site and term, least recently used first; they go with the index. */
  results: Map<string, ReadonlyMap<string, number>>;
  /** Matches held by `results`, all answers together. */
  held: number;
}
const indexes = new WeakMap<PrismaClient, CurrentIndex>();
/**
 * Searches answered from memory per index: a fuzzy search of a large catalogue costs far more
 * than a listing. Bounded by answers and by the matches they hold together (a broad search of
 * 50,000 products holds tens of thousands), so memory stays bounded whatever is searched.
 */
const RESULT_CACHE_SIZE = 256;
const RESULT_CACHE_MATCHES = 500_000;
const NO_MATCHES: ReadonlyMap<string, number> = new Map();

async function currentIndex(db: PrismaClient): Promise<CurrentIndex> {
  const snapshot = await catalogueSnapshot(db);
  const cached = indexes.get(db);
  if (cached?.version === snapshot.productsVersion) return cached;
  const current = {
    version: snapshot.productsVersion,
    index: buildIndex(snapshot.products),
    results: new Map(),
    held: 0,
  };
  indexes.set(db, current);
  return current;
}

/** Builds the search index of the current catalogue now (a process's warm-up), not at the first search. */
export async function warmSearchIndex(db: PrismaClient = prisma): Promise<void> {
  await currentIndex(db);
}

/** Cleans a shopper's search: trimmed, single-spaced, cut to the maximum length. */
export function normalizeSearchTerm(raw: string | null | undefined): string {
  return (raw ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_SEARCH_LENGTH);
}

/**
 * Products matching a term on a site, with relevance scores. All words must
 * match (allowing typos); when none does, any word may. The same search on the
 * same index answers the same (read-only) map: the facet index keeps its bitset,
 * ranking and facet counts per map (docs/rules.md "Listing and facets").
 */
export async function searchProducts(
  site: SiteId,
  term: string,
  db: PrismaClient = prisma,
): Promise<ReadonlyMap<string, number>> {
  const query = normalizeSearchTerm(term);
  if (!query) return NO_MATCHES;
  const current = await currentIndex(db);
  const { index, results: cache } = current;
  const soldOnFlag = sitePolicy(site).soldOnFlag;
  const key = `${soldOnFlag}\u0000${query}`;
  const known = cache.get(key);
  if (known) {
    cache.delete(key);
    cache.set(key, known);
    return known;
  }
  const onSite = (result: SearchResult) => result[soldOnFlag] === true;
  let results = index.search(query, { combineWith: "AND", filter: onSite });
  if (results.length === 0) results = index.search(query, { combineWith: "OR", filter: onSite });
  const found: ReadonlyMap<string, number> = new Map(results.map((r) => [String(r.id), r.score]));
  cache.set(key, found);
  current.held += found.size;
  // Least recently used first out; the newest answer always stays.
  while (cache.size > 1 && (cache.size > RESULT_CACHE_SIZE || current.held > RESULT_CACHE_MATCHES)) {
    const [oldest, answer] = cache.entries().next().value as [string, ReadonlyMap<string, number>];
    cache.delete(oldest);
    current.held -= answer.size;
  }
  return found;
}
