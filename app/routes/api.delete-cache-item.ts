import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { contentSettings } from "~/env.server";
import { clearRedirectCache } from "~/services/http/index.server";
import { announceContentChange, content } from "~/services/content/index.server";
import { secretMatches } from "~/utils/secrets.server";
import { apiError, methodNotAllowed, parseJsonBody, requireMethod } from "~/utils/api.server";

/** The cache key of the redirect table (the guard's lookup). */
const REDIRECTS_CACHE_KEY = "redirects";

const BodySchema = z.object({ cacheKey: z.string().trim().min(1, "is required").max(300) });

export async function loader() {
  return methodNotAllowed(["POST"]);
}

/**
 * POST { cacheKey } with `Authorization: Bearer ADMIN_SECRET`: forgets one cached
 * content answer ("{site}:{type}:{key}", e.g. "DTC:navigation:main") or the redirect
 * table ("redirects"), so an editor's change shows at once (catalogue spec section 7).
 */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const presented = /^Bearer\s+(.+)$/i.exec(request.headers.get("Authorization") ?? "")?.[1] ?? null;
  if (!contentSettings.ADMIN_SECRET)
    return apiError(403, "FORBIDDEN", "Cache administration is not configured (ADMIN_SECRET).");
  if (!secretMatches(presented, contentSettings.ADMIN_SECRET)) {
    return apiError(401, "UNAUTHORIZED", "A valid admin secret is required.", undefined, {
      "WWW-Authenticate": "Bearer",
    });
  }
  const { cacheKey } = await parseJsonBody(request, BodySchema);
  // This process forgets at once; every other process within a freshness poll (docs/rules.md "Processes").
  await announceContentChange();
  if (cacheKey === REDIRECTS_CACHE_KEY) {
    clearRedirectCache();
    return json({ deleted: true, cacheKey }, { headers: { "Cache-Control": "no-store" } });
  }
  const deleted = content.deleteCacheItem(cacheKey);
  return json({ deleted, cacheKey }, { headers: { "Cache-Control": "no-store" } });
}
