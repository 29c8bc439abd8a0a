// POST /api/get-subscriptions { sessionToken?, customer } → { results }
// (shop-core spec sections 3 and 7): the signed-in customer's autoship subscriptions
// with the spec's fields, active ones first.
import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { shopDay } from "~/models/shop-time";
import { autoship } from "~/services/autoship/index.server";
import { shopTimeZone } from "~/services/site/index.server";
import { methodNotAllowed, notFound, NO_STORE } from "~/utils/api.server";
import { CustomerIdSchema, SessionTokenSchema, readSignedInBody } from "~/utils/api-auth.server";

const SubscriptionsBodySchema = z.object({ sessionToken: SessionTokenSchema, customer: CustomerIdSchema });

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request }: ActionFunctionArgs) {
  const { customerId, body } = await readSignedInBody(request, SubscriptionsBodySchema);
  if (body.customer !== customerId) return notFound("That customer was not found.");
  const subscriptions = await autoship.list(customerId);
  const results = subscriptions.map((s) => ({
    id: s.id,
    customerId: s.customerId,
    productId: s.productId,
    contractId: s.contractId,
    frequencyDays: s.frequencyDays,
    frequency: s.frequency,
    cancelled: s.cancelled,
    cancelReason: s.cancelReason,
    // The day it started in the shop's time zone (docs/rules.md "Shop time").
    startDateString: shopDay(s.startDate, shopTimeZone()),
    quantity: s.quantity,
    weight: s.weight,
    weightUnit: s.weightUnit,
    nextOrderDate: s.nextOrderDate.toISOString(),
    productTitle: s.product.title,
    variantTitle: s.variant.title,
  }));
  return json({ results }, { headers: NO_STORE });
}
