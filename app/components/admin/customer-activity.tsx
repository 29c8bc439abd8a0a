// A customer's orders and autoships on the back office's customer page (app/routes/admin.customers.$id.tsx).
import { Link } from "@remix-run/react";
import { AdminTableBox } from "~/components/admin/table-box";
import { formatMoney } from "~/models/money";
import { shopDay } from "~/models/shop-time";
import { useShopTimeZone } from "~/utils/use-shop-time-zone";

interface OrderRow {
  number: string | number;
  createdAt: string;
  status: string;
  totalCents: number;
}

interface AutoshipRow {
  id: string;
  product: string;
  variant: string;
  quantity: number;
  status: string;
  frequency: string;
  nextOrderDate: string | null;
  card: string | null;
}

/** The customer's orders, newest first; numbers link to the order page where it is open (`links`). */
export function CustomerOrders({ orders, links }: { orders: OrderRow[]; links: boolean }) {
  const zone = useShopTimeZone();
  return (
    <>
      <h2>Orders</h2>
      <AdminTableBox label="Orders">
        <table className="admin-table">
          <caption>Orders (newest first)</caption>
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Date</th>
              <th scope="col">Status</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {orders.length === 0 ? (
              <tr>
                <td colSpan={4}>No orders.</td>
              </tr>
            ) : null}
            {orders.map((order) => (
              <tr key={order.number}>
                <td>
                  {links ? <Link to={`/admin/orders/${order.number}`}>#{order.number}</Link> : `#${order.number}`}
                </td>
                <td>{shopDay(order.createdAt, zone)}</td>
                <td>{order.status}</td>
                <td>{formatMoney(order.totalCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </AdminTableBox>
    </>
  );
}

export function CustomerAutoships({ autoships }: { autoships: AutoshipRow[] }) {
  const zone = useShopTimeZone();
  return (
    <>
      <h2>Autoships</h2>
      <AdminTableBox label="Autoships">
        <table className="admin-table">
          <caption>Autoships</caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Status</th>
              <th scope="col">Frequency</th>
              <th scope="col">Next order</th>
              <th scope="col">Card</th>
            </tr>
          </thead>
          <tbody>
            {autoships.length === 0 ? (
              <tr>
                <td colSpan={5}>No autoships.</td>
              </tr>
            ) : null}
            {autoships.map((autoship) => (
              <tr key={autoship.id}>
                <td>
                  {autoship.product} ({autoship.variant}) × {autoship.quantity}
                </td>
                <td>{autoship.status}</td>
                <td>{autoship.frequency}</td>
                <td>{autoship.nextOrderDate ? shopDay(autoship.nextOrderDate, zone) : "—"}</td>
                <td>{autoship.card ?? "None"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </AdminTableBox>
    </>
  );
}
