import { prisma } from "~/db.server";
import type { PrismaClient } from "~/generated/prisma/client";
import { logger } from "~/services/observability/index.server";
import { isDraining } from "./lifecycle.server";

/** True when the database answers a trivial query. */
export async function databaseIsHealthy(db: Pick<PrismaClient, "$queryRaw"> = prisma): Promise<boolean> {
  try {
    await db.$queryRaw`SELECT 1`;
    return true;
  } catch (error) {
    logger().error({ err: error }, "Health check: the database did not answer");
    return false;
  }
}

export interface Readiness {
  ready: boolean;
  status: "ok" | "draining" | "unavailable";
  database: "ok" | "unreachable" | "not checked";
}

/**
 * Readiness (docs/rules.md "Restarts"): ready to take traffic when not shutting down and
 * the database answers. A draining process is not ready whatever the database says.
 */
export async function readiness(
  db: Pick<PrismaClient, "$queryRaw"> = prisma,
  draining: boolean = isDraining(),
): Promise<Readiness> {
  if (draining) return { ready: false, status: "draining", database: "not checked" };
  const healthy = await databaseIsHealthy(db);
  return healthy
    ? { ready: true, status: "ok", database: "ok" }
    : { ready: false, status: "unavailable", database: "unreachable" };
}
