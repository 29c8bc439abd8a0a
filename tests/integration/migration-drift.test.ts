// The migration drift check (scripts/migration-drift.mjs, a step of `npm test`; docs/rules.md
// "Database") sees what a migration leaves out, on the run's database kind (SQLite, or
// PostgreSQL when TEST_POSTGRES_URL is set). The step itself proves the committed trees.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { postgresDrift, sqliteDrift } from "../../scripts/migration-drift.mjs";
import { TEST_POSTGRES_URL } from "../helpers/migrations";

// Both trees have these two migrations, under the same names.
const committed = TEST_POSTGRES_URL
  ? path.join("prisma", "postgresql", "migrations")
  : path.join("prisma", "migrations");
const copies: string[] = [];

/** A copy of the committed migrations with each named migration's SQL changed. */
function doctored(changes: Record<string, (sql: string) => string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-drift-test-"));
  copies.push(dir);
  fs.cpSync(committed, dir, { recursive: true });
  for (const [migration, change] of Object.entries(changes)) {
    const file = path.join(dir, migration, "migration.sql");
    const sql = fs.readFileSync(file, "utf8");
    expect(change(sql), migration).not.toBe(sql);
    fs.writeFileSync(file, change(sql));
  }
  return dir;
}

afterAll(() => {
  for (const dir of copies) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the migration drift check", () => {
  it("finds a column and an index the migrations leave out, and nothing else", async () => {
    const migrations = doctored({
      "20261230090000_product_nutrition": (sql) =>
        sql.replace(/^ALTER TABLE "Product" ADD COLUMN\s+"nutrition" TEXT;$/m, "SELECT 1;"),
      "20261201000000_reviews_analytics": (sql) => sql.replace(/^CREATE INDEX "Review_status_createdAt_idx".*$/m, ""),
    });
    const found = TEST_POSTGRES_URL
      ? await postgresDrift(TEST_POSTGRES_URL, { migrations })
      : await sqliteDrift({ migrations });
    expect(found.onlyInMigrations).toEqual([]);
    expect(found.onlyInSchema).toHaveLength(2);
    expect(found.onlyInSchema.some((line) => line.startsWith("column Product.nutrition "))).toBe(true);
    expect(found.onlyInSchema.some((line) => line.includes("Review_status_createdAt_idx"))).toBe(true);
  });
});
