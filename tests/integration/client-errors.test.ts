// Browser error reports (docs/rules.md "Browser error reports"): POST /api/client-errors is
// size capped, validated, rate limited per client address, scrubbed, logged with the request
// id and counted; forwarding delivers to a real HTTP server on loopback.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { CLIENT_ERROR_MAX_BODY_BYTES } from "~/models/client-error";
import { action, loader } from "~/routes/api.client-errors";
import { metrics } from "~/services/observability/index.server";
import { forwardClientError } from "~/services/client-errors/forwarding.server";
import { rateLimits } from "~/services/http/rate-limit.server";
import { captureLogs } from "../helpers/logs";
import { callRoute, jsonRequest } from "../helpers/routes";

let ipCounter = 0;
const newIp = () => `198.51.100.${++ipCounter}`;

/** Calls the action inside a request-scoped logger whose lines are collected. */
async function post(body: unknown, ip = newIp()) {
  const { result: response, lines } = await captureLogs(() =>
    callRoute(action, jsonRequest("/api/client-errors", body), undefined, { clientIp: ip }),
  );
  return { response, lines };
}

const counted = async (kind: string) =>
  (await metrics.clientErrors.get()).values.find((v) => v.labels.kind === kind)?.value ?? 0;

const REPORT = {
  kind: "error",
  name: "TypeError",
  message: "Cannot read properties of undefined (reading 'id') for ana@example.com",
  stack: "TypeError: Cannot read properties of undefined\n    at Cart (http://localhost:3000/build/cart-X.js:1:2)",
  path: "/cart",
  userAgent: "Mozilla/5.0 Test",
};

describe("POST /api/client-errors", () => {
  beforeEach(() => rateLimits.reset());

  it("logs a scrubbed report once as a warning with the request id, counts it by kind, answers 204", async () => {
    const before = await counted("error");
    const { response, lines } = await post({ ...REPORT, message: `${REPORT.message} card 4242 4242 4242 4242` });
    expect(response.status).toBe(204);
    expect(await counted("error")).toBe(before + 1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, reqId: "test-request", clientError: { kind: "error", path: "/cart" } });
    const text = JSON.stringify(lines);
    expect(text).not.toContain("ana@example.com");
    expect(text).not.toContain("4242");
    expect(text).toContain("[email]");
  });

  it("counts unhandled rejections under their own kind", async () => {
    const before = await counted("unhandledrejection");
    const { response } = await post({ kind: "unhandledrejection", message: "nope", path: "/" });
    expect(response.status).toBe(204);
    expect(await counted("unhandledrejection")).toBe(before + 1);
  });

  it("refuses a body over the cap with 413 before reading it as a report", async () => {
    const { response, lines } = await post({ ...REPORT, stack: "x".repeat(CLIENT_ERROR_MAX_BODY_BYTES) });
    expect(response.status).toBe(413);
    expect((await response.json()).error.code).toBe("PAYLOAD_TOO_LARGE");
    expect(lines).toHaveLength(0);
  });

  it("refuses malformed JSON and a bad shape with 400 and a clear message", async () => {
    const malformed = await post("{not json");
    expect(malformed.response.status).toBe(400);
    expect((await malformed.response.json()).error.code).toBe("MALFORMED_JSON");

    const bad = await post({ kind: "boom", message: 3, path: "cart", extra: "x" });
    expect(bad.response.status).toBe(400);
    const { error } = await bad.response.json();
    expect(error.code).toBe("INVALID_REQUEST");
    expect(error.message).toMatch(/kind, message, path/);
    expect(Object.keys(error.fields)).toEqual(expect.arrayContaining(["kind", "message", "path"]));
    expect(bad.lines).toHaveLength(0);

    expect((await post([REPORT])).response.status).toBe(400);
    expect((await post(null)).response.status).toBe(400);
  });

  it("allows the budget per client address a minute, then 429 with Retry-After; other addresses go on", async () => {
    const ip = newIp();
    const { limit } = rateLimits.budgets["client-error"];
    for (let i = 0; i < limit; i++) expect((await post(REPORT, ip)).response.status).toBe(204);
    const refused = await post(REPORT, ip);
    expect(refused.response.status).toBe(429);
    expect(refused.response.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(refused.lines).toHaveLength(0);
    expect((await post(REPORT, newIp())).response.status).toBe(204);
  });

  it("answers 405 to GET", async () => {
    const response = await loader();
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
  });
});

describe("forwardClientError (the outbox's client-error delivery)", () => {
  const received: { method?: string; type?: string; body: string }[] = [];
  let status = 202;
  let delayMs = 0;
  let server: http.Server;
  let url: string;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        received.push({ method: req.method, type: req.headers["content-type"], body });
        setTimeout(() => res.writeHead(status).end(), delayMs);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ingest`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  beforeEach(() => {
    received.length = 0;
    status = 202;
    delayMs = 0;
  });

  const report = { kind: "error" as const, message: "boom", path: "/cart" };

  it("POSTs the report as JSON", async () => {
    await forwardClientError(url, report);
    expect(received).toEqual([{ method: "POST", type: "application/json", body: JSON.stringify(report) }]);
  });

  it("throws on a non-2xx answer, so the outbox retries", async () => {
    status = 503;
    await expect(forwardClientError(url, report)).rejects.toThrow(/503/);
  });

  it("throws when the service does not answer in time, and when nothing listens", async () => {
    delayMs = 1000;
    await expect(forwardClientError(url, report, { timeoutMs: 100 })).rejects.toThrow();
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(forwardClientError(`http://127.0.0.1:${port}/`, report)).rejects.toThrow();
  });
});

describe("with CLIENT_ERROR_FORWARD_URL: a report is stored in the outbox and forwarded by it", () => {
  it("queues the scrubbed report, then one deliverDue sends it to the error service once", async () => {
    const bodies: string[] = [];
    const server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        bodies.push(body);
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const previous = process.env.CLIENT_ERROR_FORWARD_URL;
    process.env.CLIENT_ERROR_FORWARD_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ingest`;
    try {
      vi.resetModules();
      const route = await import("~/routes/api.client-errors");
      // The jobs register every outbox topic's handler (docs/rules.md "Outbox").
      await import("~/services/jobs/index.server");
      const { outbox } = await import("~/services/outbox/index.server");
      const { prisma } = await import("~/db.server");
      const { rateLimits: limits } = await import("~/services/http/rate-limit.server");
      await limits.reset();
      const marker = `forward-${Math.random()
        .toString(36)
        .replace(/[0-9.]/g, "")}`;
      const response = await callRoute(
        route.action,
        jsonRequest("/api/client-errors", { ...REPORT, message: `${marker} for ana@example.com` }),
        undefined,
        { clientIp: newIp() },
      );
      expect(response.status).toBe(204);
      const queued = await prisma.outboxMessage.findFirstOrThrow({
        where: { topic: "client-error", payload: { contains: marker } },
      });
      expect(queued.status).toBe("queued");
      expect(queued.payload).not.toContain("ana@example.com");

      await outbox.deliverDue();
      await outbox.deliverDue();
      const sent = await prisma.outboxMessage.findUniqueOrThrow({ where: { id: queued.id } });
      expect(sent.status).toBe("sent");
      const forwarded = bodies.filter((body) => body.includes(marker));
      expect(forwarded).toHaveLength(1);
      expect(JSON.parse(forwarded[0])).toMatchObject({ kind: "error", path: "/cart" });
    } finally {
      if (previous === undefined) delete process.env.CLIENT_ERROR_FORWARD_URL;
      else process.env.CLIENT_ERROR_FORWARD_URL = previous;
      vi.resetModules();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
