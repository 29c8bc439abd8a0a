import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { commerce } from "~/services/commerce/index.server";
import {
  CartAttributesSchema,
  CartIdSchema,
  changeSiteCart,
  methodNotAllowed,
  parseJsonBody,
  requireMethod,
} from "~/utils/api.server";

const UpdateAttributesBodySchema = z.object({ cartId: CartIdSchema, attributes: CartAttributesSchema });

export async function loader() {
  return methodNotAllowed(["POST"]);
}

/** POST { cartId, attributes: [{ key, value }] } → { cart, notices }; keys given replace their values. */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const { cartId, attributes } = await parseJsonBody(request, UpdateAttributesBodySchema);
  return changeSiteCart(request, cartId, (id) => commerce.updateAttributes(id, attributes));
}
