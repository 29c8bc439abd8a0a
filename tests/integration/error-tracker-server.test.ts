// The error tracker through the production server (docs/operations.md "Error tracker"):
// `node server.js` over the production build with SENTRY_DSN pointing at a loopback endpoint.
// An unhandled error in a Remix action (Remix's handleError) and one before Remix, in the
// site-access gate (server.js's last-resort handler, which then gives the request its id and
// log line), each reach the tracker tagged with the request id the answer carries in
// X-Request-Id and the route label, with nothing of the
// request's query or cookies; the database is made unreadable by renaming the table each
// path reads. A graceful stop sends what is still queued. On SQLite over a seeded database of its
// own; on PostgreSQL over this vitest worker's database, seeded.
import { createCookieSessionStorage } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startErrorTrackerEndpoint, type ErrorTrackerEndpoint } from "../helpers/error-tracker-endpoint";
import { httpGet, httpPost } from "../helpers/http";
import { runSql } from "../helpers/migrations";
import { ensureSeeded } from "../helpers/seeded";
import { removeDatabaseFile, seededDatabaseFile, startShopServer, type ShopServer } from "../helpers/shop-server";

const SESSION_SECRET = "integration-test-session-secret-".padEnd(64, "0");
const EMAIL = "ana.lopez@example.com";

const onPostgres = /^postgres(ql)?:/.test(process.env.DATABASE_URL ?? "");
let endpoint: ErrorTrackerEndpoint;
/** The server's database: a SQLite file of its own, or this worker's PostgreSQL database. */
let database = "";
const databaseUrl = () => (onPostgres ? database : `file:${database}`);
let server: ShopServer;

/** Runs `fn` while `table` is renamed away: every query of it fails. */
async function without<T>(table: string, fn: () => Promise<T>): Promise<T> {
  await runSql(databaseUrl(), `ALTER TABLE "${table}" RENAME TO "${table}Gone"`);
  try {
    return await fn();
  } finally {
    await runSql(databaseUrl(), `ALTER TABLE "${table}Gone" RENAME TO "${table}"`);
  }
}

/** A JSON POST on a connection of its own, without cookies or origin headers (the guard lets it through). */
const post = (pathname: string, body: string) =>
  httpPost(server.port, pathname, body, { "Content-Type": "application/json" });

beforeAll(async () => {
  endpoint = await startErrorTrackerEndpoint();
  if (onPostgres) {
    await ensureSeeded();
    database = process.env.DATABASE_URL!;
  } else database = await seededDatabaseFile("error-tracker");
  // The staff site for every host: its gate reads the signed-in browser's session (below).
  server = await startShopServer(database, { SENTRY_DSN: endpoint.dsn, SITE_ID: "HPSF", LOG_LEVEL: "error" });
}, 300_000);

afterAll(async () => {
  server?.kill();
  await endpoint?.close();
  if (database && !onPostgres) removeDatabaseFile(database);
});

describe("the production server with SENTRY_DSN", () => {
  it("reports an error in a Remix action with the answer's request id and route, nothing of the request", async () => {
    const report = JSON.stringify({ kind: "error", message: "boom", path: `/cart?email=${EMAIL}` });
    // The browser reports' rate limit is counted in the database: without its table the action fails.
    const answer = await without("RateLimitLog", () => post(`/api/client-errors?email=${EMAIL}`, report));
    expect(answer.status, answer.body.toString()).toBe(500);
    const reqId = answer.headers["x-request-id"];
    expect(reqId).toMatch(/^[0-9a-f-]{36}$/);
    const event = await endpoint.waitFor((e) => e.tags?.reqId === reqId);
    expect(event.tags).toMatchObject({ reqId, route: "/api/client-errors" });
    expect(event.exception?.values?.length).toBeGreaterThan(0);
    expect(JSON.stringify(event)).not.toContain(EMAIL);
  });

  it("reports an error before Remix (the last-resort handler) with the answer's request id", async () => {
    const storage = createCookieSessionStorage({ cookie: { name: "__session", secrets: [SESSION_SECRET] } });
    const session = await storage.getSession();
    session.set("sessionToken", "a-session-token-the-gate-looks-up");
    const cookie = (await storage.commitSession(session)).split(";")[0];
    // The staff site's gate looks the session up: without its table the gate fails.
    const answer = await without("SessionToken", () =>
      httpGet(server.port, `/account?email=${EMAIL}`, { Cookie: `${cookie}; shop_cart=${EMAIL}` }),
    );
    expect(answer.status).toBe(500);
    expect(answer.body.toString()).toContain("Something went wrong");
    const reqId = answer.headers["x-request-id"] as string;
    expect(reqId).toMatch(/^[0-9a-f-]{36}$/);
    // Logged too, once, with its stack and the same id.
    await server.logged(reqId);
    expect(server.lines.filter((line) => line.includes(reqId) && line.includes('"stack"'))).toHaveLength(1);
    const event = await endpoint.waitFor((e) => e.tags?.reqId === reqId);
    expect(event.tags).toMatchObject({ reqId, route: "/account" });
    const text = JSON.stringify(event);
    expect(text).not.toContain(EMAIL);
    expect(text).not.toContain(cookie.split("=")[1]);
  });

  it("a graceful stop waits for the tracker to take what is still being sent", async () => {
    // The tracker answers slowly: a process that exits without closing the SDK cuts the upload.
    endpoint.delayMs = 1_500;
    const answer = await without("RateLimitLog", () =>
      post("/api/client-errors", JSON.stringify({ kind: "error", message: "last", path: "/" })),
    );
    const reqId = answer.headers["x-request-id"];
    await endpoint.waitFor((e) => e.tags?.reqId === reqId);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    // Every envelope received was answered whole, this slow last one included (the earlier
    // tests' answers may still be on their way when this test starts: none is left out).
    expect(endpoint.answered).toBe(endpoint.requests);
  });
});
