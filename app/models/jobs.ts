// Jobs that run once at a time wherever the shop runs (docs/rules.md "Jobs"). A job is
// run only by the holder of its lease, a row in the database; these are the rules for
// when a lease may be taken and when a job is due. Pure: the runner in
// services/jobs/ reads the rows, asks these functions, and writes.

/** How long a lease holds without renewal: a crashed runner's job is taken over after this. */
export const JOB_LEASE_MS = 60_000;

/** How often a runner renews the lease of a job it is running: a third of the lease, so two renewals may fail before it lapses. */
export const JOB_LEASE_RENEW_MS = JOB_LEASE_MS / 3;

/** The last runs kept per job; older JobRun rows are deleted after each run. */
export const JOB_RUNS_KEPT = 200;

export interface LeaseRow {
  holder: string;
  leaseUntil: Date;
}

/**
 * Whether `holder` may take the lease at `now`: no lease yet, a lease that has run out
 * (one ending exactly now is free), or a lease `holder` already has.
 */
export function leaseIsFree(lease: LeaseRow | null, holder: string, now: Date): boolean {
  if (!lease) return true;
  return lease.holder === holder || lease.leaseUntil.getTime() <= now.getTime();
}

/** When a lease taken or renewed at `now` runs out. */
export function leaseEnd(now: Date, leaseMs: number = JOB_LEASE_MS): Date {
  return new Date(now.getTime() + leaseMs);
}

export interface LastRun {
  dueAt: Date;
  startedAt: Date;
  /** Still marked running when a new lease holder looks: its runner stopped (crashed) mid-run. */
  abandoned?: boolean;
}

/**
 * When a job is next due. Never run: due now. A run its runner abandoned (it crashed and
 * its lease ran out): due again at once, as of that run's due time. Otherwise the job keeps
 * its own rhythm: the first of `last.dueAt + k × interval` (k ≥ 1) after the last run
 * started, so a late run does not push the schedule back, and slots missed while no runner
 * ran (the shop was down) are skipped rather than caught up one after another.
 */
export function nextDueAt(last: LastRun | null, intervalMs: number, now: Date): Date {
  if (!last) return now;
  if (last.abandoned) return last.dueAt;
  const since = last.startedAt.getTime() - last.dueAt.getTime();
  const slots = since < 0 ? 1 : Math.floor(since / intervalMs) + 1;
  return new Date(last.dueAt.getTime() + slots * intervalMs);
}

/** Whether a job due at `dueAt` should run at `now` (due exactly now counts). */
export function isDue(dueAt: Date, now: Date): boolean {
  return dueAt.getTime() <= now.getTime();
}

/** Seconds between when a run was due and when it started (never negative). */
export function lagSeconds(dueAt: Date, startedAt: Date): number {
  return Math.max(0, startedAt.getTime() - dueAt.getTime()) / 1000;
}

/**
 * How long a runner waits before looking at a job again: until it is due, but never
 * longer than `maxWaitMs` (another runner may have run it or crashed meanwhile) and
 * never less than `minWaitMs`.
 */
export function waitBeforeNextCheck(dueAt: Date, now: Date, maxWaitMs: number, minWaitMs = 10): number {
  return Math.min(maxWaitMs, Math.max(minWaitMs, dueAt.getTime() - now.getTime()));
}
