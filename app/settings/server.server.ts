// The process's settings: its mode, where it listens, the proxies in front of it, the jobs it
// runs, shutdown, the build poll and the developers' outbox page (docs/operations.md).
import { z } from "zod";
import { DEFAULT_BUILD_POLL_SECONDS } from "~/models/build-watch";
import { flag, optional } from "./core.server";

export const serverFields = {
  NODE_ENV: optional(
    z.enum(["development", "production", "test"], {
      errorMap: () => ({ message: "must be development, production or test" }),
    }),
  ).transform((v) => v ?? "development"),
  PORT: optional(
    z.coerce
      .number({ invalid_type_error: "must be a number" })
      .int("must be a whole number")
      .min(1, "must be from 1 to 65535")
      .max(65535, "must be from 1 to 65535"),
  ).transform((v) => v ?? 3000),
  HOST: optional(z.string()).transform((v) => v ?? "127.0.0.1"),
  // Jobs (docs/rules.md "Jobs"): `npm start` runs them in the web process unless RUN_JOBS is
  // false (then run `npm run worker` somewhere); each job runs once at a time across processes.
  RUN_JOBS: flag(true),
  // Graceful shutdown (docs/rules.md "Restarts"): after SIGTERM, in-flight requests and a running
  // job get this long before the process exits anyway.
  SHUTDOWN_TIMEOUT_MS: optional(
    z.coerce
      .number({ invalid_type_error: "must be a number of milliseconds" })
      .int("must be whole milliseconds")
      .min(100, "must be 100 ms or more"),
  ).transform((v) => v ?? 10_000),
  BUILD_POLL_SECONDS: optional(z.coerce.number().int().min(1, "must be 1 or more")).transform(
    (v) => v ?? DEFAULT_BUILD_POLL_SECONDS,
  ),
  /** Shows /dev/outbox outside development (never set this in production). */
  DEV_OUTBOX: flag(false),
  TRUST_PROXY: optional(
    z.coerce.number({ invalid_type_error: "must be the number of proxy hops" }).int().min(0),
  ).transform((v) => v ?? 0),
};
