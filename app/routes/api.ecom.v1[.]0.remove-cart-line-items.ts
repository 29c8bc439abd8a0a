import { z } from "zod";
import { commerce } from "~/services/commerce/index.server";
import { cartChangeAction, IdSchema, MAX_CART_LINES_PER_CALL, methodNotAllowed } from "~/utils/api.server";

export const loader = () => methodNotAllowed(["POST"]);

/** POST { cartId, lineItemIds } → { cart, notices }; removing the last item discards the cart (`cart: null`). */
export const action = cartChangeAction(
  { lineItemIds: z.array(IdSchema).min(1).max(MAX_CART_LINES_PER_CALL) },
  (id, { lineItemIds }) => commerce.removeLines(id, lineItemIds),
);
