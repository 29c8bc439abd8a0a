// Graceful restarts (docs/rules.md "Restarts"): the production server (`node server.js`
// over the build) as a child process on loopback, with a seeded database of its own.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpGet } from "../helpers/http";
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

describe("graceful restarts (docs/rules.md 'Restarts')", () => {
  it("answers every in-flight request of 200 after SIGTERM, /readyz 503 while draining, then exits 0", async () => {
    const server = await startServer();
    expect((await get(server.port, "/readyz")).status).toBe(200);
    // A probe whose request is under way when the signal comes, answered during the drain.
    const probe = await openPartial(server.port, `GET /readyz HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n`);

    let answered = 0;
    let signalledAt = 0;
    const requests = Array.from({ length: 200 }, () =>
      get(server.port, "/").then(
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
});
