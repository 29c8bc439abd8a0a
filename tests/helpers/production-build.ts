// The production build that tests serving `server.js` or `cluster.js` use: built when it is
// not current (scripts/build-state.mjs: missing, a development build, or older than its
// sources; vitest runs with NODE_ENV=test, which `remix build` would inherit and compile JSX
// for development, so the build runs under NODE_ENV=production). Test files in two workers may
// ask at once: a lock file makes one build and the other wait.
import fs from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { buildState, ensureBuild } from "../../scripts/build-state.mjs";

const LOCK = path.resolve("build.lock");

export async function ensureProductionBuild(): Promise<void> {
  for (;;) {
    if (buildState().current) return;
    let lock: number;
    try {
      lock = fs.openSync(LOCK, "wx");
    } catch {
      // Another worker is building (a lock older than 5 minutes was left by a crash).
      if (Date.now() - fs.statSync(LOCK, { throwIfNoEntry: false })!.mtimeMs > 300_000) fs.rmSync(LOCK);
      await sleep(500);
      continue;
    }
    try {
      ensureBuild(process.cwd(), { quiet: true });
      return;
    } finally {
      fs.closeSync(lock);
      fs.rmSync(LOCK, { force: true });
    }
  }
}
