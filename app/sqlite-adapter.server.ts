import { setTimeout as sleep } from "node:timers/promises";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import {
  DriverAdapterError,
  type IsolationLevel,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
  type SqlQuery,
  type Transaction,
} from "@prisma/driver-adapter-utils";
import { E_TIMEOUT, Mutex, withTimeout } from "async-mutex";
// Relative import: the Prisma CLI (prisma.config.ts) loads this file without the ~ alias.
import { DEFAULT_DATABASE_BUSY_TIMEOUT_MS, isDatabaseBusy } from "./models/database-busy";

// SQLite's own busy handler sleeps inside the synchronous driver call, which would stall
// the whole process (every read included) while a write waits. So SQLite never waits
// (busy_timeout 0) and a busy statement is retried here, between event-loop turns.
const FIRST_PAUSE_MS = 5;
const LONGEST_PAUSE_MS = 50;

// Run on the writer when it opens: WAL lets the reader and the writer work at once,
// foreign keys are off by default in SQLite.
const WRITER_PRAGMAS = `
PRAGMA journal_mode = WAL;
PRAGMA synchronous = NORMAL;
PRAGMA foreign_keys = ON;
PRAGMA busy_timeout = 0;
`;
const READER_PRAGMAS = `
PRAGMA foreign_keys = ON;
PRAGMA busy_timeout = 0;
`;

/** A statement the reader may run: a plain SELECT. Anything else (INSERT ... RETURNING, PRAGMA, WITH) goes to the writer. */
export function isPlainRead(sql: string): boolean {
  return /^\s*SELECT\b/i.test(sql);
}

/**
 * The better-sqlite3 driver adapter for a `file:` URL: a writer connection and a
 * read-only reader connection on the same WAL database (docs/decisions.md "Database
 * busy"). Used by the app's Prisma client and by the Prisma CLI.
 */
export function createSqliteAdapter(
  url: string,
  {
    busyTimeoutMs = DEFAULT_DATABASE_BUSY_TIMEOUT_MS,
    reader: withReader = true,
  }: {
    busyTimeoutMs?: number;
    /** false for the Prisma CLI: its schema engine takes the file in exclusive locking mode, which a second connection would block. */
    reader?: boolean;
  } = {},
): SqlMigrationAwareDriverAdapterFactory {
  const writerFactory = new PrismaBetterSQLite3({ url, timeout: 0 });
  // Opened after the writer, which creates the file and switches it to WAL.
  const readerFactory = new PrismaBetterSQLite3({ url, timeout: 0, readonly: true });
  return {
    provider: writerFactory.provider,
    adapterName: writerFactory.adapterName,
    // Opening waits for a lock like a write does: SQLite may refuse a new connection for a
    // moment (another process recovering or checkpointing the write-ahead log, or holding the
    // file exclusively). The pragmas are idempotent, so a busy try is simply made again.
    async connect() {
      const startedAt = Date.now();
      const deadline = startedAt + busyTimeoutMs;
      const opened: SqlDriverAdapter[] = [];
      const open = async (factory: typeof writerFactory, pragmas: string) => {
        const connection = await factory.connect();
        opened.push(connection);
        await whileBusy(() => connection.executeScript(pragmas), startedAt, deadline);
        return connection;
      };
      try {
        const writer = await open(writerFactory, WRITER_PRAGMAS);
        const reader = withReader ? await open(readerFactory, READER_PRAGMAS) : null;
        return readerAndWriter(reader, writer, busyTimeoutMs);
      } catch (error) {
        // Nothing half-open is left holding the file.
        await Promise.all(opened.map((connection) => connection.dispose()));
        throw error;
      }
    },
    connectToShadowDb: () => writerFactory.connectToShadowDb(),
  };
}

/** The one error a write that waited too long fails with; Prisma reports it as P1008 with this cause. */
function busyError(waitedMs: number): DriverAdapterError {
  return new DriverAdapterError({
    kind: "SocketTimeout",
    originalCode: "SQLITE_BUSY",
    originalMessage: `database is locked: no write lock within ${waitedMs} ms`,
  });
}

/** Runs `run` again while SQLite answers busy, pausing between tries, until the deadline. */
async function whileBusy<R>(run: () => Promise<R>, startedAt: number, deadline: number): Promise<R> {
  for (let pause = FIRST_PAUSE_MS; ; pause = Math.min(pause * 2, LONGEST_PAUSE_MS)) {
    try {
      return await run();
    } catch (error) {
      if (!isDatabaseBusy(error)) throw error;
      const left = deadline - Date.now();
      if (left <= 0) throw busyError(Date.now() - startedAt);
      await sleep(Math.min(pause, left));
    }
  }
}

