// What the sitemaps list (shop-core spec section 2): /sitemap.xml for search engines, the
// /sitemap page for people, and /robots.txt pointing at the former. Pure: the
// sitemap service gathers the products, categories and content pages.
import type { CategoryListing } from "./category";
import type { CommerceFeatures } from "./commerce-features";
import { SlugSchema } from "./content";
import { optionLabel, SPECIES } from "./filter-groups";
import { routeTitle } from "./page-titles";
import type { SiteId } from "./site";

/** A product as the sitemaps list it. */
export interface SitemapProductLink {
  title: string;
  species: string;
  path: string;
  updatedAt?: Date | string;
}

/** A content page as content.listPages gives it. */
export interface SitemapContentPage {
  slug: string;
  title: string;
  updatedAt?: Date | string;
}

export interface SitemapData {
  /** Species and category listings that have products. */
  categories: CategoryListing[];
  products: SitemapProductLink[];
  pages: SitemapContentPage[];
}

export interface SitemapUrl {
  path: string;
  lastmod?: Date | string;
}

export interface SitemapLink {
  label: string;
  path: string;
}

/**
 * First path segments the app's own routes serve: a content page with one of
 * these slugs would never be shown at /{slug}, so no sitemap lists it.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  "account",
  "api",
  "auth",
  "builds",
  "cart",
  "checkout",
  "contact-us",
  "dev",
  "healthz",
  "logout",
  "maintenance",
  "multipass",
  "password-protect",
  "products",
  "readyz",
  "search",
  "shelter",
  "sitemap",
]);

/** Paths robots.txt keeps crawlers out of: personal, transactional, API, search and image-optimiser URLs. */
export const ROBOTS_DISALLOW = ["/account", "/cart", "/checkout", "/api/", "/search", "/shelter/", "/_ipx/"] as const;

/** Content pages the shop serves at /{slug}: valid slugs that no route of its own takes, by title. */
export function servedContentPages<T extends SitemapContentPage>(pages: readonly T[]): T[] {
  return pages
    .filter((page) => SlugSchema.safeParse(page.slug).success && !RESERVED_SLUGS.has(page.slug))
    .sort((a, b) => a.title.localeCompare(b.title) || a.slug.localeCompare(b.slug));
}

/**
 * Every URL of /sitemap.xml, each once: home, all products, species and category
 * listings, every product, content pages, Contact Us and the sitemap page.
 */
export function sitemapUrls(data: SitemapData): SitemapUrl[] {
  const urls: SitemapUrl[] = [
    { path: "/" },
    { path: "/products" },
    ...data.categories.map((category) => ({ path: category.path })),
    ...data.products.map((product) => ({ path: product.path, lastmod: product.updatedAt })),
    ...servedContentPages(data.pages).map((page) => ({ path: `/${page.slug}`, lastmod: page.updatedAt })),
    { path: "/contact-us" },
    { path: "/sitemap" },
  ];
  const seen = new Set<string>();
  return urls.filter((url) => !seen.has(url.path) && seen.add(url.path));
}

