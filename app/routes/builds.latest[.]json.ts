import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { normaliseVersion } from "~/models/build-watch";
import { logger } from "~/services/observability/index.server";
import { apiError, methodNotAllowed, NO_STORE } from "~/utils/api.server";

/**
 * GET/HEAD /builds/latest.json → `{ version }`: the builds manifest browsers poll to
 * notice a new deployment (shop-core spec section 7). Never cached, so a poll always
 * reaches a server of the current deployment.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const version = normaliseVersion(context.buildVersion);
  if (!version) {
    // server.js always passes it; without it (a custom server) the watcher just ignores this answer.
    logger().warn("builds manifest: no buildVersion in the load context");
    return apiError(503, "BUILD_VERSION_UNKNOWN", "The build version is not known.");
  }
  return json({ version }, { headers: NO_STORE });
}

export const action = () => methodNotAllowed(["GET", "HEAD"]);
