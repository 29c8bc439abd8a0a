import { describe, expect, it } from "vitest";
import { createRateLimiter } from "./rate-limit.server";

// docs/rules.md "Rate-limit budgets": sign-in, the contact form
// (CONTACT_RATE_LIMIT_PER_HOUR) and the other public forms share this limiter.
describe("sliding-window rate limiter", () => {
  const HOUR = 60 * 60 * 1000;

  it("allows `limit` attempts per key in the window and refuses the next", () => {
    const limiter = createRateLimiter({ limit: 3, windowMs: HOUR });
    const t = 1_000_000;
    expect([1, 2, 3].map((i) => limiter.attempt("198.51.100.1", t + i).allowed)).toEqual([true, true, true]);
    expect(limiter.attempt("198.51.100.1", t + 4)).toEqual({ allowed: false, retryAfterSeconds: 3600 });
  });

  it("counts each key on its own", () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: HOUR });
    expect(limiter.attempt("198.51.100.1", 0).allowed).toBe(true);
    expect(limiter.attempt("198.51.100.1", 1).allowed).toBe(false);
    expect(limiter.attempt("198.51.100.2", 1).allowed).toBe(true);
  });

  it("slides: an attempt leaves the window after windowMs, and Retry-After says when", () => {
    const limiter = createRateLimiter({ limit: 2, windowMs: HOUR });
    limiter.attempt("a", 0);
    limiter.attempt("a", 30 * 60 * 1000);
    const refused = limiter.attempt("a", 45 * 60 * 1000);
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 15 * 60 });
    expect(limiter.attempt("a", HOUR - 1).allowed).toBe(false);
    expect(limiter.attempt("a", HOUR).allowed).toBe(true);
    // The attempt at 30 minutes and the one just allowed fill the window again.
    expect(limiter.attempt("a", HOUR + 1).allowed).toBe(false);
  });

  it("does not record refused attempts, so hammering does not extend the wait", () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000 });
    limiter.attempt("a", 0);
    for (let t = 1; t < 60_000; t += 1000) expect(limiter.attempt("a", t).allowed).toBe(false);
    expect(limiter.attempt("a", 60_000).allowed).toBe(true);
  });

  it("forgets expired keys once it holds more than maxKeys", () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000, maxKeys: 2 });
    limiter.attempt("a", 0);
    limiter.attempt("b", 0);
    expect(limiter.size).toBe(2);
    limiter.attempt("c", 5000);
    // "a" and "b" only held expired attempts: dropped.
    expect(limiter.size).toBe(1);
    limiter.attempt("d", 5000);
    limiter.attempt("e", 5000);
    // Live keys are kept, even over maxKeys.
    expect(limiter.size).toBe(3);
    limiter.reset();
    expect(limiter.size).toBe(0);
  });
});
