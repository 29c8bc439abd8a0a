// `npm test`: everything CI checks, in order of speed, stopping at the first failure.
import { spawnSync } from "node:child_process";

const steps = [
  ["Chromium for browser tests", "bash", ["scripts/ensure-chromium.sh"]],
  ["Typecheck", "npx", ["tsc", "--noEmit"]],
  ["ESLint", "npx", ["eslint", "--max-warnings", "0", "."]],
  ["Prettier", "npx", ["prettier", "--check", "."]],
  ["Unused files, exports and dependencies (knip)", "npx", ["knip", "--no-progress"]],
  ["Unit and integration tests (vitest)", "npx", ["vitest", "run"]],
  ["Browser tests (Playwright, with and without JavaScript)", "npx", ["playwright", "test"]],
];

const started = Date.now();
for (const [label, command, args] of steps) {
  console.log(`\n▶ ${label}`);
  const stepStarted = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`\n✖ ${label} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status || 1);
  }
  console.log(`✔ ${label} (${((Date.now() - stepStarted) / 1000).toFixed(1)} s)`);
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
