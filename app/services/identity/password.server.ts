import crypto from "node:crypto";
import { promisify } from "node:util";

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
