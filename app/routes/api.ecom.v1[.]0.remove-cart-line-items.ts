import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { commerce } from "~/services/commerce/index.server";
import {
  CartIdSchema,
  changeSiteCart,
  IdSchema,
  MAX_CART_LINES_PER_CALL,
  methodNotAllowed,
  parseJsonBody,
  requireMethod,
} from "~/utils/api.server";

const RemoveLinesBodySchema = z.object({
  cartId: CartIdSchema,
  lineItemIds: z.array(IdSchema).min(1).max(MAX_CART_LINES_PER_CALL),
});

export async function loader() {
  return methodNotAllowed(["POST"]);
}

/** POST { cartId, lineItemIds } → { cart, notices }; removing the last item discards the cart (`cart: null`). */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const { cartId, lineItemIds } = await parseJsonBody(request, RemoveLinesBodySchema);
  return changeSiteCart(request, cartId, (id) => commerce.removeLines(id, lineItemIds));
}
