// Ties the cart to the request: the col_cart_id cookie, the signed-in customer
// and their saved-cart metafield. Routes call these; the cart itself is the
// commerce provider's.
import {
  commerce,
  cartIdCookie,
  readCartId,
  CartError,
  type CartLineInput,
  type CartNotice,
  type CartResult,
  type ChangeOptions,
  deleteSavedCart,
  saveCartForCustomer,
  savedCartId,
} from "~/services/commerce/index.server";
import { getCustomerId } from "~/services/http/index.server";
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
export async function addToCart(
  request: Request,
  site: SiteId,
  lines: CartLineInput[],
  options: ChangeOptions = {},
): Promise<CartResult> {
  const cartId = await readCartId(request);
  if (cartId) {
    try {
      return await commerce.addLines(cartId, lines, options);
    } catch (error) {
      // A cookie naming a cart that is gone: start a new one.
      if (!(error instanceof CartError && error.code === "CART_NOT_FOUND")) throw error;
    }
  }
  const customerId = await getCustomerId(request);
  const result = await commerce.createCart({ site, customerId, lines, withCart: options.withCart });
  if (customerId && result.cartId) await saveCartForCustomer(customerId, result.cartId);
  return result;
}

/**
 * Set-Cookie for after a change: the new cart id, or a cleared cookie (and a
 * deleted saved-cart metafield) when the cart was discarded.
 */
export async function cartCookieAfter(request: Request, result: CartResult): Promise<string | null> {
  const before = await readCartId(request);
  if (result.cartId) return result.cartId === before ? null : cartIdCookie.serialize(result.cartId);
  const customerId = await getCustomerId(request);
  if (customerId) await deleteSavedCart(customerId);
  return cartIdCookie.serialize("", { maxAge: 0 });
}

/**
 * The cart a customer continues with after signing in (shop-core spec section 4):
 * with no cart loaded, the saved cart is restored; a guest cart is merged into
 * the saved cart within the limits (or becomes the saved cart); a saved cart that
 * cannot be rebuilt has its metafield deleted. Returns the id the cookie should
 * hold. `signInAndRedirect` (services/sign-in/auth.server.ts) calls this at every sign-in.
 */
export async function cartAfterSignIn(input: {
  site: SiteId;
  customerId: string;
  guestCartId: string | null;
}): Promise<{ cartId: string | null; notices: CartNotice[] }> {
  const { site, customerId } = input;
  const savedId = await savedCartId(customerId);
  let saved = savedId ? await commerce.getCart(savedId) : null;
  if (savedId && (!saved || saved.site !== site || (saved.customerId && saved.customerId !== customerId))) {
    await deleteSavedCart(customerId);
    saved = null;
  }
  const guestCandidate = input.guestCartId ? await commerce.getCart(input.guestCartId) : null;
  // Someone else's cart, or another site's, is never taken over.
  const guest =
    guestCandidate &&
    guestCandidate.site === site &&
    (!guestCandidate.customerId || guestCandidate.customerId === customerId)
      ? guestCandidate
      : null;

  if (!guest || guest.id === saved?.id) return { cartId: saved?.id ?? null, notices: [] };
  if (!saved) {
    await commerce.updateBuyerIdentity(guest.id, { customerId });
    await saveCartForCustomer(customerId, guest.id);
    return { cartId: guest.id, notices: [] };
  }
  // Line by line, so one product that can no longer be sold does not lose the rest.
  const notices: CartNotice[] = [];
  for (const line of guest.lines) {
    try {
      const { notices: added } = await commerce.addLines(saved.id, [
        {
          merchandiseId: line.variantId,
          quantity: line.quantity,
          sellingPlanId: line.sellingPlanId,
          attributes: line.attributes,
        },
      ]);
      notices.push(...added);
    } catch (error) {
      if (!(error instanceof CartError)) throw error;
      notices.push({ code: "NOTHING_ADDED", message: `${line.productTitle} could not be moved to your cart.` });
    }
  }
  await commerce.removeLines(
    guest.id,
    guest.lines.map((line) => line.id),
  );
  return { cartId: saved.id, notices };
}
