import { commerce } from "~/services/commerce/index.server";
import { BuyerIdentitySchema, cartChangeAction, methodNotAllowed } from "~/utils/api.server";

export const loader = () => methodNotAllowed(["POST"]);

/** POST { cartId, buyerIdentity } → { cart, notices }; fields left out are kept, null clears. */
export const action = cartChangeAction({ buyerIdentity: BuyerIdentitySchema }, (id, { buyerIdentity }) => {
  // Only the buyer's contact fields: a body never links a cart to a customer.
  const { email, phone, countryCode } = buyerIdentity;
  return commerce.updateBuyerIdentity(id, { email, phone, countryCode });
});
