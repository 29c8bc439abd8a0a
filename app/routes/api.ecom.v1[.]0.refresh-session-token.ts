// POST /api/ecom/v1.0/refresh-session-token { sessionToken?, forceRefreshToken? }
// → { expiresAt } (shop-core spec sections 4 and 7): slides the session's expiry
// (the cookie's token, or the one given). 401 when it no longer works; a dead
// token in the cookie is then cleared, signing the browser out (docs/rules.md
// "Session refresh": "if none can be obtained the user is logged out", logged).
import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { identity } from "~/services/identity/index.server";
import { clearSessionToken, getSession, sessionStorage, sessionTokenOf } from "~/services/http/index.server";
import { logger } from "~/services/observability/index.server";
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
  await requireApiBudget("token-api", context);
  const body = await parseJsonBody(request, Body);
  const cookieSession = await getSession(request);
  const token = body.sessionToken ?? sessionTokenOf(cookieSession);
  const session = token
    ? await identity.resolveSession(token, { refresh: true, force: body.forceRefreshToken ?? false })
    : null;
  if (!session) {
    const headers = new Headers();
    if (token && !body.sessionToken) {
      logger().info("session token expired or revoked: signing the browser out");
      clearSessionToken(cookieSession);
      headers.append("Set-Cookie", await sessionStorage.commitSession(cookieSession));
    }
    return apiError(401, "UNAUTHENTICATED", "The session has ended. Sign in again.", undefined, headers);
  }
  return json({ expiresAt: session.expiresAt.toISOString() }, { headers: NO_STORE });
}
