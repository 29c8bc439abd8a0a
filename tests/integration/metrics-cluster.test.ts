// /metrics under cluster.js (docs/rules.md "Metrics cover every worker"): one scrape, answered by
// whichever worker takes it, adds up what every worker counted. The production build, two
// workers on loopback, over a seeded SQLite database of its own, or on PostgreSQL over this
// vitest worker's own database (migrated).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpGet } from "../helpers/http";
import { removeDatabaseFile, seededDatabaseFile, startShopServer, type ShopServer } from "../helpers/shop-server";

const TOKEN = "cluster-scrape-token-0123456789";
const onPostgres = /^postgres(ql)?:/.test(process.env.DATABASE_URL ?? "");
let databaseFile = "";
let server: ShopServer | null = null;

beforeAll(async () => {
  databaseFile = onPostgres ? process.env.DATABASE_URL! : await seededDatabaseFile("metrics-cluster");
}, 300_000);

afterAll(() => {
  server?.kill();
  if (!onPostgres) removeDatabaseFile(databaseFile);
});

/** The value of one sample line of a Prometheus text answer (`name{labels} value`), or null. */
function sample(text: string, line: RegExp): number | null {
  const found = text.split("\n").find((l) => line.test(l));
  return found ? Number(found.slice(found.lastIndexOf(" ") + 1)) : null;
}

describe("GET /metrics under cluster.js", () => {
  it("one scrape sums every worker's counts; the backlog is read once", async () => {
    server = await startShopServer(
      databaseFile,
      { WEB_CONCURRENCY: "2", LOG_LEVEL: "info", REQUEST_LOG: "on", RUN_JOBS: "false", METRICS_TOKEN: TOKEN },
      "cluster.js",
    );
    const running = server;
    // Both workers listen (each logs it once).
    await running.logged("Shop listening", 2);
    expect(running.lines.filter((line) => line.includes("Shop listening"))).toHaveLength(2);

    // A file from public/: cheap, and nothing else asks for it. Each request on a connection
    // of its own, so the primary hands them to the workers in turn.
    const SENT = 24;
    const answers = await Promise.all(Array.from({ length: SENT }, () => httpGet(running.port, "/favicon.svg")));
    expect(answers.map((a) => a.status)).toEqual(Array(SENT).fill(200));
    // Both workers answered some (their request lines carry their pid), once every line is written.
    await running.logged('"msg":"GET /favicon.svg 200"', SENT);
    const servedBy = new Set(
      running.lines.filter((line) => line.includes('"msg":"GET /favicon.svg 200"')).map((l) => JSON.parse(l).pid),
    );
    expect(servedBy.size).toBe(2);

    // The token is checked first, before any worker is asked.
    expect((await httpGet(running.port, "/metrics")).status).toBe(401);
    const scrape = await httpGet(running.port, "/metrics", { Authorization: `Bearer ${TOKEN}` });
    expect(scrape.status).toBe(200);
    const text = scrape.body.toString();
    expect(sample(text, /^shop_processes /)).toBe(2);
    expect(sample(text, /^http_request_duration_seconds_count\{route="static",method="GET",status="200"\} /)).toBe(
      SENT,
    );
    // Read from the database by the answering worker only: one series, not one per worker.
    expect(text.match(/^shop_outbox_backlog_messages /gm)).toHaveLength(1);
    expect(sample(text, /^shop_outbox_backlog_oldest_seconds /)).toBeGreaterThanOrEqual(0);

    running.child.kill("SIGTERM");
    expect(await running.exited).toBe(0);
  }, 120_000);
});
