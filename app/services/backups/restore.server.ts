// Restoring a backup (docs/rules.md "Backups", docs/operations.md "Backups") into the empty
// database a DATABASE_URL names: a SQLite backup file copied into place, or a pg_dump
// custom-format archive restored with pg_restore in one transaction. Never over a database
// that has tables: a restore must not overwrite a live shop.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { backupKindOf, postgresToolEnv } from "~/models/backup";
import { databaseProviderOf, type DatabaseProvider } from "~/models/database-url";
import { checkSqliteFile, databaseFile, runPostgresTool, type PostgresTools } from "./backup.server";

/**
 * What restoring needs from the commands: the PostgreSQL programs, and the migrations rule of
 * scripts/migrate.mjs (`pendingMigrations` of the committed ones given what the database says
 * is applied, name → checksum: the names still to apply; throws on a migration unknown or changed).
 */
export interface RestoreTools extends PostgresTools {
  pendingMigrations(databaseUrl: string, applied: Map<string, string>): string[];
}

/** What a restore put in place, as `npm run restore` prints it. */
export interface RestoreSummary {
  provider: DatabaseProvider;
  orders: number;
  customers: number;
  outboxMessages: number;
  /** Committed migrations the backup predates: the next `npm run setup` (part of `npm start`) applies them. */
  pendingMigrations: string[];
}

const KIND_NAME: Record<DatabaseProvider, string> = {
  sqlite: "a SQLite backup (.db)",
  postgresql: "a PostgreSQL backup (pg_dump custom format, .dump)",
};

const COUNTS = `SELECT (SELECT COUNT(*) FROM "Order") AS "orders", (SELECT COUNT(*) FROM "Customer") AS "customers", (SELECT COUNT(*) FROM "OutboxMessage") AS "outboxMessages"`;
const APPLIED = `SELECT "migration_name" AS "name", "checksum" FROM "_prisma_migrations" WHERE "finished_at" IS NOT NULL AND "rolled_back_at" IS NULL`;

interface Contents {
  hasMigrations: boolean;
  applied: { name: string; checksum: string }[];
  counts: { orders: number; customers: number; outboxMessages: number };
}

/** Reads what a restored database holds: its applied migrations and its counts. */
async function contentsOf(provider: DatabaseProvider, url: string): Promise<Contents> {
  if (provider === "sqlite") {
    const db = new Database(databaseFile(url), { readonly: true, fileMustExist: true });
    try {
      const hasMigrations = Boolean(
        db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_prisma_migrations'").get(),
      );
      if (!hasMigrations) return { hasMigrations, applied: [], counts: { orders: 0, customers: 0, outboxMessages: 0 } };
      return {
        hasMigrations,
        applied: db.prepare(APPLIED).all() as Contents["applied"],
        counts: db.prepare(COUNTS).get() as Contents["counts"],
      };
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ exists: boolean }>(
      'SELECT to_regclass(\'"_prisma_migrations"\') IS NOT NULL AS "exists"',
    );
    const hasMigrations = rows[0]!.exists;
    if (!hasMigrations) return { hasMigrations, applied: [], counts: { orders: 0, customers: 0, outboxMessages: 0 } };
    const applied = (await client.query<Contents["applied"][number]>(APPLIED)).rows;
    const [counts] = (await client.query<Record<keyof Contents["counts"], string>>(COUNTS)).rows;
    return {
      hasMigrations,
      applied,
      counts: {
        orders: Number(counts!.orders),
        customers: Number(counts!.customers),
        outboxMessages: Number(counts!.outboxMessages),
      },
    };
  } finally {
    await client.end();
  }
}

/**
 * Checks a restored database against this code: a shop's database (Prisma's migrations table
 * present), with no migration this code does not have or has in another form. Answers the
 * summary: its counts and the migrations still to apply.
 */
async function checkRestored(tools: RestoreTools, provider: DatabaseProvider, url: string): Promise<RestoreSummary> {
  const contents = await contentsOf(provider, url);
  if (!contents.hasMigrations) {
    throw new Error("the backup has no _prisma_migrations table: it is not a backup of this shop's database");
  }
  const applied = new Map(contents.applied.map((row) => [row.name, row.checksum]));
  let pending: string[];
  try {
    pending = tools.pendingMigrations(url, applied);
  } catch (error) {
    throw new Error(
      `the backup does not match this code (${error instanceof Error ? error.message : String(error)}): restore it with the code it was taken with`,
      { cause: error },
    );
  }
  return {
    provider,
    orders: Number(contents.counts.orders),
    customers: Number(contents.counts.customers),
    outboxMessages: Number(contents.counts.outboxMessages),
    pendingMigrations: pending,
  };
}