/** Characters XML 1.0 does not allow anywhere, even escaped (C0 controls but tab, newline and return; lone surrogates; U+FFFE, U+FFFF). */
const NOT_XML_CHARACTER = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text made safe inside XML elements and attributes: the five specials escaped, characters XML forbids dropped. */
export function escapeXml(text: string): string {
  return text
    .replace(NOT_XML_CHARACTER, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** The W3C date-time a sitemap's lastmod takes; nothing for a missing or invalid date. */
function lastmodOf(value: Date | string | undefined): string | null {
  if (value === undefined) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
const URLSET_OPEN = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">';
const URLSET_CLOSE = "</urlset>";

function urlEntry(origin: string, url: SitemapUrl): string {
  const lastmod = lastmodOf(url.lastmod);
  return `  <url><loc>${escapeXml(`${origin}${url.path}`)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</url>`;
}

const urlset = (entries: readonly string[]) => [XML_DECLARATION, URLSET_OPEN, ...entries, URLSET_CLOSE, ""].join("\n");

/** A sitemaps.org urlset of absolute URLs on the origin. */
export function sitemapXml(origin: string, urls: readonly SitemapUrl[]): string {
  return urlset(urls.map((url) => urlEntry(origin, url)));
}

/** What one sitemap file may hold (sitemaps.org protocol): 50,000 URLs and 50 MB (52,428,800 bytes) uncompressed. */
export interface SitemapLimits {
  maxUrls: number;
  maxBytes: number;
}
export const SITEMAP_LIMITS: SitemapLimits = { maxUrls: 50_000, maxBytes: 52_428_800 };

/** The path of the n-th (from 1) sitemap file a sitemap index points at. */
export const sitemapPagePath = (n: number) => `/sitemaps/${n}.xml`;

/** The page number of a `/sitemaps/{n}.xml` path segment ("3.xml"), or null. */
export function parseSitemapPage(segment: string | undefined): number | null {
  const match = /^([1-9][0-9]{0,5})\.xml$/.exec(segment ?? "");
  return match ? Number(match[1]) : null;
}

/** UTF-8 length of a string, without allocating the bytes. */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code < 0xdc00 && i + 1 < text.length) {
      bytes += 4; // a surrogate pair: one four-byte character
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** URL entries split into files, in order, each within the limits (a file has at least one URL). */
function sitemapChunks(origin: string, urls: readonly SitemapUrl[], limits: SitemapLimits): string[][] {
  const overhead = utf8Length(urlset([]));
  const chunks: string[][] = [];
  let chunk: string[] = [];
  let bytes = overhead;
  for (const url of urls) {
    const entry = urlEntry(origin, url);
    const size = utf8Length(entry) + 1; // and its line break
    if (chunk.length > 0 && (chunk.length >= limits.maxUrls || bytes + size > limits.maxBytes)) {
      chunks.push(chunk);
      chunk = [];
      bytes = overhead;
    }
    chunk.push(entry);
    bytes += size;
  }
  if (chunk.length > 0 || chunks.length === 0) chunks.push(chunk);
  return chunks;
}

/** A sitemaps.org sitemap index pointing at `count` numbered sitemap files on the origin. */
export function sitemapIndexXml(origin: string, count: number): string {
  const entries = Array.from(
    { length: count },
    (_, i) => `  <sitemap><loc>${escapeXml(`${origin}${sitemapPagePath(i + 1)}`)}</loc></sitemap>`,
  );
  return [
    XML_DECLARATION,
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    "</sitemapindex>",
    "",
  ].join("\n");
}

/**
 * A sitemap file of a site (sitemaps.org protocol; docs/rules.md "Titles and SEO"): for
 * /sitemap.xml (`page` null) the single urlset when every URL fits in one file, otherwise
 * a sitemap index of the numbered files; for page n, the n-th file when the URLs are split.
 * Null for a page that does not exist (there are no numbered files when one file holds all).
 */
export function sitemapFile(
  origin: string,
  urls: readonly SitemapUrl[],
  page: number | null,
  limits: SitemapLimits = SITEMAP_LIMITS,
): string | null {
  const chunks = sitemapChunks(origin, urls, limits);
  if (page === null) return chunks.length === 1 ? urlset(chunks[0]) : sitemapIndexXml(origin, chunks.length);
  return chunks.length > 1 && page <= chunks.length ? urlset(chunks[page - 1]) : null;
}

/** Where a site that publishes one serves its Google Merchant Center feed (docs/rules.md "Search engines"). */
export const PRODUCT_FEED_PATH = "/feeds/google.xml";

/**
 * robots.txt of a site: everything allowed but ROBOTS_DISALLOW, and where its sitemap is; a site
 * with a product feed names it too (an RSS 2.0 feed is a sitemap search engines read: its items'
 * links are the variants' pages).
 */
export function robotsTxt(origin: string, options: { productFeed?: boolean } = {}): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    ...(options.productFeed ? [`Sitemap: ${origin}${PRODUCT_FEED_PATH}`] : []),
    "",
  ].join("\n");
}

export interface SitemapPage {
  shop: SitemapLink[];
  products: { species: string; heading: string; links: SitemapLink[] }[];
  help: SitemapLink[];
  account: SitemapLink[];
}

const speciesRank = (species: string) => {
  const index = SPECIES.indexOf(species as (typeof SPECIES)[number]);
  return index === -1 ? SPECIES.length : index;
};

/**
 * The sections of the /sitemap page: shop, products by species, help and account (the autoships
 * page only where the shop runs autoships: docs/rules.md "Turned off on Shopify").
 */
export function sitemapPage(
  site: SiteId,
  data: SitemapData,
  features: Pick<CommerceFeatures, "autoshipEngine">,
): SitemapPage {
  const bySpecies = new Map<string, SitemapLink[]>();
  for (const product of data.products) {
    const links = bySpecies.get(product.species) ?? [];
    links.push({ label: product.title, path: product.path });
    bySpecies.set(product.species, links);
  }
  return {
    shop: [
      { label: "All Products", path: "/products" },
      ...data.categories.map((category) => ({ label: category.title, path: category.path })),
    ],
    // Dogs before cats, as the main navigation lists them.
    products: [...bySpecies]
      .sort(([a], [b]) => speciesRank(a) - speciesRank(b))
      .map(([species, links]) => ({ species, heading: `${optionLabel("species", species)} Food`, links })),
    help: [
      ...servedContentPages(data.pages).map((page) => ({ label: page.title, path: `/${page.slug}` })),
      { label: routeTitle(site, "/contact-us"), path: "/contact-us" },
    ],
    account: [
      { label: routeTitle(site, "/account/dashboard"), path: "/account/dashboard" },
      { label: routeTitle(site, "/account/orders"), path: "/account/orders" },
      { label: routeTitle(site, "/account/address-book"), path: "/account/address-book" },
      ...(features.autoshipEngine
        ? [{ label: routeTitle(site, "/account/autoships"), path: "/account/autoships" }]
        : []),
    ],
  };
}
