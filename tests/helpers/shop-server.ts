// The production server for integration tests: `node server.js` (or cluster.js) over the
// production build, as a child process on loopback, on a seeded SQLite database of its own
// (or on any database: a PostgreSQL URL is taken as it is).
// The seed runs once per vitest run (a template, made under a lock as the build is) and each
// server gets a copy of it: a seed takes 10 to 20 s, a copy a few milliseconds.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import Database from "better-sqlite3";
import { httpGet } from "./http";
import { TEST_DB_DIR } from "./migrations";
import { ensureProductionBuild } from "./production-build";
import { unusedPort } from "./smtp-server";

const TEMPLATE = path.join(TEST_DB_DIR, "seeded-template.db");
const LOCK = `${TEMPLATE}.lock`;

/** Seeds the template once per run; another worker asking meanwhile waits for it. */
async function ensureTemplate(): Promise<void> {
  for (;;) {
    if (fs.existsSync(TEMPLATE)) return;
    fs.mkdirSync(TEST_DB_DIR, { recursive: true });
    let lock: number;
    try {
      lock = fs.openSync(LOCK, "wx");
    } catch {
      await sleep(250);
      continue;
    }
    try {
      const building = `${TEMPLATE}.building-${process.pid}`;
      execFileSync(process.execPath, ["scripts/setup.mjs"], {
        stdio: "ignore",
        env: { ...process.env, DATABASE_URL: `file:${building}` },
        timeout: 180_000,
      });
      // One self-contained file (the write-ahead log folded in), then in place at once.
      const db = new Database(building);
      db.pragma("wal_checkpoint(TRUNCATE)");
      db.pragma("journal_mode = DELETE");
      db.close();
      fs.renameSync(building, TEMPLATE);
      return;
    } finally {
      fs.closeSync(lock);
      fs.rmSync(LOCK, { force: true });
    }
  }
}

/** A new seeded SQLite database file of its own (a copy of the run's template); its path. */
export async function seededDatabaseFile(label: string): Promise<string> {
  await ensureTemplate();
  const file = path.join(TEST_DB_DIR, `${label}-${crypto.randomUUID()}.db`);
  fs.copyFileSync(TEMPLATE, file);
  return file;
}

/** Removes a database file made by `seededDatabaseFile`, with its write-ahead log. */
export function removeDatabaseFile(file: string): void {
  for (const suffix of ["", "-wal", "-shm", "-journal"]) fs.rmSync(file + suffix, { force: true });
}

export interface ShopServer {
  port: number;
  child: ChildProcess;
  /** What the process wrote so far, line by line (pino JSON, and anything on stderr). */
  lines: string[];
  exited: Promise<number | null>;
  /** Resolves once `times` lines written (1 unless given) contain `text`. */
  logged(text: string, times?: number): Promise<void>;
  /** Ends the process at once (tests' afterAll). */
  kill(): void;
}

/**
 * Starts the production server on a free loopback port over `database` (a SQLite file's path,
 * or a postgresql:// URL) and resolves once /healthz answers. `env` adds to (or replaces) the
 * defaults below.
 */
export async function startShopServer(
  database: string,
  env: Record<string, string> = {},
  script = "server.js",
  cwd = process.cwd(),
): Promise<ShopServer> {
  await ensureProductionBuild();
  const port = await unusedPort();
  const child = spawn(process.execPath, [script], {
    cwd,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: /^postgres(ql)?:/.test(database) ? database : `file:${database}`,
      SESSION_SECRET: "integration-test-session-secret-".padEnd(64, "0"),
      REQUEST_LOG: "off",
      LOG_LEVEL: "warn",
      RUN_JOBS: "false",
      MUTATION_RATE_LIMIT_PER_MINUTE: "0",
      IMAGE_CACHE_DISK_BYTES: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  const waiters: { text: string; times: number; resolve: () => void }[] = [];
  const count = (text: string) => lines.filter((line) => line.includes(text)).length;
  const collect = (stream: NodeJS.ReadableStream) => {
    let buffered = "";
    stream.on("data", (chunk: Buffer) => {
      buffered += chunk.toString();
      const complete = buffered.split("\n");
      buffered = complete.pop()!;
      for (const line of complete) {
        lines.push(line);
        for (const waiter of waiters)
          if (line.includes(waiter.text) && count(waiter.text) >= waiter.times) waiter.resolve();
      }
    });
  };
  collect(child.stdout!);
  collect(child.stderr!);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const logged = (text: string, times = 1) =>
    count(text) >= times ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ text, times, resolve }));
  const server: ShopServer = { port, child, lines, exited, logged, kill: () => child.kill("SIGKILL") };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${lines.join("\n")}`);
    const status = await httpGet(port, "/healthz").then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return server;
    if (Date.now() > deadline) throw new Error(`server did not start: ${lines.join("\n")}`);
    await sleep(100);
  }
}
