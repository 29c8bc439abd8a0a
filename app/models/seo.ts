import type { Crumb } from "./navigation";
import { imagesForVariant } from "./product";
import { SEO_DESCRIPTION_MAX } from "./seo-limits";
import { pageTitle, SITE_NAME, type SiteId } from "./site";
import { sitePolicy } from "./site-policy";

/** Meta descriptor list as Remix's `meta` export returns it. */
type Meta = Record<string, unknown>[];

/** The description a page without its own gets (docs/decisions.md "Content"). */
export const SITE_DESCRIPTION: Record<SiteId, string> = {
  DTC: "Science-led dog and cat food for every life stage, delivered once or on autoship.",
  HPSF: "The staff-feeding program: dog and cat food, prescription diets included, for veterinary clinic and school staff.",
};

/** Canonical URL of a page: origin and path, never a query string or a trailing slash (except "/"). */
export function canonicalUrl(origin: string, pathname: string): string {
  const path = pathname.split(/[?#]/)[0].replace(/\/+$/, "") || "/";
  return `${origin}${path}`;
}

/** What identifies a descriptor, so a later one replaces an earlier one of the same kind. */
function descriptorKey(descriptor: Record<string, unknown>): string | null {
  if ("title" in descriptor) return "title";
  if (typeof descriptor.name === "string") return `name:${descriptor.name}`;
  if (typeof descriptor.property === "string") return `property:${descriptor.property}`;
  if (descriptor.tagName === "link" && descriptor.rel === "canonical") return "link:canonical";
  return null;
}

/**
 * Descriptor lists joined so each title, named meta, Open Graph property and
 * canonical link appears once: the last list that has it wins, in the first one's place.
 */
export function mergeMeta(...lists: Meta[]): Meta {
  const result: Meta = [];
  const at = new Map<string, number>();
  for (const descriptor of lists.flat()) {
    const key = descriptorKey(descriptor);
    const index = key === null ? undefined : at.get(key);
    if (index !== undefined) {
      result[index] = descriptor;
      continue;
    }
    if (key !== null) at.set(key, result.length);
    result.push(descriptor);
  }
  return result;
}

/** A picture a page is shared with: its absolute URL and its text alternative. */
export interface ShareImage {
  url: string;
  alt: string;
  width?: number;
  height?: number;
}

/**
 * The brand picture of a page without one of its own (docs/rules.md "Search engines"): a
 * 1200 x 630 PNG in public/brand/ (drawn by scripts/share-images.mjs), the size Open Graph
 * and Twitter's large card show uncropped.
 */
export const SHARE_IMAGE: Record<SiteId, { path: string; alt: string; width: number; height: number }> = {
  DTC: { path: "/brand/share-dtc.png", alt: `${SITE_NAME.DTC}: dog and cat food`, width: 1200, height: 630 },
  HPSF: {
    path: "/brand/share-hpsf.png",
    alt: `${SITE_NAME.HPSF}: the staff-feeding program`,
    width: 1200,
    height: 630,
  },
};

/** A URL on the site's configured origin; one that is already absolute stays as it is. */
export function absoluteUrl(origin: string, url: string): string {
  return /^https?:\/\//i.test(url) ? url : `${origin}${url.startsWith("/") ? "" : "/"}${url}`;
}

/** The site's brand picture as a share image on its configured origin. */
export function defaultShareImage(site: SiteId, origin: string): ShareImage {
  const { path, ...rest } = SHARE_IMAGE[site];
  return { url: absoluteUrl(origin, path), ...rest };
}

/**
 * Open Graph and Twitter card tags every page carries (docs/decisions.md "Content"; docs/rules.md
 * "Search engines"): title, description, url, type and site name, the page's picture (the
 * site's brand picture when it has none) and a large-picture Twitter card. Without an origin
 * (an error before the root loaded) no URL or picture is published, and the card is a summary.
 */
export function socialMeta(
  site: SiteId,
  data: { title: string; description: string; url: string | null; type?: string; origin?: string; image?: ShareImage },
): Meta {
  const image = data.image ?? (data.origin ? defaultShareImage(site, data.origin) : null);
  return [
    { property: "og:title", content: data.title },
    { property: "og:description", content: data.description },
    ...(data.url ? [{ property: "og:url", content: data.url }] : []),
    { property: "og:type", content: data.type ?? "website" },
    { property: "og:site_name", content: SITE_NAME[site] },
    ...(image
      ? [
          { property: "og:image", content: image.url },
          { property: "og:image:alt", content: image.alt },
          ...(image.width && image.height
            ? [
                { property: "og:image:width", content: String(image.width) },
                { property: "og:image:height", content: String(image.height) },
              ]
            : []),
        ]
      : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: data.title },
    { name: "twitter:description", content: data.description },
    ...(image
      ? [
          { name: "twitter:image", content: image.url },
          { name: "twitter:image:alt", content: image.alt },
        ]
      : []),
  ];
}

/**
 * BreadcrumbList structured data of the trail the page shows (docs/rules.md "Search engines"):
 * one ListItem per crumb, in order, each linked crumb with its absolute URL; the last crumb
 * is the page itself (its canonical URL). A crumb without a link before the last (a filter
 * chip on the staff site) is the same page, so it takes the page's URL too.
 */
export function breadcrumbJsonLd(origin: string, crumbs: readonly Crumb[], pageUrl: string): Meta {
  if (crumbs.length === 0) return [];
  return [
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "BreadcrumbList",
        itemListElement: crumbs.map((crumb, index) => ({
          "@type": "ListItem",
          position: index + 1,
          name: crumb.label,
          item: crumb.to && index < crumbs.length - 1 ? absoluteUrl(origin, crumb.to) : pageUrl,
        })),
      },
    },
  ];
}

