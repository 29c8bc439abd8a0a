// Backups (docs/rules.md "Backups"): a backup's name, the kind of database a file restores,
// and the PostgreSQL tools' connection without the password on their command line.
import { describe, expect, it } from "vitest";
import { backupFileName, backupKindOf, postgresToolEnv } from "./backup";

describe("backups (docs/rules.md 'Backups')", () => {
  it("names a backup by its UTC time and database", () => {
    const at = new Date("2026-11-23T22:15:07.123Z");
    expect(backupFileName(at, "sqlite")).toBe("shop-20261123T221507Z.db");
    expect(backupFileName(at, "postgresql")).toBe("shop-20261123T221507Z.dump");
  });

  it("tells a SQLite file from a pg_dump custom-format archive, and neither from anything else", () => {
    expect(backupKindOf(Buffer.from("SQLite format 3\0\x10\x00", "latin1"))).toBe("sqlite");
    expect(backupKindOf(Buffer.from("PGDMP\x01\x0f\x00\x04\x08", "latin1"))).toBe("postgresql");
    expect(backupKindOf(Buffer.from("--\n-- PostgreSQL database dump", "latin1"))).toBeNull();
    expect(backupKindOf(Buffer.from("SQLite format 2\0", "latin1"))).toBeNull();
    expect(backupKindOf(Buffer.alloc(0))).toBeNull();
  });

  it("gives pg_dump the connection as PG* variables, the password never in the label", () => {
    const { env, database, label } = postgresToolEnv(
      "postgresql://shop%40ops:p%40ss%2Fw0rd@db.example.com:6543/shop_live?sslmode=require&connection_limit=5",
    );
    expect(env).toEqual({
      PGHOST: "db.example.com",
      PGPORT: "6543",
      PGUSER: "shop@ops",
      PGPASSWORD: "p@ss/w0rd",
      PGDATABASE: "shop_live",
      PGSSLMODE: "require",
    });
    expect(database).toBe("shop_live");
    expect(label).toBe("db.example.com:6543/shop_live");
    expect(postgresToolEnv("postgres://shop@[::1]/shop").env).toEqual({
      PGHOST: "::1",
      PGUSER: "shop",
      PGDATABASE: "shop",
    });
  });
});
