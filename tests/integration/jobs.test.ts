// Jobs with database leases (docs/rules.md "Jobs"): runners on one SQLite file, each with
// its own Prisma client (its own connection). Two runners that race run in two processes,
// as two hosts would (tests/helpers/job-runner-child.ts says why).
import { spawn } from "node:child_process";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createPrismaClient } from "~/db.server";
import type { PrismaClient } from "~/generated/prisma/client";
import { createLeases, startJobs, type Job } from "~/services/jobs/index.server";
import { metrics } from "~/services/observability/index.server";
import { createTestDatabase } from "../helpers/db";

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** Two clients on one fresh database, and its URL. */
async function twoClients(): Promise<[PrismaClient, PrismaClient, string]> {
  const { db, url } = await createTestDatabase();
  const other = createPrismaClient(url);
  cleanup.push(
    () => db.$disconnect(),
    () => other.$disconnect(),
  );
  return [db, other, url];
}

/** A runner of one job (sleeping `runMs` per run) in a child process; resolves once it runs. */
async function childRunner(settings: {
  url: string;
  holder: string;
  job: string;
  intervalMs: number;
  runMs: number;
  leaseMs: number;
  renewEveryMs: number;
}) {
  const child = spawn(path.resolve("node_modules/.bin/tsx"), [path.resolve("tests/helpers/job-runner-child.ts")], {
    env: {
      ...process.env,
      JOB_DATABASE_URL: settings.url,
      JOB_HOLDER: settings.holder,
      JOB_NAME: settings.job,
      JOB_INTERVAL_MS: String(settings.intervalMs),
      JOB_RUN_MS: String(settings.runMs),
      JOB_LEASE_MS: String(settings.leaseMs),
      JOB_RENEW_MS: String(settings.renewEveryMs),
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  cleanup.push(async () => {
    if (child.exitCode === null) child.kill("SIGKILL");
    await exited;
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the child runner did not start")), 20_000);
    child.stdout!.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("ready")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", () => reject(new Error("the child runner exited")));
  });
  return {
    /** SIGTERM: the child stops its runner (waiting for a run) and exits; resolves with its exit code. */
    stop: () => {
      child.kill("SIGTERM");
      return exited;
    },
  };
}

function runner(jobs: Job[], db: PrismaClient, holder: string, options: Partial<Parameters<typeof startJobs>[1]> = {}) {
  const stop = startJobs(jobs, { db, holder, leaseMs: 1_000, renewEveryMs: 100, maxWaitMs: 25, ...options });
  cleanup.push(stop);
  return stop;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await sleep(10);
  }
}

/** A job that records how many of its runs overlap. */
function countingJob(name: string, intervalMs: number, runMs: number) {
  const state = { running: 0, maxRunning: 0, runs: 0 };
  const job: Job = {
    name,
    intervalMs,
    async run() {
      state.running += 1;
      state.maxRunning = Math.max(state.maxRunning, state.running);
      await sleep(runMs);
      state.running -= 1;
      state.runs += 1;
      return { runs: state.runs };
    },
  };
  return { job, state };
}

describe("the job lease (docs/rules.md 'Jobs')", () => {
  it("is taken by one runner; a lease ending exactly now is free, a millisecond before it is not", async () => {
    const [a, b] = await twoClients();
    const t0 = new Date("2026-01-01T00:00:00.000Z");
    const winner = createLeases(a, "A", 30_000);
    const loser = createLeases(b, "B", 30_000);
    expect(await winner.acquire("job", t0)).toBe(true);
    expect(await loser.acquire("job", t0)).toBe(false);
    const end = new Date(t0.getTime() + 30_000);
    expect(await loser.acquire("job", new Date(end.getTime() - 1))).toBe(false);
    // The holder may take its own lease again (renew).
    expect(await winner.acquire("job", new Date(end.getTime() - 1))).toBe(true);
    const renewedEnd = new Date(end.getTime() - 1 + 30_000);
    expect(await loser.acquire("job", renewedEnd)).toBe(true);
    expect(await winner.renew("job", renewedEnd)).toBe(false);
  });

  it("is free again once released", async () => {
    const [a, b] = await twoClients();
    const t0 = new Date("2026-01-01T00:00:00.000Z");
    const leasesA = createLeases(a, "A", 30_000);
    expect(await leasesA.acquire("job", t0)).toBe(true);
    await leasesA.release("job", t0);
    expect(await createLeases(b, "B", 30_000).acquire("job", t0)).toBe(true);
  });
});

describe("the job runner (docs/rules.md 'Jobs')", () => {
  it("runs a job once at a time across two processes on one database", async () => {
    const [a, , url] = await twoClients();
    const lease = { leaseMs: 1_000, renewEveryMs: 100 };
    const child = await childRunner({ url, holder: "B", job: "together", intervalMs: 100, runMs: 60, ...lease });
    const { job } = countingJob("together", 100, 60);
    runner([job], a, "A", lease);
    await waitFor(async () => (await a.jobRun.count({ where: { job: "together", status: "ok" } })) >= 12, 15_000);
    expect(await child.stop()).toBe(0);
    const runs = await a.jobRun.findMany({ where: { job: "together" }, orderBy: { startedAt: "asc" } });
    // Each run started after the one before it finished, whoever ran it.
    for (let i = 1; i < runs.length; i++) {
      expect(runs[i - 1].finishedAt).not.toBeNull();
      expect(runs[i].startedAt.getTime()).toBeGreaterThanOrEqual(runs[i - 1].finishedAt!.getTime());
    }
    // Due every 100 ms on one rhythm whoever runs it: no slot twice.
    const dues = runs.map((run) => run.dueAt.getTime());
    expect(new Set(dues).size).toBe(dues.length);
  });

  it("takes over a crashed runner's job once its lease has run out, and marks the crashed run failed", async () => {
    const [a, b] = await twoClients();
    const leaseUntil = new Date(Date.now() + 400);
    await a.jobLease.create({ data: { name: "orphan", holder: "crashed", leaseUntil } });
    await a.jobRun.create({ data: { job: "orphan", holder: "crashed", dueAt: new Date(0), status: "running" } });
    const { job, state } = countingJob("orphan", 3_600_000, 0);
    runner([job], b, "B");
    await sleep(250);
    expect(state.runs).toBe(0);
    await waitFor(() => state.runs === 1);
    const [crashed, taken] = await a.jobRun.findMany({ where: { job: "orphan" }, orderBy: { startedAt: "asc" } });
    expect(crashed).toMatchObject({ holder: "crashed", status: "failed" });
    expect(crashed.error).toMatch(/stopped before the run finished/);
    expect(taken.holder).toBe("B");
    expect(taken.startedAt.getTime()).toBeGreaterThanOrEqual(leaseUntil.getTime());
  });

  it("renews the lease through a run longer than the lease, so nobody else starts it", async () => {
    const [a, b, url] = await twoClients();
    // Renewed five times per lease, so a child slowed by a loaded machine still keeps it.
    const lease = { leaseMs: 1_000, renewEveryMs: 200 };
    // The child starts the run (due at once) and holds it for 3.5 s, over three times the lease.
    const child = await childRunner({ url, holder: "B", job: "long", intervalMs: 3_600_000, runMs: 3_500, ...lease });
    await waitFor(async () => (await b.jobRun.count({ where: { job: "long" } })) === 1);
    const first = await b.jobLease.findUniqueOrThrow({ where: { name: "long" } });
    // A looks every 25 ms through the rest of the run.
    const { job, state } = countingJob("long", 3_600_000, 0);
    runner([job], a, "A", lease);
    await sleep(1_800);
    const later = await b.jobLease.findUniqueOrThrow({ where: { name: "long" } });
    expect(later.holder).toBe("B");
    expect(later.leaseUntil.getTime()).toBeGreaterThan(first.leaseUntil.getTime() + 1_000);
    await waitFor(async () => (await b.jobRun.count({ where: { job: "long", status: "ok" } })) === 1, 8_000);
    await sleep(200);
    expect(state.runs).toBe(0);
    expect(await b.jobRun.findMany({ where: { job: "long" } })).toEqual([
      expect.objectContaining({ holder: "B", status: "ok", summary: '{"by":"child"}' }),
    ]);
    expect(await child.stop()).toBe(0);
  });

  it("counts a run whose lease another runner took while it ran (shop_job_lease_lost_total)", async () => {
    const [a, b] = await twoClients();
    const lostCount = async () =>
      (await metrics.jobLeaseLost.get()).values.find((v) => v.labels.job === "stolen")?.value ?? 0;
    const before = await lostCount();
    const { job, state } = countingJob("stolen", 3_600_000, 800);
    runner([job], a, "A");
    await waitFor(async () => (await b.jobRun.count({ where: { job: "stolen" } })) === 1);
    // Another runner takes the lease as if A's had run out: A's next renewal finds it gone.
    await b.jobLease.update({ where: { name: "stolen" }, data: { holder: "B" } });
    await waitFor(() => state.runs === 1);
    expect((await lostCount()) - before).toBe(1);
    // Not A's to release: B still holds it.
    expect((await b.jobLease.findUniqueOrThrow({ where: { name: "stolen" } })).holder).toBe("B");
  });

  it("records a failed run with its error and runs again at the next interval", async () => {
    const [a] = await twoClients();
    const failedBefore = (await metrics.jobRuns.get()).values.find(
      (v) => v.labels.job === "flaky" && v.labels.outcome === "failed",
    );
    let calls = 0;
    runner(
      [
        {
          name: "flaky",
          intervalMs: 150,
          async run() {
            calls += 1;
            if (calls === 1) throw new Error("SMTP is down");
            return { delivered: 2 };
          },
        },
      ],
      a,
      "A",
    );
    await waitFor(async () => (await a.jobRun.count({ where: { job: "flaky", status: "ok" } })) >= 1);
    const [failed, ok] = await a.jobRun.findMany({ where: { job: "flaky" }, orderBy: { startedAt: "asc" } });
    expect(failed).toMatchObject({ status: "failed", error: "SMTP is down", summary: null });
    expect(failed.finishedAt).not.toBeNull();
    expect(ok).toMatchObject({ status: "ok", error: null, summary: '{"delivered":2}' });
    // Due at the first interval slot after the failed run's start (one interval after it was
    // due, or more when a loaded machine started it late): its lag is when it started after that.
    const slots = Math.floor((failed.startedAt.getTime() - failed.dueAt.getTime()) / 150) + 1;
    expect(ok.dueAt.getTime()).toBe(failed.dueAt.getTime() + slots * 150);
    expect(ok.dueAt.getTime()).toBeGreaterThan(failed.startedAt.getTime());
    expect(ok.startedAt.getTime()).toBeGreaterThanOrEqual(ok.dueAt.getTime());
    const failedAfter = (await metrics.jobRuns.get()).values.find(
      (v) => v.labels.job === "flaky" && v.labels.outcome === "failed",
    );
    expect((failedAfter?.value ?? 0) - (failedBefore?.value ?? 0)).toBe(1);
    const lag = (await metrics.jobLag.get()).values.find((v) => v.labels.job === "flaky");
    expect(lag?.value).toBeGreaterThanOrEqual(0);
  });

  it("keeps only the last runs of each job", async () => {
    const [a] = await twoClients();
    const { job, state } = countingJob("chatty", 10, 0);
    const stop = runner([job], a, "A", { runsKept: 3 });
    await waitFor(() => state.runs >= 8);
    await stop();
    expect(await a.jobRun.count({ where: { job: "chatty" } })).toBe(3);
  });

  it("stop() waits for the running job, then releases its lease", async () => {
    const [a] = await twoClients();
    const { job, state } = countingJob("graceful", 3_600_000, 300);
    const stop = runner([job], a, "A");
    await waitFor(() => state.running === 1);
    await stop();
    expect(state.runs).toBe(1);
    expect(await a.jobRun.findFirst({ where: { job: "graceful" } })).toMatchObject({ status: "ok" });
    const lease = await a.jobLease.findUniqueOrThrow({ where: { name: "graceful" } });
    expect(lease.leaseUntil.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it("stop() gives up on a job that does not finish in time and leaves its lease to run out", async () => {
    const [a] = await twoClients();
    let release: () => void = () => undefined;
    let started = false;
    const stop = runner(
      [
        {
          name: "stuck",
          intervalMs: 3_600_000,
          run: () =>
            new Promise<void>((resolve) => {
              started = true;
              release = resolve;
            }),
        },
      ],
      a,
      "A",
      { stopTimeoutMs: 200 },
    );
    await waitFor(() => started);
    const before = Date.now();
    await stop();
    expect(Date.now() - before).toBeLessThan(1_000);
    const lease = await a.jobLease.findUniqueOrThrow({ where: { name: "stuck" } });
    expect(lease.holder).toBe("A");
    expect(lease.leaseUntil.getTime()).toBeGreaterThan(Date.now());
    release();
    // The run goes on after stop() gave up: let it record its end (and prune) before the
    // clients are closed, or a write still in flight can hold up the disconnect.
    await waitFor(
      async () => (await a.jobRun.findFirst({ where: { job: "stuck" }, select: { status: true } }))?.status === "ok",
    );
    await sleep(100);
  });
});
