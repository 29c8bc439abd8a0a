// Ties the cart to the request: the col_cart_id cookie, the signed-in customer
// and their saved-cart metafield. Routes call these; the cart itself is the
// commerce provider's.
import { commerce } from "~/services/commerce/index.server";
import { cartIdCookie, readCartId } from "~/services/commerce/cart-cookie.server";
import type { CartResult, CartLineInput } from "~/services/commerce/cart.server";
import { deleteSavedCart, saveCartForCustomer } from "~/services/commerce/saved-cart.server";
import { getCustomerId } from "~/services/session.server";
import type { SiteId } from "~/models/site";

/** The request's cart, or null (also when the cookie names a cart that is gone). */
export async function currentCart(request: Request) {
  const cartId = await readCartId(request);
  return cartId ? commerce.getCart(cartId) : null;
}

/**
 * Adds lines to the request's cart, creating one when there is none (shop-core
 * spec section 4); a signed-in customer's new cart is linked and saved.
 */
export async function addToCart(request: Request, site: SiteId, lines: CartLineInput[]) {
  const cartId = await readCartId(request);
  const existing = cartId ? await commerce.getCart(cartId) : null;
  if (existing && existing.site === site) return commerce.addLines(existing.id, lines);
  const customerId = await getCustomerId(request);
  const result = await commerce.createCart({ site, customerId, lines });
  if (customerId && result.cart) await saveCartForCustomer(customerId, result.cart.id);
  return result;
}

/**
 * Set-Cookie for after a change: the new cart id, or a cleared cookie (and a
 * deleted saved-cart metafield) when the cart was discarded.
 */
export async function cartCookieAfter(request: Request, result: CartResult): Promise<string | null> {
  const before = await readCartId(request);
  if (result.cart) return result.cart.id === before ? null : cartIdCookie.serialize(result.cart.id);
  const customerId = await getCustomerId(request);
  if (customerId) await deleteSavedCart(customerId);
  return cartIdCookie.serialize("", { maxAge: 0 });
}
