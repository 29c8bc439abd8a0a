// POST /api/ecom/v1.0/update-customer { sessionToken?, customerId, updateInput }
// → { customerUpdate: { customer, userErrors } } (shop-core spec sections 7-8):
// writes the customer's metafields; a refused one is a userError and is not
// written. customerId must be the signed-in customer's (else 404).
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { CustomerError, customers } from "~/services/customers/index.server";
import { CustomerIdSchema, customerJson, readSignedInBody } from "~/utils/api-auth.server";
import { answerServiceCall, methodNotAllowed } from "~/utils/api.server";

/** Values are strings; numbers and booleans are taken as their text. Their rules are userErrors, not 400s. */
const Value = z.union([z.string().max(10_000), z.number(), z.boolean()]).transform(String);
const Name = z.string().trim().max(100);

const UpdateCustomerBody = z.object({
  customerId: CustomerIdSchema,
  updateInput: z
    .array(
      z.union([
        z.object({ id: CustomerIdSchema, value: Value }),
        z.object({ namespace: Name, key: Name, type: Name, value: Value }),
      ]),
    )
    .min(1, "Give at least one metafield.")
    .max(25, "Give at most 25 metafields per call."),
});

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request }: ActionFunctionArgs) {
  const { customerId, body } = await readSignedInBody(request, UpdateCustomerBody);
  return answerServiceCall(async () => {
    if (body.customerId !== customerId) throw new CustomerError("NOT_FOUND", "We could not find that customer.");
    const { userErrors } = await customers.updateMetafields(customerId, body.updateInput);
    return { customerUpdate: { customer: await customerJson(customerId), userErrors } };
  });
}
