// Online backups of the shop's database (docs/rules.md "Backups"): on SQLite with SQLite's
// backup API through better-sqlite3, on PostgreSQL with `pg_dump --format=custom`; either is a
// consistent snapshot taken while the shop keeps running. Restoring: restore.server.ts.
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { BACKUP_DIR, backupFileName, postgresToolEnv } from "~/models/backup";
import { databaseProviderOf } from "~/models/database-url";

/** The file a `file:` DATABASE_URL names. */
export function databaseFile(databaseUrl: string): string {
  return databaseUrl.replace(/^file:/, "").replace(/\?.*$/, "");
}

/**
 * Where the PostgreSQL client programs are: the commands pass `findBinDir()` of
 * scripts/postgres.mjs (the newest installed under /usr/lib/postgresql, since pg_dump must be
 * at least the server's version); null runs the ones on PATH.
 */
export interface PostgresTools {
  postgresBin: string | null;
}

/**
 * Runs a PostgreSQL client program (pg_dump, pg_restore) connected to `databaseUrl` through
 * the environment, never prompting for a password. A failure's message is the program's own
 * (libpq never prints the password), with no URL in it.
 */
export async function runPostgresTool(
  tools: PostgresTools,
  program: string,
  args: string[],
  databaseUrl?: string,
): Promise<string> {
  const file = tools.postgresBin ? path.join(tools.postgresBin, program) : program;
  const env = { ...process.env, ...(databaseUrl ? postgresToolEnv(databaseUrl).env : {}) };
  try {
    const { stdout } = await promisify(execFile)(file, ["--no-password", ...args], {
      env,
      maxBuffer: 64 * 1024 * 1024,
    });
    return stdout;
  } catch (error) {
    const { stderr, code } = error as { stderr?: string; code?: number | string };
    if (code === "ENOENT") {
      throw new Error(`${program} was not found: install PostgreSQL's client programs (Debian: postgresql-client)`, {
        cause: error,
      });
    }
    throw new Error(`${program} failed: ${stderr?.trim() || `exit ${String(code)}`}`, { cause: error });
  }
}

/** A SQLite snapshot in one step of the backup API, checked with quick_check. */
async function backupSqlite(databaseUrl: string, partial: string): Promise<void> {
  const source = new Database(databaseFile(databaseUrl), { fileMustExist: true });
  try {
    await source.backup(partial, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
  checkSqliteFile(partial);
}

/**
 * Makes a SQLite copy one self-contained file (rollback journal, not write-ahead log: no -wal
 * or -shm beside it once closed; the shop turns WAL on again when it opens it) and runs
 * quick_check on it; throws when the check fails.
 */
export function checkSqliteFile(file: string): void {
  const copy = new Database(file, { fileMustExist: true });
  try {
    copy.pragma("journal_mode = DELETE");
    const result = copy.pragma("quick_check", { simple: true });
    if (result !== "ok") throw new Error(`the file failed its check (quick_check): ${String(result)}`);
  } finally {
    copy.close();
  }
}

/** A pg_dump custom-format archive (one snapshot transaction), checked by reading its table of contents whole. */
async function backupPostgres(tools: PostgresTools, databaseUrl: string, partial: string): Promise<void> {
  const { database } = postgresToolEnv(databaseUrl);
  await runPostgresTool(
    tools,
    "pg_dump",
    ["--format=custom", `--file=${partial}`, `--dbname=${database}`],
    databaseUrl,
  );
  await runPostgresTool(tools, "pg_restore", ["--list", partial]);
}

/**
 * Writes a snapshot of the database at `databaseUrl` to `destination` (default
 * data/backups/shop-<UTC time>.db on SQLite, .dump on PostgreSQL) and returns its absolute
 * path. Refuses to overwrite a file. On SQLite the copy is made in one step of the backup
 * API: in WAL mode that read never blocks the shop's writers, and their writes cannot restart
 * it. On PostgreSQL pg_dump reads one snapshot. Either is written under a temporary name,
 * checked, then renamed, so a file with the final name is always whole.
 */
export async function backupDatabase(
  databaseUrl: string,
  destination?: string,
  { postgresBin = null, now = new Date() }: Partial<PostgresTools> & { now?: Date } = {},
): Promise<string> {
  const provider = databaseProviderOf(databaseUrl);
  if (!provider) throw new Error("DATABASE_URL must be a file: or postgresql: URL");
  const target = path.resolve(destination ?? path.join(BACKUP_DIR, backupFileName(now, provider)));
  if (fs.existsSync(target)) throw new Error(`${target} already exists: choose another path`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  fs.rmSync(partial, { force: true });
  try {
    if (provider === "postgresql") await backupPostgres({ postgresBin }, databaseUrl, partial);
    else await backupSqlite(databaseUrl, partial);
  } catch (error) {
    for (const suffix of ["", "-wal", "-shm", "-journal"]) fs.rmSync(partial + suffix, { force: true });
    throw error;
  }
  fs.renameSync(partial, target);
  return target;
}
