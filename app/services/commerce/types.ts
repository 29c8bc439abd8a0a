import type { ProductCardData } from "~/models/product";
import type { SiteId } from "~/models/site";

/**
 * The commerce platform as the routes see it. The embedded provider answers from
 * our database; a remote adapter for a hosted platform implements the same shape.
 * Later issues extend it (listings, cart, customers, orders).
 */
export interface CommerceProvider {
  /** Featured products of a site, best first, each with its first in-stock variant. */
  getFeaturedProducts(site: SiteId, limit: number): Promise<ProductCardData[]>;
  /** Total item count of a cart, 0 when the cart does not exist. */
  getCartTotalQuantity(cartId: string): Promise<number>;
}
