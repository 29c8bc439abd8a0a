// `npm run worker`: runs only the shop's jobs (docs/rules.md "Jobs"), no web server, until
// SIGTERM or SIGINT; then waits for a running job (up to SHUTDOWN_TIMEOUT_MS), releases the
// leases, closes the database and exits 0. Any number of workers and web processes may run
// against one database: each job still runs once at a time.
export {};

try {
  process.loadEnvFile();
} catch {
  // no .env file: the environment and defaults apply
}

// After .env is read: the environment is parsed when these load.
const { prisma } = await import("~/db.server");
const { serverSettings } = await import("~/env.server");
const { rootLogger } = await import("~/services/observability/index.server");
const { shopJobs, startShopJobs } = await import("~/services/jobs/index.server");
const { closeErrorTracker, startErrorTracker } = await import("~/services/observability/index.server");

// Failed jobs reach the error tracker when SENTRY_DSN is set (docs/operations.md "Error tracker").
startErrorTracker();

if (shopJobs.length === 0) rootLogger.warn("Worker: no jobs are configured (every job's setting is 0)");
const stop = startShopJobs();
rootLogger.info({ jobs: shopJobs.map((job) => job.name) }, "Worker started");

let stopping = false;
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    rootLogger.info({ signal }, "Worker stopping: waiting for running jobs");
    const forced = setTimeout(() => {
      rootLogger.error(`Worker did not stop within ${serverSettings.SHUTDOWN_TIMEOUT_MS} ms: exiting anyway`);
      process.exit(1);
    }, serverSettings.SHUTDOWN_TIMEOUT_MS + 1_000);
    forced.unref();
    void stop()
      .then(() => closeErrorTracker())
      .then(() => prisma.$disconnect())
      .then(() => {
        rootLogger.info("Worker stopped");
        process.exit(0);
      });
  });
}
// An interval keeps the process alive with no job due (the runner's timers come and go).
setInterval(() => undefined, 1 << 30);
