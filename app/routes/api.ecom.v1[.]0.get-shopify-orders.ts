// POST /api/ecom/v1.0/get-shopify-orders { sessionToken?, id, quantity?, cursor?, query? }
// (shop-core spec section 7; provider name "shopify", docs/api.md): on Shopify, the signed-in
// customer's Shopify orders, newest first, as the account lists them, with pageInfo. `query`
// is URL-encoded and is Shopify's order search. 404 on another provider.
import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { accountOrders } from "~/services/customers/index.server";
import { methodNotAllowed, NO_STORE, notFound } from "~/utils/api.server";
import { OrdersBodySchema, readSignedInBody } from "~/utils/api-auth.server";
import { requireProviderPath } from "~/utils/provider-api.server";

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request }: ActionFunctionArgs) {
  requireProviderPath("shopify");
  const { customerId, body } = await readSignedInBody(request, OrdersBodySchema);
  if (body.id !== customerId) return notFound("That customer was not found.");
  const page = await accountOrders.list(customerId, {
    first: body.quantity,
    after: body.cursor || null,
    query: body.query ?? "",
  });
  return json({ orders: { nodes: page.orders, pageInfo: page.pageInfo } }, { headers: NO_STORE });
}
