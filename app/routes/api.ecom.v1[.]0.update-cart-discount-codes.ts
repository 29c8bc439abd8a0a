import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { commerce } from "~/services/commerce/index.server";
import { CartIdSchema, changeSiteCart, methodNotAllowed, parseJsonBody, requireMethod } from "~/utils/api.server";

const UpdateDiscountCodesBodySchema = z.object({
  cartId: CartIdSchema,
  codes: z.array(z.string().trim().max(40)).max(20),
});

export async function loader() {
  return methodNotAllowed(["POST"]);
}

/** POST { cartId, codes } → { cart, notices }; the codes replace the cart's (an empty list clears them). */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const { cartId, codes } = await parseJsonBody(request, UpdateDiscountCodesBodySchema);
  return changeSiteCart(request, cartId, (id) => commerce.updateDiscountCodes(id, codes));
}
