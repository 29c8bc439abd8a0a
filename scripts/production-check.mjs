// `npm test`'s production check (docs/operations.md "Production"): what the container image
// does, on this machine. The project's tracked files (`git ls-files`: what a clone has, in the
// state the build was made from) and the production build go into a temporary folder, then:
// `npm ci --omit=dev` (npm's cache is used when it has the packages), `npm run db:migrate` on a
// fresh SQLite database, the serve command with one worker on a free loopback port, run as the
// image runs it (/healthz, /readyz and the home page answer 200; SIGTERM, exit 0), and `npm run serve` over a
// development build refuses with its message and a non-zero exit. No seed: a production shop
// starts with its own catalogue, not the sample one. Everything is bounded in time; the folder
// is removed afterwards.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { CONFIGURATION_ERROR, ensureBuild } from "./build-state.mjs";

const started = Date.now();
const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const step = (text) => console.log(`  ${text} (${seconds()})`);

/** A free loopback port. */
async function freePort() {
  const probe = net.createServer();
  await new Promise((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Runs a command in `cwd` to its end (at most `timeoutMs`); throws with its output when it fails. */
function run(command, args, { cwd, env, timeoutMs }) {
  const result = spawnSync(command, args, { cwd, env, encoding: "utf8", timeout: timeoutMs });
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(" ")} failed (${result.error?.message ?? `exit ${result.status ?? result.signal}`}):\n${result.stdout}\n${result.stderr}`,
    );
  }
  return result.stdout;
}

/**
 * The serve command in `cwd`, its output collected; `exited` resolves with its exit code.
 * `direct` runs package.json's `serve` script's command itself, as the container image's CMD
 * does: npm as the first process does not wait for it on SIGTERM (its shell dies at once and npm
 * exits by the signal, docs/decisions.md "Production install"); else `npm run serve`.
 */
function serve(cwd, env, { direct = false } = {}) {
  const [bin, ...args] = JSON.parse(fs.readFileSync(path.join(cwd, "package.json"), "utf8")).scripts.serve.split(" ");
  if (bin !== "node") throw new Error(`package.json's serve script should start with node (got ${bin})`);
  const child = direct
    ? spawn(process.execPath, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"], detached: true })
    : spawn("npm", ["run", "serve"], { cwd, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal)));
  return {
    child,
    exited,
    output: () => output,
    // To the first process alone, as a container's runtime signals it.
    signal: (name) => child.kill(name),
    // Everything it started, when it must go at once.
    killAll: () => {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    },
  };
}

/** Resolves with `promise`, or throws `message` after `ms`. */
async function within(ms, promise, message) {
  let timer;
  const timeout = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(message())), ms)));
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * better-sqlite3's native binding for the install, from this project's own install: the file
 * prebuild-install would download (the same version, Node ABI, platform and architecture),
 * handed to it as a local prebuild. Without network access it compiles SQLite instead (about
 * 100 s of the check's 150 s on the 2-core machine). Nothing when the binding is not there.
 */
function localSqliteBinding(dir) {
  const pkg = path.join("node_modules", "better-sqlite3");
  const binding = path.join("build", "Release", "better_sqlite3.node");
  if (!fs.existsSync(path.join(pkg, binding))) return {};
  const { version } = JSON.parse(fs.readFileSync(path.join(pkg, "package.json"), "utf8"));
  const prebuilds = path.join(dir, ".prebuilds");
  fs.mkdirSync(prebuilds);
  const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  execFileSync("tar", ["-czf", path.join(prebuilds, name), "-C", pkg, binding]);
  return { npm_config_better_sqlite3_local_prebuilds: prebuilds };
}

async function get(port, pathname) {
  const response = await fetch(`http://127.0.0.1:${port}${pathname}`, { signal: AbortSignal.timeout(15_000) });
  return { status: response.status, text: await response.text() };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-production-check-"));
const servers = [];
try {
  // The build the image copies from its build stage: made here when it is not current.
  ensureBuild(process.cwd(), { quiet: true });
  step("production build current");

  const files = execFileSync("git", ["ls-files", "-z", "--cached"], { encoding: "utf8" }).split("\0").filter(Boolean);
  for (const file of files) {
    if (!fs.existsSync(file)) continue; // deleted in the working tree, not yet committed
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.copyFileSync(file, path.join(dir, file));
  }
  for (const built of ["build", path.join("public", "build")]) {
    fs.cpSync(built, path.join(dir, built), { recursive: true });
  }
  step(`copied ${files.length} tracked files and the build`);

  // npm sets NODE_ENV=production for the install scripts when dev dependencies are omitted.
  const env = { ...process.env };
  for (const name of Object.keys(env)) {
    if (/^(NODE_ENV|DATABASE_URL|PORT|HOST|PUBLIC_URL|STAFF_PUBLIC_URL|REMIX_DEV_ORIGIN|WEB_CONCURRENCY)$/.test(name)) {
      delete env[name];
    }
    if (name.startsWith("npm_")) delete env[name];
  }
  run("npm", ["ci", "--omit=dev", "--prefer-offline", "--no-audit", "--no-fund"], {
    cwd: dir,
    env: { ...env, ...localSqliteBinding(dir) },
    timeoutMs: 300_000,
  });
  if (fs.existsSync(path.join(dir, "node_modules", "@remix-run", "dev")))
    throw new Error("npm ci --omit=dev installed @remix-run/dev");
  step("npm ci --omit=dev");

  const port = await freePort();
  const shopEnv = {
    ...env,
    DATABASE_URL: `file:${path.join(dir, "data", "shop.db")}`,
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SESSION_SECRET: "production-check-session-secret-".padEnd(64, "0"),
    WEB_CONCURRENCY: "1",
    LOG_LEVEL: "warn",
    REQUEST_LOG: "off",
  };
  const migrated = run("npm", ["run", "db:migrate"], { cwd: dir, env: shopEnv, timeoutMs: 60_000 });
  if (!/Applied \d+ migration/.test(migrated)) throw new Error(`npm run db:migrate applied nothing:\n${migrated}`);
  step("npm run db:migrate on a fresh SQLite database");

  const shop = serve(dir, shopEnv, { direct: true });
  servers.push(shop);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const status = await get(port, "/healthz").then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) break;
    if (Date.now() > deadline || shop.child.exitCode !== null) {
      throw new Error(`the server did not answer /healthz:\n${shop.output()}`);
    }
    await sleep(200);
  }
  const ready = await get(port, "/readyz");
  if (ready.status !== 200) throw new Error(`/readyz answered ${ready.status}: ${ready.text}`);
  const home = await get(port, "/");
  const page = /^<!DOCTYPE html>/i.test(home.text) && home.text.includes("<title>") && home.text.includes("</html>");
  if (home.status !== 200 || !page || !home.text.includes("/build/")) {
    throw new Error(`the home page answered ${home.status}:\n${home.text.slice(0, 500)}\n${shop.output()}`);
  }
  step(
    `node cluster.js (the serve script, NODE_ENV unset): /healthz, /readyz and the home page (${home.text.length} bytes) answer 200`,
  );
  shop.signal("SIGTERM");
  const code = await within(30_000, shop.exited, () => `the server did not stop on SIGTERM:\n${shop.output()}`);
  if (code !== 0) throw new Error(`the server exited ${code} on SIGTERM:\n${shop.output()}`);
  servers.pop();
  step("SIGTERM: exit 0");

  // A development build left in build/ (as `npm run dev` leaves it), made by the compiler.
  const development = path.join(dir, "development-build");
  run(path.join("node_modules", ".bin", "remix"), ["build"], {
    cwd: process.cwd(),
    env: { ...process.env, NODE_ENV: "development", BUILD_OUT_DIR: development },
    timeoutMs: 180_000,
  });
  for (const built of ["build", path.join("public", "build")]) {
    fs.rmSync(path.join(dir, built), { recursive: true });
    fs.renameSync(path.join(development, built), path.join(dir, built));
  }
  const refused = serve(dir, shopEnv);
  servers.push(refused);
  const refusedCode = await within(
    20_000,
    refused.exited,
    () => `npm run serve served a development build:\n${refused.output()}`,
  );
  servers.pop();
  if (refusedCode === 0 || !refused.output().includes("development build")) {
    throw new Error(`npm run serve over a development build exited ${refusedCode}:\n${refused.output()}`);
  }
  step(
    `npm run serve over a development build refuses: exit ${refusedCode}${refusedCode === CONFIGURATION_ERROR ? " (configuration error)" : ""}`,
  );
  console.log(`Production check passed in ${seconds()}.`);
} catch (error) {
  console.error(error.message);
  process.exitCode = 1;
} finally {
  for (const server of servers) server.killAll();
  fs.rmSync(dir, { recursive: true, force: true });
}
