// POST /api/ecom/v1.0/delete-metafield { sessionToken?, metafieldId } → { deletedId }
// (shop-core spec section 7); another customer's metafield is a 404.
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { customers } from "~/services/customers/index.server";
import { CustomerIdSchema, readSignedInBody } from "~/utils/api-auth.server";
import { answerServiceCall, methodNotAllowed } from "~/utils/api.server";

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request }: ActionFunctionArgs) {
  const { customerId, body } = await readSignedInBody(request, z.object({ metafieldId: CustomerIdSchema }));
  return answerServiceCall(() => customers.deleteMetafield(customerId, body.metafieldId));
}
