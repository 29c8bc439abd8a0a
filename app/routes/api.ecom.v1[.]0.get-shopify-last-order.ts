// POST /api/ecom/v1.0/get-shopify-last-order { sessionToken?, id } (shop-core spec section 7;
// provider name "shopify"): on Shopify, the signed-in customer's newest Shopify order, or null.
// 404 on another provider.
import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { accountOrders } from "~/services/customers/index.server";
import { methodNotAllowed, NO_STORE, notFound } from "~/utils/api.server";
import { CustomerIdSchema, SessionTokenSchema, readSignedInBody } from "~/utils/api-auth.server";
import { requireProviderPath } from "~/utils/provider-api.server";

const LastOrderBodySchema = z.object({ sessionToken: SessionTokenSchema, id: CustomerIdSchema });

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request }: ActionFunctionArgs) {
  requireProviderPath("shopify");
  const { customerId, body } = await readSignedInBody(request, LastOrderBodySchema);
  if (body.id !== customerId) return notFound("That customer was not found.");
  const { orders } = await accountOrders.list(customerId, { first: 1, after: null, query: "" });
  return json({ order: orders[0] ?? null }, { headers: NO_STORE });
}
