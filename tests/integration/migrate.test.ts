// The migration runner (docs/operations.md "Migrations"): the committed SQL, applied once
// each, in order, recorded with Prisma's checksum; on the run's database kind (SQLite, or
// PostgreSQL when TEST_POSTGRES_URL is set).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { committedMigrations, migrate, migrationsDir, pendingMigrations } from "../../scripts/migrate.mjs";
import { emptyDatabase, TEST_POSTGRES_URL } from "../helpers/migrations";

describe("the migration runner", () => {
  it("applies every committed migration once, in name order, and nothing the second time", async () => {
    const url = await emptyDatabase();
    const committed = committedMigrations(migrationsDir(url));
    expect(committed.length).toBeGreaterThan(0);
    expect(await migrate(url)).toEqual(committed.map((m) => m.name));
    expect(await migrate(url)).toEqual([]);
  });

  // Several hosts starting together (`npm run db:migrate` or MIGRATE_ON_START on each): the
  // advisory lock makes one apply everything and the others find nothing pending.
  it.runIf(TEST_POSTGRES_URL)("on PostgreSQL, runs started together apply each migration once", async () => {
    const url = await emptyDatabase();
    const committed = committedMigrations(migrationsDir(url)).map((m) => m.name);
    const runs = await Promise.all([migrate(url), migrate(url), migrate(url)]);
    expect(runs.flat().sort()).toEqual([...committed].sort());
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query('SELECT "migration_name" FROM "_prisma_migrations"');
      expect(rows.map((r: { migration_name: string }) => r.migration_name).sort()).toEqual([...committed].sort());
    } finally {
      await client.end();
    }
  });

  it("records Prisma's checksum: the SHA-256 of the file", () => {
    const [first] = committedMigrations(path.resolve("prisma", "migrations"));
    const sql = fs.readFileSync(path.resolve("prisma", "migrations", first.name, "migration.sql"), "utf8");
    expect(first.checksum).toBe(crypto.createHash("sha256").update(sql).digest("hex"));
  });

  it("applies only what is missing, and stops on a migration changed or unknown", () => {
    const committed = [
      { name: "1_a", sql: "", checksum: "aa" },
      { name: "2_b", sql: "", checksum: "bb" },
    ];
    expect(pendingMigrations(committed, new Map()).map((m) => m.name)).toEqual(["1_a", "2_b"]);
    expect(pendingMigrations(committed, new Map([["1_a", "aa"]])).map((m) => m.name)).toEqual(["2_b"]);
    expect(() => pendingMigrations(committed, new Map([["1_a", "changed"]]))).toThrow(/1_a was changed/);
    expect(() => pendingMigrations(committed, new Map([["0_gone", "x"]]))).toThrow(/0_gone is applied/);
  });

  it("keeps the PostgreSQL migrations and the order-number sequence beside the SQLite ones", () => {
    const postgres = committedMigrations(migrationsDir("postgresql://db/shop"));
    expect(postgres.some((m) => m.sql.includes('CREATE SEQUENCE "order_number"'))).toBe(true);
    expect(migrationsDir("file:./data/shop.db")).toBe(path.resolve("prisma", "migrations"));
  });
});
