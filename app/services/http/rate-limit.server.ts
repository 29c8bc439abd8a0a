// Sliding-window rate limits shared by every process and host (docs/rules.md "Rate-limit
// budgets", "Processes"): each key's allowed attempts live in one RateLimitLog row of the
// database, changed by compare-and-set on its version, so N processes count together.
// `rateLimits` is the one registry: a budget per purpose (sign-in, password reset,
// registration, contact, token API, browser error reports), so using up one never blocks
// another; the Express limiter of mutations counts through the same rows (`createRateLimitStore`).
import type { Options as ExpressRateLimitOptions, Store } from "express-rate-limit";
import { prisma } from "~/db.server";
import { rateLimitSettings } from "~/env.server";
import type { PrismaClient } from "~/generated/prisma/client";
import { isUniqueViolation } from "~/models/unique-violation";

export interface RateLimitVerdict {
  allowed: boolean;
  /** Seconds until the next attempt would be allowed (0 when allowed); for Retry-After. */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** Counts an attempt by `key` (a client address); refused once `limit` were allowed in the window. */
  attempt(key: string, now?: number): Promise<RateLimitVerdict>;
  /** Forgets every key of this limiter (tests). */
  reset(): Promise<void>;
  /** How many keys of this limiter the database holds (tests: rows are pruned). */
  size(): Promise<number>;
}

/** A counted attempt: whether it was allowed, the attempts now in the window, and when the oldest leaves it. */
interface Hit {
  allowed: boolean;
  hits: number;
  resetAt: number;
}

/** Compare-and-set rounds before an attempt under contention is refused (one key, many processes at once). */
const MAX_ROUNDS = 25;
/** Expired rows are deleted at most this often per limiter. */
const PRUNE_EVERY_MS = 60_000;

const parseAttempts = (text: string) => (text ? text.split(",").map(Number) : []);

/**
 * A limiter allowing `limit` attempts per key in any `windowMs` span, counted in the database
 * so every process shares it. Refused attempts are not recorded, so a key's log never grows
 * past `limit` and Retry-After is exact; rows whose attempts have all expired are deleted
 * (every purpose's, at most every `pruneEveryMs`) when a new key is counted.
 */
export function createRateLimiter({
  name,
  limit,
  windowMs,
  db = prisma,
  pruneEveryMs = PRUNE_EVERY_MS,
}: {
  /** The limiter's namespace in the table (its purpose). */
  name: string;
  limit: number;
  windowMs: number;
  db?: PrismaClient;
  pruneEveryMs?: number;
}) {
  const prefix = `${name}:`;
  let prunedAt = -Infinity;

  async function prune(now: number) {
    if (now - prunedAt < pruneEveryMs) return;
    prunedAt = now;
    await db.rateLimitLog.deleteMany({ where: { expiresAt: { lte: new Date(now) } } });
  }

  async function hit(key: string, now = Date.now()): Promise<Hit> {
    const id = prefix + key;
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const row = await db.rateLimitLog.findUnique({ where: { key: id } });
      const recent = parseAttempts(row?.attempts ?? "").filter((t) => now - t < windowMs);
      if (recent.length >= limit) return { allowed: false, hits: limit + 1, resetAt: Math.min(...recent) + windowMs };
      recent.push(now);
      const data = { attempts: recent.join(","), expiresAt: new Date(Math.max(...recent) + windowMs) };
      const verdict = { allowed: true, hits: recent.length, resetAt: Math.min(...recent) + windowMs };
      if (!row) {
        try {
          await db.rateLimitLog.create({ data: { key: id, ...data } });
        } catch (error) {
          if (isUniqueViolation(error)) continue; // another process counted this key first
          throw error;
        }
        await prune(now);
        return verdict;
      }
      // Compare-and-set: another process's change in between makes this round count again.
      const { count } = await db.rateLimitLog.updateMany({
        where: { key: id, version: row.version },
        data: { ...data, version: { increment: 1 } },
      });
      if (count === 1) return verdict;
    }
    // Contention on one key that never settled: refuse, briefly.
    return { allowed: false, hits: limit + 1, resetAt: now + 1000 };
  }

  return {
    hit,
    async attempt(key, now = Date.now()) {
      const { allowed, resetAt } = await hit(key, now);
      return allowed
        ? { allowed: true, retryAfterSeconds: 0 }
        : { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)) };
    },
    async reset() {
      await db.rateLimitLog.deleteMany({ where: { key: { startsWith: prefix } } });
    },
    size: () => db.rateLimitLog.count({ where: { key: { startsWith: prefix } } }),
  } satisfies RateLimiter & { hit: typeof hit };
}

/**
 * An express-rate-limit store over the same table (server.js's limit on mutations), so the
 * limit is one implementation and shared by every process. Refused requests are not counted.
 */
export function createRateLimitStore(name: string, db: PrismaClient = prisma): Store {
  let limiter: ReturnType<typeof createRateLimiter> | null = null;
  return {
    prefix: name,
    localKeys: false,
    init(options: ExpressRateLimitOptions) {
      if (typeof options.limit !== "number") throw new Error("createRateLimitStore needs a fixed limit");
      limiter = createRateLimiter({ name, limit: options.limit, windowMs: options.windowMs, db });
    },
    async increment(key) {
      if (!limiter) throw new Error("the rate-limit store was not initialised");
      const { hits, resetAt } = await limiter.hit(key);
      return { totalHits: hits, resetTime: new Date(resetAt) };
    },
    // Only called with skipSuccessfulRequests/skipFailedRequests, which the shop does not use.
    async decrement() {},
    async resetKey(key) {
      await db.rateLimitLog.deleteMany({ where: { key: `${name}:${key}` } });
    },
  };
}

