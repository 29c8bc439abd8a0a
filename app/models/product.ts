/** What a product card needs (catalogue spec sections 2 and 9). */
export interface ProductCardData {
  id: string;
  handle: string;
  title: string;
  description: string;
  brand: string;
  productType: string;
  image: { url: string; alt: string; width: number; height: number } | null;
  variant: {
    sku: string;
    /** Path after /products/. */
    url: string;
    size: string;
    priceCents: number;
    compareAtPriceCents: number | null;
    inventory: number;
    badgeTags: string[];
  };
}

/** Link to a variant from a card: /products/{variantURL}?sku={sku}. */
export function productCardHref(variant: { url: string; sku: string }): string {
  return `/products/${variant.url}?sku=${encodeURIComponent(variant.sku)}`;
}

/** Splits a stored comma-separated tag list. */
export function splitTags(tags: string): string[] {
  return tags
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);
}
