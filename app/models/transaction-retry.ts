// Transactions on PostgreSQL (docs/rules.md "Database"): every interactive transaction runs
// SERIALIZABLE, so a check-then-write (stock, staff quota, cart limits, idempotency keys,
// autoship runs) is as safe as under SQLite's single writer; the one that loses a conflict
// is run again from the start, at most TRANSACTION_ATTEMPTS times in all.

/** How many times a transaction runs before its write conflict is passed on. */
export const TRANSACTION_ATTEMPTS = 20;

/** The longest pause between two attempts. */
const MAX_PAUSE_MS = 200;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

// PostgreSQL's serialization_failure and deadlock_detected.
const CONFLICT_STATES = new Set(["40001", "40P01"]);

/**
 * True for a transaction that lost a write conflict and may simply run again: Prisma's
 * P2034, or the driver's SQLSTATE 40001 / 40P01 however it is wrapped.
 */
export function isWriteConflict(error: unknown, depth = 0): boolean {
  if (!isObject(error) || depth > 4) return false;
  if (error.code === "P2034" || (typeof error.code === "string" && CONFLICT_STATES.has(error.code))) return true;
  if (isObject(error.meta) && "driverAdapterError" in error.meta) {
    return isWriteConflict(error.meta.driverAdapterError, depth + 1);
  }
  if (isObject(error.cause)) {
    const { kind, originalCode } = error.cause;
    if (kind === "TransactionWriteConflict") return true;
    if (typeof originalCode === "string" && CONFLICT_STATES.has(originalCode)) return true;
    return isWriteConflict(error.cause, depth + 1);
  }
  return false;
}

/** The pause before attempt `attempt` (2, 3, ...): a short, growing, jittered wait so the rivals spread out. */
export function conflictPauseMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_PAUSE_MS, 5 * 2 ** (attempt - 2));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
