// Graceful restarts (docs/rules.md "Restarts"): the production server (`node server.js`
// over the build) as a child process on loopback, with a seeded database of its own.
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONFIGURATION_ERROR } from "../../scripts/build-state.mjs";
import { httpGet } from "../helpers/http";
import { TEST_DB_DIR } from "../helpers/migrations";
import { ensureProductionBuild } from "../helpers/production-build";
import { removeDatabaseFile, seededDatabaseFile, startShopServer, type ShopServer } from "../helpers/shop-server";

let databaseFile = "";
const servers = new Set<ShopServer>();

beforeAll(async () => {
  databaseFile = await seededDatabaseFile("shutdown");
}, 300_000);

afterAll(() => {
  for (const server of servers) server.kill();
  removeDatabaseFile(databaseFile);
});

/** The production server on this file's database; info logs, so the shutdown's lines can be awaited. */
async function startServer(env: Record<string, string> = {}, script = "server.js") {
  const server = await startShopServer(databaseFile, { LOG_LEVEL: "info", RUN_JOBS: "true", ...env }, script);
  servers.add(server);
  return server;
}

/** One GET on a connection of its own. */
const get = (port: number, pathname: string) => httpGet(port, pathname);

/** A raw connection that has sent `head` and waits for more; `finish` sends the rest and reads the answer. */
async function openPartial(port: number, head: string) {
  const socket = net.connect(port, "127.0.0.1");
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  let received = "";
  socket.on("data", (chunk: Buffer) => (received += chunk.toString()));
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  socket.on("error", () => undefined);
  socket.write(head);
  return {
    closed,
    received: () => received,
    finish: async (rest: string) => {
      socket.write(rest);
      await closed;
      return received;
    },
  };
}

/** A kept-alive raw connection: `ask` sends a GET and resolves with the whole answer's head and body. */
async function keptAlive(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  let received = "";
  let waiting: (() => void) | null = null;
  socket.on("data", (chunk: Buffer) => {
    received += chunk.toString();
    waiting?.();
  });
  const ended = new Promise<string>((resolve) => {
    socket.once("close", () => {
      waiting?.();
      resolve("closed");
    });
    socket.once("error", () => undefined);
  });
  /** Resolves once a whole answer (head and its Content-Length of body) has arrived, or the socket closed. */
  const answer = () =>
    new Promise<string>((resolve) => {
      const check = () => {
        const end = received.indexOf("\r\n\r\n");
        const head = end >= 0 ? received.slice(0, end) : "";
        // A chunked body ends with its zero-length chunk; any other with its Content-Length.
        const last = /\r\ntransfer-encoding: chunked/i.test(head) ? received.indexOf("\r\n0\r\n\r\n", end) : -1;
        const size = last >= 0 ? last + 7 : end + 4 + Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1] ?? 0);
        if (end >= 0 && (last >= 0 || !/\r\ntransfer-encoding: chunked/i.test(head)) && received.length >= size) {
          const whole = received.slice(0, size);
          received = received.slice(size);
          waiting = null;
          resolve(whole);
        } else if (socket.destroyed) {
          waiting = null;
          resolve(`no answer (${received.length} bytes)`);
        }
      };
      waiting = check;
      check();
    });
  return {
    ask(pathname: string) {
      socket.write(`GET ${pathname} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\n\r\n`);
      return answer();
    },
    ended,
  };
}

