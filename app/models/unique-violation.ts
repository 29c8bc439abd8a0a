// A unique violation (docs/rules.md "Database"): the one test of "this row is there already"
// that every service uses when a unique index decides a race (two submits of one key, two
// deliveries of one webhook, two runners taking one lease). What Prisma 6 throws through the
// driver adapters, on both databases (proved by tests/integration/unique-violation.test.ts):
// - a model operation (create, update, upsert, createMany; in a transaction or not):
//   PrismaClientKnownRequestError P2002, with the adapter's error in meta.driverAdapterError;
// - a raw query ($executeRaw, $queryRaw): P2010, with the same adapter error in meta;
// - the adapter's DriverAdapterError itself: cause.kind "UniqueConstraintViolation", and the
//   database's own code in cause.originalCode (SQLite's SQLITE_CONSTRAINT_UNIQUE or
//   SQLITE_CONSTRAINT_PRIMARYKEY, PostgreSQL's SQLSTATE 23505).
// A PostgreSQL SERIALIZABLE transaction that loses such a race may instead fail with 40001,
// which is a write conflict (transaction-retry.ts): run again, it finds the row and takes this path.

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** The databases' own codes for a unique (or primary key) violation. */
const UNIQUE_CODES = new Set(["23505", "SQLITE_CONSTRAINT_UNIQUE", "SQLITE_CONSTRAINT_PRIMARYKEY"]);

/**
 * True when a write failed because a unique index already holds its key, however Prisma and
 * the driver adapter wrap it; false for every other failure.
 */
export function isUniqueViolation(error: unknown, depth = 0): boolean {
  if (!isObject(error) || depth > 4) return false;
  if (error.code === "P2002") return true;
  // Prisma's wrapper of an adapter failure (P2010 for a raw query) keeps it in meta.driverAdapterError.
  if (isObject(error.meta) && "driverAdapterError" in error.meta) {
    return isUniqueViolation(error.meta.driverAdapterError, depth + 1);
  }
  // The adapter's DriverAdapterError: its kind, and the database's code as originalCode.
  if (isObject(error.cause)) {
    const { kind, originalCode } = error.cause;
    if (kind === "UniqueConstraintViolation") return true;
    if (typeof originalCode === "string" && UNIQUE_CODES.has(originalCode)) return true;
    return isUniqueViolation(error.cause, depth + 1);
  }
  // The driver's own error: better-sqlite3's SqliteError or pg's DatabaseError.
  return typeof error.code === "string" && UNIQUE_CODES.has(error.code);
}
