// POST /api/analytics/events (docs/api.md; docs/rules.md "Analytics"): the browser's data-layer
// events, collected first party by the integration the body names. Bounded (at most
// MAX_EVENTS_PER_POST events, MAX_ANALYTICS_BODY_BYTES bytes), validated; 204 whether stored
// or skipped for want of consent; 400 'Invalid analytics integration' (catalogue spec
// section 7) for an unknown or misconfigured integration; 404 on a site that tracks nothing.
import type { ActionFunctionArgs } from "@remix-run/node";
import { AnalyticsPostSchema } from "~/models/analytics-post";
import { INVALID_INTEGRATION_MESSAGE, MAX_ANALYTICS_BODY_BYTES, type AnalyticsEvent } from "~/models/analytics";
import { PRIVATE_NO_STORE } from "~/models/cache-policy";
import { sitePolicy } from "~/models/site-policy";
import { collectAnalytics } from "~/services/analytics/index.server";
import { readConsent } from "~/services/consent/index.server";
import { getSite } from "~/services/site/index.server";
import { apiError, methodNotAllowed, notFound, parseJsonBody, requireMethod } from "~/utils/api.server";

export async function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  // The staff site, whose prices are hidden, tracks nothing (docs/decisions.md "Analytics").
  const site = getSite(request);
  if (!sitePolicy(site).tracksAnalytics) return notFound("This site collects no analytics.");
  const post = await parseJsonBody(request, AnalyticsPostSchema, {
    maxBytes: MAX_ANALYTICS_BODY_BYTES,
    noun: "analytics post",
    invalidMessage: "The analytics post is not valid: send { integration, events } with 1 to 20 data-layer events.",
  });
  const outcome = await collectAnalytics({
    site,
    integration: post.integration,
    events: post.events as AnalyticsEvent[],
    consent: await readConsent(request),
  });
  if (outcome === "not-tracked") return notFound("This site collects no analytics.");
  if (outcome === "invalid-integration") {
    return apiError(400, "INVALID_INTEGRATION", INVALID_INTEGRATION_MESSAGE, {
      integration: INVALID_INTEGRATION_MESSAGE,
    });
  }
  return new Response(null, { status: 204, headers: { "Cache-Control": PRIVATE_NO_STORE } });
}
