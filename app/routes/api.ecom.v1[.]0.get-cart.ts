import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import {
  CartIdSchema,
  cartJson,
  methodNotAllowed,
  NO_STORE,
  parseJsonBody,
  requireMethod,
  requireSiteCart,
} from "~/utils/api.server";

const GetCartBodySchema = z.object({ cartId: CartIdSchema });

export async function loader() {
  return methodNotAllowed(["POST"]);
}

/** POST { cartId } → { cart }, or 404 CART_NOT_FOUND (shop-core spec section 7). */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const { cartId } = await parseJsonBody(request, GetCartBodySchema);
  return json({ cart: cartJson(await requireSiteCart(request, cartId)) }, { headers: NO_STORE });
}
