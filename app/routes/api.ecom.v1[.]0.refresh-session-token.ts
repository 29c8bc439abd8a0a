// POST /api/ecom/v1.0/refresh-session-token { sessionToken?, forceRefreshToken? }
// → { expiresAt } (shop-core spec sections 4 and 7): slides the session's expiry
// (the cookie's token, or the one given). 401 when it no longer works.
import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { identity } from "~/services/identity/index.server";
import { getSession, sessionTokenOf } from "~/services/http/index.server";
import { SessionTokenSchema } from "~/utils/api-auth.server";
import { apiError, methodNotAllowed, NO_STORE, parseJsonBody, requireMethod } from "~/utils/api.server";
import { requireApiBudget } from "~/utils/rate-limit.server";

const Body = z.object({
  sessionToken: SessionTokenSchema,
  forceRefreshToken: z.boolean().optional(),
});

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  requireApiBudget("token-api", context);
  const body = await parseJsonBody(request, Body);
  const token = body.sessionToken ?? sessionTokenOf(await getSession(request));
  const session = token
    ? await identity.resolveSession(token, { refresh: true, force: body.forceRefreshToken ?? false })
    : null;
  if (!session) return apiError(401, "UNAUTHENTICATED", "The session has ended. Sign in again.");
  return json({ expiresAt: session.expiresAt.toISOString() }, { headers: NO_STORE });
}
