// In-memory sliding-window rate limits (docs/rules.md "Rate-limit
// budgets"). Per process: several app processes each count on their own, which
// is enough to slow a single abusive client down. `rateLimits` is the one
// registry: a budget per purpose (sign-in, password reset, registration,
// contact, token API, browser error reports), so using up one never blocks another.
import { env } from "~/env.server";

export interface RateLimitVerdict {
  allowed: boolean;
  /** Seconds until the next attempt would be allowed (0 when allowed); for Retry-After. */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** Counts an attempt by `key` (a client address); refused once `limit` were allowed in the window. */
  attempt(key: string, now?: number): RateLimitVerdict;
  /** Forgets every key (tests). */
  reset(): void;
  /** How many keys it holds (tests: memory stays bounded). */
  readonly size: number;
}

/**
 * A limiter allowing `limit` attempts per key in any `windowMs` span. Refused
 * attempts are not recorded, so a key's log never grows past `limit` and
 * Retry-After is exact; keys whose attempts have all expired are dropped once
 * more than `maxKeys` are held.
 */
export function createRateLimiter({
  limit,
  windowMs,
  maxKeys = 10_000,
}: {
  limit: number;
  windowMs: number;
  maxKeys?: number;
}): RateLimiter {
  const log = new Map<string, number[]>();
  return {
    attempt(key, now = Date.now()) {
      const recent = (log.get(key) ?? []).filter((t) => now - t < windowMs);
      if (recent.length >= limit) {
        log.set(key, recent);
        return {
          allowed: false,
          retryAfterSeconds: Math.max(1, Math.ceil((Math.min(...recent) + windowMs - now) / 1000)),
        };
      }
      recent.push(now);
      log.set(key, recent);
      if (log.size > maxKeys) {
        for (const [k, times] of log) if (times.every((t) => now - t >= windowMs)) log.delete(k);
      }
      return { allowed: true, retryAfterSeconds: 0 };
    },
    reset() {
      log.clear();
    },
    get size() {
      return log.size;
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
  attempt(purpose: RateLimitPurpose, key: string, now?: number): { allowed: true } | RateLimitRefusal;
  readonly budgets: Readonly<Record<RateLimitPurpose, RateLimitBudget>>;
  /** The limiter of one purpose (a service that counts on its own terms, e.g. contact). */
  limiter(purpose: RateLimitPurpose): RateLimiter;
  /** Forgets every attempt of every purpose (tests). */
  reset(): void;
}

/** A registry of named limiters, each with its own budget and its own counts. */
export function createRateLimitRegistry(budgets: Record<RateLimitPurpose, RateLimitBudget>): RateLimitRegistry {
  const limiters = Object.fromEntries(
    RATE_LIMIT_PURPOSES.map((purpose) => [purpose, createRateLimiter(budgets[purpose])]),
  ) as Record<RateLimitPurpose, RateLimiter>;
  return {
    budgets,
    limiter: (purpose) => limiters[purpose],
    attempt(purpose, key, now) {
      const verdict = limiters[purpose].attempt(key, now);
      if (verdict.allowed) return { allowed: true };
      return { allowed: false, retryAfterSeconds: verdict.retryAfterSeconds, message: budgets[purpose].message };
    },
    reset() {
      for (const limiter of Object.values(limiters)) limiter.reset();
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
    signInPerMinute: env.SIGN_IN_RATE_LIMIT_PER_MINUTE,
    passwordResetPerHour: env.PASSWORD_RESET_RATE_LIMIT_PER_HOUR,
    registerPerHour: env.REGISTER_RATE_LIMIT_PER_HOUR,
    contactPerHour: env.CONTACT_RATE_LIMIT_PER_HOUR,
    tokenApiPerMinute: env.TOKEN_API_RATE_LIMIT_PER_MINUTE,
    clientErrorPerMinute: env.CLIENT_ERROR_RATE_LIMIT_PER_MINUTE,
  }),
);
