// The cart a checkout request is for, its refusal over the item limits, and the checkout's closure on a platform with its own
// checkout (docs/decisions.md "Shopify adapter"). Used by the checkout route's loader and action.
import { redirect } from "@remix-run/node";
import type { CartLineView } from "~/models/cart";
import { cartLimits, checkoutRefusal } from "~/models/cart-limits";
import { HAND_OFF_PATH } from "~/models/checkout-forms";
import type { HandOff, HandOffInput } from "~/services/checkout/index.server";
import { CartError, cartIdCookie, commerce, features, ShopifyUnavailable } from "~/services/commerce/index.server";
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
 * page, data or post, goes to the hand-off, which sends the shopper on to the platform's.
 */
export function closedOnPlatform(): void {
  if (features.embeddedCheckout) return;
  throw redirect(HAND_OFF_PATH, 303);
}

/**
 * The hand-off's answer: a 303 to the platform's checkout, with the cart prepared (docs/decisions.md
 * "Checkout hand-off on Shopify"). A refusal (the attestation) is thrown for the caller to show.
 */
export async function handOffAnswer(handOff: HandOff, input: HandOffInput): Promise<never> {
  throw redirect(await handOff.checkoutUrl(input), 303);
}

/**
 * A hand-off request's work, or back to the cart with a notice when the platform cannot be
 * reached (the cart is kept as it was) or refuses the cart (the cart page says why).
 */
export async function orBackToCart<T>(request: Request, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ShopifyUnavailable || error instanceof CartError)) throw error;
    const message =
      error instanceof CartError && error.code !== "COMMERCE_UNAVAILABLE"
        ? error.message
        : "Checkout cannot be reached just now. Your cart is kept: please try again in a moment.";
    throw redirect("/cart", { headers: await commitNotice(request, { tone: "error", message }) });
  }
}
/** A cart over the item limits goes back to /cart with the reason (shop-core spec sections 5 and 9). */
export async function refuseOverLimit(request: Request, lines: readonly CartLineView[], setCookie: string | null) {
  const reason = checkoutRefusal(cartLimits(lines));
  if (!reason) return;
  const headers = await commitNotice(request, { tone: "error", message: reason });
  if (setCookie) headers.append("Set-Cookie", setCookie);
  throw redirect("/cart", { headers });
}
