import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import type {
  SqlDriverAdapter,
  SqlMigrationAwareDriverAdapterFactory,
  Transaction,
} from "@prisma/driver-adapter-utils";

/** How long a writer waits for SQLite's lock before giving up (better-sqlite3 `timeout`). */
export const BUSY_TIMEOUT_MS = 5000;

// Run on every new connection: WAL lets readers and the writer work at once,
// foreign keys are off by default in SQLite, and busy_timeout is set again so
// it holds even if the driver default changes.
const CONNECTION_PRAGMAS = `
PRAGMA journal_mode = WAL;
PRAGMA synchronous = NORMAL;
PRAGMA foreign_keys = ON;
PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS};
`;

/**
 * The better-sqlite3 driver adapter for a `file:` URL, with our connection
 * pragmas applied. Used by the app's Prisma client and by the Prisma CLI.
 */
export function createSqliteAdapter(url: string): SqlMigrationAwareDriverAdapterFactory {
  const factory = new PrismaBetterSQLite3({ url, timeout: BUSY_TIMEOUT_MS });
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    async connect() {
      const adapter = await factory.connect();
      await adapter.executeScript(CONNECTION_PRAGMAS);
      return serialized(adapter);
    },
    connectToShadowDb: () => factory.connectToShadowDb(),
  };
}

/** A first-in, first-out lock: `acquire` resolves with the function that releases it. */
function createLock() {
  let tail: Promise<void> = Promise.resolve();
  return {
    acquire(): Promise<() => void> {
      let release!: () => void;
      const next = new Promise<void>((resolve) => (release = resolve));
      const turn = tail.then(() => release);
      tail = tail.then(() => next);
      return turn;
    },
  };
}

/** Calls through to the wrapped object's own methods (they use private fields), except the overrides. */
function delegate<T extends object>(target: T, overrides: Partial<T>): T {
  return new Proxy(target, {
    get(object, key) {
      if (key in overrides) return overrides[key as keyof T];
      const value: unknown = Reflect.get(object, key, object);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(object) : value;
    },
  });
}

/**
 * One connection serves every query, so a query outside a transaction must not
 * run while another request's transaction is open: it would become part of it
 * (and be undone by its rollback, or read its uncommitted rows). The driver only
 * makes transactions wait for each other; this lock makes every top-level query
 * wait its turn too, in arrival order. Code inside `$transaction` must use its
 * `tx` client (a top-level call there would wait for its own transaction).
 */
function serialized(adapter: SqlDriverAdapter): SqlDriverAdapter {
  const lock = createLock();
  const exclusive =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const release = await lock.acquire();
      try {
        return await run(...args);
      } finally {
        release();
      }
    };
  return delegate(adapter, {
    queryRaw: exclusive(adapter.queryRaw.bind(adapter)),
    executeRaw: exclusive(adapter.executeRaw.bind(adapter)),
    executeScript: exclusive(adapter.executeScript.bind(adapter)),
    async startTransaction(isolationLevel) {
      const release = await lock.acquire();
      let tx: Transaction;
      try {
        tx = await adapter.startTransaction(isolationLevel);
      } catch (error) {
        release();
        throw error;
      }
      // Held until the transaction ends either way.
      const end = (finish: () => Promise<void>) => async (): Promise<void> => {
        try {
          await finish();
        } finally {
          release();
        }
      };
      return delegate(tx, { commit: end(tx.commit.bind(tx)), rollback: end(tx.rollback.bind(tx)) });
    },
  });
}
