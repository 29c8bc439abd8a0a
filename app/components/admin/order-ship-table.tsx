// The bulk ship page's table (docs/rules.md "Back office: orders"): each packed order with a
// checkbox, its carrier and its tracking number, named `order`, `carrier.<id>`, `tracking.<id>`
// (BulkShipSchema in app/models/admin-orders.ts reads those).
import { Link } from "@remix-run/react";
import { AdminTableBox } from "~/components/admin/table-box";
import { formatMoney } from "~/models/money";
import { CARRIERS } from "~/models/order-lifecycle";
import { formatShopDate } from "~/models/shop-time";
import { useShopTimeZone } from "~/utils/use-shop-time-zone";

export interface PackedOrderShown {
  id: string;
  number: number;
  createdAt: string;
  email: string;
  customerName: string | null;
  totalCents: number;
  currencyCode: string;
}

export function OrderShipTable({ orders }: { orders: readonly PackedOrderShown[] }) {
  const zone = useShopTimeZone();
  return (
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
  );
}
