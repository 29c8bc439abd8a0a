// Who may see an order's confirmation: its customer, or the browser session
// that placed it (a guest has no account to sign in to).
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

/** True when the order is the signed-in customer's, or this session placed it. */
export function mayViewOrder(
  order: { id: string; customerId: string | null },
  session: Session,
  customerId: string | null,
): boolean {
  return (customerId !== null && order.customerId === customerId) || recentOrderIds(session).includes(order.id);
}