export interface PageSeoInput {
  /** The page's own title, without the site suffix; none for the home page. */
  title?: string;
  /** The page's description; the site's default when not given. */
  description?: string;
  /** The root loader's origin; without it (an error before the root loaded) no URL is published. */
  origin?: string;
  /** The root loader's brand (BRAND_NAME) the title names; the default without it. */
  brand?: string;
  pathname: string;
  /** Keeps search engines from indexing the page (account, cart and checkout pages). */
  noindex?: boolean;
}

/**
 * Title, description, canonical link and Open Graph tags of an ordinary page
 * (catalogue spec section 2 titles): the canonical URL is the
 * page's path on the request's origin, without its query string.
 */
export function pageSeo(site: SiteId, data: PageSeoInput): Meta {
  const description = data.description?.trim() || SITE_DESCRIPTION[site];
  const url = data.origin ? canonicalUrl(data.origin, data.pathname) : null;
  return [
    { title: pageTitle(site, data.title, data.brand) },
    { name: "description", content: description },
    ...(url ? [{ tagName: "link", rel: "canonical", href: url }] : []),
    ...(data.noindex ? [{ name: "robots", content: "noindex" }] : []),
    ...socialMeta(site, {
      title: data.title ?? pageTitle(site, undefined, data.brand),
      description,
      url,
      origin: data.origin,
    }),
  ];
}

/** Title, description and canonical link of a listing or search page. */
export function listingSeo(
  site: SiteId,
  data: {
    title: string;
    origin: string;
    pathname: string;
    canonicalSearch: string;
    total: number;
    search?: string;
    crumbs?: readonly Crumb[];
    /** The root loader's brand (BRAND_NAME) the title names. */
    brand?: string;
  },
): Meta {
  const canonical = `${data.origin}${data.pathname}${data.canonicalSearch ? `?${data.canonicalSearch}` : ""}`;
  const description = `${data.title}: ${data.total} dog and cat foods to compare and order online.`;
  return [
    { title: pageTitle(site, data.title, data.brand) },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    // Search results are not worth indexing; listings are.
    ...(data.search !== undefined ? [{ name: "robots", content: "noindex, follow" }] : []),
    ...socialMeta(site, { title: data.title, description, url: canonical, origin: data.origin }),
    ...breadcrumbJsonLd(data.origin, data.crumbs ?? [], canonical),
  ];
}

export { SEO_DESCRIPTION_MAX, SEO_TITLE_MAX } from "./seo-limits";

interface ProductSeoInput {
  origin: string;
  canonicalPath: string;
  product: {
    title: string;
    description: string;
    /** The merchandiser's search title and description (null or absent: the title and description). */
    seoTitle?: string | null;
    seoDescription?: string | null;
    images: { url: string; alt?: string; variantId?: string | null }[];
  };
  variant: { id: string };
  /** The trail the page shows (built from the product, as the server renders it). */
  crumbs?: readonly Crumb[];
  /**
   * The Product JSON-LD, built by the loader (`productJsonLd` in app/models/product-json-ld.ts):
   * its offer and review rules stay on the server, out of the page's JavaScript.
   */
  productJsonLd?: Record<string, unknown> | null;
  /** The root loader's brand (BRAND_NAME) the title names. */
  brand?: string;
}

/** The picture a product page is shared with: the variant's own picture, else the product's first. */
function productShareImage(data: ProductSeoInput): ShareImage | undefined {
  const { product, variant, origin } = data;
  const [image] = imagesForVariant(product.images, variant.id);
  return image ? { url: absoluteUrl(origin, image.url), alt: image.alt || product.title } : undefined;
}

/** Title, description, canonical link, share tags, Product JSON-LD and BreadcrumbList of a product page. */
export function productSeo(site: SiteId, data: ProductSeoInput): Meta {
  const { product, origin } = data;
  const url = `${origin}${data.canonicalPath}`;
  const title = product.seoTitle || product.title;
  const description = product.seoDescription || product.description.slice(0, SEO_DESCRIPTION_MAX);
  return [
    { title: pageTitle(site, title, data.brand) },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    ...socialMeta(site, {
      title,
      description,
      url,
      type: "product",
      origin,
      image: productShareImage(data),
    }),
    ...(data.productJsonLd ? [{ "script:ld+json": data.productJsonLd }] : []),
    ...breadcrumbJsonLd(origin, data.crumbs ?? [], url),
  ];
}

/**
 * WebSite structured data: a site whose policy says `publishesSiteSearch` (the
 * consumer site) publishes a site-search action targeting /search?search=
 * (catalogue spec section 2); staff mode omits it.
 */
export function websiteSeo(site: SiteId, origin: string): Meta {
  if (!sitePolicy(site).publishesSiteSearch) return [];
  return [
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "WebSite",
        url: `${origin}/`,
        potentialAction: {
          "@type": "SearchAction",
          target: { "@type": "EntryPoint", urlTemplate: `${origin}/search?search={search_term_string}` },
          "query-input": "required name=search_term_string",
        },
      },
    },
  ];
}
