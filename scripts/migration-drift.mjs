// The migrations build exactly the schema (docs/rules.md "Database", a step of `npm test`):
// for each database, one fresh database is built by applying its committed migrations with the
// production runner (scripts/migrate.mjs), another from the Prisma schema itself (the SQL
// `prisma migrate diff --from-empty --to-schema-datamodel` writes for it), and the two are
// compared through the database's own catalogue: every table's columns (type, NOT NULL,
// default), indexes, primary, unique, foreign-key and check constraints. Any difference fails,
// printed line by line.
//
// Prisma's own `migrate diff --from-migrations` / `--from-url` cannot do this here: with a driver
// adapter in prisma.config.ts (the only engine we have offline) Prisma 6.19 refuses
// `--from-url` and `--shadow-database-url`, its SQLite shadow database cannot run a migration of
// more than one statement, and its PostgreSQL introspection fails on the catalogue's `name`
// type (docs/decisions.md "Migration drift").
//
// `node scripts/migration-drift.mjs` checks SQLite, and PostgreSQL too when TEST_POSTGRES_URL
// names a server (any database on it: the check makes two databases of its own and drops them).
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { migrate } from "./migrate.mjs";

export const SQLITE = { schema: path.join("prisma", "schema.prisma"), migrations: path.join("prisma", "migrations") };
export const POSTGRES = {
  schema: path.join("prisma", "postgresql", "schema.prisma"),
  migrations: path.join("prisma", "postgresql", "migrations"),
};
// Prisma's own record of applied migrations: the runner's, not the schema's.
const MIGRATIONS_TABLE = "_prisma_migrations";

/** The SQL Prisma writes to build `schema` from nothing; `databaseUrl` (of the schema's kind) lets prisma.config.ts load. */
export function schemaSql(schema, databaseUrl) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      "npx",
      ["prisma", "migrate", "diff", "--from-empty", "--to-schema-datamodel", schema, "--script"],
      { env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ["ignore", "pipe", "pipe"] },
    );
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.stderr.on("data", (chunk) => (err += chunk));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve(out) : reject(new Error(`prisma migrate diff --from-empty failed (${code}):\n${err}`)),
    );
  });
}

/** One line per column, index and constraint of a SQLite database, sorted. */
export function describeSqlite(file) {
  const db = new Database(file, { readonly: true });
  try {
    const lines = [];
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")
      .all()
      .map((row) => row.name)
      .filter((name) => name !== MIGRATIONS_TABLE);
    for (const table of tables) {
      lines.push(`table ${table}`);
      for (const c of db.prepare("SELECT * FROM pragma_table_xinfo(?)").all(table)) {
        const parts = [c.type.toUpperCase(), c.notnull ? "NOT NULL" : "NULL"];
        if (c.dflt_value !== null) parts.push(`DEFAULT ${c.dflt_value}`);
        if (c.pk) parts.push(`PRIMARY KEY #${c.pk}`);
        if (c.hidden) parts.push(`HIDDEN ${c.hidden}`);
        lines.push(`column ${table}.${c.name} ${parts.join(" ")}`);
      }
      for (const index of db.prepare("SELECT * FROM pragma_index_list(?)").all(table)) {
        const keys = db
          .prepare("SELECT * FROM pragma_index_xinfo(?) WHERE key = 1 ORDER BY seqno")
          .all(index.name)
          .map((k) => `${k.name}${k.desc ? " DESC" : ""}${k.coll === "BINARY" ? "" : ` COLLATE ${k.coll}`}`);
        // An index SQLite makes for a constraint is named by its position: describe it by its origin.
        const name = index.origin === "c" ? index.name : `(${index.origin === "pk" ? "primary key" : "unique"})`;
        const where = index.partial
          ? ` ${db.prepare("SELECT sql FROM sqlite_master WHERE name = ?").get(index.name)?.sql ?? "partial"}`
          : "";
        lines.push(`index ${table}.${name} ${index.unique ? "UNIQUE " : ""}(${keys.join(", ")})${where}`);
      }
      const keys = new Map();
      for (const fk of db.prepare("SELECT * FROM pragma_foreign_key_list(?)").all(table)) {
        const key = keys.get(fk.id) ?? { ...fk, from: [], to: [] };
        key.from.push(fk.from);
        key.to.push(fk.to);
        keys.set(fk.id, key);
      }
      for (const fk of keys.values()) {
        lines.push(
          `foreign key ${table}(${fk.from.join(", ")}) REFERENCES ${fk.table}(${fk.to.join(", ")}) ON DELETE ${fk.on_delete} ON UPDATE ${fk.on_update}`,
        );
      }
    }
    return lines.sort();
  } finally {
    db.close();
  }
}

