// What waits for the back office (its home page): counts only, each shown to the roles whose
// section it links to. Read-only; the owners of the data decide what the statuses mean
// (docs/rules.md "Order lifecycle", "Returns", "Reviews", "Outbox").
import type { PrismaClient } from "~/generated/prisma/client";
import { can, type AdminRole, type Permission } from "~/models/admin-roles";
import type { CommerceFeature, CommerceFeatures } from "~/models/commerce-features";

export interface InboxItem {
  label: string;
  count: number;
  href: string;
}

interface InboxQuery {
  label: string;
  href: string;
  permission: Permission;
  /** The commerce feature whose screen it links to: not counted when the provider does that instead. */
  feature?: CommerceFeature;
  count: (db: PrismaClient) => Promise<number>;
}

const QUERIES: InboxQuery[] = [
  {
    label: "Orders to pack",
    href: "/admin/orders?status=paid",
    permission: "orders.view",
    feature: "embeddedOrders",
    count: (db) => db.order.count({ where: { status: "paid" } }),
  },
  {
    label: "Orders to ship",
    href: "/admin/orders?status=packed",
    permission: "orders.view",
    feature: "embeddedOrders",
    count: (db) => db.order.count({ where: { status: "packed" } }),
  },
  {
    label: "Returns to approve",
    href: "/admin/returns?status=requested",
    permission: "returns.view",
    feature: "embeddedOrders",
    count: (db) => db.orderReturn.count({ where: { status: "requested" } }),
  },
  {
    label: "Returns to receive",
    href: "/admin/returns?status=approved",
    permission: "returns.view",
    feature: "embeddedOrders",
    count: (db) => db.orderReturn.count({ where: { status: "approved" } }),
  },
  {
    label: "Reviews to moderate",
    href: "/admin/reviews",
    permission: "reviews.moderate",
    count: (db) => db.review.count({ where: { status: "pending" } }),
  },
  {
    label: "Messages that failed",
    href: "/admin/outbox?status=failed",
    permission: "outbox.view",
    count: (db) => db.outboxMessage.count({ where: { status: "failed" } }),
  },
];

/** The counts a role may follow, in the home page's order. */
export async function inboxFor(db: PrismaClient, role: AdminRole, features: CommerceFeatures): Promise<InboxItem[]> {
  const mine = QUERIES.filter((query) => can(role, query.permission) && (!query.feature || features[query.feature]));
  const counts = await Promise.all(mine.map((query) => query.count(db)));
  return mine.map((query, i) => ({ label: query.label, href: query.href, count: counts[i] }));
}
