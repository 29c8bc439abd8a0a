// Who may see an order (docs/rules.md "Orders"): the rule is `mayViewOrder`
// (app/models/order-access.ts) and `orders.viewableBy` loads an order only for a
// viewer who may see it. This file remembers the orders a browser session placed
// (a guest has no account to sign in to); `orderViewer` (app/utils) reads them back.
import type { Session } from "@remix-run/node";

const KEY = "recentOrderIds";
const KEEP = 5;

/** Remembers an order this session placed (the last few only). */
export function rememberOrder(session: Session, orderId: string): void {
  const ids = recentOrderIds(session).filter((id) => id !== orderId);
  session.set(KEY, [orderId, ...ids].slice(0, KEEP));
}

export function recentOrderIds(session: Session): string[] {
  const value: unknown = session.get(KEY);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}
