import type { SiteId } from "~/models/site";

/** Where an order is delivered: the customer's home or their clinic (catalogue spec section 5). */
export const STOCK_DESTINATIONS = ["HOME", "CLINIC"] as const;
export type StockDestination = (typeof STOCK_DESTINATIONS)[number];

/** A stock record of the zip coverage (shop-core spec section 3): ranges written "start-end". */
export interface StockRecord {
  destination: StockDestination;
  all_zips: string[];
}

/** One SKU's answer of a stock check (catalogue spec section 7, get-products-stock). */
export interface ProductStock {
  sku: string;
  /** Whether it can be ordered for this destination and zip. */
  inStock: boolean;
  /** Units available, 0 for an unknown SKU. */
  available: number;
}

export interface ProductsStockQuery {
  /** The site asking: a product it does not sell answers as an unknown SKU (`sitePolicy(site).soldOnFlag`). */
  site: SiteId;
  skus: string[];
  zipCode: string;
  destination: StockDestination;
}

/**
 * The stock system as the routes see it. The embedded provider answers from our
 * database; a remote adapter for the real stock service implements the same shape.
 */
export interface StockProvider {
  /** The zip coverage records of a destination (the spec's get-stock-object `data`). */
  getCoverage(destination: StockDestination): Promise<StockRecord[]>;
  /**
   * Whether home delivery reaches the zip (shop-core spec section 5): a 5-digit zip inside
   * the HOME coverage. Every caller that asks (the cart's zip, checkout's shipping address,
   * the stock check) asks here.
   */
  coversZip(zip: string): Promise<boolean>;
  /**
   * Stock of each SKU, in the order given (repeats answered once). In stock means
   * units available and, for HOME, a zip inside the home-delivery coverage; clinic
   * deliveries do not depend on the shopper's zip. Unknown SKUs, and SKUs of products the
   * site does not sell, are not in stock with 0 available.
   */
  getProductsStock(query: ProductsStockQuery): Promise<ProductStock[]>;
}
