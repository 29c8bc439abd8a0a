import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { commerce } from "~/services/commerce/index.server";
import {
  CartIdSchema,
  CartLineUpdateSchema,
  changeSiteCart,
  MAX_CART_LINES_PER_CALL,
  methodNotAllowed,
  parseJsonBody,
  requireMethod,
} from "~/utils/api.server";

const UpdateLinesBodySchema = z.object({
  cartId: CartIdSchema,
  lineItems: z.array(CartLineUpdateSchema).min(1).max(MAX_CART_LINES_PER_CALL),
});

export async function loader() {
  return methodNotAllowed(["POST"]);
}

/**
 * POST { cartId, lineItems: [{ id, quantity?, sellingPlanId?, attributes? }] } → { cart, notices }.
 * Quantity 0 removes a line; quantities over the limits are clamped (shop-core spec sections 5 and 7).
 */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const { cartId, lineItems } = await parseJsonBody(request, UpdateLinesBodySchema);
  return changeSiteCart(request, cartId, (id) => commerce.updateLines(id, lineItems));
}
