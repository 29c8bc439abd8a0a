// POST /api/ecom/v1.0/get-embedded-last-order { sessionToken?, id } (shop-core
// spec section 7; provider name "embedded"): the signed-in customer's newest order, or null.
import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { orders } from "~/services/orders/index.server";
import { methodNotAllowed, NO_STORE, notFound } from "~/utils/api.server";
import { CustomerIdSchema, SessionTokenSchema, readSignedInBody } from "~/utils/api-auth.server";
import { requireProviderPath } from "~/utils/provider-api.server";

const LastOrderBodySchema = z.object({ sessionToken: SessionTokenSchema, id: CustomerIdSchema });

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request }: ActionFunctionArgs) {
  requireProviderPath("embedded");
  const { customerId, body } = await readSignedInBody(request, LastOrderBodySchema);
  if (body.id !== customerId) return notFound("That customer was not found.");
  const { nodes } = await orders.listOrders({ customerId, first: 1 });
  return json({ order: nodes[0] ?? null }, { headers: NO_STORE });
}
