// The password check with lockout (docs/rules.md "Accounts and sessions", "Back office"): customers
// (identity) and back-office users (admin) both sign in through `checkPasswordWithLockout`, so the
// same sequence of attempts has the same effect on both, to the millisecond of the lock, with one
// password check per attempt. Runs on both databases.
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { LOCKOUT_MS, MAX_FAILED_SIGN_INS } from "~/models/lockout";
import { createAdminUsers } from "~/services/admin/index.server";
import { checkSignInPassword, createIdentity, type SignInPasswordCheck } from "~/services/identity/index.server";
import { newAccount, PASSWORD } from "../helpers/accounts";
import { ADMIN_PASSWORD, newAdmin } from "../helpers/admin";

interface Side {
  name: string;
  /** A new account of the side: its right password, a sign-in with a clock and a counted check, its stored state. */
  make(
    now: () => Date,
    check: SignInPasswordCheck,
  ): Promise<{
    password: string;
    signIn: (password: string) => Promise<boolean>;
    state: () => Promise<{ failedSignIns: number; lockedUntil: Date | null }>;
  }>;
}

const sides: Side[] = [
  {
    name: "a customer",
    async make(now, check) {
      const { email } = await newAccount("lockout-owner");
      const identity = createIdentity(prisma, now, check);
      return {
        password: PASSWORD,
        signIn: async (password) => (await identity.signIn({ store: "home", email, password })).ok,
        state: () =>
          prisma.identityUser.findFirstOrThrow({
            where: { email },
            select: { failedSignIns: true, lockedUntil: true },
          }),
      };
    },
  },
  {
    name: "a back-office user",
    async make(now, check) {
      const { email } = await newAdmin("support", "lockout-owner");
      const users = createAdminUsers(prisma, now, check);
      return {
        password: ADMIN_PASSWORD,
        signIn: async (password) => (await users.signIn({ email, password })).ok,
        state: () =>
          prisma.adminUser.findUniqueOrThrow({ where: { email }, select: { failedSignIns: true, lockedUntil: true } }),
      };
    },
  },
];

describe.each(sides)("the password check with lockout, for $name", (side) => {
  it("counts failures, locks at exactly MAX_FAILED_SIGN_INS for exactly LOCKOUT_MS, and a success clears", async () => {
    let clock = new Date("2026-11-24T12:00:00.000Z");
    let checks = 0;
    const account = await side.make(
      () => clock,
      (password, stored) => {
        checks += 1;
        return checkSignInPassword(password, stored);
      },
    );
    for (let i = 1; i < MAX_FAILED_SIGN_INS; i++) expect(await account.signIn("wrong-password-1")).toBe(false);
    expect(await account.state()).toEqual({ failedSignIns: MAX_FAILED_SIGN_INS - 1, lockedUntil: null });
    expect(await account.signIn("wrong-password-1")).toBe(false);
    const until = new Date(clock.getTime() + LOCKOUT_MS);
    expect(await account.state()).toEqual({ failedSignIns: 0, lockedUntil: until });
    // Locked to the last millisecond: the right password is refused and nothing is counted.
    clock = new Date(until.getTime() - 1);
    expect(await account.signIn(account.password)).toBe(false);
    expect(await account.signIn("wrong-password-1")).toBe(false);
    expect(await account.state()).toEqual({ failedSignIns: 0, lockedUntil: until });
    // At the lock's end the right password signs in and clears the old lock.
    clock = until;
    expect(await account.signIn(account.password)).toBe(true);
    expect(await account.state()).toEqual({ failedSignIns: 0, lockedUntil: null });
    // One password check per attempt, whatever its path.
    expect(checks).toBe(MAX_FAILED_SIGN_INS + 3);
  });
});
