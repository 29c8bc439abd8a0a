// The account's order list (shop-core spec section 7, /account/orders): a page of the signed-in
// customer's orders, newest first, as the page shows them. On the embedded provider the shop's
// own orders (each opens at /account/orders/{id}); on Shopify the store's (each opens on
// Shopify's order status page; docs/decisions.md "Shopify customers").
import { orderProgress } from "~/models/order-lifecycle";
import type { OrderConnection } from "~/services/orders/index.server";

export interface AccountOrderRow {
  id: string;
  number: string;
  createdAt: string;
  status: string;
  progress: ReturnType<typeof orderProgress>;
  tracking: { url: string; carrierName: string } | null;
  totalCents: number;
  currencyCode: string;
  itemCount: number;
  /** Where the order opens: the shop's page, or the platform's order status page. */
  href: string;
}

export interface AccountOrdersPage {
  orders: AccountOrderRow[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; endCursor: string | null };
}

export interface AccountOrders {
  list(customerId: string, page: { first: number; after: string | null; query: string }): Promise<AccountOrdersPage>;
}

/** The shop's own orders as the account lists them. */
export function embeddedAccountOrders(orders: {
  listOrders(input: {
    customerId: string;
    first: number;
    after: string | null;
    query: string;
  }): Promise<OrderConnection>;
}): AccountOrders {
  return {
    async list(customerId, page) {
      const connection = await orders.listOrders({ customerId, ...page });
      return {
        orders: connection.nodes.map((order) => ({
          id: order.id,
          number: String(order.number),
          createdAt: order.createdAt,
          status: order.status,
          progress: orderProgress(order.timeline),
          tracking: order.tracking,
          totalCents: order.totalCents,
          currencyCode: order.currencyCode,
          itemCount: order.lines.reduce((sum, line) => sum + line.quantity, 0),
          href: `/account/orders/${order.id}`,
        })),
        pageInfo: connection.pageInfo,
      };
    },
  };
}
