// The back office's view of the jobs (docs/rules.md "Back office: jobs"): each job's last runs
// and the recent failures, from JobRun (which the runner writes and prunes).
import type { PrismaClient } from "~/generated/prisma/client";

export interface JobRunView {
  id: string;
  job: string;
  holder: string;
  status: string;
  startedAt: string;
  finishedAt: string | null;
  /** Milliseconds, once finished. */
  durationMs: number | null;
  error: string | null;
  summary: string | null;
}

export const RUNS_PER_JOB = 10;
export const RECENT_FAILURES = 20;

const viewOf = (row: {
  id: string;
  job: string;
  holder: string;
  status: string;
  startedAt: Date;
  finishedAt: Date | null;
  error: string | null;
  summary: string | null;
}): JobRunView => ({
  id: row.id,
  job: row.job,
  holder: row.holder,
  status: row.status,
  startedAt: row.startedAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
  durationMs: row.finishedAt ? row.finishedAt.getTime() - row.startedAt.getTime() : null,
  error: row.error,
  summary: row.summary,
});

export function createJobRuns(db: PrismaClient) {
  return {
    /** The jobs of `names` (and any other job with runs), each with its last runs, and the latest failures. */
    async overview(names: readonly string[]) {
      const recorded = await db.jobRun.findMany({ distinct: ["job"], select: { job: true }, orderBy: { job: "asc" } });
      const jobs = [...new Set([...names, ...recorded.map((r) => r.job)])];
      const [perJob, failures] = await Promise.all([
        Promise.all(
          jobs.map(async (job) => ({
            job,
            configured: names.includes(job),
            runs: (
              await db.jobRun.findMany({
                where: { job },
                orderBy: [{ startedAt: "desc" }, { id: "desc" }],
                take: RUNS_PER_JOB,
              })
            ).map(viewOf),
          })),
        ),
        db.jobRun.findMany({
          where: { status: "failed" },
          orderBy: [{ startedAt: "desc" }, { id: "desc" }],
          take: RECENT_FAILURES,
        }),
      ]);
      return { jobs: perJob, failures: failures.map(viewOf) };
    },
  };
}
