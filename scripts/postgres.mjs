// A local PostgreSQL server of our own for tests, the bench and `npm run start:postgres`:
// Debian's package (installed here when missing and running as root, as
// scripts/ensure-chromium.sh does for Chromium), a cluster in its own directory,
// listening on 127.0.0.1 only, trust authentication for the one role "shop".
// Usage as a command: `node scripts/postgres.mjs [--port 5433] [--dir data/postgres]`
// starts it (keeping the directory) and prints the DATABASE_URL; Ctrl-C stops it.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const ROLE = "shop";

/**
 * The bin directory of the newest installed PostgreSQL (Debian's layout), or null. The
 * newest, because pg_dump must be at least the server's version (backups use it too).
 */
export function findBinDir() {
  const root = "/usr/lib/postgresql";
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(root, versions[0], "bin") : null;
}

const isRoot = () => process.getuid?.() === 0;

/** The PostgreSQL bin directory, installing Debian's package first when missing and root. */
export function ensurePostgresInstalled() {
  const found = findBinDir();
  if (found) return found;
  if (!isRoot()) {
    throw new Error(
      "PostgreSQL is not installed. Install Debian's `postgresql` package (apt-get install -y postgresql), or run as root and this script installs it.",
    );
  }
  console.log("Installing PostgreSQL (Debian package)...");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "postgresql"], { stdio: "inherit", env });
  const bin = findBinDir();
  if (!bin) throw new Error("PostgreSQL was installed but no initdb was found under /usr/lib/postgresql");
  return bin;
}

/** Runs a PostgreSQL program; as root it runs as the `postgres` user, since PostgreSQL refuses root. */
function runAs(bin, program, args, options = {}) {
  const file = path.join(bin, program);
  const [command, argv] = isRoot() ? ["runuser", ["-u", "postgres", "--", file, ...args]] : [file, args];
  const result = spawnSync(command, argv, { encoding: "utf8", ...options });
  if (result.status !== 0) {
    throw new Error(`${program} ${args.join(" ")} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
  return result.stdout;
}

/**
 * Starts a PostgreSQL server on 127.0.0.1:`port` with its data in `dir` (a new temporary
 * directory, removed on stop, when not given). Durability is off (fsync, synchronous
 * commit): it is for tests and local runs. Resolves with the URL of database `shop`.
 */
export async function startPostgres({ port = 5433, dir, keep = Boolean(dir) } = {}) {
  const bin = ensurePostgresInstalled();
  const dataDir = path.resolve(dir ?? fs.mkdtempSync(path.join(os.tmpdir(), "shop-pg-")));
  fs.mkdirSync(dataDir, { recursive: true });
  if (isRoot()) execFileSync("chown", ["-R", "postgres:postgres", dataDir]);
  if (!fs.existsSync(path.join(dataDir, "PG_VERSION"))) {
    runAs(bin, "initdb", ["-D", dataDir, "-U", ROLE, "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8"]);
  }
  const options = [
    `-p ${port}`,
    "-c listen_addresses=127.0.0.1",
    `-c unix_socket_directories=${dataDir}`,
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
    "-c max_connections=300",
  ].join(" ");
  runAs(bin, "pg_ctl", [
    "-D",
    dataDir,
    "-o",
    options,
    "-l",
    path.join(dataDir, "server.log"),
    "-w",
    "-t",
    "60",
    "start",
  ]);
  const url = (database) => `postgresql://${ROLE}@127.0.0.1:${port}/${database}`;
  const exists = runAs(bin, "psql", [
    "-h",
    "127.0.0.1",
    "-p",
    String(port),
    "-U",
    ROLE,
    "-d",
    "postgres",
    "-tAc",
    "SELECT 1 FROM pg_database WHERE datname = 'shop'",
  ]);
  if (!exists.trim()) runAs(bin, "createdb", ["-h", "127.0.0.1", "-p", String(port), "-U", ROLE, "shop"]);
  let stopped = false;
  return {
    url: url("shop"),
    /** The URL of another database on the same server. */
    urlFor: url,
    async stop() {
      if (stopped) return;
      stopped = true;
      runAs(bin, "pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "stop"]);
      if (!keep) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : fallback;
  };
  const server = await startPostgres({
    port: Number(arg("--port", "5433")),
    dir: arg("--dir", path.join("data", "postgres")),
  });
  console.log(`PostgreSQL is running. DATABASE_URL=${server.url}`);
  const stop = () => server.stop().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  setInterval(() => {}, 1 << 30);
}
