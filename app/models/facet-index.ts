// An in-memory facet index: one bitset per facet option and per site, and the
// products pre-sorted once per sort order. Filtering is AND/OR over bitsets,
// a facet count is a popcount, and a page is a walk along a sorted order, so a
// listing costs microseconds and grows only slowly with the catalogue.
import type { Facet } from "./facets";
import type { FacetSelection, PriceRange, SortKey } from "./listing";
import type { SiteId } from "./site";

export interface IndexedItem {
  id: string;
  dtc: boolean;
  hpsf: boolean;
  facets: readonly Facet[];
  minPriceCents: number;
  featuredRank: number | null;
  title: string;
  publishedAt: number;
}

type Bits = Uint32Array;

/** Filter sets whose facet counts an index keeps (least recently used goes first). */
export const COUNT_CACHE_SIZE = 512;
type OrderKey = Exclude<SortKey, "relevance">;

function popcount(bits: Bits): number {
  let total = 0;
  for (let i = 0; i < bits.length; i++) {
    let v = bits[i];
    v -= (v >>> 1) & 0x55555555;
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    total += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }
  return total;
}

const has = (bits: Bits, i: number) => (bits[i >>> 5] & (1 << (i & 31))) !== 0;

const byTitle = (a: IndexedItem, b: IndexedItem) => (a.title < b.title ? -1 : a.title > b.title ? 1 : 0);

// Each order compares the items' keys, then their places in title order (`title`, computed
// once, so the other orders compare integers rather than strings).
const COMPARATORS: Record<Exclude<OrderKey, "name">, (a: IndexedItem, b: IndexedItem) => number> = {
  featured: (a, b) => (a.featuredRank ?? Infinity) - (b.featuredRank ?? Infinity),
  "price-asc": (a, b) => a.minPriceCents - b.minPriceCents,
  "price-desc": (a, b) => b.minPriceCents - a.minPriceCents,
  newest: (a, b) => b.publishedAt - a.publishedAt,
};

/** Faceted filtering, counting, sorting and paging over a fixed set of items. */
export class FacetIndex {
  readonly items: readonly IndexedItem[];
  private readonly words: number;
  private readonly options = new Map<string, Bits>();
  private readonly sites: Record<SiteId, Bits>;
  private readonly orders = new Map<OrderKey, Int32Array>();
  private readonly positions = new Map<string, number>();
  private readonly countCache = new Map<string, Record<string, Record<string, number>>>();

  constructor(items: readonly IndexedItem[]) {
    this.items = items;
    this.words = Math.max(1, Math.ceil(items.length / 32));
    this.sites = { DTC: this.empty(), HPSF: this.empty() };
    items.forEach((item, i) => {
      this.positions.set(item.id, i);
      if (item.dtc) this.set(this.sites.DTC, i);
      if (item.hpsf) this.set(this.sites.HPSF, i);
      for (const facet of item.facets) {
        const key = `${facet.group}\u0000${facet.value}`;
        let bits = this.options.get(key);
        if (!bits) this.options.set(key, (bits = this.empty()));
        this.set(bits, i);
      }
    });
    // Stable sorts: items with equal keys keep their order in `items`.
    const titleOrder = Array.from(items.keys()).sort((a, b) => byTitle(items[a], items[b]));
    this.orders.set("name", Int32Array.from(titleOrder));
    const titleRank = new Int32Array(items.length);
    titleOrder.forEach((i, rank) => (titleRank[i] = rank));
    for (const [key, compare] of Object.entries(COMPARATORS) as [OrderKey, typeof byTitle][]) {
      const order = Array.from(titleOrder);
      order.sort((a, b) => compare(items[a], items[b]) || titleRank[a] - titleRank[b]);
      this.orders.set(key, Int32Array.from(order));
    }
  }

  private empty(): Bits {
    return new Uint32Array(this.words);
  }

  private set(bits: Bits, i: number) {
    bits[i >>> 5] |= 1 << (i & 31);
  }

