import { json } from "@remix-run/node";
import { databaseIsHealthy } from "~/services/health.server";

/** Liveness and readiness: 200 when the database answers, 503 otherwise. */
export async function loader() {
  const healthy = await databaseIsHealthy();
  return json(
    { status: healthy ? "ok" : "unavailable", database: healthy ? "ok" : "unreachable" },
    { status: healthy ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
