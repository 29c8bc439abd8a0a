// POST /api/ecom/v1.0/get-shopify-order { sessionToken?, id } (shop-core spec section 7;
// provider name "shopify"): on Shopify, one of the signed-in customer's Shopify orders by its id
// (gid://shopify/Order/N). Another customer's order answers 404 like one that does not exist
// (Shopify shows a customer only their own). 404 on another provider.
import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { shopifyCustomers } from "~/services/customers/index.server";
import { methodNotAllowed, NO_STORE, notFound } from "~/utils/api.server";
import { CustomerIdSchema, SessionTokenSchema, readSignedInBody } from "~/utils/api-auth.server";
import { requireProviderPath } from "~/utils/provider-api.server";

const OrderBodySchema = z.object({ sessionToken: SessionTokenSchema, id: CustomerIdSchema });

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request }: ActionFunctionArgs) {
  requireProviderPath("shopify");
  const { customerId, body } = await readSignedInBody(request, OrderBodySchema);
  const order = shopifyCustomers ? await shopifyCustomers.findOrder(customerId, body.id) : null;
  if (!order) return notFound("That order was not found.");
  return json({ order }, { headers: NO_STORE });
}