/**
 * Reads and writes on their own connections. A top-level SELECT runs on the reader at
 * once: in WAL mode it sees the last committed state and never waits for the writer,
 * nor for this process's lock. Everything else runs on the writer, one at a time in
 * arrival order (a top-level write must not run inside another request's open
 * transaction on the same connection), and a transaction holds the writer from BEGIN
 * IMMEDIATE to COMMIT or ROLLBACK. A write waits at most `busyTimeoutMs` in total, for
 * this lock and for SQLite's write lock, then fails with SQLITE_BUSY (isDatabaseBusy).
 * Code inside `$transaction` must use its `tx` client (a top-level write there would
 * wait for its own transaction).
 */
function readerAndWriter(
  reader: SqlDriverAdapter | null,
  writer: SqlDriverAdapter,
  busyTimeoutMs: number,
): SqlDriverAdapter {
  const lock = withTimeout(new Mutex(), busyTimeoutMs);

  /** Takes the writer (FIFO); rejects with the busy error when its turn does not come in time. */
  async function takeWriter(startedAt: number): Promise<() => void> {
    try {
      return await lock.acquire();
    } catch (error) {
      throw error === E_TIMEOUT ? busyError(Date.now() - startedAt) : error;
    }
  }

  /** One statement on the writer: its turn, then retried while SQLite is busy (a failed statement changed nothing). */
  async function onWriter<R>(run: () => Promise<R>): Promise<R> {
    const startedAt = Date.now();
    const release = await takeWriter(startedAt);
    try {
      return await whileBusy(run, startedAt, startedAt + busyTimeoutMs);
    } finally {
      release();
    }
  }

  const statement = (sql: string): SqlQuery => ({ sql, args: [], argTypes: [] });

  return {
    provider: writer.provider,
    adapterName: writer.adapterName,
    queryRaw(query) {
      if (!reader || !isPlainRead(query.sql)) return onWriter(() => writer.queryRaw(query));
      const startedAt = Date.now();
      return whileBusy(() => reader.queryRaw(query), startedAt, startedAt + busyTimeoutMs);
    },
    executeRaw: (query) => onWriter(() => writer.executeRaw(query)),
    // A script may have run in part when it fails, so it is never retried.
    executeScript: async (script) => {
      const release = await takeWriter(Date.now());
      try {
        await writer.executeScript(script);
      } finally {
        release();
      }
    },
    async startTransaction(isolationLevel?: IsolationLevel): Promise<Transaction> {
      // SQLite transactions are serializable; the driver adapter refuses the rest too.
      if (isolationLevel && isolationLevel !== "SERIALIZABLE") {
        throw new DriverAdapterError({ kind: "InvalidIsolationLevel", level: isolationLevel });
      }
      const startedAt = Date.now();
      const release = await takeWriter(startedAt);
      try {
        // IMMEDIATE takes SQLite's write lock now, so the wait happens here, where a busy
        // BEGIN can be retried, and never halfway through the transaction's statements.
        await whileBusy(() => writer.executeRaw(statement("BEGIN IMMEDIATE")), startedAt, startedAt + busyTimeoutMs);
      } catch (error) {
        release();
        throw error;
      }
      // Prisma sends COMMIT or ROLLBACK itself (usePhantomQuery false), then calls commit() or rollback().
      return {
        provider: writer.provider,
        adapterName: writer.adapterName,
        options: { usePhantomQuery: false },
        queryRaw: (query) => writer.queryRaw(query),
        async executeRaw(query) {
          try {
            return await writer.executeRaw(query);
          } catch (error) {
            // A failed COMMIT leaves the transaction open; Prisma would not call commit() to free the writer.
            if (/^\s*COMMIT\b/i.test(query.sql)) {
              await writer.executeRaw(statement("ROLLBACK")).catch(() => undefined);
              release();
            }
            throw error;
          }
        },
        commit: async () => release(),
        rollback: async () => release(),
      };
    },
    getConnectionInfo: writer.getConnectionInfo?.bind(writer),
    async dispose() {
      await Promise.all([reader?.dispose(), writer.dispose()]);
    },
  };
}
