// What the sitemaps list (shop-core spec section 2): /sitemap.xml for search engines, the
// /sitemap page for people, and /robots.txt pointing at the former. Pure: the
// sitemap service gathers the products, categories and content pages.
import type { CategoryListing } from "./category";
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

/** Text made safe inside XML elements and attributes. */
export function escapeXml(text: string): string {
  return text
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

/** A sitemaps.org urlset of absolute URLs on the origin. */
export function sitemapXml(origin: string, urls: readonly SitemapUrl[]): string {
  const entries = urls.map((url) => {
    const lastmod = lastmodOf(url.lastmod);
    return `  <url><loc>${escapeXml(`${origin}${url.path}`)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    "</urlset>",
    "",
  ].join("\n");
}

/** robots.txt of a site: everything allowed but ROBOTS_DISALLOW, and where its sitemap is. */
export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
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

/** The sections of the /sitemap page: shop, products by species, help and account. */
export function sitemapPage(site: SiteId, data: SitemapData): SitemapPage {
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
      { label: routeTitle(site, "/account/autoships"), path: "/account/autoships" },
    ],
  };
}
