// Whether the production build in build/ and public/build/ can be served, and whether it is
// current (docs/operations.md "Production"). One owner for `npm start` (builds only when
// needed), `server.js` (refuses to serve a missing or development build) and the tests'
// production build (tests/helpers/production-build.ts).
//
//   node scripts/build-state.mjs --build   builds (NODE_ENV=production) unless the build is current
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** The server build, relative to the project root. */
export const SERVER_BUILD = path.join("build", "index.js");
/** The browser build, relative to the project root. */
const CLIENT_BUILD = path.join("public", "build");

/** What the build is made from: a change to any of them makes the build stale. */
const SOURCES = ["app", "remix.config.js", "public", "package-lock.json", "patches"];
/** Under public/, what is made rather than written: the build itself and the seed's pictures. */
const GENERATED = new Set([
  CLIENT_BUILD,
  path.join("public", "images", "products"),
  path.join("public", "images", "charities"),
]);

/**
 * What build/ holds: "missing" (no server or no browser build), "development" (made by
 * `npm run dev`, or by a `remix build` under NODE_ENV=test, which compiles JSX for development)
 * or "production".
 */
export function buildKind(root = process.cwd()) {
  const server = path.join(root, SERVER_BUILD);
  if (!fs.existsSync(server) || !fs.existsSync(path.join(root, CLIENT_BUILD))) return "missing";
  const text = fs.readFileSync(server, "utf8");
  // The compiler writes the build's mode near its end: `var mode = "production", …`.
  const mode = [...text.matchAll(/\bmode = "(\w+)"/g)].at(-1)?.[1];
  return mode === "development" || text.includes("jsxDEV") ? "development" : "production";
}

/** The newest modification time (ms) of the files under `entry`, generated folders left out. */
function newestSource(root, entry) {
  if (GENERATED.has(entry)) return 0;
  const stat = fs.statSync(path.join(root, entry), { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of fs.readdirSync(path.join(root, entry)))
    newest = Math.max(newest, newestSource(root, path.join(entry, name)));
  return newest;
}

/**
 * Whether the build is current: a production build newer than every source. `reason` says why
 * not: "missing", "development" or "stale" (a source changed after the build was made).
 */
export function buildState(root = process.cwd()) {
  const kind = buildKind(root);
  if (kind !== "production") return { current: false, reason: kind };
  const built = fs.statSync(path.join(root, SERVER_BUILD)).mtimeMs;
  const stale = SOURCES.some((entry) => newestSource(root, entry) > built);
  return stale ? { current: false, reason: "stale" } : { current: true, reason: "current" };
}

/**
 * Why this process must not serve the build, or null when it may: a missing build, or a
 * development build outside `remix dev` (which sets REMIX_DEV_ORIGIN for the server it runs).
 * The server exits with CONFIGURATION_ERROR and this message, before it listens.
 */
export function serveRefusal(root = process.cwd(), env = process.env) {
  const kind = buildKind(root);
  if (kind === "missing")
    return "No build found: run `npm run build` first (or `npm start`, which builds when needed).";
  if (kind === "development" && (env.NODE_ENV === "production" || !env.REMIX_DEV_ORIGIN)) {
    return "build/ holds a development build (left by `npm run dev`): run `npm run build` first (or `npm start`, which builds when needed).";
  }
  return null;
}

/**
 * The exit code of a process that cannot start with this configuration (a missing or
 * development build, a bad setting): sysexits' EX_CONFIG. cluster.js stops rather than
 * restarting a worker that exits with it.
 */
export const CONFIGURATION_ERROR = 78;

/**
 * Builds for production unless the build is current; returns the state found before.
 * `quiet` hides the compiler's output (the tests' build).
 */
export function ensureBuild(root = process.cwd(), { quiet = false } = {}) {
  const state = buildState(root);
  if (state.current) return state;
  const remix = path.join(root, "node_modules", ".bin", "remix");
  if (!fs.existsSync(remix)) {
    throw new Error(
      `The build is ${state.reason} and @remix-run/dev is not installed (a production install): build where the dev dependencies are installed (\`npm ci && npm run build\`), then copy build/ and public/build/.`,
    );
  }
  if (!quiet) console.log(`The build is ${state.reason}: building for production.`);
  const result = spawnSync(remix, ["build"], {
    cwd: root,
    stdio: quiet ? "ignore" : "inherit",
    timeout: 300_000,
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error(`remix build failed (exit ${result.status ?? result.signal})`);
  return state;
}

if (import.meta.url === `file://${process.argv[1]}` && process.argv.includes("--build")) {
  try {
    if (ensureBuild().current) console.log("The build is current: not building.");
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
