// POST /api/ecom/v1.0/create-customer-token { email, first_name?, last_name?, key }
// → { sessionToken, expiresAt } (shop-core spec section 7). `key` is the
// account's password with the embedded identity provider. The same lockout as
// the sign-in page applies, behind the same one answer: an unknown email, a wrong
// key and a locked account are all 401 "Unauthorized user" (docs/rules.md "One
// answer for a refused sign-in"). Calls count against the token API's own budget.
import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { EmailField } from "~/models/account-forms";
import { identity } from "~/services/identity/index.server";
import { signInWithPassword } from "~/services/sign-in/index.server";
import { getSite } from "~/services/site/index.server";
import { apiError, methodNotAllowed, NO_STORE, parseJsonBody, requireMethod } from "~/utils/api.server";
import { requireApiBudget } from "~/utils/rate-limit.server";

const Body = z.object({
  email: EmailField,
  first_name: z.string().max(60).optional(),
  last_name: z.string().max(60).optional(),
  key: z.string({ required_error: "Give the password." }).min(1, "Give the password."),
});

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  await requireApiBudget("token-api", context);
  const body = await parseJsonBody(request, Body);
  const site = getSite(request);
  const result = await signInWithPassword(site, body.email, body.key);
  if (!result.ok) return apiError(401, "UNAUTHORIZED", "Unauthorized user");
  const sessionToken = await identity.createSession(result.customerId, site);
  const session = await identity.resolveSession(sessionToken);
  return json({ sessionToken, expiresAt: session!.expiresAt.toISOString() }, { headers: NO_STORE });
}