describe("graceful restarts (docs/rules.md 'Restarts')", () => {
  it("answers every in-flight request of 200 (kept alive) after SIGTERM, /readyz 503 while draining, then exits 0", async () => {
    const server = await startServer();
    expect((await get(server.port, "/readyz")).status).toBe(200);
    // A probe whose request is under way when the signal comes, answered during the drain.
    const probe = await openPartial(server.port, `GET /readyz HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n`);

    let answered = 0;
    let signalledAt = 0;
    // Kept-alive connections, as browsers and proxies send them.
    const agent = new http.Agent({ keepAlive: true });
    const requests = Array.from({ length: 200 }, () =>
      httpGet(server.port, "/", {}, agent).then(
        (response) => {
          answered += 1;
          if (answered === 80) {
            signalledAt = Date.now();
            server.child.kill("SIGTERM");
          }
          return response.status;
        },
        (error: Error) => `${error.message}`,
      ),
    );
    await server.logged("Shutting down");
    const readyAnswer = await probe.finish("\r\n");
    const statuses = await Promise.all(requests);
    const code = await server.exited;

    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(readyAnswer).toMatch(/^HTTP\/1\.1 503/);
    expect(readyAnswer).toMatch(/\r\nConnection: close\r\n/i);
    expect(readyAnswer).toContain('"status":"draining"');
    expect(code).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
    expect(server.lines.some((line) => line.includes("Shut down cleanly"))).toBe(true);
  }, 90_000);

  it("answers, never resets, requests sent after SIGTERM on kept-alive connections opened before it", async () => {
    const server = await startServer({ RUN_JOBS: "false" });
    // One connection answered once and kept alive, one accepted that has sent nothing yet: to
    // Node both are idle, and closing idle connections at once reset requests already on the wire.
    const used = await keptAlive(server.port);
    expect(await used.ask("/healthz")).toMatch(/^HTTP\/1\.1 200[\s\S]*\r\nConnection: keep-alive\r\n/i);
    const fresh = await keptAlive(server.port);
    await used.ask("/healthz");
    server.child.kill("SIGTERM");
    await server.logged("Shutting down");
    const answers = await Promise.all([used.ask("/healthz"), fresh.ask("/healthz")]);
    for (const answer of answers) {
      expect(answer).toMatch(/^HTTP\/1\.1 200/);
      expect(answer).toMatch(/\r\nConnection: close\r\n/i);
    }
    await Promise.all([used.ended, fresh.ended]);
    expect(await server.exited).toBe(0);
  }, 60_000);

  it("cuts a hung request at SHUTDOWN_TIMEOUT_MS, with a log line, and exits 1", async () => {
    const server = await startServer({ SHUTDOWN_TIMEOUT_MS: "1500", RUN_JOBS: "false" });
    const origin = `http://127.0.0.1:${server.port}`;
    // A form post whose body never finishes arriving: the action waits for it.
    const hung = await openPartial(
      server.port,
      `POST /cart HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nOrigin: ${origin}\r\n` +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\nintent=add`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const signalledAt = Date.now();
    server.child.kill("SIGTERM");
    const code = await server.exited;
    const elapsed = Date.now() - signalledAt;
    await hung.closed;

    expect(code).toBe(1);
    expect(elapsed).toBeGreaterThanOrEqual(1_400);
    expect(elapsed).toBeLessThan(5_000);
    expect(server.lines.some((line) => line.includes("Shutdown did not finish within SHUTDOWN_TIMEOUT_MS"))).toBe(true);
    expect(hung.received()).toBe("");
  }, 60_000);

  it("cluster.js: two workers both serve; SIGTERM drains them, then the primary exits 0", async () => {
    const server = await startServer({ WEB_CONCURRENCY: "2", REQUEST_LOG: "on" }, "cluster.js");
    await server.logged("Starting 2 workers");
    // Both workers are up when each has logged that it listens.
    const listening = () => server.lines.filter((line) => line.includes("Shop listening")).length;
    for (const deadline = Date.now() + 30_000; listening() < 2 && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(listening()).toBe(2);
    // Each worker loaded the catalogue before it listened (docs/rules.md "Processes": warm-up).
    for (const pid of new Set(server.lines.filter((l) => l.includes("Shop listening")).map((l) => JSON.parse(l).pid))) {
      const own = server.lines.filter((line) => line.startsWith("{") && JSON.parse(line).pid === pid);
      const loaded = own.findIndex((line) => line.includes('"msg":"Catalogue loaded"'));
      expect(loaded).toBeGreaterThanOrEqual(0);
      expect(loaded).toBeLessThan(own.findIndex((line) => line.includes("Shop listening")));
    }

    // Connections are handed out in turn: 20 pages, each on a connection of its own, reach both workers.
    const pages = await Promise.all(Array.from({ length: 20 }, () => get(server.port, "/")));
    expect(pages.every((response) => response.status === 200)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const servedBy = new Set(
      server.lines.filter((line) => line.includes('"msg":"GET / 200"')).map((line) => JSON.parse(line).pid),
    );
    expect(servedBy.size).toBe(2);

    let answered = 0;
    const requests = Array.from({ length: 100 }, () =>
      get(server.port, "/").then(
        (response) => {
          answered += 1;
          if (answered === 30) server.child.kill("SIGTERM");
          return response.status;
        },
        (error: Error) => `${error.message}`,
      ),
    );
    const statuses = await Promise.all(requests);
    const code = await server.exited;

    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(code).toBe(0);
    expect(server.lines.filter((line) => line.includes("Shut down cleanly"))).toHaveLength(2);
    expect(server.lines.some((line) => line.includes("All workers stopped"))).toBe(true);
  }, 120_000);

  it("cluster.js restarts a worker that dies unexpectedly", async () => {
    const server = await startServer({ WEB_CONCURRENCY: "1", RUN_JOBS: "false" }, "cluster.js");
    const pids = () =>
      server.lines.filter((line) => line.includes("Shop listening")).map((line) => JSON.parse(line).pid as number);
    for (const deadline = Date.now() + 30_000; pids().length < 1 && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    process.kill(pids()[0], "SIGKILL");
    await server.logged("Worker died unexpectedly: restarting it");
    for (const deadline = Date.now() + 30_000; pids().length < 2 && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(pids()).toHaveLength(2);
    expect((await get(server.port, "/healthz")).status).toBe(200);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  }, 90_000);

  it("cluster.js migrates only with MIGRATE_ON_START=true: without it an empty database is not ready", async () => {
    const file = path.join(TEST_DB_DIR, `migrate-on-start-${process.pid}-${Date.now()}.db`);
    try {
      const start = async (env: Record<string, string>) => {
        const server = await startShopServer(file, { WEB_CONCURRENCY: "1", LOG_LEVEL: "info", ...env }, "cluster.js");
        servers.add(server);
        return server;
      };
      const plain = await start({});
      const pending = await get(plain.port, "/readyz");
      expect([pending.status, JSON.parse(pending.body.toString()).database]).toEqual([503, "migrations pending"]);
      plain.child.kill("SIGTERM");
      expect(await plain.exited).toBe(0);

      const migrating = await start({ MIGRATE_ON_START: "true" });
      expect(migrating.lines.some((line) => /Applied \d+ migration/.test(line))).toBe(true);
      expect((await get(migrating.port, "/readyz")).status).toBe(200);
      migrating.child.kill("SIGTERM");
      expect(await migrating.exited).toBe(0);
    } finally {
      removeDatabaseFile(file);
    }
  }, 90_000);

  // `npm run dev` run beside a serving cluster leaves a development build: a worker restarted
  // then refuses it (CONFIGURATION_ERROR), and the primary stops instead of restarting for ever.
  it("cluster.js stops, not restarting, when a restarted worker refuses its build (a configuration error)", async () => {
    // The project seen through links, with a build/ of its own that the test may replace.
    await ensureProductionBuild();
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "shop-refusal-"));
    for (const entry of fs.readdirSync(".")) {
      if (![".env", ".git", "build", "data"].includes(entry))
        fs.symlinkSync(path.resolve(entry), path.join(root, entry));
    }
    fs.cpSync("build", path.join(root, "build"), { recursive: true });
    try {
      const server = await startShopServer(
        databaseFile,
        { WEB_CONCURRENCY: "1", RUN_JOBS: "false", LOG_LEVEL: "info" },
        path.join(root, "cluster.js"),
        root,
      );
      servers.add(server);
      await server.logged("Shop listening");
      const listening = server.lines.find((line) => line.includes("Shop listening"));
      fs.writeFileSync(path.join(root, "build", "index.js"), 'var mode = "development";\n');
      process.kill(JSON.parse(listening!).pid, "SIGKILL");
      expect(await server.exited).toBe(CONFIGURATION_ERROR);
      expect(server.lines.join("\n")).toMatch(/development build \(left by `npm run dev`\): run `npm run build` first/);
      expect(server.lines.filter((line) => line.includes("restarting it"))).toHaveLength(1);
      expect(server.lines.some((line) => line.includes("A worker failed to start: stopping"))).toBe(true);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  }, 90_000);
});
