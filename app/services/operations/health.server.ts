// The migration runner owns which migrations are committed (docs/rules.md "Database"); it is no service.
// eslint-disable-next-line no-restricted-imports
import { committedMigrations, migrationsDir } from "../../../scripts/migrate.mjs";
import { prisma } from "~/db.server";
import { databaseSettings } from "~/env.server";
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

/** The clients seen with every committed migration applied: migrations are never undone. */
const migrated = new WeakSet<object>();

/**
 * True when every committed migration of this database's kind is recorded as applied (a
 * database missing `_prisma_migrations` has none). Asked until it is true once per client.
 */
export async function migrationsApplied(
  db: Pick<PrismaClient, "$queryRaw">,
  committed: string[] = committedMigrations(migrationsDir(databaseSettings.DATABASE_URL)).map((m) => m.name),
): Promise<boolean> {
  if (migrated.has(db)) return true;
  try {
    const rows = await db.$queryRaw<{ migration_name: string }[]>`SELECT "migration_name" FROM "_prisma_migrations"
      WHERE "finished_at" IS NOT NULL AND "rolled_back_at" IS NULL`;
    const applied = new Set(rows.map((row) => row.migration_name));
    if (!committed.every((name) => applied.has(name))) return false;
  } catch {
    return false;
  }
  migrated.add(db);
  return true;
}

export interface Readiness {
  ready: boolean;
  status: "ok" | "draining" | "unavailable";
  database: "ok" | "unreachable" | "migrations pending" | "not checked";
}

/**
 * Readiness (docs/rules.md "Restarts"): ready to take traffic when not shutting down, the
 * database answers and every committed migration is applied to it (a process started before
 * `npm run db:migrate` finished says so rather than failing every page). A draining process is
 * not ready whatever the database says.
 */
export async function readiness(
  db: Pick<PrismaClient, "$queryRaw"> = prisma,
  draining: boolean = isDraining(),
): Promise<Readiness> {
  if (draining) return { ready: false, status: "draining", database: "not checked" };
  if (!(await databaseIsHealthy(db))) return { ready: false, status: "unavailable", database: "unreachable" };
  if (!(await migrationsApplied(db))) return { ready: false, status: "unavailable", database: "migrations pending" };
  return { ready: true, status: "ok", database: "ok" };
}
