import { json } from "@remix-run/node";

/** Liveness (docs/rules.md "Restarts"): the process answers. No database: a busy or absent database is /readyz's business. */
export function loader() {
  return json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
}
