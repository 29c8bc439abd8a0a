// What the back office's order page shows of an order (docs/rules.md "Back office: orders"):
// summary, lines and amounts (the shop's one owner of each, app/components/order-lines.tsx and
// order-amounts.tsx), timeline, refunds with their status, and returns.
import { Link } from "@remix-run/react";
import { AdminTableBox } from "~/components/admin/table-box";
import { OrderAmountList } from "~/components/order-amounts";
import { OrderLinesTable } from "~/components/order-lines";
import { OrderTimeline } from "~/components/order-timeline";
import { refundedRows } from "~/models/admin-orders";
import { formatMoney } from "~/models/money";
import type { OrderAmounts } from "~/models/order-amounts";
import { orderStatusLabel, refundStatusLabel, type TimelineStep } from "~/models/order-lifecycle";
import { formatShopDateTime } from "~/models/shop-time";
import { useShopTimeZone } from "~/utils/use-shop-time-zone";

export interface OrderRecordShown extends OrderAmounts {
  number: number;
  createdAt: string;
  email: string;
  customerId: string | null;
  customerName: string | null;
  site: string;
  source: string;
  currencyCode: string;
  paymentSummary: string | null;
  shippingAddress: string | null;
  tracking: { carrierName: string; trackingNumber: string; url: string } | null;
  refundedCents: number;
  pendingRefundCents: number;
  donationCents: number;
  donationCauseName: string | null;
  lines: {
    id: string;
    productTitle: string;
    variantTitle: string;
    sku: string;
    quantity: number;
    unitPriceCents: number;
  }[];
  timeline: TimelineStep[];
  refunds: {
    id: string;
    amountCents: number;
    status: string;
    reason: string;
    failure: string | null;
    createdAt: string;
  }[];
  returns: {
    id: string;
    status: string;
    reason: string;
    comment: string | null;
    refundCents: number;
    createdAt: string;
    lines: { productTitle: string; variantTitle: string; quantity: number }[];
  }[];
}

function Summary({ order }: { order: OrderRecordShown }) {
  const zone = useShopTimeZone();
  return (
    <section aria-labelledby="order-summary">
      <h2 id="order-summary">Summary</h2>
      <dl>
        <dt>Placed</dt>
        <dd>{formatShopDateTime(order.createdAt, zone)}</dd>
        <dt>Customer</dt>
        <dd>
          {order.customerId ? (
            <Link to={`/admin/customers/${order.customerId}`}>{order.customerName ?? order.email}</Link>
          ) : (
            "Guest"
          )}{" "}
          ({order.email})
        </dd>
        <dt>Site</dt>
        <dd>{order.site}</dd>
        <dt>Placed by</dt>
        <dd>{order.source === "autoship" ? "Autoship" : "Checkout"}</dd>
        <dt>Payment</dt>
        <dd>{order.paymentSummary ?? "No card (nothing to charge)"}</dd>
        <dt>Ships to</dt>
        <dd>{order.shippingAddress ?? "No address on file"}</dd>
        <dt>Shipment</dt>
        <dd data-testid="order-tracking">
          {order.tracking ? (
            <>
              {order.tracking.carrierName}{" "}
              <a href={order.tracking.url} rel="noopener noreferrer" target="_blank">
                {order.tracking.trackingNumber}
              </a>
            </>
          ) : (
            "Not shipped yet"
          )}
        </dd>
      </dl>
    </section>
  );
}

function Refunds({ order, money }: { order: OrderRecordShown; money: (cents: number) => string }) {
  const zone = useShopTimeZone();
  return (
    <section aria-labelledby="order-refunds">
      <h2 id="order-refunds">Refunds</h2>
      {order.refunds.length === 0 ? (
        <p>No refunds.</p>
      ) : (
        <AdminTableBox label="Refunds of this order">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Amount</th>
                <th scope="col">Reason</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {order.refunds.map((r) => (
                <tr key={r.id}>
                  <td>{formatShopDateTime(r.createdAt, zone)}</td>
                  <td>{money(r.amountCents)}</td>
                  <td>{r.reason}</td>
                  <td>
                    {refundStatusLabel(r.status)}
                    {r.failure ? `: ${r.failure}` : ""}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </AdminTableBox>
      )}
    </section>
  );
}

export function OrderRecord({ order }: { order: OrderRecordShown }) {
  const zone = useShopTimeZone();
  const money = (cents: number) => formatMoney(cents, order.currencyCode);
  const lines = order.lines.map((line) => ({ ...line, title: line.productTitle }));
  return (
    <>
      <Summary order={order} />

      <section aria-labelledby="order-lines">
        <h2 id="order-lines">Items</h2>
        <AdminTableBox label="Order lines">
          <OrderLinesTable lines={lines} currencyCode={order.currencyCode} className="admin-table" showSku />
        </AdminTableBox>
        <OrderAmountList amounts={order} currencyCode={order.currencyCode} after={refundedRows(order)} />
        {order.donationCauseName ? (
          <p>
            Gives {money(order.donationCents)} to {order.donationCauseName}.
          </p>
        ) : null}
      </section>

      <section aria-labelledby="order-timeline">
        <h2 id="order-timeline">Timeline</h2>
        <OrderTimeline steps={order.timeline} currencyCode={order.currencyCode} />
      </section>

      <Refunds order={order} money={money} />

      <section aria-labelledby="order-returns">
        <h2 id="order-returns">Returns</h2>
        {order.returns.length === 0 ? (
          <p>No returns.</p>
        ) : (
          <ul>
            {order.returns.map((r) => (
              <li key={r.id}>
                {orderStatusLabel(r.status)}, {formatShopDateTime(r.createdAt, zone)}: {r.reason}
                {r.comment ? ` (“${r.comment}”)` : ""}, refund {money(r.refundCents)}:{" "}
                {r.lines.map((line) => `${line.quantity} × ${line.productTitle} (${line.variantTitle})`).join("; ")}.{" "}
                <Link to="/admin/returns">Returns queue</Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
