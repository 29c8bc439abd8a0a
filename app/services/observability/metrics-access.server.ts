// Who may read /metrics (docs/rules.md "Metrics need a token in production"): anyone outside
// production; in production only a scraper presenting `Authorization: Bearer METRICS_TOKEN`,
// compared in constant time, and nobody (404) when no token is configured.
import { secretMatches } from "~/utils/secrets.server";

export type MetricsAccess = { allowed: true } | { allowed: false; status: 401 | 404; message: string };

export function metricsAccess(input: {
  production: boolean;
  token: string | undefined;
  authorization: string | null;
}): MetricsAccess {
  if (!input.production) return { allowed: true };
  if (!input.token) return { allowed: false, status: 404, message: "There is no page at this address." };
  const presented = /^Bearer\s+(\S+)\s*$/i.exec(input.authorization ?? "")?.[1] ?? null;
  if (secretMatches(presented, input.token)) return { allowed: true };
  return { allowed: false, status: 401, message: "A valid metrics token is required (Authorization: Bearer)." };
}
