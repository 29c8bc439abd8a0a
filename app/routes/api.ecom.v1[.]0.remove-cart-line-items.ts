import { z } from "zod";
import { ItemIdSchema, MAX_CART_LINES_PER_CALL } from "~/models/cart-input";
import { commerce } from "~/services/commerce/index.server";
import { cartChangeAction, methodNotAllowed } from "~/utils/api.server";

export const loader = () => methodNotAllowed(["POST"]);

/** POST { cartId, lineItemIds } → { cart, notices }; removing the last item discards the cart (`cart: null`). */
export const action = cartChangeAction(
  { lineItemIds: z.array(ItemIdSchema).min(1).max(MAX_CART_LINES_PER_CALL) },
  (id, { lineItemIds }) => commerce.removeLines(id, lineItemIds),
);
