import { BRAND_NAMES, type VariantSummary } from "./product";
import { pageTitle, type SiteId } from "./site";

/** Meta descriptor list as Remix's `meta` export returns it. */
type Meta = Record<string, unknown>[];

/** Title, description and canonical link of a listing or search page. */
export function listingSeo(
  site: SiteId,
  data: { title: string; origin: string; pathname: string; canonicalSearch: string; total: number; search?: string },
): Meta {
  const canonical = `${data.origin}${data.pathname}${data.canonicalSearch ? `?${data.canonicalSearch}` : ""}`;
  return [
    { title: pageTitle(site, data.title) },
    { name: "description", content: `${data.title}: ${data.total} dog and cat foods to compare and order online.` },
    { tagName: "link", rel: "canonical", href: canonical },
    // Search results are not worth indexing; listings are.
    ...(data.search !== undefined ? [{ name: "robots", content: "noindex, follow" }] : []),
  ];
}

interface ProductSeoInput {
  origin: string;
  canonicalPath: string;
  product: { title: string; description: string; brand: string; images: { url: string }[] };
  variant: VariantSummary & { weightValue: number; weightUnit: string };
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
    // Staff-feeding mode hides retail prices, so it publishes no offer.
    ...(site === "DTC"
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
  return [
    { title: pageTitle(site, product.title) },
    { name: "description", content: product.description.slice(0, 160) },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:title", content: product.title },
    { property: "og:type", content: "product" },
    { property: "og:url", content: url },
    ...(product.images[0] ? [{ property: "og:image", content: `${origin}${product.images[0].url}` }] : []),
    { "script:ld+json": jsonLd },
  ];
}

/**
 * WebSite structured data: the consumer site publishes a site-search action
 * targeting /search?search= (catalogue spec section 2); staff mode omits it.
 */
export function websiteSeo(site: SiteId, origin: string): Meta {
  if (site !== "DTC") return [];
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
