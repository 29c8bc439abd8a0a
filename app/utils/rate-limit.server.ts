// Rate limits at the edge of the JSON API (docs/rules.md "Rate-limit budgets"):
// a call over its purpose's budget answers 429 with Retry-After and the budget's message.
import type { AppLoadContext } from "@remix-run/node";
import { clientIpOf } from "~/services/sign-in/index.server";
import { rateLimits, retryAfterHeaders, type RateLimitPurpose } from "~/services/http/index.server";
import { apiError } from "~/utils/api.server";

/** Counts an API call against `purpose`'s budget for the client address; throws the 429 answer once it is used up. */
export async function requireApiBudget(
  purpose: RateLimitPurpose,
  context: AppLoadContext,
  now?: number,
): Promise<void> {
  const verdict = await rateLimits.attempt(purpose, clientIpOf(context), now);
  if (!verdict.allowed) {
    throw apiError(429, "RATE_LIMITED", verdict.message, undefined, retryAfterHeaders(verdict));
  }
}