const REFUSE_NOT_EMPTY =
  "restore only goes into an empty database, never over a shop's data: point DATABASE_URL at a new database";

/** A SQLite target is empty when its file is missing or has no schema at all. */
function assertSqliteEmpty(file: string): void {
  if (!fs.existsSync(file)) return;
  let objects: number;
  const db = new Database(file, { readonly: true });
  try {
    objects = (db.prepare("SELECT COUNT(*) AS n FROM sqlite_master").get() as { n: number }).n;
  } catch (error) {
    throw new Error(`${file} is not an empty SQLite database: ${REFUSE_NOT_EMPTY} (or a new file)`, { cause: error });
  } finally {
    db.close();
  }
  if (objects > 0) throw new Error(`${file} has tables: ${REFUSE_NOT_EMPTY} (or a new file)`);
}

/** The backup copied in beside the target, checked (quick_check, migrations), then renamed over it. */
async function restoreSqlite(tools: RestoreTools, url: string, backup: string): Promise<RestoreSummary> {
  const target = path.resolve(databaseFile(url));
  assertSqliteEmpty(target);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  fs.rmSync(partial, { force: true });
  try {
    fs.copyFileSync(backup, partial);
    checkSqliteFile(partial);
    const summary = await checkRestored(tools, "sqlite", `file:${partial}`);
    // A write-ahead log left beside the target would be replayed onto the restored file.
    for (const suffix of ["-wal", "-shm", "-journal"]) fs.rmSync(target + suffix, { force: true });
    fs.renameSync(partial, target);
    return summary;
  } catch (error) {
    for (const suffix of ["", "-wal", "-shm", "-journal"]) fs.rmSync(partial + suffix, { force: true });
    throw error;
  }
}

/** Relations in the database's own schemas (tables, views, sequences…): none in an empty one. */
const USER_RELATIONS = `SELECT COUNT(*) AS "n" FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname <> 'information_schema' AND n.nspname NOT LIKE 'pg\\_%' AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')`;

/** pg_restore into the empty database in one transaction: all of the backup or nothing. */
async function restorePostgres(tools: RestoreTools, url: string, backup: string): Promise<RestoreSummary> {
  const { database, label } = postgresToolEnv(url);
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query<{ n: string }>(USER_RELATIONS);
    if (Number(rows[0]!.n) > 0) throw new Error(`${label} has tables: ${REFUSE_NOT_EMPTY}`);
  } finally {
    await client.end();
  }
  await runPostgresTool(
    tools,
    "pg_restore",
    ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", `--dbname=${database}`, backup],
    url,
  );
  try {
    return await checkRestored(tools, "postgresql", url);
  } catch (error) {
    throw new Error(`restored into ${label}, but ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}

/**
 * Restores `backup` (a file `npm run backup` wrote) into the empty database `databaseUrl`
 * names and answers what it holds. Refuses a database with tables, a file of the other
 * database's kind and any other file, each with a message saying what to do.
 */
export async function restoreDatabase(
  databaseUrl: string,
  backup: string,
  tools: RestoreTools,
): Promise<RestoreSummary> {
  const provider = databaseProviderOf(databaseUrl);
  if (!provider) throw new Error("DATABASE_URL must be a file: or postgresql: URL");
  const file = path.resolve(backup);
  let head: Buffer;
  try {
    head = Buffer.alloc(16);
    const fd = fs.openSync(file, "r");
    try {
      fs.readSync(fd, head, 0, 16, 0);
    } finally {
      fs.closeSync(fd);
    }
  } catch (error) {
    throw new Error(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`, { cause: error });
  }
  const kind = backupKindOf(head);
  if (!kind) {
    throw new Error(`${file} is not a backup this command restores: expected ${KIND_NAME[provider]}`);
  }
  if (kind !== provider) {
    throw new Error(
      `${file} is ${KIND_NAME[kind]}, but DATABASE_URL names a ${provider === "sqlite" ? "SQLite" : "PostgreSQL"} database: restore it into a ${kind === "sqlite" ? "SQLite (file:)" : "PostgreSQL (postgresql://)"} database`,
    );
  }
  return provider === "postgresql"
    ? restorePostgres(tools, databaseUrl, file)
    : restoreSqlite(tools, databaseUrl, file);
}
