// The production build that tests serving `server.js` or `cluster.js` use: built when
// missing, older than any file under app/, or a development build (vitest runs with
// NODE_ENV=test, which `remix build` would inherit and compile JSX for development). Test
// files in two workers may ask at once: a lock file makes one build and the other wait.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

const BUILT = path.resolve("build/index.js");
const LOCK = path.resolve("build.lock");

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

function isCurrent(): boolean {
  if (!fs.existsSync(BUILT)) return false;
  if (fs.readFileSync(BUILT, "utf8").includes("jsxDEV")) return false;
  return fs.statSync(BUILT).mtimeMs >= newestSource(path.resolve("app"));
}

export async function ensureProductionBuild(): Promise<void> {
  for (;;) {
    if (isCurrent()) return;
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
      if (!isCurrent()) {
        execFileSync("npm", ["run", "build"], {
          stdio: "ignore",
          timeout: 180_000,
          env: { ...process.env, NODE_ENV: "production" },
        });
      }
      return;
    } finally {
      fs.closeSync(lock);
      fs.rmSync(LOCK, { force: true });
    }
  }
}
