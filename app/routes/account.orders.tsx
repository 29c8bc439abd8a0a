// My Orders (shop-core spec sections 2 and 3): the
// customer's orders, 20 per page, newest first, paged with plain links
// (?after={endCursor}) and searched with a GET form (?q= order number or
// product), so everything works without JavaScript. Each order shows its status, a compact
// progress line and, once shipped, its tracking link (docs/rules.md "Order pages").
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { OrderLink } from "~/components/order-link";
import { TableBox } from "~/components/table-box";
import { OrderProgress } from "~/components/order-timeline";
import { useAccount } from "~/routes/account";
import { formatMoney } from "~/models/money";
import { orderStatusLabel } from "~/models/order-lifecycle";
import { routeTitle } from "~/models/page-titles";
import { accountOrders } from "~/services/customers/index.server";
import { requireCustomer } from "~/services/http/index.server";
import { pageMeta, siteFromMatches } from "~/utils/meta";
import { formatShopDate } from "~/models/shop-time";
import { useShopTimeZone } from "~/utils/use-shop-time-zone";

const ORDERS_PER_PAGE = 20;
const MAX_QUERY_LENGTH = 100;
const MAX_CURSOR_LENGTH = 200;

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: routeTitle(siteFromMatches(matches), "/account/orders"), noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  const customerId = await requireCustomer(request);
  const params = new URL(request.url).searchParams;
  const query = (params.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH);
  const after = (params.get("after") ?? "").slice(0, MAX_CURSOR_LENGTH) || null;
  const page = await accountOrders.list(customerId, { first: ORDERS_PER_PAGE, after, query });
  return json({ query, ...page }, { headers: { "Cache-Control": "private, no-store" } });
}

/** A link to this page with the search kept: the first page, or the page after `after`. */
function pageHref(query: string, after?: string | null) {
  const params = new URLSearchParams();
  if (query) params.set("q", query);
  if (after) params.set("after", after);
  const search = params.toString();
  return search ? `/account/orders?${search}` : "/account/orders";
}

export default function MyOrders() {
  const { query, orders: rows, pageInfo } = useLoaderData<typeof loader>();
  const zone = useShopTimeZone();
  const account = useAccount();
  return (
    <section aria-labelledby="orders-title" className="account-orders">
      <h1 id="orders-title">My Orders</h1>
      <Form method="get" role="search" className="account-orders__search" aria-label="Search your orders">
        <label htmlFor="orders-q">Search by order number or product</label>
        <input id="orders-q" type="search" name="q" defaultValue={query} maxLength={MAX_QUERY_LENGTH} />
        <button type="submit" className="button">
          Search
        </button>
        {query ? <Link to="/account/orders">Show all orders</Link> : null}
      </Form>

      {rows.length === 0 ? (
        <div className="account-orders__empty">
          {query ? (
            <p>No orders match “{query}”.</p>
          ) : pageInfo.hasPreviousPage ? (
            <p>There are no more orders.</p>
          ) : (
            <>
              <p>{account?.settings?.orders_empty ?? "You have not placed any orders yet."}</p>
              <p>
                <Link to="/products" className="button button--primary">
                  Shop dog and cat food
                </Link>
              </p>
            </>
          )}
        </div>
      ) : (
        <TableBox label="Your orders">
          <table className="account-table">
            <caption className="visually-hidden">
              {query ? `Your orders matching “${query}”, newest first` : "Your orders, newest first"}
            </caption>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Date</th>
                <th scope="col">Status</th>
                <th scope="col">Items</th>
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((order) => (
                <tr key={order.id}>
                  <th scope="row">
                    <OrderLink href={order.href}>#{order.number}</OrderLink>
                  </th>
                  <td>{formatShopDate(order.createdAt, zone)}</td>
                  <td className="account-orders__status">
                    <span data-testid="order-status">{orderStatusLabel(order.status)}</span>
                    <OrderProgress steps={order.progress} label={`Progress of order #${order.number}`} />
                    {order.tracking ? (
                      <a href={order.tracking.url} target="_blank" rel="noopener noreferrer">
                        Track package
                        <span className="visually-hidden">
                          {" "}
                          of order #{order.number} on the {order.tracking.carrierName} site (opens a new tab)
                        </span>
                      </a>
                    ) : null}
                  </td>
                  <td>
                    {order.itemCount} {order.itemCount === 1 ? "item" : "items"}
                  </td>
                  <td>{formatMoney(order.totalCents, order.currencyCode)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}

      {pageInfo.hasPreviousPage || pageInfo.hasNextPage ? (
        <nav aria-label="Order pages" className="account-orders__pages">
          {pageInfo.hasPreviousPage ? (
            <Link to={pageHref(query)} rel="prev">
              ← Newer orders
            </Link>
          ) : null}{" "}
          {pageInfo.hasNextPage ? (
            <Link to={pageHref(query, pageInfo.endCursor)} rel="next">
              Older orders →
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
