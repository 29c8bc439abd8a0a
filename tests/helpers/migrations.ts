// Test databases on SQLite (the default) or PostgreSQL (when TEST_POSTGRES_URL names a
// server: `npm test` runs the integration suite a second time that way). Every test
// database is migrated by the same runner as production (scripts/migrate.mjs).
// No app imports here: the vitest setup file uses this before DATABASE_URL is set.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { migrate } from "../../scripts/migrate.mjs";

/** TEST_DB_DIR lets two vitest runs on one machine keep apart (default data/test). */
export const TEST_DB_DIR = path.resolve(process.env.TEST_DB_DIR ?? path.join("data", "test"));

/** The PostgreSQL server the tests run on (its maintenance database's URL), or undefined on SQLite. */
export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL || undefined;

// Every PostgreSQL test database is a copy of this one, migrated once per run.
const TEMPLATE = "shop_test_template";
const PREFIX = "shop_test_";

function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Before a PostgreSQL run: drops the last run's test databases and migrates a fresh template. */
export async function preparePostgresTemplate(): Promise<void> {
  await onServer(async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'shop\\_test\\_%'",
    );
    for (const { datname } of rows) await client.query(`DROP DATABASE "${datname}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${TEMPLATE}"`);
  });
  await migrate(databaseUrl(TEST_POSTGRES_URL!, TEMPLATE));
}

/** A migrated, empty test database called `name` (kept when it exists); its DATABASE_URL. */
export async function testDatabaseUrl(name: string): Promise<string> {
  if (!TEST_POSTGRES_URL) {
    const file = path.join(TEST_DB_DIR, `${name}.db`);
    if (!fs.existsSync(file)) await migrate(`file:${file}`);
    return `file:${file}`;
  }
  const database = `${PREFIX}${name.replace(/[^a-z0-9_]/gi, "_").toLowerCase()}`;
  await onServer(async (client) => {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
    if (!rowCount) await client.query(`CREATE DATABASE "${database}" TEMPLATE "${TEMPLATE}"`);
  });
  return databaseUrl(TEST_POSTGRES_URL, database);
}

/** A new, empty (unmigrated) database of the run's kind; its DATABASE_URL. */
export async function emptyDatabase(): Promise<string> {
  const name = `${PREFIX}empty_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
  if (!TEST_POSTGRES_URL) {
    fs.mkdirSync(TEST_DB_DIR, { recursive: true });
    return `file:${path.join(TEST_DB_DIR, `${name}.db`)}`;
  }
  await onServer((client) => client.query(`CREATE DATABASE "${name}"`));
  return databaseUrl(TEST_POSTGRES_URL, name);
}

/** A new migrated, empty test database of its own. */
export function newTestDatabaseUrl(purpose = "isolated"): Promise<string> {
  return testDatabaseUrl(`${purpose}_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`);
}

/**
 * A database of its own with nothing in it, not even migrations (what a restore goes into):
 * a SQLite file not yet made, or a new PostgreSQL database (dropped with the run's others).
 */
export async function newEmptyDatabaseUrl(purpose = "empty"): Promise<string> {
  const name = `${purpose}_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
  if (!TEST_POSTGRES_URL) {
    fs.mkdirSync(TEST_DB_DIR, { recursive: true });
    return `file:${path.join(TEST_DB_DIR, `${name}.db`)}`;
  }
  const database = `${PREFIX}${name.toLowerCase()}`;
  await onServer((client) => client.query(`CREATE DATABASE "${database}" TEMPLATE template0`));
  return databaseUrl(TEST_POSTGRES_URL, database);
}

/** Runs one SQL statement on a test database, SQLite or PostgreSQL. */
export async function runSql(url: string, sql: string): Promise<void> {
  if (url.startsWith("file:")) {
    const db = new Database(url.slice("file:".length));
    try {
      db.exec(sql);
    } finally {
      db.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The first column of the first row a query answers on a test database, as a number. */
export async function queryNumber(url: string, sql: string): Promise<number> {
  if (url.startsWith("file:")) {
    const db = new Database(url.slice("file:".length), { readonly: true });
    try {
      return Number(db.prepare(sql).pluck().get());
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<Record<string, unknown>>(sql);
    return Number(Object.values(rows[0] ?? {})[0]);
  } finally {
    await client.end();
  }
}

/** Deletes every row of one table of a test database. */
export async function emptyTable(url: string, table: string): Promise<void> {
  await runSql(url, `DELETE FROM "${table}"`);
}
