import { createPrismaClient } from "~/db.server";
import type { PrismaClient } from "~/generated/prisma/client";
import { newTestDatabaseUrl } from "./migrations";

/** A fresh, migrated, empty database of its own (same kind as the run's), for tests that change data. */
export async function createTestDatabase(): Promise<{ db: PrismaClient; url: string }> {
  const url = await newTestDatabaseUrl();
  return { db: createPrismaClient(url), url };
}
