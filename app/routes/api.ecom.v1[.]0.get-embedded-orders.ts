// POST /api/ecom/v1.0/get-embedded-orders { sessionToken?, id, quantity?, cursor?, query? }
// (shop-core spec sections 3 and 7; provider name "embedded"): the signed-in
// customer's orders, newest first, as a connection with edges, nodes and pageInfo.
// `query` is URL-encoded and matches an order number or a product title.
import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { orderCursor, orders } from "~/services/orders/index.server";
import { methodNotAllowed, NO_STORE, notFound } from "~/utils/api.server";
import { OrdersBodySchema, readSignedInBody } from "~/utils/api-auth.server";
import { requireProviderPath } from "~/utils/provider-api.server";

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request }: ActionFunctionArgs) {
  requireProviderPath("embedded");
  const { customerId, body } = await readSignedInBody(request, OrdersBodySchema);
  // Another customer's id is not found, the same as one that does not exist.
  if (body.id !== customerId) return notFound("That customer was not found.");
  const connection = await orders.listOrders({
    customerId,
    first: body.quantity,
    after: body.cursor || null,
    query: body.query,
  });
  return json(
    {
      orders: {
        edges: connection.nodes.map((node) => ({ cursor: orderCursor(node), node })),
        nodes: connection.nodes,
        pageInfo: connection.pageInfo,
      },
    },
    { headers: NO_STORE },
  );
}
