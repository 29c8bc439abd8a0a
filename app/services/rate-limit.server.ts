// In-memory sliding-window rate limits (CONVENTIONS 9: public forms are rate
// limited; issue 6 "Brute force"). Per process: several app processes each
// count on their own, which is enough to slow a single abusive client down.

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
