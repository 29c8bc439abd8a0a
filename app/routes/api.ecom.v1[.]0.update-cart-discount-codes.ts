import { z } from "zod";
import { commerce } from "~/services/commerce/index.server";
import { cartChangeAction, methodNotAllowed } from "~/utils/api.server";

export const loader = () => methodNotAllowed(["POST"]);

/** POST { cartId, codes } → { cart, notices }; the codes replace the cart's (an empty list clears them). */
export const action = cartChangeAction({ codes: z.array(z.string().trim().max(40)).max(20) }, (id, { codes }) =>
  commerce.updateDiscountCodes(id, codes),
);