/** The purposes with a budget of their own: using one up never blocks another. */
export const RATE_LIMIT_PURPOSES = [
  "sign-in",
  "password-reset",
  "registration",
  "contact",
  "token-api",
  "client-error",
  "back-in-stock",
] as const;
export type RateLimitPurpose = (typeof RATE_LIMIT_PURPOSES)[number];

export interface RateLimitBudget {
  limit: number;
  windowMs: number;
  /** What the refused client is told with the 429. */
  message: string;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The budget of each purpose from the configured limits (env: *_RATE_LIMIT_PER_*). */
export function rateLimitBudgets(config: {
  signInPerMinute: number;
  passwordResetPerHour: number;
  registerPerHour: number;
  contactPerHour: number;
  tokenApiPerMinute: number;
  clientErrorPerMinute: number;
  backInStockPerHour: number;
}): Record<RateLimitPurpose, RateLimitBudget> {
  return {
    "sign-in": {
      limit: config.signInPerMinute,
      windowMs: MINUTE,
      message: "Too many sign-in attempts. Wait a minute and try again.",
    },
    "password-reset": {
      limit: config.passwordResetPerHour,
      windowMs: HOUR,
      message: "Too many password-reset requests from your address. Try again later.",
    },
    registration: {
      limit: config.registerPerHour,
      windowMs: HOUR,
      message: "Too many accounts were created from your address. Try again later.",
    },
    contact: {
      limit: config.contactPerHour,
      windowMs: HOUR,
      message: "You have sent several messages in the last hour. Please wait before sending another.",
    },
    "token-api": {
      limit: config.tokenApiPerMinute,
      windowMs: MINUTE,
      message: "Too many token requests. Wait a minute and try again.",
    },
    // Browser error reports (docs/rules.md "Browser error reports"): a broken page may loop.
    "client-error": {
      limit: config.clientErrorPerMinute,
      windowMs: MINUTE,
      message: "Too many error reports from your address. Wait a minute.",
    },
    // "Notify me when it's back" (docs/rules.md "Back in stock"): each request may write a row.
    "back-in-stock": {
      limit: config.backInStockPerHour,
      windowMs: HOUR,
      message: "You have asked for several stock emails in the last hour. Please wait a while and try again.",
    },
  };
}

export interface RateLimitRefusal {
  allowed: false;
  retryAfterSeconds: number;
  message: string;
}

/** One limiter per purpose. */
export interface RateLimitRegistry {
  /** Counts an attempt of `purpose` by `key` (a client address). */
  attempt(purpose: RateLimitPurpose, key: string, now?: number): Promise<{ allowed: true } | RateLimitRefusal>;
  readonly budgets: Readonly<Record<RateLimitPurpose, RateLimitBudget>>;
  /** The limiter of one purpose (a service that counts on its own terms, e.g. contact). */
  limiter(purpose: RateLimitPurpose): RateLimiter;
  /** Forgets every attempt of every purpose (tests). */
  reset(): Promise<void>;
}

/** A registry of named limiters, each with its own budget and its own counts. */
export function createRateLimitRegistry(
  budgets: Record<RateLimitPurpose, RateLimitBudget>,
  db: PrismaClient = prisma,
): RateLimitRegistry {
  const limiters = {} as Record<RateLimitPurpose, RateLimiter>;
  for (const purpose of RATE_LIMIT_PURPOSES) {
    limiters[purpose] = createRateLimiter({ name: purpose, ...budgets[purpose], db });
  }
  return {
    budgets,
    limiter: (purpose) => limiters[purpose],
    async attempt(purpose, key, now) {
      const verdict = await limiters[purpose].attempt(key, now);
      if (verdict.allowed) return { allowed: true };
      return { allowed: false, retryAfterSeconds: verdict.retryAfterSeconds, message: budgets[purpose].message };
    },
    async reset() {
      await Promise.all(Object.values(limiters).map((limiter) => limiter.reset()));
    },
  };
}

/** The Retry-After header of a refusal. */
export const retryAfterHeaders = (refusal: { retryAfterSeconds: number }) => ({
  "Retry-After": String(refusal.retryAfterSeconds),
});

/** The shop's limiters, one budget per purpose, configured from the environment. */
export const rateLimits = createRateLimitRegistry(
  rateLimitBudgets({
    signInPerMinute: rateLimitSettings.SIGN_IN_RATE_LIMIT_PER_MINUTE,
    passwordResetPerHour: rateLimitSettings.PASSWORD_RESET_RATE_LIMIT_PER_HOUR,
    registerPerHour: rateLimitSettings.REGISTER_RATE_LIMIT_PER_HOUR,
    contactPerHour: rateLimitSettings.CONTACT_RATE_LIMIT_PER_HOUR,
    tokenApiPerMinute: rateLimitSettings.TOKEN_API_RATE_LIMIT_PER_MINUTE,
    backInStockPerHour: rateLimitSettings.BACK_IN_STOCK_RATE_LIMIT_PER_HOUR,
    clientErrorPerMinute: rateLimitSettings.CLIENT_ERROR_RATE_LIMIT_PER_MINUTE,
  }),
);
