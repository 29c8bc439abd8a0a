// Loads a listing page (all products, a category, or search results): parses
// the URL into a listing state, queries the catalogue and builds breadcrumbs.
import { listingCrumbs, listingMemory } from "~/models/breadcrumbs";
import type { CategoryPath } from "~/models/category";
import { filterGroupView, visibleFilterGroups } from "~/models/filter-groups";
import { activeFilterChips, listingSearchParams, parseListingState, type SortKey } from "~/models/listing";
import { routeTitle } from "~/models/page-titles";
import { listingCard } from "~/models/product";
import type { SiteId } from "~/models/site";
import { commerce } from "~/services/commerce/index.server";
import { getGlobals } from "~/services/content/index.server";
import { normalizeSearchTerm, searchProducts } from "~/services/search/index.server";
import { publicOrigin } from "~/services/site/index.server";

export interface ListingPageInput {
  site: SiteId;
  url: URL;
  /** A category path, or none for /products and /search. */
  category?: CategoryPath;
  /** Present on the search page. */
  search?: string;
}

/** Everything a listing route renders; the URL is the whole state. */
export async function loadListingPage({ site, url, category, search }: ListingPageInput) {
  const species = category?.species;
  const fixed = category?.fixed ?? {};
  const term = search === undefined ? undefined : normalizeSearchTerm(search);
  const defaultSort: SortKey = term ? "relevance" : "featured";
  const state = parseListingState(url.searchParams, { site, species, fixed, defaultSort });
  const relevance = term !== undefined ? await searchProducts(site, term) : undefined;
  const [result, globals] = await Promise.all([
    commerce.listProducts({ site, fixed, state, relevance }),
    getGlobals(site),
  ]);
  const shownState = { ...state, page: result.page };
  const groups = visibleFilterGroups(site, species)
    .filter((g) => !fixed[g.field])
    .map(filterGroupView);
  // Breadcrumbs, and what the page records for product breadcrumbs (docs/rules.md "Breadcrumbs").
  const trail = {
    species,
    categoryCrumbs: category?.crumbs,
    chips: activeFilterChips(shownState, groups).map((chip) => chip.label),
    search: term,
  };
  return {
    site,
    pathname: url.pathname,
    origin: publicOrigin(site),
    title:
      term !== undefined
        ? term
          ? `Results for “${term}”`
          : "Search"
        : (category?.title ?? routeTitle(site, "/products")),
    crumbs: listingCrumbs(site, trail),
    crumbMemory: listingMemory(trail),
    groups,
    species: species ?? null,
    state: shownState,
    defaultSort,
    search: term,
    products: result.products.map((card) => listingCard(card, site)),
    total: result.total,
    pageCount: result.pageCount,
    facetCounts: result.facetCounts,
    freeShippingMinimumCents: globals.freeShippingMinimumCents,
    /** Canonical query: the normalised state, so equal listings share one URL. */
    canonicalSearch: listingSearchParams(shownState, { site, species, search: term, defaultSort }).toString(),
  };
}
