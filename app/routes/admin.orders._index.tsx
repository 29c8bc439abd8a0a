// /admin/orders (docs/rules.md "Back office: orders"): the orders search. A GET form, so a search
// is a bookmarkable address; a value that does not parse is ignored (`orderSearchOf`). Newest
// (highest number) first, ADMIN_ORDERS_PAGE_SIZE a page, with a status badge per order and how
// many orders of the search are in each status; "Download CSV" (/admin/orders.csv) keeps the filters.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { ADMIN_ORDER_SITES, ADMIN_ORDER_STATUSES, ADMIN_ORDERS_PAGE_SIZE, orderSearchOf } from "~/models/admin-orders";
import { StatusBadge, StatusCounts } from "~/components/admin/order-badges";
import { AdminTableBox } from "~/components/admin/table-box";
import { can } from "~/models/admin-roles";
import { CSV_EXPORT_MAX } from "~/models/csv";
import { listQuery } from "~/models/list-query";
import { formatMoney } from "~/models/money";
import { orderStatusLabel } from "~/models/order-lifecycle";
import { formatShopDate } from "~/models/shop-time";
import { useShopTimeZone } from "~/utils/use-shop-time-zone";
import { ADMIN_NO_STORE, requireAdmin } from "~/services/admin/index.server";
import { orderAdmin } from "~/services/orders/index.server";
import { requireCommerceFeature } from "~/utils/commerce-feature.server";

export const meta: MetaFunction = () => [{ title: "Orders · Back office" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, "orders.view");
  requireCommerceFeature("embeddedOrders");
  const search = orderSearchOf(new URL(request.url).searchParams);
  const [result, counts] = await Promise.all([orderAdmin.search(search), orderAdmin.statusCounts(search)]);
  return json(
    {
      search,
      ...result,
      counts,
      pages: Math.max(1, Math.ceil(result.total / ADMIN_ORDERS_PAGE_SIZE)),
      canShip: can(admin.role, "orders.fulfil"),
    },
    { headers: ADMIN_NO_STORE },
  );
}

export default function AdminOrders() {
  const { search, orders, total, page, pages, canShip, counts } = useLoaderData<typeof loader>();
  const filters = listQuery(search);
  const pageLink = (to: number) => `${filters || "?"}${filters ? "&" : ""}page=${to}`;
  const zone = useShopTimeZone();
  return (
    <>
      <h1>Orders</h1>
      {canShip ? (
        <p>
          <Link to="/admin/orders/ship">Ship packed orders</Link>
        </p>
      ) : null}
      <Form method="get" className="admin-filters" aria-label="Search orders">
        <div className="field">
          <label htmlFor="orders-number">Order number</label>
          <input id="orders-number" name="number" inputMode="numeric" defaultValue={search.number ?? ""} size={10} />
        </div>
        <div className="field">
          <label htmlFor="orders-customer">Customer (email or name)</label>
          <input id="orders-customer" name="customer" defaultValue={search.customer ?? ""} />
        </div>
        <div className="field">
          <label htmlFor="orders-status">Status</label>
          <select id="orders-status" name="status" defaultValue={search.status ?? ""}>
            <option value="">Any</option>
            {ADMIN_ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {orderStatusLabel(status)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="orders-site">Site</label>
          <select id="orders-site" name="site" defaultValue={search.site ?? ""}>
            <option value="">Both</option>
            {ADMIN_ORDER_SITES.map((site) => (
              <option key={site} value={site}>
                {site}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="orders-from">Placed from</label>
          <input
            id="orders-from"
            name="from"
            type="date"
            defaultValue={search.from ?? ""}
            aria-describedby="orders-days-hint"
          />
        </div>
        <div className="field">
          <label htmlFor="orders-to">Placed to</label>
          <input
            id="orders-to"
            name="to"
            type="date"
            defaultValue={search.to ?? ""}
            aria-describedby="orders-days-hint"
          />
          <p id="orders-days-hint" className="field__hint">
            Whole days in the shop&apos;s time zone ({zone}), both included.
          </p>
        </div>
        <button type="submit" className="button">
          Search
        </button>
      </Form>
      <StatusCounts
        kind="order"
        label="Orders of this search by status"
        statuses={ADMIN_ORDER_STATUSES}
        counts={counts}
        hrefOf={(status) => listQuery({ ...search, status }) || "?"}
      />
      <p role="status">
        {total === 1 ? "1 order" : `${total} orders`}
        {pages > 1 ? `, page ${page} of ${pages}` : ""}
      </p>
      <p>
        <a href={`/admin/orders.csv${filters}`} download>
          Download CSV
        </a>{" "}
        (every order of this search, newest first, at most {CSV_EXPORT_MAX.toLocaleString("en-US")})
      </p>
      {orders.length > 0 ? (
        <AdminTableBox label="Orders">
          <table className="admin-table" data-testid="admin-orders">
            <caption className="visually-hidden">Orders, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Placed</th>
                <th scope="col">Customer</th>
                <th scope="col">Site</th>
                <th scope="col">Status</th>
                <th scope="col">Total</th>
                <th scope="col">Items</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id}>
                  <td>
                    <Link to={`/admin/orders/${order.number}`}>#{order.number}</Link>
                  </td>
                  <td>{formatShopDate(order.createdAt, zone)}</td>
                  <td>
                    {order.customerName ? (
                      <>
                        {order.customerName}
                        <br />
                      </>
                    ) : null}
                    {order.email}
                  </td>
                  <td>{order.site}</td>
                  <td>
                    <StatusBadge kind="order" status={order.status} />
                  </td>
                  <td>{formatMoney(order.totalCents, order.currencyCode)}</td>
                  <td>{order.items}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </AdminTableBox>
      ) : (
        <p>No orders match.</p>
      )}
      {pages > 1 ? (
        <nav aria-label="Pages of orders" className="admin-actions">
          {page > 1 ? <Link to={pageLink(page - 1)}>Newer orders</Link> : null}
          {page < pages ? <Link to={pageLink(page + 1)}>Older orders</Link> : null}
        </nav>
      ) : null}
    </>
  );
}
