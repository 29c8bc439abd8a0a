// The sign-in lockout (docs/security.md "Brute force and form spam"), one rule for customers and
// back-office users: ten failures in a row lock the account for 15 minutes; the lock's end
// starts the count again.

export const MAX_FAILED_SIGN_INS = 10;
export const LOCKOUT_MS = 15 * 60_000;

/** Whether an account locked until `lockedUntil` is still locked at `at`. */
export function isLockedOut(lockedUntil: Date | null, at: Date): lockedUntil is Date {
  return lockedUntil !== null && lockedUntil > at;
}

/** The account's count and lock after one more failed sign-in at `at`. */
export function afterFailedSignIn(
  failedSignIns: number,
  at: Date,
): { failedSignIns: number; lockedUntil: Date | null } {
  const failed = failedSignIns + 1;
  return failed >= MAX_FAILED_SIGN_INS
    ? { failedSignIns: 0, lockedUntil: new Date(at.getTime() + LOCKOUT_MS) }
    : { failedSignIns: failed, lockedUntil: null };
}
