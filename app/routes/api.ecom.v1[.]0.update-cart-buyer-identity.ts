import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { commerce } from "~/services/commerce/index.server";
import {
  BuyerIdentitySchema,
  CartIdSchema,
  changeSiteCart,
  methodNotAllowed,
  parseJsonBody,
  requireMethod,
} from "~/utils/api.server";

const UpdateBuyerIdentityBodySchema = z.object({ cartId: CartIdSchema, buyerIdentity: BuyerIdentitySchema });

export async function loader() {
  return methodNotAllowed(["POST"]);
}

/** POST { cartId, buyerIdentity } → { cart, notices }; fields left out are kept, null clears. */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const { cartId, buyerIdentity } = await parseJsonBody(request, UpdateBuyerIdentityBodySchema);
  // Only the buyer's contact fields: a body never links a cart to a customer.
  const { email, phone, countryCode } = buyerIdentity;
  return changeSiteCart(request, cartId, (id) => commerce.updateBuyerIdentity(id, { email, phone, countryCode }));
}
