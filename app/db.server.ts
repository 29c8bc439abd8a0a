import fs from "node:fs";
import path from "node:path";
import { env } from "~/env.server";
import { PrismaClient } from "~/generated/prisma/client";
import { databaseBusyAnswer, databaseBusyDetail, isDatabaseBusy } from "~/models/database-busy";
import { logger, metrics } from "~/services/observability/index.server";
import { createSqliteAdapter } from "~/sqlite-adapter.server";

/** A Prisma client over the better-sqlite3 adapter (a reader and a writer connection) for a `file:` URL. */
export function createPrismaClient(
  databaseUrl: string,
  { busyTimeoutMs = env.DATABASE_BUSY_TIMEOUT_MS }: { busyTimeoutMs?: number } = {},
): PrismaClient {
  fs.mkdirSync(path.dirname(databaseUrl.replace(/^file:/, "")), { recursive: true });
  return new PrismaClient({
    adapter: createSqliteAdapter(databaseUrl, { busyTimeoutMs }),
    // The adapter gives up on a busy database first, with the error isDatabaseBusy knows,
    // rather than Prisma's "unable to start a transaction" (P2028). Timeout: Prisma's default.
    transactionOptions: { maxWait: busyTimeoutMs + 1000, timeout: 5000 },
  });
}

// A batch transaction fails each of its operations with the same driver error: one answer, counted and logged once.
const answers = new WeakMap<object, Response>();

/** Turns a database-busy failure into the 503 busy answer; anything else is rethrown as it is. */
function rethrowBusyAsAnswer(error: unknown): never {
  if (error instanceof Response || !isDatabaseBusy(error)) throw error;
  const detail = databaseBusyDetail(error);
  const source = detail?.source ?? (error as object);
  const known = answers.get(source);
  if (known) throw known;
  metrics.databaseBusy.inc();
  logger().warn({ cause: detail?.message }, "Database busy: answering 503 with Retry-After");
  const answer = databaseBusyAnswer();
  answers.set(source, answer);
  throw answer;
}

/**
 * Database busy (docs/rules.md): a write that found the database locked throws the 503
 * busy answer. Thrown from a loader or action, Remix sends it as it is to API calls and
 * `?_data=` requests, and renders it with the page's error boundary (status 503). Model
 * operations and raw queries pass through `$allOperations`; an interactive or batch
 * `$transaction` is wrapped too, since starting one is where a transaction waits.
 */
function answeringBusyWith503(client: PrismaClient): PrismaClient {
  const extended = client.$extends({
    name: "database-busy",
    query: {
      async $allOperations({ args, query }) {
        try {
          return await query(args);
        } catch (error) {
          rethrowBusyAsAnswer(error);
        }
      },
    },
    client: {
      $transaction: ((...args: Parameters<PrismaClient["$transaction"]>) =>
        (client.$transaction as (...a: unknown[]) => Promise<unknown>)(...args).catch(
          rethrowBusyAsAnswer,
        )) as PrismaClient["$transaction"],
    },
  });
  // The extension changes what is thrown, not the client's API.
  return extended as unknown as PrismaClient;
}

// One client per process; kept on globalThis so dev rebuilds reuse it.
const globalForPrisma = globalThis as unknown as { __prisma?: PrismaClient };

/** The process-wide Prisma client. */
export const prisma: PrismaClient = (globalForPrisma.__prisma ??= answeringBusyWith503(
  createPrismaClient(env.DATABASE_URL),
));
