import fs from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { PrismaPg } from "@prisma/adapter-pg";
import { databaseSettings } from "~/env.server";
import { PrismaClient, type Prisma } from "~/generated/prisma/client";
import { PrismaClient as PostgresPrismaClient } from "~/generated/prisma-postgresql/client";
import { databaseBusyAnswer, databaseBusyDetail, isDatabaseBusy } from "~/models/database-busy";
import { isTextNotStorable, textNotStorableAnswer } from "~/models/database-text";
import { databaseProviderOf, type DatabaseProvider } from "~/models/database-url";
import { conflictPauseMs, isWriteConflict, TRANSACTION_ATTEMPTS } from "~/models/transaction-retry";
import { logger, metrics } from "~/services/observability/index.server";
import { createSqliteAdapter } from "~/sqlite-adapter.server";

/** The database this process runs on, from DATABASE_URL (docs/decisions.md "PostgreSQL"). */
export const databaseProvider: DatabaseProvider = databaseProviderOf(databaseSettings.DATABASE_URL) ?? "sqlite";

/**
 * A "contains" filter that ignores case on both databases (docs/rules.md "Database"):
 * SQLite's LIKE already ignores ASCII case; PostgreSQL's needs mode "insensitive" (ILIKE),
 * which the SQLite client's types do not know.
 */
export function containsIgnoringCase(term: string): Prisma.StringFilter {
  return databaseProvider === "postgresql"
    ? ({ contains: term, mode: "insensitive" } as unknown as Prisma.StringFilter)
    : { contains: term };
}

/**
 * A Prisma client for a database URL: PostgreSQL (`postgres://`, `postgresql://`) through
 * @prisma/adapter-pg and the client generated from prisma/postgresql/schema.prisma, or
 * SQLite (`file:`) through the better-sqlite3 adapter. Both clients are generated from the
 * same models, so the SQLite client's types describe both.
 */
export function createPrismaClient(
  databaseUrl: string,
  { busyTimeoutMs = databaseSettings.DATABASE_BUSY_TIMEOUT_MS }: { busyTimeoutMs?: number } = {},
): PrismaClient {
  return databaseProviderOf(databaseUrl) === "postgresql"
    ? createPostgresClient(databaseUrl)
    : createSqliteClient(databaseUrl, busyTimeoutMs);
}

/**
 * PostgreSQL (docs/rules.md "Database"): a pool of DATABASE_POOL_SIZE connections; every
 * interactive transaction SERIALIZABLE, and run again from the start when it loses a write
 * conflict, so code written for SQLite's single writer stays correct.
 */
// How long a query waits for a free pooled connection.
const POOL_WAIT_MS = 10_000;

function createPostgresClient(databaseUrl: string): PrismaClient {
  const client = new PostgresPrismaClient({
    adapter: new PrismaPg({
      connectionString: databaseUrl,
      max: databaseSettings.DATABASE_POOL_SIZE,
      connectionTimeoutMillis: POOL_WAIT_MS,
    }),
    transactionOptions: { isolationLevel: "Serializable", maxWait: POOL_WAIT_MS, timeout: 15_000 },
  });
  const transaction = client.$transaction.bind(client) as (...a: unknown[]) => Promise<unknown>;
  const extended = client.$extends({
    name: "serializable-retry",
    client: {
      async $transaction(...args: unknown[]) {
        // A batch (an array of queries) cannot be built again: only a function is re-run.
        if (typeof args[0] !== "function") return transaction(...args);
        for (let attempt = 1; ; attempt++) {
          try {
            return await transaction(...args);
          } catch (error) {
            if (attempt >= TRANSACTION_ATTEMPTS || !isWriteConflict(error)) throw error;
            await sleep(conflictPauseMs(attempt + 1));
          }
        }
      },
    },
  });
  // The extension changes how a transaction is run, not the client's API.
  return extended as unknown as PrismaClient;
}

/** SQLite: the better-sqlite3 adapter (a reader and a writer connection) for a `file:` URL. */
function createSqliteClient(databaseUrl: string, busyTimeoutMs: number): PrismaClient {
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

/**
 * Turns a database-busy failure into the 503 busy answer, and a text PostgreSQL cannot store (a NUL
 * character, docs/rules.md "No 5xx on any input") into a 400 answer; anything else is rethrown as it is.
 */
function rethrowBusyAsAnswer(error: unknown): never {
  if (error instanceof Response) throw error;
  if (isTextNotStorable(error)) throw textNotStorableAnswer();
  if (!isDatabaseBusy(error)) throw error;
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
 * busy answer (and a NUL character PostgreSQL refuses, the 400 answer of `textNotStorableAnswer`). Thrown from a loader or action, Remix sends it as it is to API calls and
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
  createPrismaClient(databaseSettings.DATABASE_URL),
));
