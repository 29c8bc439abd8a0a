// Which database a DATABASE_URL names (docs/decisions.md "PostgreSQL"): SQLite for a
// `file:` URL (the embedded default), PostgreSQL for `postgres://` or `postgresql://`.
// Relative imports only: the Prisma CLI config loads this without the ~ alias.

export type DatabaseProvider = "sqlite" | "postgresql";

/** The provider of a database URL, or null when it names neither. */
export function databaseProviderOf(url: string): DatabaseProvider | null {
  if (/^file:.+/.test(url)) return "sqlite";
  if (/^postgres(ql)?:\/\/.+/.test(url)) return "postgresql";
  return null;
}
