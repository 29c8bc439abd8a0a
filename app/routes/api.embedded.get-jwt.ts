// GET /api/embedded/get-jwt → { jwt, expiresIn } (shop-core spec section 7: the
// identity provider is asked for a JWT): for the signed-in customer of the
// session cookie; the staff-feeding calls send it back as `jwt`.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { identityJwt, JWT_TTL_SECONDS } from "~/services/identity/index.server";
import { getSite } from "~/services/site/index.server";
import { methodNotAllowed, NO_STORE } from "~/utils/api.server";
import { requireApiBudget } from "~/utils/rate-limit.server";
import { requireApiCustomer } from "~/utils/api-auth.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireApiBudget("token-api", context);
  const customerId = await requireApiCustomer(request, {});
  const jwt = await identityJwt.issue(customerId, getSite(request));
  return json({ jwt, expiresIn: JWT_TTL_SECONDS }, { headers: NO_STORE });
}

export const action = () => methodNotAllowed(["GET"]);
