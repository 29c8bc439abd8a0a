// `npm test`: everything CI checks, in order of speed, stopping at the first failure.
// The integration suite runs twice: on SQLite, then on PostgreSQL — a local server this
// script starts (scripts/postgres.mjs; Debian's package is installed when missing and
// running as root), or the one TEST_POSTGRES_URL names. The server is started for the first
// step that needs it and stopped after the last.
import { spawnSync } from "node:child_process";
import { startPostgres } from "./postgres.mjs";

const vitest = ["vitest", "run"];
const steps = [
  ["Chromium for browser tests", "bash", ["scripts/ensure-chromium.sh"]],
  ["Java for the HTML checker (browser tests)", "bash", ["scripts/ensure-java.sh"]],
  ["PostgreSQL schema in step with prisma/schema.prisma", "node", ["scripts/postgres-schema.mjs", "--check"]],
  ["Typecheck", "npx", ["tsc", "--noEmit"]],
  ["ESLint", "npx", ["eslint", "--max-warnings", "0", "."]],
  ["Prettier", "npx", ["prettier", "--check", "."]],
  ["Unused files, exports and dependencies (knip)", "npx", ["knip", "--no-progress"]],
  [
    "Migrations build exactly the schema, on SQLite and PostgreSQL",
    "node",
    ["scripts/migration-drift.mjs"],
    { postgres: true },
  ],
  ["Unit and integration tests on SQLite (vitest)", "npx", vitest],
  ["Integration tests on PostgreSQL (vitest)", "npx", vitest, { postgres: true }],
  ["Browser tests (Playwright, with and without JavaScript)", "npx", ["playwright", "test"]],
  // After Playwright, whose server runs the production build: the check reuses it.
  ["Production install and start (npm ci --omit=dev, migrate, serve)", "node", ["scripts/production-check.mjs"]],
];

const lastPostgresStep = steps.findLastIndex(([, , , options]) => options?.postgres);

let postgres = null;
async function postgresUrl() {
  if (process.env.TEST_POSTGRES_URL) return process.env.TEST_POSTGRES_URL;
  postgres ??= await startPostgres({ port: Number(process.env.TEST_POSTGRES_PORT ?? 55432) });
  // The maintenance database: the tests create their own databases on this server.
  return postgres.urlFor("postgres");
}

const started = Date.now();
let failed = 0;
try {
  for (const [index, [label, command, args, options]] of steps.entries()) {
    console.log(`\n▶ ${label}`);
    const stepStarted = Date.now();
    const env = options?.postgres ? { ...process.env, TEST_POSTGRES_URL: await postgresUrl() } : process.env;
    const result = spawnSync(command, args, { stdio: "inherit", env });
    if (index === lastPostgresStep) await postgres?.stop();
    if (result.status !== 0) {
      console.error(`\n✖ ${label} failed (exit ${result.status ?? result.signal}).`);
      failed = result.status || 1;
      break;
    }
    console.log(`✔ ${label} (${((Date.now() - stepStarted) / 1000).toFixed(1)} s)`);
  }
} finally {
  await postgres?.stop();
}
if (failed) process.exit(failed);
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
