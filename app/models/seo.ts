import { BRAND_NAMES, type VariantSummary } from "./product";
import type { ProductReviewsData } from "./review-pages";
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

/** Open Graph tags every page carries (docs/decisions.md "Content"). */
function openGraph(
  site: SiteId,
  data: { title: string; description: string; url: string | null; type?: string },
): Meta {
  return [
    { property: "og:title", content: data.title },
    { property: "og:description", content: data.description },
    ...(data.url ? [{ property: "og:url", content: data.url }] : []),
    { property: "og:type", content: data.type ?? "website" },
    { property: "og:site_name", content: SITE_NAME[site] },
  ];
}

export interface PageSeoInput {
  /** The page's own title, without the site suffix; none for the home page. */
  title?: string;
  /** The page's description; the site's default when not given. */
  description?: string;
  /** The root loader's origin; without it (an error before the root loaded) no URL is published. */
  origin?: string;
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
    { title: pageTitle(site, data.title) },
    { name: "description", content: description },
    ...(url ? [{ tagName: "link", rel: "canonical", href: url }] : []),
    ...(data.noindex ? [{ name: "robots", content: "noindex" }] : []),
    ...openGraph(site, { title: data.title ?? pageTitle(site), description, url }),
  ];
}

/** Title, description and canonical link of a listing or search page. */
export function listingSeo(
  site: SiteId,
  data: { title: string; origin: string; pathname: string; canonicalSearch: string; total: number; search?: string },
): Meta {
  const canonical = `${data.origin}${data.pathname}${data.canonicalSearch ? `?${data.canonicalSearch}` : ""}`;
  const description = `${data.title}: ${data.total} dog and cat foods to compare and order online.`;
  return [
    { title: pageTitle(site, data.title) },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    // Search results are not worth indexing; listings are.
    ...(data.search !== undefined ? [{ name: "robots", content: "noindex, follow" }] : []),
    ...openGraph(site, { title: data.title, description, url: canonical }),
  ];
}

interface ProductSeoInput {
  origin: string;
  canonicalPath: string;
  product: { title: string; description: string; brand: string; images: { url: string }[] };
  variant: VariantSummary & { weightValue: number; weightUnit: string };
  /** The reviews section's data: its figures enter the JSON-LD only when the page shows them. */
  reviews?: ProductReviewsData;
}

/** Reviews in a product's JSON-LD at most (the first ones the page shows). */
const JSON_LD_REVIEWS = 5;

/**
 * The Product JSON-LD's AggregateRating and Review items (docs/rules.md "Reviews on pages"):
 * only when the page shows the reviews (functional consent, no provider script) and the
 * product has published ones; never the viewer's own unpublished review.
 */
export function reviewsJsonLd(reviews: ProductReviewsData | undefined): Record<string, unknown> {
  if (reviews?.mode !== "shown" || reviews.summary.count === 0) return {};
  const published = reviews.reviews.filter((review) => review.status === "published").slice(0, JSON_LD_REVIEWS);
  return {
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: reviews.summary.average,
      reviewCount: reviews.summary.count,
      bestRating: 5,
      worstRating: 1,
    },
    ...(published.length
      ? {
          review: published.map((review) => ({
            "@type": "Review",
            author: { "@type": "Person", name: review.authorName },
            datePublished: review.date.slice(0, 10),
            name: review.title,
            reviewBody: review.body,
            reviewRating: { "@type": "Rating", ratingValue: review.rating, bestRating: 5, worstRating: 1 },
          })),
        }
      : {}),
  };
}

/** Title, description, canonical link and Product JSON-LD of a product page. */
export function productSeo(site: SiteId, data: ProductSeoInput): Meta {
  const { product, variant, origin } = data;
  const url = `${origin}${data.canonicalPath}`;
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.title,
    description: product.description,
    sku: variant.sku,
    brand: { "@type": "Brand", name: BRAND_NAMES[product.brand] ?? product.brand },
    image: product.images.map((image) => `${origin}${image.url}`),
    url,
    ...reviewsJsonLd(data.reviews),
    // Staff-feeding mode hides retail prices (the catalogue sends none), so it publishes no offer.
    ...(variant.priceCents !== undefined
      ? {
          offers: {
            "@type": "Offer",
            price: (variant.priceCents / 100).toFixed(2),
            priceCurrency: "USD",
            availability: variant.inventory > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
            url,
          },
        }
      : {}),
  };
  const description = product.description.slice(0, 160);
  return [
    { title: pageTitle(site, product.title) },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    ...openGraph(site, { title: product.title, description, url, type: "product" }),
    ...(product.images[0] ? [{ property: "og:image", content: `${origin}${product.images[0].url}` }] : []),
    { "script:ld+json": jsonLd },
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
