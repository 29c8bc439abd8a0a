// Types of scripts/migration-drift.mjs, for the test that imports it.
export interface Drift {
  onlyInMigrations: string[];
  onlyInSchema: string[];
}
interface Sources {
  schema?: string;
  migrations?: string;
}
export function sqliteDrift(sources?: Sources): Promise<Drift>;
export function postgresDrift(serverUrl: string, sources?: Sources): Promise<Drift>;
