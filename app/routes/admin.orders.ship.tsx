// /admin/orders/ship (docs/rules.md "Back office: orders"): the packed orders, each with a
// checkbox, a carrier and a tracking number; one submit ships every checked row that is valid,
// each in its own transaction (audited there), and answers what happened to each order. One
// refused row never stops the others.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminTableBox } from "~/components/admin/table-box";
import { BULK_SHIP_MAX, bulkShipRows } from "~/models/admin-orders";
import { formatMoney } from "~/models/money";
import { CARRIERS } from "~/models/order-lifecycle";
import { formatShopDate } from "~/models/shop-time";
import { useShopTimeZone } from "~/utils/use-shop-time-zone";
import { ADMIN_NO_STORE, requireAdmin } from "~/services/admin/index.server";
import { LifecycleError, orderAdmin, orderLifecycle } from "~/services/orders/index.server";
import { readFormData } from "~/utils/form.server";
import { requireCommerceFeature } from "~/utils/commerce-feature.server";

export const meta: MetaFunction = () => [
  { title: "Ship packed orders · Back office" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "orders.fulfil");
  requireCommerceFeature("embeddedOrders");
  return json({ orders: await orderAdmin.packedOrders(BULK_SHIP_MAX) }, { headers: ADMIN_NO_STORE });
}

export interface ShipOutcome {
  orderId: string;
  number: number | null;
  shipped: boolean;
  message: string;
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "orders.fulfil");
  requireCommerceFeature("embeddedOrders");
  const rows = bulkShipRows(await readFormData(request));
  if (!rows) {
    return json(
      { outcomes: [] as ShipOutcome[], message: `Tick between 1 and ${BULK_SHIP_MAX} orders to ship.` },
      { status: 400, headers: ADMIN_NO_STORE },
    );
  }
  const numbers = await orderAdmin.numbersOf(rows.map((row) => row.orderId));
  const outcomes: ShipOutcome[] = [];
  for (const row of rows) {
    const number = numbers.get(row.orderId) ?? null;
    if (number === null) {
      outcomes.push({ orderId: row.orderId, number, shipped: false, message: "Refused: no such order." });
      continue;
    }
    if (!row.ok) {
      outcomes.push({ orderId: row.orderId, number, shipped: false, message: `Refused: ${row.message}` });
      continue;
    }
    try {
      const moved = await orderLifecycle.markShipped(
        row.orderId,
        { carrier: row.carrier, trackingNumber: row.trackingNumber },
        admin,
      );
      outcomes.push({
        orderId: row.orderId,
        number,
        shipped: moved,
        message: moved
          ? `Shipped with ${CARRIERS[row.carrier].name} ${row.trackingNumber}.`
          : "Refused: it was already shipped.",
      });
    } catch (error) {
      if (!(error instanceof LifecycleError)) throw error;
      outcomes.push({ orderId: row.orderId, number, shipped: false, message: `Refused: ${error.message}` });
    }
  }
  const shipped = outcomes.filter((o) => o.shipped).length;
  return json(
    {
      outcomes,
      message: `${shipped} of ${outcomes.length} ${outcomes.length === 1 ? "order" : "orders"} shipped.`,
    },
    { headers: ADMIN_NO_STORE },
  );
}

export default function ShipPackedOrders() {
  const { orders } = useLoaderData<typeof loader>();
  const zone = useShopTimeZone();
  const answer = useActionData<typeof action>();
  return (
    <>
      <p>
        <Link to="/admin/orders">All orders</Link>
      </p>
      <h1>Ship packed orders</h1>
      {answer ? (
        <section aria-labelledby="ship-results" data-testid="ship-results">
          <h2 id="ship-results" role="status">
            {answer.message}
          </h2>
          {answer.outcomes.length > 0 ? (
            <ul>
              {answer.outcomes.map((outcome) => (
                <li key={outcome.orderId}>
                  {outcome.number ? `Order #${outcome.number}` : "An unknown order"}: {outcome.message}
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}
      {orders.length === 0 ? (
        <p>No packed orders are waiting to ship.</p>
      ) : (
        <Form method="post">
          <AdminTableBox label="Packed orders">
            <table className="admin-table">
              <caption>Tick the orders to ship, with the carrier and tracking number of each.</caption>
              <thead>
                <tr>
                  <th scope="col">Ship</th>
                  <th scope="col">Order</th>
                  <th scope="col">Customer</th>
                  <th scope="col">Total</th>
                  <th scope="col">Carrier</th>
                  <th scope="col">Tracking number</th>
                </tr>
              </thead>
              <tbody>
                {orders.map((order) => (
                  <tr key={order.id}>
                    <td>
                      <input
                        type="checkbox"
                        name="order"
                        value={order.id}
                        id={`ship-${order.id}`}
                        aria-label={`Ship order #${order.number}`}
                      />
                    </td>
                    <td>
                      <Link to={`/admin/orders/${order.number}`}>#{order.number}</Link>
                      <br />
                      {formatShopDate(order.createdAt, zone)}
                    </td>
                    <td>{order.customerName ?? order.email}</td>
                    <td>{formatMoney(order.totalCents, order.currencyCode)}</td>
                    <td>
                      <select
                        name={`carrier.${order.id}`}
                        aria-label={`Carrier of order #${order.number}`}
                        defaultValue="ups"
                      >
                        {Object.entries(CARRIERS).map(([code, carrier]) => (
                          <option key={code} value={code}>
                            {carrier.name}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td>
                      <input
                        name={`tracking.${order.id}`}
                        aria-label={`Tracking number of order #${order.number}`}
                        autoComplete="off"
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </AdminTableBox>
          <button type="submit" className="button">
            Ship the ticked orders
          </button>
        </Form>
      )}
    </>
  );
}
