// POST /api/ecom/v1.0/update-customer-default-address { sessionToken?, addressId }
// → { customer } (shop-core spec section 7); another customer's address is a 404.
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { customers } from "~/services/customers/index.server";
import { CustomerIdSchema, customerJson, readSignedInBody } from "~/utils/api-auth.server";
import { answerServiceCall, methodNotAllowed } from "~/utils/api.server";

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request }: ActionFunctionArgs) {
  const { customerId, body } = await readSignedInBody(request, z.object({ addressId: CustomerIdSchema }));
  return answerServiceCall(async () => {
    await customers.setDefaultAddress(customerId, body.addressId);
    return { customer: await customerJson(customerId) };
  });
}
