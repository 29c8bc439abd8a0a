// The cart a checkout request is for, its refusal over the item limits, and the checkout's closure on a platform with its own
// checkout (docs/decisions.md "Shopify adapter"). Used by the checkout route's loader and action.
import { redirect } from "@remix-run/node";
import type { CartLineView } from "~/models/cart";
import { cartLimits, checkoutRefusal } from "~/models/cart-limits";
import { cartIdCookie, commerce, features } from "~/services/commerce/index.server";
import { commitNotice, currentCart } from "~/services/http/index.server";
import { getSite } from "~/services/site/index.server";

/** The cart to check out: the cookie's, or the one a checkoutUrl names (adopted when it may be). */
export async function checkoutCart(request: Request, customerId: string | null) {
  const named = new URL(request.url).searchParams.get("cart");
  const site = getSite(request);
  if (named) {
    const cart = await commerce.getCart(named);
    if (cart && cart.site === site && (!cart.customerId || cart.customerId === customerId)) {
      return { cart, setCookie: await cartIdCookie.serialize(cart.id) };
    }
  }
  return { cart: await currentCart(request), setCookie: null };
}

/**
 * On a platform with its own checkout (Shopify) the shop's checkout is closed: every request,
 * page, data or post, goes to the cart's checkoutUrl, or to the cart without one.
 */
export async function closedOnPlatform(request: Request, customerId: string | null) {
  if (features.embeddedCheckout) return;
  const { cart } = await checkoutCart(request, customerId);
  throw redirect(cart?.lines.length ? cart.checkoutUrl : "/cart", 303);
}

/** A cart over the item limits goes back to /cart with the reason (shop-core spec sections 5 and 9). */
export async function refuseOverLimit(request: Request, lines: readonly CartLineView[], setCookie: string | null) {
  const reason = checkoutRefusal(cartLimits(lines));
  if (!reason) return;
  const headers = await commitNotice(request, { tone: "error", message: reason });
  if (setCookie) headers.append("Set-Cookie", setCookie);
  throw redirect("/cart", { headers });
}
