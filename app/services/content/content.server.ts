// The content service: publish filtering, site precedence, validation and an
// in-process TTL cache over any content provider (docs/decisions.md "Content").
import {
  bannerIsLive,
  notFoundContent,
  parseContentData,
  pickEntry,
  type ContentData,
  type ContentType,
  type NotFoundContent,
} from "~/models/content";
import { DEFAULT_FREE_SHIPPING_MINIMUM_CENTS } from "~/models/free-shipping";
import type { SiteId } from "~/models/site";
import type { PrismaClient } from "~/generated/prisma/client";
import { readDataVersion, type Freshness } from "~/services/freshness/index.server";
import { logger } from "~/services/observability/index.server";
import type { AssetRecord, ContentProvider, ContentRecord } from "./types";

export interface Entry<T extends ContentType> {
  key: string;
  title: string;
  data: ContentData<T>;
  updatedAt: Date;
}

export interface ReadOptions {
  /** Serve drafts too (the caller holds the preview secret); never cached. */
  preview?: boolean;
}

/** Site-wide settings with the spec's fallbacks. */
export interface Globals {
  freeShippingMinimumCents: number;
  siteTitle: string | null;
  siteDescription: string | null;
  notFound: NotFoundContent;
  /** The entry as stored, for get-globals. */
  raw: ContentData<"globals">;
}

/** Most answers kept at once; the oldest goes first. */
export const MAX_CACHE_ENTRIES = 1000;

/** The cache key of a read: "{site}:{type}:{key}", "*" for every key of a type. */
export const cacheKeyOf = (site: SiteId, type: ContentType, key?: string) => `${site}:${type}:${key ?? "*"}`;

export interface ContentServiceOptions {
  /** How long an answer is reused; 0 turns the cache off. */
  ttlMs: number;
  now?: () => number;
  /** Where refused entries are reported. */
  warn?: (message: string) => void;
}

