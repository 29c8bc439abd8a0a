// `npm run backup [file]`: a consistent snapshot of the shop's database while the shop runs
// (docs/rules.md "Backups"), to `file` or data/backups/shop-<UTC time>.db (SQLite) or .dump
// (PostgreSQL, pg_dump's custom format). Prints the backup's path. `npm run restore FILE`
// puts one back (docs/operations.md "Backups").
import { findBinDir } from "./postgres.mjs";

try {
  process.loadEnvFile();
} catch {
  // no .env file: the environment and defaults apply
}

// After .env is read: DATABASE_URL is parsed when this loads.
const { databaseSettings } = await import("~/env.server");
const { backupDatabase } = await import("~/services/backups/index.server");

try {
  const file = await backupDatabase(databaseSettings.DATABASE_URL, process.argv[2], { postgresBin: findBinDir() });
  process.stdout.write(`${file}\n`);
} catch (error) {
  process.stderr.write(`Backup failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
