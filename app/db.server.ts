import fs from "node:fs";
import path from "node:path";
import { env } from "~/env.server";
import { PrismaClient } from "~/generated/prisma/client";
import { createSqliteAdapter } from "~/sqlite-adapter.server";

/** A Prisma client over the better-sqlite3 adapter for a `file:` URL. */
export function createPrismaClient(databaseUrl: string): PrismaClient {
  fs.mkdirSync(path.dirname(databaseUrl.replace(/^file:/, "")), { recursive: true });
  return new PrismaClient({ adapter: createSqliteAdapter(databaseUrl) });
}

// One client per process; kept on globalThis so dev rebuilds reuse it.
const globalForPrisma = globalThis as unknown as { __prisma?: PrismaClient };

/** The process-wide Prisma client. */
export const prisma: PrismaClient = (globalForPrisma.__prisma ??= createPrismaClient(env.DATABASE_URL));
