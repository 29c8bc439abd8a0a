// Status badges and counts of the back office's orders and returns lists (docs/rules.md "Back
// office: orders"): the badge says the status in words, its tone (`statusTone`) marks what waits.
import { Link } from "@remix-run/react";
import { statusTone } from "~/models/admin-orders";
import { orderStatusLabel } from "~/models/order-lifecycle";

export function StatusBadge({ kind, status }: { kind: "order" | "return"; status: string }) {
  return (
    <span className={`admin-badge admin-badge--${statusTone(kind, status)}`} data-testid={`${kind}-status-badge`}>
      {orderStatusLabel(status)}
    </span>
  );
}

/** Each status with how many are in it, linking to the list filtered by it. */
export function StatusCounts({
  kind,
  label,
  statuses,
  counts,
  hrefOf,
}: {
  kind: "order" | "return";
  label: string;
  statuses: readonly string[];
  counts: Readonly<Record<string, number>>;
  hrefOf: (status: string) => string;
}) {
  return (
    <ul className="admin-actions admin-counts" aria-label={label} data-testid={`${kind}-counts`}>
      {statuses.map((status) => (
        <li key={status}>
          <Link to={hrefOf(status)}>
            <StatusBadge kind={kind} status={status} /> {counts[status] ?? 0}
          </Link>
        </li>
      ))}
    </ul>
  );
}
