// The job runner (docs/rules.md "Jobs"): each job runs only while this process holds its
// lease, a JobLease row, so any number of processes or hosts on one database run each
// job once at a time. No job library fits SQLite (graphile-worker and pg-boss need
// PostgreSQL, BullMQ needs Redis), so the lease is this small, tested piece.
import { DATABASE_BUSY_MESSAGE, isDatabaseBusy } from "~/models/database-busy";
import crypto from "node:crypto";
import os from "node:os";
import type { PrismaClient } from "~/generated/prisma/client";
import {
  isDue,
  JOB_LEASE_MS,
  JOB_LEASE_RENEW_MS,
  JOB_RUNS_KEPT,
  lagSeconds,
  leaseEnd,
  nextDueAt,
  waitBeforeNextCheck,
} from "~/models/jobs";
import { metrics, reportError, rootLogger, type Logger } from "~/services/observability/index.server";
import { isUniqueViolation } from "~/models/unique-violation";

/** A job: its name (the lease's key), how often it is due, and one run, resolving with what it did. */
export interface Job {
  name: string;
  intervalMs: number;
  run(): Promise<unknown>;
}

export interface JobRunnerOptions {
  db: PrismaClient;
  /** Who holds the leases: unique per process (see `defaultHolder`). */
  holder: string;
  /** The clock for leases and schedules; tests move it. */
  now?: () => Date;
  leaseMs?: number;
  renewEveryMs?: number;
  /** The longest wait before a runner looks at a job again (default: the lease length). */
  maxWaitMs?: number;
  /** How long `stop()` waits for running jobs before giving up on them (default 10 s). */
  stopTimeoutMs?: number;
  runsKept?: number;
  log?: Logger;
}

/** Stops scheduling, waits (bounded) for running jobs, and releases the leases held. */
export type StopJobs = () => Promise<void>;

/** A holder name unique to this process: host, pid and a random suffix. */
export function defaultHolder(): string {
  return `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString("hex")}`;
}

/** The lease operations on the JobLease table, for one holder. */
export function createLeases(db: PrismaClient, holder: string, leaseMs: number) {
  return {
    /**
     * Takes the lease when it is free, has run out (one ending exactly now included) or is
     * already ours: one conditional UPDATE, so two runners cannot both win; a new job's row
     * is INSERTed, and a unique violation means another runner inserted it first.
     */
    async acquire(name: string, now: Date): Promise<boolean> {
      const leaseUntil = leaseEnd(now, leaseMs);
      const { count } = await db.jobLease.updateMany({
        where: { name, OR: [{ holder }, { leaseUntil: { lte: now } }] },
        data: { holder, leaseUntil },
      });
      if (count === 1) return true;
      if (await db.jobLease.findUnique({ where: { name }, select: { name: true } })) return false;
      try {
        await db.jobLease.create({ data: { name, holder, leaseUntil } });
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },
    /** Extends a lease we hold; false when it is no longer ours (it ran out and was taken). */
    async renew(name: string, now: Date): Promise<boolean> {
      const { count } = await db.jobLease.updateMany({
        where: { name, holder },
        data: { leaseUntil: leaseEnd(now, leaseMs) },
      });
      return count === 1;
    },
    /** Gives the lease back: it runs out now, so any runner may take it. */
    async release(name: string, now: Date): Promise<void> {
      await db.jobLease.updateMany({ where: { name, holder }, data: { leaseUntil: now } });
    },
  };
}

const sleep = (ms: number, timers: Set<NodeJS.Timeout>) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      resolve();
    }, ms);
    timers.add(timer);
  });

/**
 * Runs `jobs` on their intervals, each only while this runner holds its lease. Returns
 * `stop()`. A run is recorded as a JobRun (dueAt, startedAt, finishedAt, status, error,
 * summary) and counted in the job metrics; the oldest runs beyond `runsKept` are deleted.
 */
