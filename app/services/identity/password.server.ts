import crypto from "node:crypto";
import { promisify } from "node:util";
import { signInAttempt, type LockoutState } from "~/models/lockout";

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/**
 * scrypt's cost. It is memory-hard: N=2^15, r=8 needs 32 MiB per hash, which makes GPU guessing
 * expensive while one sign-in still takes well under 100 ms. Under vitest (NODE_ENV "test", which
 * no server runs with) hashes are made at N=2^10, as Devise lowers bcrypt's cost in its tests:
 * the integration suites hash hundreds of passwords, and a stored hash carries its own cost, so
 * verifying is the same code either way. The browser tests run the production server, at N=2^15.
 */
export function scryptParams(nodeEnv: string | undefined) {
  return { N: nodeEnv === "test" ? 2 ** 10 : 2 ** 15, r: 8, p: 1 } as const;
}

const PARAMS = scryptParams(process.env.NODE_ENV);
const KEY_LENGTH = 64;
const MAX_MEM = 64 * 1024 * 1024;

/** Hashes a password as "scrypt$N$r$p$salt$key" (base64 parts). */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { ...PARAMS, maxmem: MAX_MEM });
  return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, salt.toString("base64"), key.toString("base64")].join("$");
}

/** True when the password matches the stored hash (constant-time compare). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, keyText] = stored.split("$");
  if (scheme !== "scrypt" || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, "base64");
  const key = await scrypt(password.normalize("NFKC"), Buffer.from(saltText, "base64"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAX_MEM,
  });
  return key.length === expected.length && crypto.timingSafeEqual(key, expected);
}

let dummyHash: Promise<string> | null = null;

/**
 * The one password check of a sign-in (docs/rules.md "One answer for a refused sign-in"):
 * against the account's scrypt hash, or, when there is none to check (an unknown email, a
 * disabled user, a provider-only account), against a dummy hash, so every sign-in costs one
 * scrypt whatever the account. Callers run it on every path, a locked account's included.
 */
export async function checkSignInPassword(password: string, stored: string | null): Promise<boolean> {
  if (stored?.startsWith("scrypt$")) return verifyPassword(password, stored);
  dummyHash ??= hashPassword(crypto.randomBytes(16).toString("hex"));
  await verifyPassword(password, await dummyHash);
  return false;
}

/** The password check a sign-in runs (injected by tests that count the checks). */
export type SignInPasswordCheck = typeof checkSignInPassword;

/** An account a password signs in to, with its lockout state (IdentityUser, AdminUser). */
export interface LockableAccount extends LockoutState {
  passwordHash: string | null;
}

/**
 * The password check with lockout (docs/rules.md "Lockout"), for customers and back-office users
 * alike: exactly one `checkPassword` on every path (no account, locked, wrong, right), then the
 * rule of `signInAttempt` (MAX_FAILED_SIGN_INS failures lock for LOCKOUT_MS, app/models/lockout.ts).
 * `save` writes the outcome to the caller's own table: called for every attempt on an account
 * that is not locked, with what the lockout changes (null when nothing) and the attempt's time.
 * True when the password signs in.
 */
export async function checkPasswordWithLockout(
  account: LockableAccount | null,
  password: string,
  deps: {
    now: () => Date;
    checkPassword?: SignInPasswordCheck;
    save: (outcome: { ok: boolean; write: LockoutState | null; at: Date }) => Promise<unknown>;
  },
): Promise<boolean> {
  const matches = await (deps.checkPassword ?? checkSignInPassword)(password, account?.passwordHash ?? null);
  if (!account) return false;
  const at = deps.now();
  const attempt = signInAttempt(account, matches, at);
  // A locked account is refused after the same check as any other, and nothing is written.
  if (!attempt.ok && !attempt.write) return false;
  await deps.save({ ...attempt, at });
  return attempt.ok;
}
