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

/**
 * The ids a listing is restricted to: a set, or a search's relevance scores by id. What the
 * index derives from one (its bitset, its ranking) is kept per object, so a search answered
 * from the search cache (the same object again) costs a walk along its ranking, not a pass
 * over every match (docs/rules.md "Listing and facets").
 */
export type IdFilter = ReadonlySet<string> | ReadonlyMap<string, number>;

// Count-cache keys of id filters: by identity (a filter is never changed once made).
const filterKeys = new WeakMap<IdFilter, number>();
let nextFilterKey = 0;
function filterKey(only: IdFilter): number {
  let key = filterKeys.get(only);
  if (key === undefined) filterKeys.set(only, (key = ++nextFilterKey));
  return key;
}

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
  /** Per id filter: its items as a bitset. */
  private readonly filterBits = new WeakMap<IdFilter, Bits>();
  /** Per relevance map: its items' positions, best first (score descending, then id). */
  private readonly rankings = new WeakMap<ReadonlyMap<string, number>, Int32Array>();

  constructor(items: readonly IndexedItem[]) {
    this.items = items;
    this.words = Math.max(1, Math.ceil(items.length / 32));
    this.sites = { DTC: this.empty(), HPSF: this.empty() };
    // Items often share one facet list (the snapshot keeps each distinct list once): its
    // bitsets are looked up once per list, not once per item.
    const bitsOfList = new Map<readonly Facet[], Bits[]>();
    items.forEach((item, i) => {
      this.positions.set(item.id, i);
      if (item.dtc) this.set(this.sites.DTC, i);
      if (item.hpsf) this.set(this.sites.HPSF, i);
      let lists = bitsOfList.get(item.facets);
      if (!lists) {
        lists = item.facets.map((facet) => {
          const key = `${facet.group}\u0000${facet.value}`;
          let bits = this.options.get(key);
          if (!bits) this.options.set(key, (bits = this.empty()));
          return bits;
        });
        bitsOfList.set(item.facets, lists);
      }
      for (const bits of lists) this.set(bits, i);
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

  /** The items of an id filter as a bitset (ids not in the index are left out), computed once per filter. */
  private bitsOf(only: IdFilter): Bits {
    let bits = this.filterBits.get(only);
    if (!bits) {
      bits = this.empty();
      for (const id of only.keys()) {
        const i = this.positions.get(id);
        if (i !== undefined) this.set(bits, i);
      }
      this.filterBits.set(only, bits);
    }
    return bits;
  }

  /** The positions of a relevance map's items, best first (score descending, then id), computed once per map. */
  private rankingOf(relevance: ReadonlyMap<string, number>): Int32Array {
    let ranking = this.rankings.get(relevance);
    if (!ranking) {
      // Scores read once, not twice per comparison: a broad search matches tens of thousands.
      const matched: { i: number; id: string; score: number }[] = [];
      for (const [id, score] of relevance) {
        const i = this.positions.get(id);
        if (i !== undefined) matched.push({ i, id, score });
      }
      matched.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
      ranking = Int32Array.from(matched, (m) => m.i);
      this.rankings.set(relevance, ranking);
    }
    return ranking;
  }

  /** Items of a site matching every group of the selection (OR within a group), the price range and `only`. */
  match(site: SiteId, selection: FacetSelection, price: PriceRange = {}, only?: IdFilter): Bits {
    const result = Uint32Array.from(this.sites[site]);
    if (only) {
      const bits = this.bitsOf(only);
      for (let w = 0; w < this.words; w++) result[w] &= bits[w];
    }
    for (const [group, values] of Object.entries(selection)) {
      const union = this.empty();
      for (const value of values) {
        const bits = this.options.get(`${group}\u0000${value}`);
        if (bits) for (let w = 0; w < this.words; w++) union[w] |= bits[w];
      }
      for (let w = 0; w < this.words; w++) result[w] &= union[w];
    }
    const { minCents, maxCents } = price;
    if (minCents !== undefined || maxCents !== undefined) {
      // Only the items still matched are looked at.
      for (let w = 0; w < this.words; w++) {
        for (let word = result[w]; word !== 0; word &= word - 1) {
          const bit = 31 - Math.clz32(word & -word);
          const cents = this.items[(w << 5) | bit].minPriceCents;
          if ((minCents !== undefined && cents < minCents) || (maxCents !== undefined && cents > maxCents))
            result[w] &= ~(1 << bit);
        }
      }
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
    only: IdFilter | undefined,
    groups: readonly { field: string; options: readonly { slug: string }[] }[],
  ): Record<string, Record<string, number>> {
    // Counts depend only on the filter set (the index is immutable), so a repeated filter set
    // (the same listing or search asked again) is answered from a bounded cache. An id filter
    // counts by identity: the search cache hands out the same object for the same search.
    const key = JSON.stringify([site, selection, price, groups.length, only ? filterKey(only) : 0]);
    const cached = this.countCache.get(key);
    if (cached) {
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
    this.countCache.set(key, counts);
    if (this.countCache.size > COUNT_CACHE_SIZE) this.countCache.delete(this.countCache.keys().next().value as string);
    return counts;
  }

  /** Ids of one page of a match in a sort order (relevance: by score, best first). */
  page(bits: Bits, sort: SortKey, offset: number, limit: number, relevance?: ReadonlyMap<string, number>): string[] {
    const order =
      sort === "relevance" && relevance
        ? this.rankingOf(relevance)
        : (this.orders.get(sort === "relevance" ? "featured" : sort) as Int32Array);
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
