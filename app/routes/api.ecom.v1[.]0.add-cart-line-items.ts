import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { commerce } from "~/services/commerce/index.server";
import {
  CartIdSchema,
  CartLineInputSchema,
  changeSiteCart,
  MAX_CART_LINES_PER_CALL,
  methodNotAllowed,
  parseJsonBody,
  requireMethod,
} from "~/utils/api.server";

const AddLinesBodySchema = z.object({
  cartId: CartIdSchema,
  lineItems: z.array(CartLineInputSchema).min(1).max(MAX_CART_LINES_PER_CALL),
});

export async function loader() {
  return methodNotAllowed(["POST"]);
}

/** POST { cartId, lineItems } → { cart, notices }; only what fits the limits is added (shop-core spec sections 5 and 7). */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const { cartId, lineItems } = await parseJsonBody(request, AddLinesBodySchema);
  return changeSiteCart(
    request,
    cartId,
    (id) => commerce.addLines(id, lineItems),
    // Shop-core spec section 8: nothing is added to a missing cart.
    (error) => error.code === "CART_NOT_FOUND" && console.warn("No cart found"),
  );
}
