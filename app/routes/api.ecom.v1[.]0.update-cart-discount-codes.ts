import { DiscountCodesSchema } from "~/models/cart-input";
import { commerce } from "~/services/commerce/index.server";
import { cartChangeAction, methodNotAllowed } from "~/utils/api.server";

export const loader = () => methodNotAllowed(["POST"]);

/** POST { cartId, codes } → { cart, notices }; the codes replace the cart's (an empty list clears them). */
export const action = cartChangeAction({ codes: DiscountCodesSchema }, (id, { codes }) =>
  commerce.updateDiscountCodes(id, codes),
);
