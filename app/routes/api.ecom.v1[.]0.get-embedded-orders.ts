// POST /api/ecom/v1.0/get-embedded-orders { sessionToken?, id, quantity?, cursor?, query? }
// (shop-core spec sections 3 and 7; provider name "embedded"): the signed-in
// customer's orders, newest first, as a connection with edges, nodes and pageInfo.
// `query` is URL-encoded and matches an order number or a product title.
import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { orderCursor, orders } from "~/services/orders/index.server";
import { methodNotAllowed, NO_STORE, notFound } from "~/utils/api.server";
import { CustomerIdSchema, SessionTokenSchema, readSignedInBody } from "~/utils/api-auth.server";

/** Reads a URL-encoded query ("%23100001", "adult+dog"); undefined when it is not URL-encoded correctly. */
function decodeQuery(value: string): string | undefined {
  try {
    return decodeURIComponent(value.replace(/\+/g, " ")).trim();
  } catch {
    return undefined;
  }
}

const OrdersBodySchema = z.object({
  sessionToken: SessionTokenSchema,
  id: CustomerIdSchema,
  quantity: z
    .number({ invalid_type_error: "Quantity must be a number." })
    .int("Quantity must be a whole number.")
    .min(1, "Quantity must be at least 1.")
    .max(50, "Quantity must be at most 50.")
    .default(20),
  cursor: z.string().trim().max(200, "That cursor is not valid.").nullish(),
  query: z
    .string()
    .max(300, "Keep the query under 300 characters.")
    .nullish()
    .transform((value, ctx) => {
      if (!value) return null;
      const decoded = decodeQuery(value);
      if (decoded === undefined) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: "The query must be URL-encoded." });
        return z.NEVER;
      }
      return decoded || null;
    }),
});

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request }: ActionFunctionArgs) {
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
