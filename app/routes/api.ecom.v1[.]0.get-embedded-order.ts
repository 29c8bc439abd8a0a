// POST /api/ecom/v1.0/get-embedded-order { sessionToken?, id } (shop-core spec
// section 7; provider name "embedded"): an order the caller may see (docs/rules.md
// "Orders"). Another customer's order, or another site's, answers 404 like one that does not exist.
import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { orders } from "~/services/orders/index.server";
import { orderViewer } from "~/utils/order-viewer.server";
import { methodNotAllowed, NO_STORE, notFound } from "~/utils/api.server";
import { CustomerIdSchema, SessionTokenSchema, readSignedInBody } from "~/utils/api-auth.server";
import { requireProviderPath } from "~/utils/provider-api.server";

const OrderBodySchema = z.object({ sessionToken: SessionTokenSchema, id: CustomerIdSchema });

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request }: ActionFunctionArgs) {
  requireProviderPath("embedded");
  const { customerId, body } = await readSignedInBody(request, OrderBodySchema);
  const order = await orders.viewableBy(body.id, await orderViewer(request, customerId));
  if (!order) return notFound("That order was not found.");
  return json({ order }, { headers: NO_STORE });
}
