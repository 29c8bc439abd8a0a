// Runs before each test file, before the app's modules load: points the app's Prisma
// singleton at this worker's own database (SQLite file, or PostgreSQL database when
// TEST_POSTGRES_URL is set), migrated on first use.
import { emptyTable, testDatabaseUrl } from "../helpers/migrations";

process.env.DATABASE_URL = await testDatabaseUrl(`worker_${process.env.VITEST_POOL_ID ?? "0"}`);
// Rate-limit counts live in the database (docs/rules.md "Rate-limit budgets"): each test file
// starts with none, as it would with a fresh process.
await emptyTable(process.env.DATABASE_URL, "RateLimitLog");
process.env.REQUEST_LOG = "off";
// Tests that read logs make their own logger; the rest stay quiet.
process.env.LOG_LEVEL ??= "silent";
