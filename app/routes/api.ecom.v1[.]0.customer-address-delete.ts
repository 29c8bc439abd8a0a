// POST /api/ecom/v1.0/customer-address-delete { sessionToken?, id }
// → { deletedId, defaultAddressId } (shop-core spec section 7). Deleting the
// default makes the oldest remaining address the default (or none).
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { customers } from "~/services/customers/index.server";
import { CustomerIdSchema, readSignedInBody } from "~/utils/api-auth.server";
import { answerServiceCall, methodNotAllowed } from "~/utils/api.server";

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request }: ActionFunctionArgs) {
  const { customerId, body } = await readSignedInBody(request, z.object({ id: CustomerIdSchema }));
  return answerServiceCall(() => customers.deleteAddress(customerId, body.id));
}
