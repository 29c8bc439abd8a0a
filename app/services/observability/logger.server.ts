// Structured logs (docs/operations.md "Logs"): one JSON object per line, from pino.
// Every line written while a request is being answered carries that request's id,
// because server.js runs each request inside `withLogger(req.log, ...)` and code
// anywhere below asks `logger()` for the current one.
import { AsyncLocalStorage } from "node:async_hooks";
import pino, { type Logger } from "pino";
import { envWarnings, observabilitySettings } from "~/env.server";

export type { Logger };

/**
 * What never reaches a log (docs/rules.md "Logs carry no secrets"): credentials and session cookies in
 * headers, and any field named like a secret wherever it sits in a logged object.
 */
export const REDACTED_PATHS = [
  "req.headers.cookie",
  "req.headers.authorization",
  "req.headers['x-shopify-storefront-access-token']",
  "res.headers['set-cookie']",
  "*.password",
  "*.token",
  "*.jwt",
  "*.sessionToken",
  "*.cardNumber",
  "*.cvc",
  "*.secret",
];

const globalForLogger = globalThis as unknown as { __logger?: Logger };

/** The process's root logger; prefer `logger()`, which knows the current request. */
export const rootLogger: Logger = (globalForLogger.__logger ??= pino({
  level: observabilitySettings.LOG_LEVEL,
  base: { pid: process.pid },
  timestamp: pino.stdTimeFunctions.isoTime,
  redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
}));

// Configuration warnings found before the logger existed, logged once per process.
const globalForWarnings = globalThis as unknown as { __envWarningsLogged?: boolean };
if (!globalForWarnings.__envWarningsLogged) {
  globalForWarnings.__envWarningsLogged = true;
  for (const warning of envWarnings) rootLogger.warn(warning);
}

const current = new AsyncLocalStorage<Logger>();

/** The logger of the request being answered (its lines carry the request id), else the root logger. */
export function logger(): Logger {
  return current.getStore() ?? rootLogger;
}

/** Runs `fn` with `scoped` as the current logger for everything it calls, synchronously or not. */
export function withLogger<T>(scoped: Logger, fn: () => T): T {
  return current.run(scoped, fn);
}
