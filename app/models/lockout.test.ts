import { describe, expect, it } from "vitest";
import { afterFailedSignIn, isLockedOut, LOCKOUT_MS, MAX_FAILED_SIGN_INS, signInAttempt } from "./lockout";

describe('sign-in lockout (docs/security.md "Brute force and form spam")', () => {
  const at = new Date("2026-11-24T12:00:00Z");

  it("counts failures and locks at exactly the tenth, for 15 minutes, starting the count again", () => {
    expect(afterFailedSignIn(0, at)).toEqual({ failedSignIns: 1, lockedUntil: null });
    expect(afterFailedSignIn(MAX_FAILED_SIGN_INS - 2, at)).toEqual({ failedSignIns: 9, lockedUntil: null });
    expect(afterFailedSignIn(MAX_FAILED_SIGN_INS - 1, at)).toEqual({
      failedSignIns: 0,
      lockedUntil: new Date(at.getTime() + LOCKOUT_MS),
    });
  });

  it("is locked until the last millisecond of the lock, not after", () => {
    const until = new Date(at.getTime() + LOCKOUT_MS);
    expect(isLockedOut(until, new Date(until.getTime() - 1))).toBe(true);
    expect(isLockedOut(until, until)).toBe(false);
    expect(isLockedOut(null, at)).toBe(false);
  });

  it("decides one attempt: a locked account is refused unchanged, a failure counts, a success clears", () => {
    const locked = { failedSignIns: 0, lockedUntil: new Date(at.getTime() + 1) };
    expect(signInAttempt(locked, true, at)).toEqual({ ok: false, write: null });
    expect(signInAttempt(locked, false, at)).toEqual({ ok: false, write: null });
    expect(signInAttempt({ failedSignIns: 3, lockedUntil: null }, false, at)).toEqual({
      ok: false,
      write: { failedSignIns: 4, lockedUntil: null },
    });
    expect(signInAttempt({ failedSignIns: MAX_FAILED_SIGN_INS - 1, lockedUntil: null }, false, at)).toEqual({
      ok: false,
      write: { failedSignIns: 0, lockedUntil: new Date(at.getTime() + LOCKOUT_MS) },
    });
    expect(signInAttempt({ failedSignIns: 3, lockedUntil: null }, true, at)).toEqual({
      ok: true,
      write: { failedSignIns: 0, lockedUntil: null },
    });
    // A lock that has passed is cleared by the next success; a clean account writes nothing.
    expect(signInAttempt({ failedSignIns: 0, lockedUntil: at }, true, at)).toEqual({
      ok: true,
      write: { failedSignIns: 0, lockedUntil: null },
    });
    expect(signInAttempt({ failedSignIns: 0, lockedUntil: null }, true, at)).toEqual({ ok: true, write: null });
  });
});
