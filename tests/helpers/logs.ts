// Reading what the app logs (docs/rules.md "Logs carry no secrets"): runs code with a
// request-scoped pino logger, as server.js does, whose JSON lines are collected.
import { Writable } from "node:stream";
import pino from "pino";
import { REDACTED_PATHS, withLogger } from "~/services/observability/index.server";

export interface LogLine {
  level: number;
  msg?: string;
  reqId?: string;
  err?: { type?: string; message?: string; stack?: string };
  [key: string]: unknown;
}

/** pino's level numbers. */
export const LEVEL = { debug: 20, info: 30, warn: 40, error: 50 } as const;

/** Runs `fn` with a logger (level debug, the app's redaction) whose lines come back parsed. */
export async function captureLogs<T>(fn: () => Promise<T> | T): Promise<{ result: T; lines: LogLine[] }> {
  const lines: LogLine[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  const log = pino({ level: "debug", redact: { paths: REDACTED_PATHS, censor: "[redacted]" } }, sink).child({
    reqId: "test-request",
  });
  const result = await withLogger(log, fn);
  return { result, lines };
}
