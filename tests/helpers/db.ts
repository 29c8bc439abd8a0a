import crypto from "node:crypto";
import path from "node:path";
import { createPrismaClient } from "~/db.server";
import type { PrismaClient } from "~/generated/prisma/client";
import { applyMigrations, TEST_DB_DIR } from "./migrations";

/** A fresh, migrated, empty database of its own, for tests that change data. */
export function createTestDatabase(): { db: PrismaClient; url: string } {
  const file = path.join(TEST_DB_DIR, `isolated-${crypto.randomUUID()}.db`);
  applyMigrations(file);
  const url = `file:${file}`;
  return { db: createPrismaClient(url), url };
}
