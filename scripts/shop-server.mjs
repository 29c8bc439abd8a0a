// Starts the production shop for a measuring script (Lighthouse, screenshots): a fresh seeded
// SQLite database of its own, optionally a fresh build, cluster.js on loopback; stop() ends it.
import { execFileSync, spawn } from "node:child_process";
import http from "node:http";

function healthy(port) {
  return new Promise((resolve) => {
    http
      .get(`http://127.0.0.1:${port}/healthz`, (response) => {
        response.resume();
        resolve(response.statusCode === 200);
      })
      .on("error", () => resolve(false));
  });
}

/** @param {{ port: number, name: string, build?: boolean }} options */
export async function startShop({ port, name, build = true }) {
  const env = {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATABASE_URL: `file:./data/${name}-${port}.db`,
    REQUEST_LOG: "off",
    LOG_LEVEL: "warn",
    AUTOSHIP_SCHEDULE_MINUTES: "0",
    SITE_ID: "",
  };
  execFileSync(process.execPath, ["scripts/setup.mjs", "--fresh"], { stdio: "inherit", env });
  if (build) execFileSync("npx", ["remix", "build"], { stdio: "inherit", env });
  const child = spawn(process.execPath, ["--max-semi-space-size=64", "cluster.js"], {
    stdio: ["ignore", "inherit", "inherit"],
    env,
    detached: true,
  });
  const deadline = Date.now() + 60_000;
  while (!(await healthy(port))) {
    if (child.exitCode !== null) throw new Error(`the shop exited (${child.exitCode})`);
    if (Date.now() > deadline) throw new Error("the shop did not answer /healthz within 60 s");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    base: `http://localhost:${port}`,
    stop() {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        // already gone
      }
    },
  };
}
