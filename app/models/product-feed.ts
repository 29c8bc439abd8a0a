// The Google Merchant Center product feed, /feeds/google.xml (docs/rules.md "Search
// engines"): RSS 2.0 with the g: namespace, one item per variant of every product the
// site sells. Pure: the storefront service gathers the products and the shop's terms.
import { feedPrice, inStock, type MerchantTerms } from "./merchant";
import { shippingRates } from "./offer-shipping";
import { BRAND_NAMES, imagesForVariant, variantPath, type ProductDetail } from "./product";
import { escapeXml } from "./sitemap";
import { truncate } from "./text";

/** Google's namespace for product attributes. */
export const GOOGLE_NAMESPACE = "http://base.google.com/ns/1.0";

/** Google's limits on an item's title and description (characters). */
export const FEED_TITLE_MAX = 150;
export const FEED_DESCRIPTION_MAX = 5000;

export interface FeedShipping {
  country: string;
  region?: string;
  price: string;
}

/** One item of the feed: a variant. */
export interface FeedItem {
  id: string;
  title: string;
  description: string;
  link: string;
  imageLink: string | null;
  availability: "in_stock" | "out_of_stock";
  price: string;
  brand: string;
  condition: "new";
  itemGroupId: string;
  mpn: string;
  shipping: FeedShipping[];
}

const absolute = (origin: string, url: string) => (/^https?:\/\//i.test(url) ? url : `${origin}${url}`);

/**
 * A variant's title: the product's, then what tells its variants apart: the flavor when the
 * product has several, and the size ("Science Diet Adult Dry Dog Food, Chicken, 15.5 lb bag").
 */
export function feedTitle(product: ProductDetail, variant: ProductDetail["variants"][number]): string {
  const severalFlavors = new Set(product.variants.map((one) => one.flavor)).size > 1;
  const parts = [product.title, severalFlavors ? variant.flavor : "", variant.size].map((part) => part.trim());
  return truncate(parts.filter(Boolean).join(", "), FEED_TITLE_MAX - 1);
}

/**
 * The feed's items: one per variant with a retail price, in the products' order (a site that
 * hides retail prices sends none, so it has no items). Each links to the variant's own page on
 * the site's configured origin, shows the variant's picture (else the product's first), and
 * is in stock by `inStock`; its shipping is `shippingRates` of one unit.
 */
export function feedItems(origin: string, products: readonly ProductDetail[], terms: MerchantTerms): FeedItem[] {
  return products.flatMap((product) =>
    product.variants.flatMap((variant) => {
      if (variant.priceCents === undefined) return [];
      const [image] = imagesForVariant(product.images, variant.id);
      return [
        {
          id: variant.sku,
          title: feedTitle(product, variant),
          description: truncate(product.description.trim() || product.title, FEED_DESCRIPTION_MAX - 1),
          link: `${origin}${variantPath(variant)}`,
          imageLink: image ? absolute(origin, image.url) : null,
          availability: inStock(variant) ? "in_stock" : "out_of_stock",
          price: feedPrice(variant.priceCents),
          brand: BRAND_NAMES[product.brand] ?? product.brand,
          condition: "new",
          itemGroupId: product.handle,
          mpn: variant.sku,
          shipping: shippingRates({ priceCents: variant.priceCents, productType: product.productType }, terms).map(
            (rate) => ({
              country: rate.country,
              ...(rate.region ? { region: rate.region } : {}),
              price: feedPrice(rate.cents),
            }),
          ),
        } satisfies FeedItem,
      ];
    }),
  );
}

const element = (name: string, value: string) => `<${name}>${escapeXml(value)}</${name}>`;

function itemXml(item: FeedItem): string {
  return [
    "<item>",
    element("g:id", item.id),
    element("title", item.title),
    element("description", item.description),
    element("link", item.link),
    ...(item.imageLink ? [element("g:image_link", item.imageLink)] : []),
    element("g:availability", item.availability),
    element("g:price", item.price),
    element("g:brand", item.brand),
    element("g:mpn", item.mpn),
    element("g:condition", item.condition),
    element("g:item_group_id", item.itemGroupId),
    ...item.shipping.map(
      (rate) =>
        `<g:shipping>${element("g:country", rate.country)}${rate.region ? element("g:region", rate.region) : ""}${element("g:price", rate.price)}</g:shipping>`,
    ),
    "</item>",
  ].join("");
}

/** The whole feed: an RSS 2.0 channel naming the site, then its items, every text escaped. */
export function googleFeedXml(
  channel: { title: string; link: string; description: string },
  items: readonly FeedItem[],
): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<rss version="2.0" xmlns:g="${GOOGLE_NAMESPACE}">`,
    "<channel>",
    element("title", channel.title),
    element("link", channel.link),
    element("description", channel.description),
    ...items.map(itemXml),
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}
