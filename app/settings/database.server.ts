// The database's settings (docs/operations.md "PostgreSQL", docs/rules.md "Database busy").
import { z } from "zod";
import { DEFAULT_DATABASE_BUSY_TIMEOUT_MS } from "~/models/database-busy";
import { databaseProviderOf } from "~/models/database-url";
import { optional } from "./core.server";

export const databaseFields = {
  DATABASE_URL: optional(
    z
      .string()
      .refine(
        (url) => databaseProviderOf(url) !== null,
        'must be a SQLite file URL such as "file:./data/shop.db" or a PostgreSQL URL such as "postgresql://user:password@host:5432/shop"',
      ),
  ).transform((v) => v ?? "file:./data/shop.db"),
  // PostgreSQL connections per process (docs/operations.md "PostgreSQL").
  DATABASE_POOL_SIZE: optional(
    z.coerce
      .number({ invalid_type_error: "must be a number" })
      .int("must be a whole number")
      .min(1, "must be from 1 to 100")
      .max(100, "must be from 1 to 100"),
  ).transform((v) => v ?? 10),
  // Database busy (docs/rules.md): how long a write waits for the write lock, in this process
  // and in SQLite together, before it is answered 503 with Retry-After.
  DATABASE_BUSY_TIMEOUT_MS: optional(
    z.coerce
      .number({ invalid_type_error: "must be a number of milliseconds" })
      .int("must be whole milliseconds")
      .min(1, "must be from 1 to 60000 milliseconds")
      .max(60_000, "must be from 1 to 60000 milliseconds"),
  ).transform((v) => v ?? DEFAULT_DATABASE_BUSY_TIMEOUT_MS),
};
