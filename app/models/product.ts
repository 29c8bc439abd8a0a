import { variantBadgeKeys, type BadgeKey } from "./badges";
import type { Nutrition } from "./nutrition";
import type { SiteId } from "./site";
import { sitePolicy } from "./site-policy";
import { slugify, truncate } from "./text";
import { unitPriceLabel } from "./unit-price";

/** A variant as a card or product page shows it. */
export interface VariantSummary {
  id: string;
  sku: string;
  /** Path after /products/. */
  url: string;
  size: string;
  flavor: string;
  productForm: string;
  /** The retail price; absent in what a site that hides retail prices sends (priceForSite). */
  priceCents?: number;
  compareAtPriceCents: number | null;
  inventory: number;
  badgeTags: string[];
  /** The net weight and its unit (`WEIGHT_UNITS`), for the price per unit. */
  weightValue: number;
  weightUnit: string;
}

/** What a product card needs (catalogue spec sections 2 and 9). */
export interface ProductCardData {
  id: string;
  handle: string;
  title: string;
  description: string;
  brand: string;
  productType: string;
  autoshipEligible: boolean;
  image: { url: string; alt: string; width: number; height: number } | null;
  /** The variant the card shows: the first in stock. */
  variant: VariantSummary;
  /** Every variant, for the staff site's size selector. */
  variants: VariantSummary[];
  /** The published reviews' average and count (`ratingOf`, docs/rules.md "Reviews"); null with none. */
  rating: { average: number; count: number } | null;
}

export interface ProductImageData {
  url: string;
  alt: string;
  width: number;
  height: number;
  variantId: string | null;
}

/**
 * The pictures of one variant (docs/rules.md "Pictures and their ratios"): its own, then the
 * product's shared ones (no variant); with neither, the product's pictures as they are. Other
 * variants' pictures are not shown: a 30 lb lamb page never shows a 4 lb chicken bag.
 */
export function imagesForVariant<T extends { variantId?: string | null }>(images: T[], variantId: string): T[] {
  const own = images.filter((image) => image.variantId === variantId);
  const shared = images.filter((image) => image.variantId == null);
  return own.length + shared.length > 0 ? [...own, ...shared] : images;
}

export interface ProductVariantDetail extends VariantSummary {
  title: string;
  packType: string;
}

/** What the product page needs. */
export interface ProductDetail {
  id: string;
  handle: string;
  title: string;
  description: string;
  brand: string;
  productType: string;
  species: string;
  lifestage: string;
  foodForm: string;
  autoshipEligible: boolean;
  images: ProductImageData[];
  variants: ProductVariantDetail[];
  /** The label facts the product page shows (docs/rules.md "Nutrition facts"); never on a card. */
  nutrition: Nutrition | null;
  /** The search-engine title and description the page's meta uses when set (`productSeo`); null: none set. */
  seoTitle?: string | null;
  seoDescription?: string | null;
}

/** Prescription Diet products carry this label on the staff site (catalogue spec section 1). */
export const VET_SUPERVISED_LABEL = "Vet-Supervised Nutrition";

/** True for the brand that is sold under veterinary supervision. */
export function isVetSupervised(brand: string): boolean {
  return brand === "prescription-diet";
}

/**
 * True when the site sells the product: its `sitePolicy(site).soldOnFlag` column
 * (catalogue spec section 1: Prescription Diet only on the staff site, treats only
 * on the consumer site). Every path that answers about a product (pages, search,
 * cart, stock and product APIs) filters by that column; a product a site does not
 * sell answers there as unknown.
 */
export function soldOnSite(site: SiteId, product: { soldOnDtc: boolean; soldOnHpsf: boolean }): boolean {
  return product[sitePolicy(site).soldOnFlag];
}

/**
 * A variant (or anything with a retail price) as the site may send it: without
 * `priceCents` where `sitePolicy(site).showsRetailPrices` is false (catalogue spec
 * section 1: staff mode hides the price; the compare-at price is still shown). The
 * price never reaches the browser there: the catalogue drops it, it is not just
 * hidden. The staff site's program prices appear from the cart on, which this does
 * not cover.
 */
export function priceForSite<T extends { priceCents?: number }>(site: SiteId, item: T): T {
  if (sitePolicy(site).showsRetailPrices || !("priceCents" in item)) return item;
  const { priceCents: _hidden, ...rest } = item;
  return rest as T;
}

/** A product card as the site may send it (priceForSite on every variant). */
export function cardForSite(site: SiteId, card: ProductCardData): ProductCardData {
  if (sitePolicy(site).showsRetailPrices) return card;
  return {
    ...card,
    variant: priceForSite(site, card.variant),
    variants: card.variants.map((v) => priceForSite(site, v)),
  };
}

/** A product page's product as the site may send it (priceForSite on every variant). */
export function detailForSite(site: SiteId, detail: ProductDetail): ProductDetail {
  if (sitePolicy(site).showsRetailPrices) return detail;
  return { ...detail, variants: detail.variants.map((v) => priceForSite(site, v)) };
}

/** Link to a variant from a card: /products/{variantURL}?sku={sku}. */
export function productCardHref(variant: { url: string; sku: string }): string {
  return `/products/${variant.url}?sku=${encodeURIComponent(variant.sku)}`;
}

