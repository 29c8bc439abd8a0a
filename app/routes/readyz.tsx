import { json } from "@remix-run/node";
import { readiness } from "~/services/operations/index.server";

/** Readiness (docs/rules.md "Restarts"): 200 when the database answers and the process is not shutting down, else 503. */
export async function loader() {
  const { ready, status, database } = await readiness();
  return json({ status, database }, { status: ready ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
