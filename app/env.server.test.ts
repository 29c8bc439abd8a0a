import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { devOutboxOpen, EnvError, generatedSessionSecret, parseEnv } from "./env.server";

function errorOf(source: Record<string, string>): EnvError {
  try {
    parseEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error;
    throw error;
  }
  throw new Error("expected an EnvError");
}

describe("public origins (docs/rules.md 'Public origins')", () => {
  it("defaults to localhost and staff.localhost on PORT, so development needs no set-up", () => {
    expect(parseEnv({})).toMatchObject({
      PUBLIC_URL: "http://localhost:3000",
      STAFF_PUBLIC_URL: "http://staff.localhost:3000",
    });
    expect(parseEnv({ PORT: "3100" }).STAFF_PUBLIC_URL).toBe("http://staff.localhost:3100");
  });

  it("takes configured origins, normalised, and serves the staff site on the staff origin's host", () => {
    const env = parseEnv({ PUBLIC_URL: "https://Shop.Example.com/", STAFF_PUBLIC_URL: "https://pro.example.com" });
    expect(env.PUBLIC_URL).toBe("https://shop.example.com");
    expect(env.STAFF_PUBLIC_URL).toBe("https://pro.example.com");
    expect(env.STAFF_HOSTS).toEqual(["staff.localhost", "pro.example.com"]);
  });

  it("refuses anything but a bare http(s) origin", () => {
    for (const value of [
      "shop.example.com",
      "ftp://shop.example.com",
      "https://shop.example.com/shop",
      "https://u:p@shop.example.com",
      "https://shop.example.com/?a=1",
    ]) {
      expect(errorOf({ PUBLIC_URL: value }).issues[0]).toMatch(/^PUBLIC_URL must be/);
    }
  });
});

describe("environment validation", () => {
  it("applies defaults when nothing is set", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      NODE_ENV: "development",
      PORT: 3000,
      DATABASE_URL: "file:./data/shop.db",
      STAFF_HOSTS: ["staff.localhost"],
      MUTATION_RATE_LIMIT_PER_MINUTE: 300,
    });
    expect(env.SITE_ID).toBeUndefined();
  });

  it("treats empty values as unset and accepts a lower-case site id", () => {
    expect(parseEnv({ SITE_ID: "", PORT: "" }).SITE_ID).toBeUndefined();
    expect(parseEnv({ SITE_ID: "hpsf" }).SITE_ID).toBe("HPSF");
    expect(parseEnv({ STAFF_HOSTS: "pro.example.com, Staff.Example.com" }).STAFF_HOSTS).toEqual([
      "pro.example.com",
      "staff.example.com",
    ]);
  });

  it("reads BRAND_NAME, trimmed, with an invented default, and refuses markup or an over-long name (docs/decisions.md 'Brand name')", () => {
    expect(parseEnv({}).BRAND_NAME).toBe("Hollowbrook");
    expect(parseEnv({ BRAND_NAME: "" }).BRAND_NAME).toBe("Hollowbrook");
    expect(parseEnv({ BRAND_NAME: "  O'Malley & Sons  " }).BRAND_NAME).toBe("O'Malley & Sons");
    expect(parseEnv({ BRAND_NAME: "A".repeat(40) }).BRAND_NAME).toBe("A".repeat(40));
    for (const bad of ["A".repeat(41), "<b>Acme</b>", "Acme\nCo", "-Acme", "   "]) {
      expect(() => parseEnv({ BRAND_NAME: bad }), bad).toThrow(/BRAND_NAME must be 1 to 40/);
    }
  });

  it("reads IMAGE_HOSTS as lower-case host names, none by default (catalogue spec section 7)", () => {
    expect(parseEnv({}).IMAGE_HOSTS).toEqual([]);
    expect(parseEnv({ IMAGE_HOSTS: "" }).IMAGE_HOSTS).toEqual([]);
    expect(parseEnv({ IMAGE_HOSTS: "images.dev.example.com, CDN.Example.com,," }).IMAGE_HOSTS).toEqual([
      "images.dev.example.com",
      "cdn.example.com",
    ]);
    expect(errorOf({ IMAGE_HOSTS: "https://cdn.example.com/" }).issues).toEqual([
      'IMAGE_HOSTS must be a comma-separated list of host names (got "https://cdn.example.com/")',
    ]);
  });

  it("names each bad variable with its problem and the value given", () => {
    const error = errorOf({ PORT: "abc", SITE_ID: "SHOP", DATABASE_URL: "mysql://db/shop" });
    expect(error.message).toContain("Invalid environment configuration");
    expect(error.issues).toEqual([
      'PORT must be a number (got "abc")',
      'DATABASE_URL must be a SQLite file URL such as "file:./data/shop.db" or a PostgreSQL URL such as "postgresql://user:password@host:5432/shop" (got "mysql://db/shop")',
      'SITE_ID must be DTC or HPSF (got "SHOP")',
    ]);
  });

  it('takes a SQLite file URL or a PostgreSQL URL (docs/rules.md "Database")', () => {
    expect(parseEnv({ DATABASE_URL: "postgresql://shop@127.0.0.1:5432/shop" }).DATABASE_URL).toBe(
      "postgresql://shop@127.0.0.1:5432/shop",
    );
    expect(parseEnv({ DATABASE_URL: "postgres://shop@db/shop" }).DATABASE_POOL_SIZE).toBe(10);
    expect(errorOf({ DATABASE_URL: "file:" }).issues).toHaveLength(1);
    expect(errorOf({ DATABASE_POOL_SIZE: "0" }).issues).toEqual(['DATABASE_POOL_SIZE must be from 1 to 100 (got "0")']);
  });

  it("rejects out-of-range ports and unknown modes", () => {
    expect(errorOf({ PORT: "70000" }).issues).toEqual(['PORT must be from 1 to 65535 (got "70000")']);
    expect(errorOf({ NODE_ENV: "staging" }).issues).toEqual([
      'NODE_ENV must be development, production or test (got "staging")',
    ]);
  });

  it("rejects a short session secret without echoing it", () => {
    const error = errorOf({ SESSION_SECRET: "hunter2" });
    expect(error.issues).toEqual(["SESSION_SECRET must be at least 32 characters long"]);
    expect(error.message).not.toContain("hunter2");
  });

  it("generates a session secret once and keeps it under data/", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "secret-"));
    const first = generatedSessionSecret(dir);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(generatedSessionSecret(dir)).toBe(first);
    expect(fs.statSync(path.join(dir, "session-secret")).mode & 0o777).toBe(0o600);
  });
});

describe("the developers' outbox page (dev-only)", () => {
  it("is open in development and test, closed in production unless DEV_OUTBOX is set", () => {
    expect(devOutboxOpen(parseEnv({ NODE_ENV: "development" }))).toBe(true);
    expect(devOutboxOpen(parseEnv({ NODE_ENV: "production" }))).toBe(false);
    expect(devOutboxOpen(parseEnv({ NODE_ENV: "production", DEV_OUTBOX: "true" }))).toBe(true);
  });
});
