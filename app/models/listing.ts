import { visibleFilterGroups, type FilterGroupView, type Species } from "./filter-groups";
import type { SiteId } from "./site";

/** Products per listing page. */
export const PAGE_SIZE = 24;
/** Longest search term used; longer ones are cut, never refused. */
export const MAX_SEARCH_LENGTH = 100;

export const SORT_OPTIONS = [
  { value: "featured", label: "Featured" },
  { value: "price-asc", label: "Price: Low to High" },
  { value: "price-desc", label: "Price: High to Low" },
  { value: "name", label: "Name: A to Z" },
  { value: "newest", label: "Newest" },
] as const;
export type SortKey = (typeof SORT_OPTIONS)[number]["value"] | "relevance";

/** Selected option slugs per facet field, e.g. { flavor: ["chicken", "beef"] }. */
export type FacetSelection = Record<string, string[]>;

export interface PriceRange {
  /** Inclusive bounds in cents. */
  minCents?: number;
  maxCents?: number;
}

export interface ListingState {
  filters: FacetSelection;
  price: PriceRange;
  sort: SortKey;
  page: number;
}

/** Query parameters for the price range filter (whole dollars). */
export const PRICE_PARAMS = { min: "price-min", max: "price-max" } as const;

function parseDollars(value: string | null): number | undefined {
  if (!value || !/^\d{1,6}(\.\d{1,2})?$/.test(value.trim())) return undefined;
  return Math.round(Number(value) * 100);
}

/**
 * Reads filters, sort and page from a listing URL. Unknown filter or sort values
 * are ignored and a non-numeric page is page 1 (bad input never 500s); only
 * options visible on this site (and species) count.
 */
export function parseListingState(
  params: URLSearchParams,
  context: { site: SiteId; species?: Species; fixed?: FacetSelection; defaultSort?: SortKey },
): ListingState {
  const filters: FacetSelection = {};
  for (const group of visibleFilterGroups(context.site, context.species)) {
    if (context.fixed?.[group.field]) continue;
    const requested = new Set(
      params
        .getAll(group.slug)
        .flatMap((v) => v.split(","))
        .map((v) => v.trim()),
    );
    const chosen = group.options.filter((o) => requested.has(o.slug)).map((o) => o.slug);
    if (chosen.length) filters[group.field] = chosen;
  }
  let minCents = parseDollars(params.get(PRICE_PARAMS.min));
  let maxCents = parseDollars(params.get(PRICE_PARAMS.max));
  if (minCents !== undefined && maxCents !== undefined && minCents > maxCents)
    [minCents, maxCents] = [maxCents, minCents];
  const sortParam = params.get("sort");
  const defaultSort = context.defaultSort ?? "featured";
  const sort =
    SORT_OPTIONS.some((o) => o.value === sortParam) || (sortParam === "relevance" && defaultSort === "relevance")
      ? (sortParam as SortKey)
      : defaultSort;
  const pageParam = params.get("page");
  const page = pageParam && /^\d{1,6}$/.test(pageParam) ? Math.max(1, Number(pageParam)) : 1;
  return { filters, price: { minCents, maxCents }, sort, page };
}

/** Number of pages for a result count (at least 1). */
export function pageCount(total: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The page to show: a page past the end shows the last page. */
export function clampPage(page: number, total: number, pageSize = PAGE_SIZE): number {
  return Math.min(Math.max(1, page), pageCount(total, pageSize));
}

/**
 * Serialises a listing state to query parameters (in filter-group order, so
 * equal states give equal URLs). Defaults are left out.
 */
export function listingSearchParams(
  state: ListingState,
  options: { site: SiteId; species?: Species; search?: string; defaultSort?: SortKey },
): URLSearchParams {
  return listingQuery(state, visibleFilterGroups(options.site, options.species), options);
}

/**
 * `listingSearchParams` with the groups given: a page's own filter groups (in the same
 * order, fixed path groups left out, as their filters are not in the state) give the
 * same parameters, and the browser needs no filter table to build its links
 * (docs/rules.md "Client JavaScript budget").
 */
export function listingQuery(
  state: ListingState,
  groups: readonly { field: string; slug: string }[],
  options: { search?: string; defaultSort?: SortKey },
): URLSearchParams {
  const params = new URLSearchParams();
  if (options.search) params.set("search", options.search);
  for (const group of groups) {
    for (const slug of state.filters[group.field] ?? []) params.append(group.slug, slug);
  }
  if (state.price.minCents !== undefined) params.set(PRICE_PARAMS.min, String(state.price.minCents / 100));
  if (state.price.maxCents !== undefined) params.set(PRICE_PARAMS.max, String(state.price.maxCents / 100));
  if (state.sort !== (options.defaultSort ?? "featured")) params.set("sort", state.sort);
  if (state.page > 1) params.set("page", String(state.page));
  return params;
}

/** The state with one option switched on or off; filtering always returns to page 1. */
export function toggleFilter(state: ListingState, field: string, slug: string): ListingState {
  const current = state.filters[field] ?? [];
  const next = current.includes(slug) ? current.filter((s) => s !== slug) : [...current, slug];
  const filters = { ...state.filters };
  if (next.length) filters[field] = next;
  else delete filters[field];
  return { ...state, filters, page: 1 };
}

export interface FilterChip {
  field: string;
  slug: string;
  label: string;
  groupLabel: string;
  /** State without this filter. */
  without: ListingState;
}

/** Removable chips for the active filters, in group order (catalogue spec section 3). */
export function activeFilterChips(state: ListingState, groups: readonly FilterGroupView[]): FilterChip[] {
  const chips: FilterChip[] = [];
  for (const group of groups) {
    for (const option of group.options) {
      if (state.filters[group.field]?.includes(option.slug)) {
        chips.push({
          field: group.field,
          slug: option.slug,
          label: option.label,
          groupLabel: group.label,
          without: toggleFilter(state, group.field, option.slug),
        });
      }
    }
  }
  return chips;
}

/** The state with every filter removed (sort kept). */
export function clearFilters(state: ListingState): ListingState {
  return { ...state, filters: {}, price: {}, page: 1 };
}

/**
 * How many filters the shopper has set, for the phone layout's "Filters" button
 * (docs/rules.md "Phone layout"): one per chosen option of a shown group, plus one for a
 * price range (either bound or both).
 */
export function activeFilterCount(state: ListingState, groups: readonly FilterGroupView[]): number {
  const price = state.price.minCents !== undefined || state.price.maxCents !== undefined ? 1 : 0;
  return activeFilterChips(state, groups).length + price;
}

/** True when any filter or price bound is set. */
export function hasActiveFilters(state: ListingState): boolean {
  return (
    Object.keys(state.filters).length > 0 || state.price.minCents !== undefined || state.price.maxCents !== undefined
  );
}
