import type { AddressInfo } from "node:net";
import express from "express";
import { rateLimit } from "express-rate-limit";
import { afterAll, describe, expect, it } from "vitest";
import { createPrismaClient } from "~/db.server";
import type { PrismaClient } from "~/generated/prisma/client";
import { createTestDatabase } from "../../../tests/helpers/db";
import {
  createRateLimiter,
  createRateLimitRegistry,
  createRateLimitStore,
  rateLimitBudgets,
} from "./rate-limit.server";

// docs/rules.md "Rate-limit budgets": sign-in, the contact form
// (CONTACT_RATE_LIMIT_PER_HOUR) and the other public forms share this limiter; its counts
// live in the database, so every process and host counts together (docs/rules.md "Processes").
const { db, url } = await createTestDatabase();
// A second client on the same database: another process (or host) of the shop.
const other: PrismaClient = createPrismaClient(url);
afterAll(async () => {
  await Promise.all([db.$disconnect(), other.$disconnect()]);
});

let names = 0;
const limiterOf = (options: { limit: number; windowMs: number; pruneEveryMs?: number }, client = db) =>
  createRateLimiter({ name: `test-${++names}`, db: client, ...options });

describe("sliding-window rate limiter", () => {
  const HOUR = 60 * 60 * 1000;

  it("allows `limit` attempts per key in the window and refuses the next", async () => {
    const limiter = limiterOf({ limit: 3, windowMs: HOUR });
    const t = 1_000_000;
    for (const i of [1, 2, 3]) expect((await limiter.attempt("198.51.100.1", t + i)).allowed).toBe(true);
    expect(await limiter.attempt("198.51.100.1", t + 4)).toEqual({ allowed: false, retryAfterSeconds: 3600 });
  });

  it("counts each key on its own", async () => {
    const limiter = limiterOf({ limit: 1, windowMs: HOUR });
    expect((await limiter.attempt("198.51.100.1", 0)).allowed).toBe(true);
    expect((await limiter.attempt("198.51.100.1", 1)).allowed).toBe(false);
    expect((await limiter.attempt("198.51.100.2", 1)).allowed).toBe(true);
  });

  it("slides: an attempt leaves the window after windowMs, and Retry-After says when", async () => {
    const limiter = limiterOf({ limit: 2, windowMs: HOUR });
    await limiter.attempt("a", 0);
    await limiter.attempt("a", 30 * 60 * 1000);
    const refused = await limiter.attempt("a", 45 * 60 * 1000);
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 15 * 60 });
    expect((await limiter.attempt("a", HOUR - 1)).allowed).toBe(false);
    expect((await limiter.attempt("a", HOUR)).allowed).toBe(true);
    // The attempt at 30 minutes and the one just allowed fill the window again.
    expect((await limiter.attempt("a", HOUR + 1)).allowed).toBe(false);
  });

  it("does not record refused attempts, so hammering does not extend the wait", async () => {
    const limiter = limiterOf({ limit: 1, windowMs: 60_000 });
    await limiter.attempt("a", 0);
    for (let t = 1; t < 60_000; t += 5000) expect((await limiter.attempt("a", t)).allowed).toBe(false);
    expect((await limiter.attempt("a", 60_000)).allowed).toBe(true);
  });

  it("deletes the rows of expired keys when a new key is counted; live keys are kept", async () => {
    const limiter = limiterOf({ limit: 1, windowMs: 1000, pruneEveryMs: 0 });
    await limiter.attempt("a", 0);
    await limiter.attempt("b", 0);
    expect(await limiter.size()).toBe(2);
    await limiter.attempt("c", 5000);
    // "a" and "b" only held expired attempts: deleted.
    expect(await limiter.size()).toBe(1);
    await limiter.attempt("d", 5000);
    await limiter.attempt("e", 5000);
    expect(await limiter.size()).toBe(3);
    await limiter.reset();
    expect(await limiter.size()).toBe(0);
  });

  it("prunes at most every pruneEveryMs, so a busy limiter does not delete on every attempt", async () => {
    const limiter = limiterOf({ limit: 1, windowMs: 1000, pruneEveryMs: 60_000 });
    await limiter.attempt("a", 10_000);
    await limiter.attempt("b", 20_000);
    // "a" expired at 11 s, but the last prune (at 10 s) is less than a minute old.
    expect(await limiter.size()).toBe(2);
    await limiter.attempt("c", 70_000);
    expect(await limiter.size()).toBe(1);
  });
});

describe("rate limits shared by processes (docs/rules.md 'Processes')", () => {
  it("two clients on one database share one budget: exactly the limit is allowed, then 429 with Retry-After", async () => {
    const name = `shared-${++names}`;
    const here = createRateLimiter({ name, limit: 5, windowMs: 60_000, db });
    const there = createRateLimiter({ name, limit: 5, windowMs: 60_000, db: other });
    const now = 5_000_000;
    // Twenty attempts at once, alternating between the two processes.
    const verdicts = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? here : there).attempt("203.0.113.9", now)),
    );
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(5);
    const refused = await here.attempt("203.0.113.9", now + 30_000);
    expect(refused.allowed).toBe(false);
    // The allowed attempts leave the window 30 s later; then both processes allow again.
    expect(refused.retryAfterSeconds).toBe(30);
    expect((await there.attempt("203.0.113.9", now + 60_000 - 1)).allowed).toBe(false);
    expect((await there.attempt("203.0.113.9", now + 60_000)).allowed).toBe(true);
  });

  it("each purpose keeps its own budget on the shared table", async () => {
    const budgets = rateLimitBudgets({
      signInPerMinute: 2,
      passwordResetPerHour: 2,
      registerPerHour: 2,
      contactPerHour: 2,
      tokenApiPerMinute: 2,
      clientErrorPerMinute: 2,
      backInStockPerHour: 2,
    });
    const one = createRateLimitRegistry(budgets, db);
    const two = createRateLimitRegistry(budgets, other);
    const ip = `192.0.2.${++names}`;
    expect((await one.attempt("sign-in", ip)).allowed).toBe(true);
    expect((await two.attempt("sign-in", ip)).allowed).toBe(true);
    expect(await one.attempt("sign-in", ip)).toMatchObject({ allowed: false, message: budgets["sign-in"].message });
    expect((await two.attempt("contact", ip)).allowed).toBe(true);
    await one.reset();
    expect((await two.attempt("sign-in", ip)).allowed).toBe(true);
  });

  it("the Express limiter of mutations counts in the same table: two servers, one budget, 429 with Retry-After", async () => {
    const name = `mutation-${++names}`;
    const servers = [db, other].map((client) => {
      const app = express();
      app.use(
        rateLimit({
          windowMs: 60_000,
          limit: 3,
          standardHeaders: "draft-8",
          legacyHeaders: false,
          store: createRateLimitStore(name, client),
        }),
      );
      app.post("/", (_req, res) => void res.send("ok"));
      return app.listen(0, "127.0.0.1");
    });
    try {
      await Promise.all(servers.map((server) => new Promise((resolve) => server.once("listening", resolve))));
      const post = (i: number) =>
        fetch(`http://127.0.0.1:${(servers[i % 2].address() as AddressInfo).port}/`, { method: "POST" });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await post(i)).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const refused = await post(5);
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get("Retry-After"));
      expect(retryAfter).toBeGreaterThanOrEqual(59);
      expect(retryAfter).toBeLessThanOrEqual(60);
    } finally {
      for (const server of servers) server.close();
    }
  });
});