/** One line per column, index, constraint and enum of a PostgreSQL database's public schema, sorted. */
export async function describePostgres(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const query = async (sql) => (await client.query(sql)).rows;
    const lines = [];
    for (const c of await query(`
      SELECT c.relname AS "table", a.attname AS "column", format_type(a.atttypid, a.atttypmod) AS type,
             a.attnotnull AS "notNull", pg_get_expr(d.adbin, d.adrelid) AS "default", a.attidentity AS identity,
             a.attgenerated AS generated
        FROM pg_attribute a
        JOIN pg_class c ON c.oid = a.attrelid
        JOIN pg_namespace n ON n.oid = c.relnamespace
        LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
       WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped
         AND c.relname <> '${MIGRATIONS_TABLE}'`)) {
      const parts = [c.type, c.notNull ? "NOT NULL" : "NULL"];
      if (c.default !== null) parts.push(`DEFAULT ${c.default}`);
      if (c.identity) parts.push(`IDENTITY ${c.identity}`);
      if (c.generated) parts.push(`GENERATED ${c.generated}`);
      lines.push(`column ${c.table}.${c.column} ${parts.join(" ")}`);
    }
    for (const i of await query(
      `SELECT tablename, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename <> '${MIGRATIONS_TABLE}'`,
    )) {
      lines.push(`index ${i.tablename}: ${i.indexdef}`);
    }
    for (const k of await query(`
      SELECT c.relname AS "table", k.conname AS name, pg_get_constraintdef(k.oid) AS definition
        FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relname <> '${MIGRATIONS_TABLE}'`)) {
      lines.push(`constraint ${k.table}.${k.name} ${k.definition}`);
    }
    for (const e of await query(`
      SELECT t.typname AS name, string_agg(e.enumlabel, ', ' ORDER BY e.enumsortorder) AS labels
        FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid JOIN pg_namespace n ON n.oid = t.typnamespace
       WHERE n.nspname = 'public' GROUP BY t.typname`)) {
      lines.push(`enum ${e.name} (${e.labels})`);
    }
    return lines.sort();
  } finally {
    await client.end();
  }
}

/** What one side has that the other has not. */
export function difference(fromMigrations, fromSchema) {
  const schema = new Set(fromSchema);
  const migrations = new Set(fromMigrations);
  return {
    onlyInMigrations: fromMigrations.filter((line) => !schema.has(line)),
    onlyInSchema: fromSchema.filter((line) => !migrations.has(line)),
  };
}

/** The SQLite drift: migrations applied to one new file, the schema's SQL to another, compared. */
export async function sqliteDrift({ schema = SQLITE.schema, migrations = SQLITE.migrations } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-drift-"));
  try {
    const migrated = path.join(dir, "migrations.db");
    const built = path.join(dir, "schema.db");
    const [sql] = await Promise.all([
      schemaSql(schema, `file:${path.join(dir, "prisma-cli.db")}`),
      migrate(`file:${migrated}`, path.resolve(migrations)),
    ]);
    const db = new Database(built);
    try {
      db.exec(sql);
    } finally {
      db.close();
    }
    return difference(describeSqlite(migrated), describeSqlite(built));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function databaseUrl(serverUrl, name) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The PostgreSQL drift, on two databases of its own on the server `serverUrl` names, dropped after. */
export async function postgresDrift(serverUrl, { schema = POSTGRES.schema, migrations = POSTGRES.migrations } = {}) {
  const suffix = crypto.randomUUID().replaceAll("-", "").slice(0, 12);
  const names = { migrated: `shop_drift_migrations_${suffix}`, built: `shop_drift_schema_${suffix}` };
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    for (const name of Object.values(names)) await admin.query(`CREATE DATABASE "${name}"`);
    const migrated = databaseUrl(serverUrl, names.migrated);
    const built = databaseUrl(serverUrl, names.built);
    const [sql] = await Promise.all([schemaSql(schema, built), migrate(migrated, path.resolve(migrations))]);
    const client = new pg.Client({ connectionString: built });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
    return difference(await describePostgres(migrated), await describePostgres(built));
  } finally {
    for (const name of Object.values(names)) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}

/** The report of one database's drift, or null when the migrations build exactly the schema. */
export function driftReport(label, { migrations, schema }, drift) {
  if (!drift.onlyInMigrations.length && !drift.onlyInSchema.length) return null;
  return [
    `${label}: the migrations in ${migrations} do not build ${schema}.`,
    ...drift.onlyInMigrations.map((line) => `  - ${line}    (the migrations only)`),
    ...drift.onlyInSchema.map((line) => `  + ${line}    (the schema only)`),
    `  Add a migration to ${migrations} that makes them agree (docs/operations.md "Migrations").`,
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = process.env.TEST_POSTGRES_URL;
  const [sqlite, postgres] = await Promise.all([sqliteDrift(), server ? postgresDrift(server) : null]);
  const reports = [
    driftReport("SQLite", SQLITE, sqlite),
    postgres ? driftReport("PostgreSQL", POSTGRES, postgres) : null,
  ].filter(Boolean);
  if (reports.length) {
    console.error(reports.join("\n\n"));
    process.exit(1);
  }
  console.log(
    `The migrations build exactly the schema on SQLite${server ? " and PostgreSQL" : " (PostgreSQL not checked: no TEST_POSTGRES_URL)"}.`,
  );
}
