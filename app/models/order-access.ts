// Who may see an order (docs/rules.md "Orders"): the signed-in customer whose
// order it is, or the browser session that placed it (a guest has no account to
// sign in to), and only on the site the order was placed on. Everything else is
// "not found", the same answer as an unknown id, so order ids cannot be probed.
import type { SiteId } from "./site";

/** Whoever asks to see an order: the request's site, its signed-in customer and the orders its session placed. */
export interface OrderViewer {
  site: SiteId;
  customerId: string | null;
  /** Orders this browser session placed (the last few, see `rememberOrder`). */
  placedOrderIds: readonly string[];
}

/** True when the viewer may see the order. */
export function mayViewOrder(
  order: { id: string; site: string; customerId: string | null },
  viewer: OrderViewer,
): boolean {
  if (order.site !== viewer.site) return false;
  const own = viewer.customerId !== null && order.customerId === viewer.customerId;
  return own || viewer.placedOrderIds.includes(order.id);
}

/**
 * True when the viewer may create an account for this order and have it attached
 * (docs/rules.md "Cart on a phone"): a guest (not signed in) whose browser session placed
 * it, on its site, while the order has no account yet. The account's email is the order's.
 */
export function mayClaimOrder(
  order: { id: string; site: string; customerId: string | null },
  viewer: OrderViewer,
): boolean {
  return (
    order.site === viewer.site &&
    order.customerId === null &&
    viewer.customerId === null &&
    viewer.placedOrderIds.includes(order.id)
  );
}
