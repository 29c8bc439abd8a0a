import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";

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
      return adapter;
    },
    connectToShadowDb: () => factory.connectToShadowDb(),
  };
}
