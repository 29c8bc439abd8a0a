// A Sentry-compatible endpoint on loopback for the error tracker's tests (docs/operations.md
// "Error tracker"): accepts POST /api/<project>/envelope/ as Sentry and GlitchTip do, decodes
// each body with the SDK's own `parseEnvelope` (gunzipping what the transport compressed) and
// keeps the error events. `status` makes it refuse (429, 500), `delayMs` slow; `close()` takes it away.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { EventEmitter, once } from "node:events";
import zlib from "node:zlib";
import { parseEnvelope, type Event } from "@sentry/core";

export interface ErrorTrackerEndpoint {
  /** The DSN that sends to it: http://publickey@127.0.0.1:PORT/1. */
  dsn: string;
  /** Error events received, in order. */
  events: Event[];
  /** Envelope requests received, whatever was answered. */
  requests: number;
  /** The status answered (200 unless a test changes it). */
  status: number;
  /** How long it waits before answering an envelope it received (0 unless a test changes it). */
  delayMs: number;
  /** Envelope answers written whole: a client that went away before its answer is not counted. */
  answered: number;
  /** Resolves with the first event received matching `match`; rejects after `timeoutMs`. */
  waitFor(match: (event: Event) => boolean, timeoutMs?: number): Promise<Event>;
  /** Resolves once `requests` exceeds `count`; rejects after `timeoutMs`. */
  waitForRequestsAbove(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startErrorTrackerEndpoint(): Promise<ErrorTrackerEndpoint> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      if (req.method !== "POST" || !/^\/api\/\d+\/envelope\/?(\?|$)/.test(req.url ?? "")) {
        res.writeHead(404).end();
        return;
      }
      endpoint.requests += 1;
      received.emit("request");
      if (endpoint.status !== 200) {
        res.writeHead(endpoint.status, endpoint.status === 429 ? { "Retry-After": "1" } : {}).end();
        return;
      }
      let body = Buffer.concat(chunks);
      if (req.headers["content-encoding"] === "gzip") body = zlib.gunzipSync(body);
      const [, items] = parseEnvelope(new Uint8Array(body));
      for (const [header, payload] of items) if (header.type === "event") endpoint.events.push(payload as Event);
      received.emit("request");
      res.once("finish", () => (endpoint.answered += 1));
      setTimeout(() => res.writeHead(200, { "Content-Type": "application/json" }).end("{}"), endpoint.delayMs);
    });
  });
  // Told of every envelope as it arrives, so a test waits for the one it expects, not for a time.
  const received = new EventEmitter();
  /** Resolves once `done()` holds, checked now and at each envelope received; rejects after `timeoutMs`. */
  async function until(done: () => boolean, timeoutMs: number, failure: () => string): Promise<void> {
    const signal = AbortSignal.timeout(timeoutMs);
    while (!done()) {
      try {
        await once(received, "request", { signal });
      } catch {
        throw new Error(failure());
      }
    }
  }
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const endpoint: ErrorTrackerEndpoint = {
    dsn: `http://publickey@127.0.0.1:${port}/1`,
    events: [],
    requests: 0,
    status: 200,
    delayMs: 0,
    answered: 0,
    async waitFor(match, timeoutMs = 10_000) {
      await until(
        () => endpoint.events.some(match),
        timeoutMs,
        () => `no matching event within ${timeoutMs} ms (${endpoint.events.length} received)`,
      );
      return endpoint.events.find(match)!;
    },
    async waitForRequestsAbove(count, timeoutMs = 10_000) {
      await until(
        () => endpoint.requests > count,
        timeoutMs,
        () => `no envelope within ${timeoutMs} ms (${endpoint.requests} received)`,
      );
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  return endpoint;
}