/** Size segment of a variant URL: "15.5 lb bag" → "15.5lb"; a size without a leading weight → its weight. */
function sizeSlug(size: string, weightValue: number, weightUnit: string): string {
  const perUnit = size.match(/^([\d.]+)\s*(lb|oz|kg|g)\b/);
  return perUnit ? `${perUnit[1]}${perUnit[2]}` : `${weightValue}${weightUnit}`;
}

/**
 * A variant's path after /products/ (catalogue spec section 2): {brand}/{handle}/{flavor}/{size},
 * the same for the seeded catalogue and for one read from a commerce platform.
 */
export function variantUrl(v: {
  brand: string;
  handle: string;
  flavor: string;
  size: string;
  weightValue: number;
  weightUnit: string;
}): string {
  return `${v.brand}/${v.handle}/${slugify(v.flavor)}/${sizeSlug(v.size, v.weightValue, v.weightUnit)}`;
}

/** Canonical product page path of a variant: /products/{variantURL}. */
export function variantPath(variant: { url: string }): string {
  return `/products/${variant.url}`;
}

/** The variant a product shows and links to when no URL picks one: the first in stock, else the first. */
export function defaultVariant<T extends { inventory: number }>(variants: readonly T[]): T | undefined {
  return variants.find((v) => v.inventory > 0) ?? variants[0];
}

/** Splits a stored comma-separated tag list. */
export function splitTags(tags: string): string[] {
  return tags
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);
}

/** Brand slug → display name. */
export const BRAND_NAMES: Record<string, string> = {
  "science-diet": "Science Diet",
  "prescription-diet": "Prescription Diet",
  "hills-treats": "Hill's Treats",
};

/** Card description length (catalogue spec section 9). */
export const CARD_DESCRIPTION_LENGTH = 25;

/**
 * A variant as a card renders it (docs/rules.md "Listing hydration data"): its link built
 * on the server, stock as its badges (the out-of-stock badge always shows), no sku,
 * product form or stock count.
 */
export interface CardVariant {
  id: string;
  href: string;
  size: string;
  /** In a size selector's list, where the product's variants differ in flavor. */
  flavor?: string;
  priceCents?: number;
  /** The price per lb or oz ("$2.49/lb", `unitPriceLabel`); absent without a price or weight. */
  unitPrice?: string;
  /** Absent when there is none. */
  compareAtPriceCents?: number;
  /** Badge keys, best first, at most the card's two. */
  badges: BadgeKey[];
}

/** What a product card renders, and nothing else: the page's hydration data carries it. */
export interface CardView {
  id: string;
  title: string;
  /** The brand slug, for the data layer's item_brand; only where the site tracks analytics (docs/rules.md "Analytics"). */
  brand?: string;
  /** Cut to the card's length. */
  description: string;
  /** Prescription Diet: labelled on the sites whose policy says so. */
  vetSupervised?: true;
  autoshipEligible?: true;
  /** The picture is decorative on a card (the title says it): no alt text. */
  image: { url: string; width: number; height: number } | null;
  variant: CardVariant;
  /** Every variant, only where cards have a size selector (`sitePolicy(site).cardSizeSelector`). */
  variants?: CardVariant[];
  /** The average rating and review count; absent when the product has no published reviews. */
  rating?: { average: number; count: number };
}

/** True when a card's variant can be bought: it shows no out-of-stock badge. */
export function cardVariantInStock(variant: Pick<CardVariant, "badges">): boolean {
  return !variant.badges.includes("out-of-stock");
}

function cardVariant(variant: VariantSummary, withFlavor: boolean): CardVariant {
  const unitPrice = unitPriceLabel(variant.priceCents, variant.weightValue, variant.weightUnit);
  return {
    id: variant.id,
    href: productCardHref(variant),
    size: variant.size,
    ...(withFlavor && variant.flavor ? { flavor: variant.flavor } : {}),
    ...(variant.priceCents !== undefined ? { priceCents: variant.priceCents } : {}),
    ...(unitPrice ? { unitPrice } : {}),
    ...(variant.compareAtPriceCents !== null ? { compareAtPriceCents: variant.compareAtPriceCents } : {}),
    badges: variantBadgeKeys(variant),
  };
}

/**
 * A card trimmed to what a listing, carousel or related list renders (the card as the
 * site may send it, `cardForSite`): the description cut to the card's length, the
 * variant list only where cards have a size selector, each option's flavor only where
 * the flavors differ.
 */
export function listingCard(card: ProductCardData, site: SiteId): CardView {
  const variants = sitePolicy(site).cardSizeSelector ? card.variants : null;
  const flavors = variants !== null && variants.some((v) => v.flavor !== variants[0].flavor);
  const image = card.image && { url: card.image.url, width: card.image.width, height: card.image.height };
  return {
    id: card.id,
    title: card.title,
    ...(sitePolicy(site).tracksAnalytics ? { brand: card.brand } : {}),
    description: truncate(card.description, CARD_DESCRIPTION_LENGTH),
    ...(isVetSupervised(card.brand) ? { vetSupervised: true as const } : {}),
    ...(card.autoshipEligible ? { autoshipEligible: true as const } : {}),
    image,
    variant: cardVariant(card.variant, false),
    ...(variants !== null ? { variants: variants.map((v) => cardVariant(v, flavors)) } : {}),
    ...(card.rating ? { rating: card.rating } : {}),
  };
}
