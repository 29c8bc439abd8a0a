// Applies the committed migrations to the database DATABASE_URL names, offline, on SQLite
// and PostgreSQL alike (docs/operations.md "Migrations"). Prisma's `migrate deploy` cannot
// run here on PostgreSQL (the WebAssembly engine with @prisma/adapter-pg fails,
// prisma/orm#27403), so this small runner applies the same files in the same way:
// prisma/migrations (SQLite) or prisma/postgresql/migrations (PostgreSQL), in name order,
// each recorded in Prisma's own `_prisma_migrations` table with Prisma's checksum (the
// SHA-256 of the file), so `prisma migrate status` and this runner agree on what is applied.
// A migration changed after it was applied stops the run. On PostgreSQL each migration
// runs in one transaction, and an advisory lock lets many hosts start at once.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";

// Any constant both sides agree on: the advisory lock held while migrating.
const MIGRATION_LOCK = 727_001;

/** The migrations directory for a database URL. */
export function migrationsDir(url) {
  return /^postgres(ql)?:/.test(url)
    ? path.resolve("prisma", "postgresql", "migrations")
    : path.resolve("prisma", "migrations");
}

/** The committed migrations, in the order they apply: name, SQL and Prisma's checksum. */
export function committedMigrations(dir) {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: crypto.createHash("sha256").update(sql).digest("hex") };
    });
}

/** What to apply, given what the database says is applied (name → checksum). Throws on a changed or unknown migration. */
export function pendingMigrations(committed, applied) {
  const names = new Set(committed.map((m) => m.name));
  for (const name of applied.keys()) {
    if (!names.has(name)) throw new Error(`Migration ${name} is applied to the database but not committed here.`);
  }
  for (const m of committed) {
    const checksum = applied.get(m.name);
    if (checksum !== undefined && checksum !== m.checksum) {
      throw new Error(`Migration ${m.name} was changed after it was applied; add a new migration instead.`);
    }
  }
  return committed.filter((m) => !applied.has(m.name));
}

const SQLITE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" TEXT PRIMARY KEY NOT NULL, "checksum" TEXT NOT NULL, "finished_at" DATETIME,
  "migration_name" TEXT NOT NULL, "logs" TEXT, "rolled_back_at" DATETIME,
  "started_at" DATETIME NOT NULL DEFAULT current_timestamp, "applied_steps_count" INTEGER UNSIGNED NOT NULL DEFAULT 0)`;
const POSTGRES_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL, "checksum" VARCHAR(64) NOT NULL, "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL, "logs" TEXT, "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(), "applied_steps_count" INTEGER NOT NULL DEFAULT 0)`;
const APPLIED = `SELECT "migration_name", "checksum" FROM "_prisma_migrations" WHERE "finished_at" IS NOT NULL AND "rolled_back_at" IS NULL`;

function migrateSqlite(file, migrations) {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const db = new Database(file);
  try {
    db.pragma("busy_timeout = 10000");
    db.exec(SQLITE_TABLE);
    const applied = new Map(
      db
        .prepare(APPLIED)
        .all()
        .map((r) => [r.migration_name, r.checksum]),
    );
    const pending = pendingMigrations(migrations, applied);
    const record = db.prepare(
      `INSERT INTO "_prisma_migrations" ("id", "checksum", "migration_name", "finished_at", "applied_steps_count") VALUES (?, ?, ?, ?, 1)`,
    );
    for (const m of pending) {
      // Not in a transaction: Prisma's SQLite migrations switch foreign keys off and on
      // around table rebuilds, which SQLite ignores inside a transaction.
      db.exec(m.sql);
      record.run(crypto.randomUUID(), m.checksum, m.name, new Date().toISOString());
    }
    return pending.map((m) => m.name);
  } finally {
    db.close();
  }
}

async function migratePostgres(url, migrations) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await client.query(POSTGRES_TABLE);
    const { rows } = await client.query(APPLIED);
    const pending = pendingMigrations(migrations, new Map(rows.map((r) => [r.migration_name, r.checksum])));
    for (const m of pending) {
      await client.query("BEGIN");
      try {
        await client.query(m.sql);
        await client.query(
          `INSERT INTO "_prisma_migrations" ("id", "checksum", "migration_name", "finished_at", "applied_steps_count") VALUES ($1, $2, $3, now(), 1)`,
          [crypto.randomUUID(), m.checksum, m.name],
        );
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw new Error(`Migration ${m.name} failed: ${error.message}`, { cause: error });
      }
    }
    return pending.map((m) => m.name);
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
    await client.end();
  }
}

/** Applies the pending committed migrations to `url`; resolves with the names applied. */
export async function migrate(url, dir = migrationsDir(url)) {
  const migrations = committedMigrations(dir);
  if (/^postgres(ql)?:/.test(url)) return migratePostgres(url, migrations);
  if (/^file:/.test(url)) return migrateSqlite(url.replace(/^file:/, ""), migrations);
  throw new Error(`DATABASE_URL must be a file: or postgresql: URL (got ${JSON.stringify(url)})`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    process.loadEnvFile();
  } catch {
    // no .env file
  }
  const url = process.env.DATABASE_URL || "file:./data/shop.db";
  const applied = await migrate(url);
  console.log(
    applied.length ? `Applied ${applied.length} migration(s): ${applied.join(", ")}` : "No pending migrations.",
  );
}
