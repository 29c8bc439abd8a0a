// Applies committed migrations and seeds the catalogue when the database is empty.
// `--fresh` deletes the database file first (browser tests start from a known state).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";

try {
  process.loadEnvFile();
} catch {
  // no .env file
}
const databaseUrl = (process.env.DATABASE_URL ||= "file:./data/shop.db");
const file = databaseUrl.replace(/^file:/, "");
const bin = (name) => path.join("node_modules", ".bin", name);
const run = (command, args) => execFileSync(command, args, { stdio: "inherit", env: process.env });

if (process.argv.includes("--fresh")) {
  for (const suffix of ["", "-wal", "-shm", "-journal"]) fs.rmSync(file + suffix, { force: true });
}
fs.mkdirSync(path.dirname(file), { recursive: true });

run(bin("prisma"), ["migrate", "deploy"]);

const db = new Database(file, { readonly: true });
const { count } = db.prepare('SELECT COUNT(*) AS count FROM "Product"').get();
// A database seeded before the content issue has products but no content: seed again (idempotent).
const { entries } = db.prepare('SELECT COUNT(*) AS entries FROM "ContentEntry"').get();
db.close();
if (count === 0 || entries === 0) {
  console.log(`Seeding ${databaseUrl}...`);
  run(bin("tsx"), ["prisma/seed.ts"]);
} else {
  console.log(`${databaseUrl} already has ${count} products and ${entries} content entries; not seeding.`);
}
