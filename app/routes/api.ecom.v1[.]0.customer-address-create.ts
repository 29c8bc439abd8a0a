// POST /api/ecom/v1.0/customer-address-create { sessionToken?, address, makeDefault? }
// → 201 { address } (shop-core spec section 7). The first address becomes the default.
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { customers } from "~/services/customers/index.server";
import { ApiAddressSchema, readSignedInBody } from "~/utils/api-auth.server";
import { answerServiceCall, methodNotAllowed } from "~/utils/api.server";

const CreateAddressBody = z.object({ address: ApiAddressSchema, makeDefault: z.boolean().optional() });

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request }: ActionFunctionArgs) {
  const { customerId, body } = await readSignedInBody(request, CreateAddressBody);
  return answerServiceCall(
    async () => ({
      address: await customers.createAddress(customerId, body.address, { makeDefault: body.makeDefault }),
    }),
    { status: 201, fieldPrefix: "address" },
  );
}
