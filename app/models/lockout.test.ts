import { describe, expect, it } from "vitest";
import { afterFailedSignIn, isLockedOut, LOCKOUT_MS, MAX_FAILED_SIGN_INS } from "./lockout";

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
});
