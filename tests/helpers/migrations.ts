// No app imports here: the vitest setup file uses this before DATABASE_URL is set.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";

/** TEST_DB_DIR lets two vitest runs on one machine keep apart (default data/test). */
export const TEST_DB_DIR = path.resolve(process.env.TEST_DB_DIR ?? path.join("data", "test"));
const MIGRATIONS_DIR = path.resolve("prisma", "migrations");

/** Applies the committed migration SQL, in order, to a new SQLite file. */
export function applyMigrations(file: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  try {
    const migrations = fs
      .readdirSync(MIGRATIONS_DIR, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    for (const name of migrations) {
      db.exec(fs.readFileSync(path.join(MIGRATIONS_DIR, name, "migration.sql"), "utf8"));
    }
  } finally {
    db.close();
  }
}
