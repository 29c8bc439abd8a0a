// POST /api/ecom/v1.0/customer-address-update { sessionToken?, address, id } → { address }
// (shop-core spec section 7); another customer's address is a 404.
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { customers } from "~/services/customers/index.server";
import { ApiAddressSchema, CustomerIdSchema, readSignedInBody } from "~/utils/api-auth.server";
import { answerServiceCall, methodNotAllowed } from "~/utils/api.server";

const UpdateAddressBody = z.object({ id: CustomerIdSchema, address: ApiAddressSchema });

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request }: ActionFunctionArgs) {
  const { customerId, body } = await readSignedInBody(request, UpdateAddressBody);
  return answerServiceCall(
    async () => ({ address: await customers.updateAddress(customerId, body.id, body.address) }),
    { fieldPrefix: "address" },
  );
}
