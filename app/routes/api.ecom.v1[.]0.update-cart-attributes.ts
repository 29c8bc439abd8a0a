import { commerce } from "~/services/commerce/index.server";
import { CartAttributesSchema } from "~/models/cart-input";
import { cartChangeAction, methodNotAllowed } from "~/utils/api.server";

export const loader = () => methodNotAllowed(["POST"]);

/** POST { cartId, attributes: [{ key, value }] } → { cart, notices }; keys given replace their values. */
export const action = cartChangeAction({ attributes: CartAttributesSchema }, (id, { attributes }) =>
  commerce.updateAttributes(id, attributes),
);
