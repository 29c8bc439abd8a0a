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

const COMPARATORS: Record<OrderKey, (a: IndexedItem, b: IndexedItem) => number> = {
  featured: (a, b) => (a.featuredRank ?? Infinity) - (b.featuredRank ?? Infinity) || byTitle(a, b),
  "price-asc": (a, b) => a.minPriceCents - b.minPriceCents || byTitle(a, b),
  "price-desc": (a, b) => b.minPriceCents - a.minPriceCents || byTitle(a, b),
  name: byTitle,
  newest: (a, b) => b.publishedAt - a.publishedAt || byTitle(a, b),
};

/** Faceted filtering, counting, sorting and paging over a fixed set of items. */
export class FacetIndex {
  readonly items: readonly IndexedItem[];
  private readonly words: number;
  private readonly options = new Map<string, Bits>();
  private readonly sites: Record<SiteId, Bits>;
  private readonly orders = new Map<OrderKey, Int32Array>();
  private readonly positions = new Map<string, number>();

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
    for (const [key, compare] of Object.entries(COMPARATORS) as [OrderKey, typeof byTitle][]) {
      const order = Int32Array.from(items.keys());
      order.sort((a, b) => compare(items[a], items[b]));
      this.orders.set(key, order);
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
    return counts;
  }

  /** Ids of one page of a match in a sort order (relevance: by score, best first). */
  page(bits: Bits, sort: SortKey, offset: number, limit: number, relevance?: ReadonlyMap<string, number>): string[] {
    if (sort === "relevance" && relevance) {
      const matched: string[] = [];
      for (const id of relevance.keys()) {
        const i = this.positions.get(id);
        if (i !== undefined && has(bits, i)) matched.push(id);
      }
      matched.sort((a, b) => (relevance.get(b) ?? 0) - (relevance.get(a) ?? 0) || (a < b ? -1 : 1));
      return matched.slice(offset, offset + limit);
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
