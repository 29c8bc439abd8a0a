// `npm run backup [file]`: a consistent snapshot of the shop's SQLite database while the
// shop runs (docs/rules.md "Backups"), to `file` or data/backups/shop-<UTC time>.db.
// Prints the backup's path. Restoring is in docs/operations.md "Backups".
export {};

try {
  process.loadEnvFile();
} catch {
  // no .env file: the environment and defaults apply
}

// After .env is read: DATABASE_URL is parsed when this loads.
const { databaseSettings } = await import("~/env.server");
const { backupDatabase } = await import("~/services/operations/index.server");

try {
  const file = await backupDatabase(databaseSettings.DATABASE_URL, process.argv[2]);
  process.stdout.write(`${file}\n`);
} catch (error) {
  process.stderr.write(`Backup failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
