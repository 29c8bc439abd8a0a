// POST /api/ecom/v1.0/get-embedded-customer { sessionToken? } → { customer }
// (shop-core spec section 7): the signed-in customer's profile, metafields,
// address book and default address.
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { customerJson, readSignedInBody } from "~/utils/api-auth.server";
import { answerServiceCall, methodNotAllowed } from "~/utils/api.server";
import { requireProviderPath } from "~/utils/provider-api.server";

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request }: ActionFunctionArgs) {
  requireProviderPath("embedded");
  const { customerId } = await readSignedInBody(request, z.object({}));
  return answerServiceCall(async () => ({ customer: await customerJson(customerId) }));
}
