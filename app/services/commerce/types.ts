import type { FacetSelection, ListingState } from "~/models/listing";
import type { ProductCardData, ProductDetail } from "~/models/product";
import type { SiteId } from "~/models/site";
import type { Carts } from "./cart.server";

export interface ListingQuery {
  site: SiteId;
  /** Facets fixed by the category path (not removable filters). */
  fixed: FacetSelection;
  state: ListingState;
  /** Search matches and their relevance; restricts the listing to them. */
  relevance?: ReadonlyMap<string, number>;
  /** Products per page; PAGE_SIZE when not given (the JSON API's `limit`). */
  pageSize?: number;
  /** Skip the facet counts (predictive search needs only products). */
  withoutFacets?: boolean;
}

export interface ListingResult {
  products: ProductCardData[];
  total: number;
  /** The page shown (a page past the end shows the last page). */
  page: number;
  pageCount: number;
  /** Products each option would give: facetCounts[field][slug]. */
  facetCounts: Record<string, Record<string, number>>;
}

export interface SellingPlanSummary {
  id: string;
  name: string;
  frequencyDays: number;
}

/** A variant found by SKU with the product facts a subscription service needs. */
export interface SkuProduct {
  sku: string;
  productId: string;
  variantId: string;
  handle: string;
  title: string;
  variantTitle: string;
  /** Absent where the site hides retail prices (`sitePolicy(site).showsRetailPrices`). */
  priceCents?: number;
  inventory: number;
  autoshipEligible: boolean;
}

/** A product as the sitemaps list it. */
export interface SitemapProduct {
  handle: string;
  title: string;
  species: string;
  /** The product page the shop links to: /products/{variantURL} of its default variant. */
  path: string;
  updatedAt: Date;
}

/**
 * The commerce platform as the routes see it. The embedded provider answers from
 * our database; a remote adapter for a hosted platform implements the same shape.
 */
export interface CommerceProvider extends Carts {
  /** Featured products of a site, best first, each with its first in-stock variant. */
  getFeaturedProducts(site: SiteId, limit: number): Promise<ProductCardData[]>;
  /** One page of a filtered, sorted listing with its facet counts. */
  listProducts(query: ListingQuery): Promise<ListingResult>;
  /** Facet counts of a listing without fetching its products (the filters API). */
  getFacetCounts(query: ListingQuery): Promise<ListingResult["facetCounts"]>;
  /** A product sold on the site, or null. */
  getProduct(site: SiteId, handle: string): Promise<ProductDetail | null>;
  /** Cards for the given handles, in that order; unknown handles are skipped. */
  getProductCardsByHandles(site: SiteId, handles: string[]): Promise<ProductCardData[]>;
  /** The variant with this SKU when its product is sold on the site, or null. */
  getProductBySku(site: SiteId, sku: string): Promise<SkuProduct | null>;
  /** The picture of each SKU's variant (its own first, else its product's), as a cart line shows it; null when none. */
  getImagesBySku(skus: string[]): Promise<Record<string, string | null>>;
  /** Products to show beside one: same species, same brand and food form first. */
  getRelatedProducts(
    site: SiteId,
    product: { id: string; species: string; brand: string; foodForm: string },
    limit: number,
  ): Promise<ProductCardData[]>;
  /** Every product sold on the site, by species then title, for sitemap.xml and /sitemap. */
  listSitemapProducts(site: SiteId): Promise<SitemapProduct[]>;
  /**
   * Every product sold on the site with all its variants, as the site may send them
   * (`detailForSite`), by species then title, for the product feed (docs/rules.md "Search engines").
   */
  listFeedProducts(site: SiteId): Promise<ProductDetail[]>;
  /** Autoship frequencies. */
  getSellingPlans(): Promise<SellingPlanSummary[]>;
  /** Total item count of a cart, 0 when the cart does not exist. */
  getCartTotalQuantity(cartId: string): Promise<number>;
}
