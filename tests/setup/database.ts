// Runs before each test file, before the app's modules load: points the app's
// Prisma singleton at this worker's own SQLite file, migrated on first use.
import fs from "node:fs";
import path from "node:path";
import { applyMigrations, TEST_DB_DIR } from "../helpers/migrations";

const file = path.join(TEST_DB_DIR, `worker-${process.env.VITEST_POOL_ID ?? "0"}.db`);
if (!fs.existsSync(file)) applyMigrations(file);
process.env.DATABASE_URL = `file:${file}`;
process.env.REQUEST_LOG = "off";
// Tests that read logs make their own logger; the rest stay quiet.
process.env.LOG_LEVEL ??= "silent";
