// Runs before each test file, before the app's modules load: points the app's
// Prisma singleton at this worker's own SQLite file, migrated on first use.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { applyMigrations, TEST_DB_DIR } from "../helpers/migrations";

const file = path.join(TEST_DB_DIR, `worker-${process.env.VITEST_POOL_ID ?? "0"}.db`);
if (!fs.existsSync(file)) applyMigrations(file);
// Rate-limit counts live in the database (docs/rules.md "Rate-limit budgets"): each test file
// starts with none, as it would with a fresh process.
{
  const db = new Database(file);
  db.prepare('DELETE FROM "RateLimitLog"').run();
  db.close();
}
process.env.DATABASE_URL = `file:${file}`;
process.env.REQUEST_LOG = "off";
// Tests that read logs make their own logger; the rest stay quiet.
process.env.LOG_LEVEL ??= "silent";