export function createContentService(provider: ContentProvider, options: ContentServiceOptions) {
  const now = options.now ?? Date.now;
  const warn = options.warn ?? ((message: string) => logger().warn(message));
  const cache = new Map<string, { expires: number; value: Promise<unknown> }>();

  function cached<V>(key: string, read: () => Promise<V>, preview: boolean | undefined): Promise<V> {
    if (preview || options.ttlMs <= 0) return read();
    const hit = cache.get(key);
    if (hit && hit.expires > now()) return hit.value as Promise<V>;
    // Callers choose some keys (a navigation handle, an asset id): the cache stays bounded.
    if (!hit && cache.size >= MAX_CACHE_ENTRIES) {
      for (const [k, entry] of cache) if (entry.expires <= now()) cache.delete(k);
      if (cache.size >= MAX_CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
    }
    const value = read();
    cache.set(key, { expires: now() + options.ttlMs, value });
    // A failed read is not remembered: the next request tries again.
    value.catch(() => cache.delete(key));
    return value;
  }

  function validated<T extends ContentType>(type: T, record: ContentRecord): Entry<T> | null {
    const parsed = parseContentData(type, record.data);
    if (!parsed.ok) {
      warn(`content: ${record.site}/${type}/${record.key} refused: ${parsed.issues.join("; ")}`);
      return null;
    }
    return { key: record.key, title: record.title, data: parsed.data, updatedAt: record.updatedAt };
  }

  /** The entry of a type and key a site sees, or null. */
  function entry<T extends ContentType>(
    site: SiteId,
    type: T,
    key: string,
    read: ReadOptions = {},
  ): Promise<Entry<T> | null> {
    return cached(
      cacheKeyOf(site, type, key),
      async () => {
        const found = pickEntry(await provider.findEntries(site, type, key), site, read.preview ?? false);
        return found ? validated(type, found) : null;
      },
      read.preview,
    );
  }

  /** Every entry of a type a site sees, one per key, by key. */
  function entries<T extends ContentType>(site: SiteId, type: T, read: ReadOptions = {}): Promise<Entry<T>[]> {
    return cached(
      cacheKeyOf(site, type),
      async () => {
        const byKey = new Map<string, ContentRecord[]>();
        for (const record of await provider.findEntries(site, type)) {
          byKey.set(record.key, [...(byKey.get(record.key) ?? []), record]);
        }
        const result: Entry<T>[] = [];
        for (const records of byKey.values()) {
          const found = pickEntry(records, site, read.preview ?? false);
          const valid = found ? validated(type, found) : null;
          if (valid) result.push(valid);
        }
        return result;
      },
      read.preview,
    );
  }

  const dataOf = async <T extends ContentType>(site: SiteId, type: T, key: string = type) =>
    (await entry(site, type, key))?.data ?? null;

  const service = {
    entry,
    entries,

    async getGlobals(site: SiteId): Promise<Globals> {
      const raw = (await dataOf(site, "globals")) ?? {};
      const dollars = raw.free_shipping_minimum;
      return {
        freeShippingMinimumCents:
          dollars === undefined ? DEFAULT_FREE_SHIPPING_MINIMUM_CENTS : Math.round(dollars * 100),
        siteTitle: raw.site_title?.trim() || null,
        siteDescription: raw.site_description?.trim() || null,
        notFound: notFoundContent(raw),
        raw,
      };
    },
    getContact: (site: SiteId) => dataOf(site, "contact"),
    getAccountPagesSettings: (site: SiteId) => dataOf(site, "account-pages-settings"),
    getNavigation: (site: SiteId, handle: string) => dataOf(site, "navigation", handle),
    getAnnouncements: async (site: SiteId) => (await dataOf(site, "announcements"))?.items ?? [],
    /** The header: its settings and the navigation its handle names (v2.0 get-header). */
    async getHeader(site: SiteId) {
      const header = await dataOf(site, "header");
      if (!header) return null;
      const navigation = await dataOf(site, "navigation", header.navigation_handle);
      return { ...header, navigation: navigation?.items ?? [] };
    },
    /** Banners live now (between their start and end times). */
    async getSitewideBanners(site: SiteId) {
      const items = (await dataOf(site, "sitewide-banners"))?.items ?? [];
      return items.filter((banner) => bannerIsLive(banner, new Date(now())));
    },
    getHighlightContentBlock: (site: SiteId) => dataOf(site, "highlight-content-block"),
    getTwoColumnSection: (site: SiteId) => dataOf(site, "two-column-section"),
    /** The product carousels configured for a page ("home", "404", ...), by key. */
    async getProductCarousels(site: SiteId, page: string) {
      return (await entries(site, "product-carousel")).map((e) => e.data).filter((c) => c.page === page);
    },
    getGoodnessBoxBadge: (site: SiteId) => dataOf(site, "goodness-box-badge"),
    getPromotionBanners: async (site: SiteId) => (await dataOf(site, "promotion-banners"))?.items ?? [],
    /** SKUs on a deal now (their end time not passed). */
    async getSkusWithDeal(site: SiteId) {
      const items = (await dataOf(site, "skus-with-deal"))?.items ?? [];
      return items.filter((item) => bannerIsLive(item, new Date(now())));
    },
    getNoResultsSuggestions: (site: SiteId) => dataOf(site, "no-results-suggestions"),
    getFooter: (site: SiteId) => dataOf(site, "footer"),
    /** Password protection with its password: for the server only, never served. */
    getPasswordProtect: (site: SiteId) => dataOf(site, "password-protect"),
    getHome: (site: SiteId) => dataOf(site, "home"),
    /** What every page's frame shows: header, announcements, live banners and the footer. */
    async getLayout(site: SiteId) {
      const [header, announcements, banners, footer] = await Promise.all([
        service.getHeader(site),
        service.getAnnouncements(site),
        service.getSitewideBanners(site),
        service.getFooter(site),
      ]);
      return { header, announcements, banners, footer };
    },
    getPage: (site: SiteId, slug: string, read: ReadOptions = {}) => entry(site, "page", slug, read),
    /** Published content pages of a site, by slug (the sitemaps). */
    async listPages(site: SiteId) {
      return (await entries(site, "page")).map((e) => ({
        slug: e.key,
        title: e.title,
        description: e.data.description,
        updatedAt: e.updatedAt,
      }));
    },
    getAsset: (id: string): Promise<AssetRecord | null> => cached(`asset:${id}`, () => provider.getAsset(id), false),

    /** Forgets one cached answer; true when there was one. */
    deleteCacheItem(cacheKey: string): boolean {
      return cache.delete(cacheKey);
    },
    /** Forgets every cached answer (after a seed or an import). */
    clearCache(): void {
      cache.clear();
    },
    /** The keys cached now (for tests and diagnostics). */
    cacheKeys(): string[] {
      return [...cache.keys()];
    },
  };
  return service;
}

/**
 * Every process drops its cached content within a freshness poll of a change made by any
 * process (docs/rules.md "Processes"): content writes bump the "content" DataVersion row in
 * their transaction; this process polls it and clears its cache when it moves.
 */
export function followContentVersion(
  freshness: Freshness,
  db: PrismaClient,
  caches: readonly { clearCache(): void }[],
): void {
  freshness.register("content", () => readDataVersion(db, "content"));
  freshness.onChange((changed) => {
    if (changed.includes("content")) for (const cache of caches) cache.clearCache();
  });
}
