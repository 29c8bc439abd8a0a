import { z } from "zod";
import { CartLineUpdateSchema, MAX_CART_LINES_PER_CALL } from "~/models/cart-input";
import { commerce } from "~/services/commerce/index.server";
import { cartChangeAction, methodNotAllowed } from "~/utils/api.server";

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST { cartId, lineItems: [{ id, quantity?, sellingPlanId?, attributes? }] } → { cart, notices }.
 * Quantity 0 removes a line; quantities over the limits are clamped (shop-core spec sections 5 and 7).
 */
export const action = cartChangeAction(
  { lineItems: z.array(CartLineUpdateSchema).min(1).max(MAX_CART_LINES_PER_CALL) },
  (id, { lineItems }) => commerce.updateLines(id, lineItems),
);
