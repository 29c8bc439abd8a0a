// Logs, metrics, browser error reports and the error tracker (docs/operations.md "Logs",
// "Metrics", "Browser errors", "Error tracker").
import { z } from "zod";
import { optional } from "./core.server";

export const observabilityFields = {
  // Structured JSON logs (docs/operations.md "Logs"): one line per request unless REQUEST_LOG=off.
  REQUEST_LOG: optional(z.enum(["on", "off"], { errorMap: () => ({ message: "must be on or off" }) })).transform(
    (v) => v ?? "on",
  ),
  LOG_LEVEL: optional(
    z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      errorMap: () => ({ message: "must be fatal, error, warn, info, debug, trace or silent" }),
    }),
  ).transform((v) => v ?? "info"),
  // Bearer token a Prometheus scraper presents to /metrics in production (unset there: /metrics is 404).
  METRICS_TOKEN: optional(z.string().min(16, "must be at least 16 characters long")),
  // Where browser error reports are forwarded through the outbox (unset: logged and counted only).
  CLIENT_ERROR_FORWARD_URL: optional(
    z
      .string()
      .url("must be a URL such as https://errors.example.com/ingest")
      .refine((value) => /^https?:\/\//i.test(value), "must be an http(s) URL"),
  ),
  // The error tracker (docs/operations.md "Error tracker"): a Sentry DSN (Sentry, GlitchTip or any
  // service speaking its protocol) such as https://publickey@errors.example.com/1. Unset: none.
  SENTRY_DSN: optional(
    z
      .string()
      .url("must be a DSN such as https://publickey@errors.example.com/1")
      .refine((value) => {
        if (!URL.canParse(value)) return true; // .url() reports it
        const dsn = new URL(value);
        return /^https?:$/.test(dsn.protocol) && dsn.username !== "" && /\/\d+$/.test(dsn.pathname);
      }, "must be an http(s) DSN with a public key and a project id, such as https://publickey@errors.example.com/1"),
  ),
  // The environment events are filed under (default: NODE_ENV).
  SENTRY_ENVIRONMENT: optional(z.string().max(64, "must be at most 64 characters")),
  // The release events are filed under (default: the server build's version).
  SENTRY_RELEASE: optional(z.string().max(200, "must be at most 200 characters")),
};
