import { z } from "zod";
import { CartLineInputSchema, MAX_CART_LINES_PER_CALL } from "~/models/cart-input";
import { commerce } from "~/services/commerce/index.server";
import { logger } from "~/services/observability/index.server";
import { cartChangeAction, methodNotAllowed } from "~/utils/api.server";

export const loader = () => methodNotAllowed(["POST"]);

/** POST { cartId, lineItems } → { cart, notices }; only what fits the limits is added (shop-core spec sections 5 and 7). */
export const action = cartChangeAction(
  { lineItems: z.array(CartLineInputSchema).min(1).max(MAX_CART_LINES_PER_CALL) },
  (id, { lineItems }) => commerce.addLines(id, lineItems),
  // Shop-core spec section 8: nothing is added to a missing cart.
  (error) => error.code === "CART_NOT_FOUND" && logger().warn("No cart found"),
);
