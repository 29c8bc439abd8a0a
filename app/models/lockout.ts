// The sign-in lockout (docs/security.md "Brute force and form spam"), one rule for customers and
// back-office users: ten failures in a row lock the account for 15 minutes; the lock's end
// starts the count again.

export const MAX_FAILED_SIGN_INS = 10;
export const LOCKOUT_MS = 15 * 60_000;

/** Whether an account locked until `lockedUntil` is still locked at `at`. */
export function isLockedOut(lockedUntil: Date | null, at: Date): lockedUntil is Date {
  return lockedUntil !== null && lockedUntil > at;
}

/** What the lockout keeps on an account (customers' IdentityUser and back-office AdminUser alike). */
export interface LockoutState {
  failedSignIns: number;
  lockedUntil: Date | null;
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

/**
 * One sign-in attempt on an account at `at`, its password checked already (`matches`): whether
 * it signs in, and what to write back to the account (null: nothing changes). A locked account
 * is refused even for the right password and its count is left alone; a wrong password counts
 * (and may lock); a right one clears a count or an old lock.
 */
export function signInAttempt(
  account: LockoutState,
  matches: boolean,
  at: Date,
): { ok: boolean; write: LockoutState | null } {
  if (isLockedOut(account.lockedUntil, at)) return { ok: false, write: null };
  if (!matches) return { ok: false, write: afterFailedSignIn(account.failedSignIns, at) };
  const clear = account.failedSignIns !== 0 || account.lockedUntil !== null;
  return { ok: true, write: clear ? { failedSignIns: 0, lockedUntil: null } : null };
}

// One answer for a refused sign-in (docs/rules.md "One answer for a refused sign-in"): an
// unknown email, a wrong password and a locked account get the same status and words, so no
// answer tells which emails have an account. The words name the lock, so a locked shopper who
// typed the right password still learns what to do.
const LOCK_MINUTES = LOCKOUT_MS / 60_000;

/** The shop's refused sign-in (the sign-in pages). */
export const REFUSED_SIGN_IN_MESSAGE =
  `That email and password do not match an account. After ${MAX_FAILED_SIGN_INS} failed attempts in a row ` +
  `an account is locked for ${LOCK_MINUTES} minutes; resetting the password unlocks it.`;

/** The back office's refused sign-in (`/admin/login`). */
export const REFUSED_BACK_OFFICE_SIGN_IN_MESSAGE =
  `That email and password do not match a back-office user. After ${MAX_FAILED_SIGN_INS} failed attempts in a ` +
  `row a user is locked for ${LOCK_MINUTES} minutes.`;
