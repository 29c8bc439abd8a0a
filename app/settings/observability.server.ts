// Logs, metrics and browser error reports (docs/operations.md "Logs", "Metrics", "Browser errors").
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
};
