// Production entry (docs/rules.md "Processes"): a primary that forks one worker per core
// (WEB_CONCURRENCY overrides), each running the Express server of `server.js` on the shared
// port. The primary serves nothing itself: it restarts a worker that dies unexpectedly (with
// a bounded backoff) and, on SIGTERM or SIGINT, passes the signal on and exits once every
// worker has drained (docs/rules.md "Restarts"). Migrations are their own step (`npm run
// db:migrate`, or `npm run setup` in `npm start`); MIGRATE_ON_START=true runs them here, once,
// before forking (docs/operations.md "Production").
import cluster from "node:cluster";
import os from "node:os";
import path from "node:path";
import { pino } from "pino";
import { serveClusterMetrics } from "./server/cluster-metrics.js";
import { CONFIGURATION_ERROR, serveRefusal } from "./scripts/build-state.mjs";
import { migrate } from "./scripts/migrate.mjs";

// This command serves the production build: production unless the environment says otherwise
// (set before .env is read, so the development NODE_ENV of .env.example does not apply here).
process.env.NODE_ENV ||= "production";
try {
  process.loadEnvFile();
} catch {
  // no .env file: the environment and defaults apply
}

const log = pino({
  level: process.env.LOG_LEVEL || "info",
  base: { pid: process.pid, role: "primary" },
  timestamp: pino.stdTimeFunctions.isoTime,
});

/**
 * How many workers (docs/operations.md "Processes"): WEB_CONCURRENCY when set, else one per
 * core. Read here, not in app/env.server.ts: the primary forks before any app code loads.
 */
function workerCount(value) {
  if (value === undefined || value.trim() === "") return os.availableParallelism();
  const count = Number(value.trim());
  if (!Number.isInteger(count) || count < 1 || count > 256) {
    log.fatal(`WEB_CONCURRENCY: must be a whole number from 1 to 256 (got "${value}")`);
    process.exit(CONFIGURATION_ERROR);
  }
  return count;
}

/** A crashed worker is restarted after 0.5 s, doubling per crash in a row, at most 30 s. */
const RESTART_BASE_MS = 500;
const RESTART_MAX_MS = 30_000;
/** A worker that served this long resets its slot's crash count. */
const STABLE_AFTER_MS = 30_000;

/** MIGRATE_ON_START (read here like WEB_CONCURRENCY: before any worker loads app code), default off. */
function migrateOnStart(value = "") {
  if (/^(|false|0|no|off)$/i.test(value.trim())) return false;
  if (/^(true|1|yes|on)$/i.test(value.trim())) return true;
  log.fatal(`MIGRATE_ON_START: must be true or false (got "${value}")`);
  process.exit(CONFIGURATION_ERROR);
}

const count = workerCount(process.env.WEB_CONCURRENCY);
// A missing or development build: one message, before any worker is forked (each would refuse too).
const refusal = serveRefusal();
if (refusal) {
  log.fatal(refusal);
  process.exit(CONFIGURATION_ERROR);
}
if (migrateOnStart(process.env.MIGRATE_ON_START)) {
  const url = process.env.DATABASE_URL || "file:./data/shop.db";
  try {
    const applied = await migrate(url);
    log.info({ applied }, applied.length ? `Applied ${applied.length} migration(s)` : "No pending migrations");
  } catch (error) {
    log.fatal({ err: error }, "Migrations failed: not starting");
    process.exit(1);
  }
}
// Jobs (docs/rules.md "Jobs"): the lease makes each run happen once whatever runs it, but only
// the first slot's worker starts the job loops, so N workers do not all poll for leases.
const jobsWanted = !/^(false|0|no|off)$/i.test(process.env.RUN_JOBS ?? "true");

cluster.setupPrimary({ exec: path.resolve("server.js"), execArgv: process.execArgv });

/** Per slot: its worker, crashes in a row, whether one ever listened. */
const slots = Array.from({ length: count }, () => ({ worker: null, crashes: 0, listened: false, timer: null }));
let shuttingDown = false;
let exitCode = 0;

function fork(slot, index) {
  const worker = cluster.fork({ RUN_JOBS: jobsWanted && index === 0 ? "true" : "false", WORKER_SLOT: String(index) });
  slot.worker = worker;
  let stable = null;
  worker.once("listening", () => {
    slot.listened = true;
    stable = setTimeout(() => (slot.crashes = 0), STABLE_AFTER_MS);
    stable.unref();
  });
  worker.once("exit", (code, signal) => {
    clearTimeout(stable);
    slot.worker = null;
    if (shuttingDown) {
      if (code !== 0) exitCode = 1;
      if (slots.every((s) => s.worker === null)) {
        log.info({ exitCode }, "All workers stopped");
        process.exit(exitCode);
      }
      return;
    }
    // A worker that never listened (no build, a bad setting), or one that exits for its
    // configuration whenever it started (server.js's CONFIGURATION_ERROR): restarting cannot help.
    if (!slots.some((s) => s.listened) || code === CONFIGURATION_ERROR) {
      log.fatal({ worker: index, code, signal }, "A worker failed to start: stopping");
      shuttingDown = true;
      exitCode = code || 1;
      for (const s of slots) s.worker?.process.kill("SIGTERM");
      if (slots.every((s) => s.worker === null)) process.exit(exitCode);
      return;
    }
    const delay = Math.min(RESTART_MAX_MS, RESTART_BASE_MS * 2 ** slot.crashes);
    slot.crashes += 1;
    log.error({ worker: index, code, signal, restartInMs: delay }, "Worker died unexpectedly: restarting it");
    slot.timer = setTimeout(() => {
      slot.timer = null;
      if (!shuttingDown) fork(slot, index);
    }, delay);
  });
}

// /metrics covers every worker (docs/rules.md "Metrics cover every worker"): the worker
// answering a scrape asks here, and the primary sums what each worker counted.
serveClusterMetrics(cluster);

slots.forEach(fork);
log.info({ workers: count }, `Starting ${count} worker${count === 1 ? "" : "s"}`);

function shutdown(signal) {
  if (shuttingDown) return;
  shuttingDown = true;
  log.info({ signal }, "Shutting down: workers finish their requests and jobs");
  for (const slot of slots) clearTimeout(slot.timer);
  // A signal sent to the whole process group (Ctrl-C) reaches the workers too; they act once.
  for (const slot of slots) slot.worker?.process.kill(signal);
  if (slots.every((s) => s.worker === null)) process.exit(exitCode);
}
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => shutdown(signal));
