// A second job runner in a process of its own, for tests/integration/jobs.test.ts: two
// runners in one thread cannot share a SQLite file fairly (better-sqlite3 waits for a lock
// synchronously, blocking the thread that holds it). Runs one job that sleeps JOB_RUN_MS,
// prints "ready", and on SIGTERM stops the runner and exits 0.
import { createPrismaClient } from "~/db.server";
import { startJobs } from "~/services/jobs/runner.server";

const number = (name: string) => Number(process.env[name]);
const db = createPrismaClient(process.env.JOB_DATABASE_URL!);
const stop = startJobs(
  [
    {
      name: process.env.JOB_NAME!,
      intervalMs: number("JOB_INTERVAL_MS"),
      run: () => new Promise((resolve) => setTimeout(() => resolve({ by: "child" }), number("JOB_RUN_MS"))),
    },
  ],
  {
    db,
    holder: process.env.JOB_HOLDER!,
    leaseMs: number("JOB_LEASE_MS"),
    renewEveryMs: number("JOB_RENEW_MS"),
    maxWaitMs: 25,
  },
);
process.stdout.write("ready\n");
process.once("SIGTERM", () => {
  void stop()
    .then(() => db.$disconnect())
    .then(() => process.exit(0));
});
