// `npm run restore FILE`: restores a backup `npm run backup` wrote into the empty database
// DATABASE_URL names (docs/operations.md "Backups"), checks it against this code's migrations
// and prints what it holds. Refuses a database that has tables and a file of the other
// database's kind. Exit 0 restored, 1 refused or failed, 2 wrong arguments.
import { committedMigrations, migrationsDir, pendingMigrations } from "./migrate.mjs";
import { findBinDir } from "./postgres.mjs";

const args = process.argv.slice(2);
if (args.length !== 1 || !args[0] || args[0].startsWith("-")) {
  process.stderr.write(
    "Usage: npm run restore -- FILE\n" +
      "  Restores FILE (a .db backup on SQLite, a .dump backup on PostgreSQL) into the empty\n" +
      "  database DATABASE_URL names.\n",
  );
  process.exit(2);
}

try {
  process.loadEnvFile();
} catch {
  // no .env file: the environment and defaults apply
}

// After .env is read: DATABASE_URL is parsed when this loads.
const { databaseSettings } = await import("~/env.server");
const { restoreDatabase } = await import("~/services/backups/index.server");

try {
  const summary = await restoreDatabase(databaseSettings.DATABASE_URL, args[0], {
    postgresBin: findBinDir(),
    pendingMigrations: (url, applied) =>
      pendingMigrations(committedMigrations(migrationsDir(url)), applied).map((m) => m.name),
  });
  const lines = [
    `Restored ${args[0]} (${summary.provider}): ${summary.orders} orders, ${summary.customers} customers, ${summary.outboxMessages} outbox messages.`,
  ];
  if (summary.pendingMigrations.length) {
    lines.push(
      `${summary.pendingMigrations.length} newer migration(s) apply at the next \`npm run setup\` (part of \`npm start\`): ${summary.pendingMigrations.join(", ")}`,
    );
  }
  process.stdout.write(`${lines.join("\n")}\n`);
} catch (error) {
  process.stderr.write(`Restore failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
