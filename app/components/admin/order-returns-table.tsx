// The returns queue's table (docs/rules.md "Back office: orders", "Returns"): each return with its
// order, items, reason, status badge and refund, and the actions the viewer may post: Approve, and
// "Receive and refund $X" (it writes the refund, so it asks first and is drawn as destructive).
import { Form, Link } from "@remix-run/react";
import { StatusBadge } from "~/components/admin/order-badges";
import { AdminTableBox } from "~/components/admin/table-box";
import { formatMoney } from "~/models/money";
import { refundStatusLabel } from "~/models/order-lifecycle";
import { formatShopDateTime } from "~/models/shop-time";
import { useShopTimeZone } from "~/utils/use-shop-time-zone";

export interface ReturnShown {
  id: string;
  orderNumber: number;
  status: string;
  reason: string;
  comment: string | null;
  refundCents: number;
  refundStatus: string | null;
  createdAt: string;
  lines: { productTitle: string; variantTitle: string; quantity: number }[];
}

function ReturnAction({ intent, id, label, danger }: { intent: string; id: string; label: string; danger: boolean }) {
  return (
    <Form method="post">
      <input type="hidden" name="returnId" value={id} />
      <button type="submit" name="intent" value={intent} className={danger ? "button button--danger" : "button"}>
        {label}
      </button>
    </Form>
  );
}

export function ReturnsTable({
  returns,
  may,
}: {
  returns: readonly ReturnShown[];
  may: { approve: boolean; receive: boolean };
}) {
  const zone = useShopTimeZone();
  return (
    <AdminTableBox label="Returns">
      <table className="admin-table" data-testid="admin-returns">
        <caption className="visually-hidden">Returns, oldest first</caption>
        <thead>
          <tr>
            <th scope="col">Asked</th>
            <th scope="col">Order</th>
            <th scope="col">Items</th>
            <th scope="col">Reason</th>
            <th scope="col">Status</th>
            <th scope="col">Refund</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {returns.map((r) => (
            <tr key={r.id}>
              <td>{formatShopDateTime(r.createdAt, zone)}</td>
              <td>
                <Link to={`/admin/orders/${r.orderNumber}`}>#{r.orderNumber}</Link>
              </td>
              <td>
                <ul>
                  {r.lines.map((line, i) => (
                    <li key={i}>
                      {line.quantity} × {line.productTitle} ({line.variantTitle})
                    </li>
                  ))}
                </ul>
              </td>
              <td>
                {r.reason}
                {r.comment ? <p className="admin-pre">{r.comment}</p> : null}
              </td>
              <td>
                <StatusBadge kind="return" status={r.status} />
              </td>
              <td>
                {formatMoney(r.refundCents)}
                <br />
                {r.refundStatus === "succeeded"
                  ? "Refunded"
                  : r.refundStatus
                    ? `Refund ${refundStatusLabel(r.refundStatus).toLowerCase()}`
                    : ""}
              </td>
              <td>
                {may.approve && r.status === "requested" ? (
                  <ReturnAction intent="approve" id={r.id} label="Approve" danger={false} />
                ) : null}
                {may.receive && r.status === "approved" ? (
                  <ReturnAction
                    intent="receive"
                    id={r.id}
                    label={`Receive and refund ${formatMoney(r.refundCents)}`}
                    danger
                  />
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </AdminTableBox>
  );
}