  /** Items of a site matching every group of the selection (OR within a group), the price range and `only`. */
  match(site: SiteId, selection: FacetSelection, price: PriceRange = {}, only?: ReadonlySet<string>): Bits {
    const result = Uint32Array.from(this.sites[site]);
    for (const [group, values] of Object.entries(selection)) {
      const union = this.empty();
      for (const value of values) {
        const bits = this.options.get(`${group}\u0000${value}`);
        if (bits) for (let w = 0; w < this.words; w++) union[w] |= bits[w];
      }
      for (let w = 0; w < this.words; w++) result[w] &= union[w];
    }
    const { minCents, maxCents } = price;
    if (minCents !== undefined || maxCents !== undefined || only) {
      this.items.forEach((item, i) => {
        if (!has(result, i)) return;
        const inRange =
          (minCents === undefined || item.minPriceCents >= minCents) &&
          (maxCents === undefined || item.minPriceCents <= maxCents);
        if (!inRange || (only && !only.has(item.id))) result[i >>> 5] &= ~(1 << (i & 31));
      });
    }
    return result;
  }

  /** Where an item sits in `items`, if it is there. */
  positionOf(id: string): number | undefined {
    return this.positions.get(id);
  }

  /** Number of items in a match. */
  count(bits: Bits): number {
    return popcount(bits);
  }

  /**
   * Disjunctive facet counts: for each option, how many items the listing would
   * have with that option added (its own group's selection left out).
   */
  facetCounts(
    site: SiteId,
    selection: FacetSelection,
    price: PriceRange,
    only: ReadonlySet<string> | undefined,
    groups: readonly { field: string; options: readonly { slug: string }[] }[],
  ): Record<string, Record<string, number>> {
    // Counts depend only on the filter set (the index is immutable), so a repeated filter set
    // (the same listing asked again) is answered from a bounded cache. Searches (`only`) are not cached.
    const key = only ? null : JSON.stringify([site, selection, price, groups.length]);
    const cached = key === null ? undefined : this.countCache.get(key);
    if (cached && key !== null) {
      // Most recently used last, so the oldest entry is the first to go.
      this.countCache.delete(key);
      this.countCache.set(key, cached);
      return cached;
    }
    const counts: Record<string, Record<string, number>> = {};
    const everything = this.match(site, selection, price, only);
    const scratch = this.empty();
    for (const group of groups) {
      let base = everything;
      if (selection[group.field]) {
        const others = { ...selection };
        delete others[group.field];
        base = this.match(site, others, price, only);
      }
      for (const option of group.options) {
        const bits = this.options.get(`${group.field}\u0000${option.slug}`);
        if (!bits) continue;
        for (let w = 0; w < this.words; w++) scratch[w] = base[w] & bits[w];
        const n = popcount(scratch);
        if (n > 0) (counts[group.field] ??= {})[option.slug] = n;
      }
    }
    if (key !== null) {
      this.countCache.set(key, counts);
      if (this.countCache.size > COUNT_CACHE_SIZE)
        this.countCache.delete(this.countCache.keys().next().value as string);
    }
    return counts;
  }

  /** Ids of one page of a match in a sort order (relevance: by score, best first). */
  page(bits: Bits, sort: SortKey, offset: number, limit: number, relevance?: ReadonlyMap<string, number>): string[] {
    if (sort === "relevance" && relevance) {
      // Scores read once, not twice per comparison: a broad search matches tens of thousands.
      const matched: { id: string; score: number }[] = [];
      for (const [id, score] of relevance) {
        const i = this.positions.get(id);
        if (i !== undefined && has(bits, i)) matched.push({ id, score });
      }
      matched.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
      return matched.slice(offset, offset + limit).map((m) => m.id);
    }
    const order = this.orders.get(sort === "relevance" ? "featured" : sort) as Int32Array;
    const ids: string[] = [];
    let seen = 0;
    for (let k = 0; k < order.length && ids.length < limit; k++) {
      const i = order[k];
      if (!has(bits, i)) continue;
      if (seen++ >= offset) ids.push(this.items[i].id);
    }
    return ids;
  }
}
