// The viewer of a request for `orders.viewableBy` (docs/rules.md "Orders"): its site,
// its signed-in customer and the orders its browser session placed.
import type { OrderViewer } from "~/models/order-access";
import { getCustomerId, getSession } from "~/services/http/index.server";
import { recentOrderIds } from "~/services/orders/index.server";
import { getSite } from "~/services/site/index.server";

/**
 * The request's viewer. `customerId` is the caller a JSON call authenticated (its
 * sessionToken, or the cookie); left out, the session cookie's customer (or a guest).
 */
export async function orderViewer(request: Request, customerId?: string | null): Promise<OrderViewer> {
  const [session, signedIn] = await Promise.all([
    getSession(request),
    customerId === undefined ? getCustomerId(request) : customerId,
  ]);
  return { site: getSite(request), customerId: signedIn, placedOrderIds: recentOrderIds(session) };
}
