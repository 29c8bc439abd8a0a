import type { FacetSelection, ListingState } from "~/models/listing";
import type { ProductCardData, ProductDetail } from "~/models/product";
import type { SiteId } from "~/models/site";

export interface ListingQuery {
  site: SiteId;
  /** Facets fixed by the category path (not removable filters). */
  fixed: FacetSelection;
  state: ListingState;
  /** Search matches and their relevance; restricts the listing to them. */
  relevance?: Map<string, number>;
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

/**
 * The commerce platform as the routes see it. The embedded provider answers from
 * our database; a remote adapter for a hosted platform implements the same shape.
 */
export interface CommerceProvider {
  /** Featured products of a site, best first, each with its first in-stock variant. */
  getFeaturedProducts(site: SiteId, limit: number): Promise<ProductCardData[]>;
  /** One page of a filtered, sorted listing with its facet counts. */
  listProducts(query: ListingQuery): Promise<ListingResult>;
  /** A product sold on the site, or null. */
  getProduct(site: SiteId, handle: string): Promise<ProductDetail | null>;
  /** Cards for the given handles, in that order; unknown handles are skipped. */
  getProductCardsByHandles(site: SiteId, handles: string[]): Promise<ProductCardData[]>;
  /** Products to show beside one: same species, same brand and food form first. */
  getRelatedProducts(
    site: SiteId,
    product: { id: string; species: string; brand: string; foodForm: string },
    limit: number,
  ): Promise<ProductCardData[]>;
  /** Autoship frequencies. */
  getSellingPlans(): Promise<SellingPlanSummary[]>;
  /** Total item count of a cart, 0 when the cart does not exist. */
  getCartTotalQuantity(cartId: string): Promise<number>;
}
