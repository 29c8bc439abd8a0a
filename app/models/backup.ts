// Database backups (docs/rules.md "Backups"): where a backup goes when no path is given, what
// its name is, how a file says which database it can restore, and how the PostgreSQL tools
// are given the connection without the password on a command line.
import type { DatabaseProvider } from "./database-url";

/** The default backup folder, relative to the working directory. */
export const BACKUP_DIR = "data/backups";

/** What a backup of each database is: SQLite's a database file, PostgreSQL's a pg_dump custom-format archive. */
const BACKUP_EXTENSION: Record<DatabaseProvider, string> = { sqlite: "db", postgresql: "dump" };

/**
 * A backup's file name from its UTC time and database: shop-20261123T221500Z.db on SQLite,
 * shop-20261123T221500Z.dump on PostgreSQL (names sort by time).
 */
export function backupFileName(at: Date, provider: DatabaseProvider): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "");
  return `shop-${stamp}.${BACKUP_EXTENSION[provider]}`;
}

/** The first bytes of each kind of backup: a SQLite database file, a pg_dump custom-format archive. */
const SQLITE_HEADER = Buffer.from("SQLite format 3\0", "latin1");
const PG_DUMP_HEADER = Buffer.from("PGDMP", "latin1");

/** The database a backup file restores, from its first 16 bytes; null for any other file (a plain-SQL dump too). */
export function backupKindOf(head: Buffer): DatabaseProvider | null {
  if (head.subarray(0, SQLITE_HEADER.length).equals(SQLITE_HEADER)) return "sqlite";
  if (head.subarray(0, PG_DUMP_HEADER.length).equals(PG_DUMP_HEADER)) return "postgresql";
  return null;
}

/** How libpq names the URL's query parameters it understands as environment variables. */
const LIBPQ_PARAMETERS: Record<string, string> = {
  host: "PGHOST",
  port: "PGPORT",
  sslmode: "PGSSLMODE",
  sslrootcert: "PGSSLROOTCERT",
  sslcert: "PGSSLCERT",
  sslkey: "PGSSLKEY",
  connect_timeout: "PGCONNECT_TIMEOUT",
  application_name: "PGAPPNAME",
  options: "PGOPTIONS",
  target_session_attrs: "PGTARGETSESSIONATTRS",
};

/**
 * A PostgreSQL DATABASE_URL as the environment of pg_dump and pg_restore (PGHOST, PGPORT,
 * PGUSER, PGPASSWORD, PGDATABASE, PGSSLMODE, …), so the password is never on a command line
 * (where `ps` shows it) nor in an error message; `label` names the database without it.
 * Query parameters libpq does not know (a driver's own, such as `connection_limit`) are left out.
 */
export function postgresToolEnv(databaseUrl: string): { env: Record<string, string>; database: string; label: string } {
  const url = new URL(databaseUrl);
  const database = decodeURIComponent(url.pathname.replace(/^\//, ""));
  const env: Record<string, string> = {};
  if (url.hostname) env.PGHOST = url.hostname.replace(/^\[(.*)\]$/, "$1");
  if (url.port) env.PGPORT = url.port;
  if (url.username) env.PGUSER = decodeURIComponent(url.username);
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  if (database) env.PGDATABASE = database;
  for (const [name, value] of url.searchParams) {
    const variable = LIBPQ_PARAMETERS[name];
    if (variable) env[variable] = value;
  }
  const label = `${env.PGHOST ?? "localhost"}${env.PGPORT ? `:${env.PGPORT}` : ""}/${database}`;
  return { env, database, label };
}
