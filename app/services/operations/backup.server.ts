// Online backups of the SQLite database (docs/rules.md "Backups"), with SQLite's backup
// API through better-sqlite3: a consistent snapshot while the shop keeps running.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { BACKUP_DIR, backupFileName } from "~/models/backup";

/** The file a `file:` DATABASE_URL names. */
export function databaseFile(databaseUrl: string): string {
  return databaseUrl.replace(/^file:/, "").replace(/\?.*$/, "");
}

/**
 * Writes a snapshot of the database at `databaseUrl` to `destination` (default
 * data/backups/shop-<UTC time>.db) and returns its absolute path. Refuses to overwrite a
 * file. The copy is made in one step of the backup API: in WAL mode that read never
 * blocks the shop's writers, and their writes cannot restart it. It is written under a
 * temporary name, checked, then renamed, so a file with the final name is always whole.
 */
export async function backupDatabase(
  databaseUrl: string,
  destination?: string,
  now: Date = new Date(),
): Promise<string> {
  if (!databaseUrl.startsWith("file:")) {
    throw new Error(
      'this command copies the SQLite file; on PostgreSQL use pg_dump --format=custom or your provider\'s snapshots (docs/operations.md "PostgreSQL")',
    );
  }
  const target = path.resolve(destination ?? path.join(BACKUP_DIR, backupFileName(now)));
  if (fs.existsSync(target)) throw new Error(`${target} already exists: choose another path`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  fs.rmSync(partial, { force: true });
  const source = new Database(databaseFile(databaseUrl), { fileMustExist: true });
  try {
    await source.backup(partial, { progress: () => 0x7fffffff });
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  } finally {
    source.close();
  }
  const copy = new Database(partial, { readonly: true });
  try {
    const result = copy.pragma("quick_check", { simple: true });
    if (result !== "ok") throw new Error(`The backup failed its check: ${String(result)}`);
  } finally {
    copy.close();
  }
  fs.renameSync(partial, target);
  return target;
}
