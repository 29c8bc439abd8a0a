// Types of scripts/postgres.mjs, for the tests that import it.
export interface LocalPostgres {
  url: string;
  urlFor(database: string): string;
  stop(): Promise<void>;
}
export function findBinDir(): string | null;
export function ensurePostgresInstalled(): string;
export function startPostgres(options?: { port?: number; dir?: string; keep?: boolean }): Promise<LocalPostgres>;
