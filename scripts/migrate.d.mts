// Types of scripts/migrate.mjs, for the tests that import it.
export interface CommittedMigration {
  name: string;
  sql: string;
  checksum: string;
}
export function migrationsDir(url: string): string;
export function committedMigrations(dir: string): CommittedMigration[];
export function pendingMigrations(committed: CommittedMigration[], applied: Map<string, string>): CommittedMigration[];
export function migrate(url: string, dir?: string): Promise<string[]>;
