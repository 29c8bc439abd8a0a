// Applies committed migrations and seeds the catalogue when the database is empty, on
// SQLite (a `file:` DATABASE_URL, the default) or PostgreSQL (`postgresql://`).
// `--fresh` starts from an empty database first (browser tests and the bench start from a
// known state): the SQLite file is deleted; PostgreSQL's public schema is dropped.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { migrate } from "./migrate.mjs";

try {
  process.loadEnvFile();
} catch {
  // no .env file
}
const databaseUrl = (process.env.DATABASE_URL ||= "file:./data/shop.db");
const postgres = /^postgres(ql)?:/.test(databaseUrl);
const fresh = process.argv.includes("--fresh");
const bin = (name) => path.join("node_modules", ".bin", name);
const run = (command, args) => execFileSync(command, args, { stdio: "inherit", env: process.env });

const COUNTS = 'SELECT (SELECT COUNT(*) FROM "Product") AS "count", (SELECT COUNT(*) FROM "ContentEntry") AS "entries"';

/** Runs `work` with a query function on the database: rows of a SQL text. */
async function withDatabase(work) {
  if (postgres) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return await work(async (sql) => (await client.query(sql)).rows);
    } finally {
      await client.end();
    }
  }
  const db = new Database(databaseUrl.replace(/^file:/, ""));
  try {
    return await work(async (sql) => (/^\s*SELECT/i.test(sql) ? db.prepare(sql).all() : db.exec(sql)));
  } finally {
    db.close();
  }
}

if (fresh && postgres) {
  await withDatabase((query) => query("DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public"));
} else if (fresh) {
  const file = databaseUrl.replace(/^file:/, "");
  for (const suffix of ["", "-wal", "-shm", "-journal"]) fs.rmSync(file + suffix, { force: true });
}

const applied = await migrate(databaseUrl);
if (applied.length) console.log(`Applied ${applied.length} migration(s) to ${databaseUrl}.`);

const [{ count, entries }] = await withDatabase((query) => query(COUNTS));
// A database seeded before the content issue has products but no content: seed again (idempotent).
if (Number(count) === 0 || Number(entries) === 0) {
  console.log(`Seeding ${databaseUrl}...`);
  run(bin("tsx"), ["prisma/seed.ts"]);
} else {
  console.log(`${databaseUrl} already has ${count} products and ${entries} content entries; not seeding.`);
}
