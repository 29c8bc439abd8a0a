import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { CartLineInputSchema, MAX_CART_LINES_PER_CALL } from "~/models/cart-input";
import { commerce } from "~/services/commerce/index.server";
import { logger } from "~/services/observability/index.server";
import { getSite } from "~/services/site/index.server";
import {
  answerCartChange,
  BuyerIdentitySchema,
  methodNotAllowed,
  parseJsonBody,
  requireMethod,
} from "~/utils/api.server";

const CreateCartBodySchema = z.object({
  buyerIdentity: BuyerIdentitySchema.optional(),
  lineItems: z.array(CartLineInputSchema).max(MAX_CART_LINES_PER_CALL).default([]),
});

export async function loader() {
  return methodNotAllowed(["POST"]);
}

/** POST { buyerIdentity?, lineItems? } → { cart, notices }: a new cart of the request's site (shop-core spec section 7). */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const { buyerIdentity, lineItems } = await parseJsonBody(request, CreateCartBodySchema);
  return answerCartChange(
    () => commerce.createCart({ site: getSite(request), buyerIdentity, lines: lineItems }),
    // Shop-core spec section 8: a failed creation is logged and leaves no cart.
    (error) =>
      logger().error(
        { code: error.code },
        `Error creating the cart (check that the variant id is valid): ${error.message}`,
      ),
  );
}