export function startJobs(jobs: readonly Job[], options: JobRunnerOptions): StopJobs {
  const {
    db,
    holder,
    now = () => new Date(),
    leaseMs = JOB_LEASE_MS,
    renewEveryMs = Math.min(JOB_LEASE_RENEW_MS, leaseMs / 3),
    maxWaitMs = leaseMs,
    stopTimeoutMs = 10_000,
    runsKept = JOB_RUNS_KEPT,
    log = rootLogger,
  } = options;
  const leases = createLeases(db, holder, leaseMs);
  const timers = new Set<NodeJS.Timeout>();
  const wakers = new Set<() => void>();
  const held = new Set<string>();
  /** Jobs whose lease ran out and was taken while we ran them: not ours to release. */
  const lost = new Set<string>();
  let stopped = false;

  /** Waits `ms`, or less when the runner stops. */
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        wakers.delete(wake);
        resolve();
      };
      wakers.add(wake);
      void sleep(ms, timers).then(wake);
    });

  /** One look at a job: returns how long to wait before the next. */
  async function check(job: Job): Promise<number> {
    const at = now();
    if (!(await leases.acquire(job.name, at))) return waitBeforeNextCheck(at, at, maxWaitMs, maxWaitMs);
    held.add(job.name);
    try {
      const last = await db.jobRun.findFirst({
        where: { job: job.name },
        orderBy: { startedAt: "desc" },
        select: { dueAt: true, startedAt: true, status: true },
      });
      // We hold the lease, so a run still marked running was left by a runner that stopped.
      const abandoned = last?.status === "running";
      if (abandoned) {
        log.warn({ job: job.name }, `Job ${job.name}: taking over a run its runner abandoned`);
        await db.jobRun.updateMany({
          where: { job: job.name, status: "running" },
          data: { status: "failed", finishedAt: at, error: "The runner stopped before the run finished." },
        });
      }
      const dueAt = nextDueAt(last && { ...last, abandoned }, job.intervalMs, at);
      if (!isDue(dueAt, at) || stopped) return waitBeforeNextCheck(dueAt, at, maxWaitMs);
      await runOnce(job, dueAt);
      const after = now();
      return waitBeforeNextCheck(nextDueAt({ dueAt, startedAt: at }, job.intervalMs, after), after, maxWaitMs);
    } finally {
      held.delete(job.name);
      if (!lost.has(job.name)) await leases.release(job.name, now());
      lost.delete(job.name);
    }
  }

  async function runOnce(job: Job, dueAt: Date): Promise<void> {
    const startedAt = now();
    const run = await db.jobRun.create({ data: { job: job.name, holder, dueAt, startedAt, status: "running" } });
    const lag = lagSeconds(dueAt, startedAt);
    metrics.jobLag.set({ job: job.name }, lag);
    const jobLog = log.child({ job: job.name, runId: run.id });
    // Debug: the outbox runs every few seconds; runs are in JobRun and the job metrics, and
    // a job logs what it did itself (docs/operations.md "Logs").
    jobLog.debug({ dueAt, lagSeconds: lag }, `Job ${job.name} started`);
    // Renewed while the run lasts, so nobody takes it over from a slow run.
    const renewal = setInterval(() => {
      leases
        .renew(job.name, now())
        .then((ours) => {
          if (!ours && !lost.has(job.name)) {
            lost.add(job.name);
            metrics.jobLeaseLost.inc({ job: job.name });
            jobLog.error(`Job ${job.name} lost its lease while running: another runner may start it`);
          }
        })
        .catch((error: unknown) => jobLog.warn({ err: error }, `Job ${job.name}: renewing the lease failed`));
    }, renewEveryMs);
    const timer = metrics.jobDuration.startTimer({ job: job.name });
    let status: "ok" | "failed" = "ok";
    let summary: string | null = null;
    let errorText: string | null = null;
    try {
      summary = JSON.stringify((await job.run()) ?? null);
    } catch (error) {
      status = "failed";
      // A busy database reaches code on the shared client as its 503 answer, not an Error.
      errorText = isDatabaseBusy(error)
        ? DATABASE_BUSY_MESSAGE
        : error instanceof Error
          ? error.message || error.name
          : String(error);
      jobLog.error({ err: error }, `Job ${job.name} failed`);
      // To the error tracker too (a no-op without SENTRY_DSN), tagged with the job's name.
      reportError(isDatabaseBusy(error) ? new Error(DATABASE_BUSY_MESSAGE) : error, {
        tags: { job: job.name, runId: String(run.id) },
      });
    } finally {
      clearInterval(renewal);
      timer();
    }
    metrics.jobRuns.inc({ job: job.name, outcome: status });
    await db.jobRun.update({
      where: { id: run.id },
      data: { status, finishedAt: now(), error: errorText, summary },
    });
    if (status === "ok") jobLog.debug(`Job ${job.name} finished`);
    await prune(job.name);
  }

  async function prune(name: string): Promise<void> {
    const old = await db.jobRun.findMany({
      where: { job: name },
      orderBy: [{ startedAt: "desc" }, { id: "desc" }],
      skip: runsKept,
      select: { id: true },
    });
    if (old.length > 0) await db.jobRun.deleteMany({ where: { id: { in: old.map((r) => r.id) } } });
  }

  async function loop(job: Job): Promise<void> {
    while (!stopped) {
      let wait: number;
      try {
        wait = await check(job);
      } catch (error) {
        // The database was busy or away: try again after a while, never crash the process.
        log.error({ err: error, job: job.name }, `Job ${job.name}: the runner could not check it`);
        wait = Math.min(maxWaitMs, 5_000);
      }
      if (!stopped) await pause(wait);
    }
  }

  const loops = jobs.map((job) => loop(job));
  if (jobs.length > 0) log.info({ holder, jobs: jobs.map((j) => j.name) }, "Jobs started");

  return async function stop() {
    if (stopped) return;
    stopped = true;
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    for (const wake of [...wakers]) wake();
    let timeout: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      Promise.allSettled(loops).then(() => true),
      new Promise<false>((resolve) => (timeout = setTimeout(() => resolve(false), stopTimeoutMs))),
    ]);
    clearTimeout(timeout);
    if (!finished) {
      // Left to run out: releasing a lease while its run goes on would let another runner start it too.
      log.warn({ jobs: [...held] }, "Jobs still running when the runner stopped; their leases will run out");
    } else if (jobs.length > 0) {
      log.info("Jobs stopped");
    }
  };
}
