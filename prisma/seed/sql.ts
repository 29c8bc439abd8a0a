// Raw multi-row INSERTs for the seed, in SQL that SQLite and PostgreSQL both accept.
import { Prisma } from "~/generated/prisma/client";

/**
 * Bound parameters per INSERT: under SQLite's limit (32,766 since 3.32; 999 in older
 * builds is the only limit this stays above) and PostgreSQL's 65,535.
 */
const MAX_BOUND_PARAMETERS = 8000;

/**
 * Multi-row INSERTs of plain rows, chunked so that no statement binds more than
 * MAX_BOUND_PARAMETERS values. Raw SQL that SQLite and PostgreSQL both accept: at tens
 * of thousands of rows the ORM's per-row work costs several times the insert itself.
 */
export function insertStatements(table: string, rows: readonly Record<string, unknown>[]): Prisma.Sql[] {
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0]);
  const head = Prisma.raw(`INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) VALUES `);
  const perStatement = Math.max(1, Math.floor(MAX_BOUND_PARAMETERS / columns.length));
  const statements: Prisma.Sql[] = [];
  for (let i = 0; i < rows.length; i += perStatement) {
    const values = rows
      .slice(i, i + perStatement)
      .map((row) => Prisma.sql`(${Prisma.join(columns.map((c) => row[c] ?? null))})`);
    statements.push(Prisma.sql`${head}${Prisma.join(values)}`);
  }
  return statements;
}
