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

describe("email settings", () => {
  it("defaults to the outbox and needs an SMTP URL for smtp", () => {
    expect(parseEnv({}).EMAIL_TRANSPORT).toBe("outbox");
    expect(errorOf({ EMAIL_TRANSPORT: "smtp" }).issues).toEqual(["SMTP_URL is required when EMAIL_TRANSPORT is smtp"]);
    expect(parseEnv({ EMAIL_TRANSPORT: "smtp", SMTP_URL: "smtp://127.0.0.1:2525" }).SMTP_URL).toBe(
      "smtp://127.0.0.1:2525",
    );
    expect(errorOf({ SMTP_URL: "http://mail" }).issues).toEqual(["SMTP_URL must be an smtp:// or smtps:// URL"]);
  });

  it("gives each outbox message 8 tries unless OUTBOX_MAX_TRIES says otherwise (docs/rules.md 'Outbox')", () => {
    expect(parseEnv({}).OUTBOX_MAX_TRIES).toBe(8);
    expect(parseEnv({ OUTBOX_MAX_TRIES: "3" }).OUTBOX_MAX_TRIES).toBe(3);
    expect(errorOf({ OUTBOX_MAX_TRIES: "0" }).issues).toEqual(['OUTBOX_MAX_TRIES must be from 1 to 100 (got "0")']);
    expect(errorOf({ OUTBOX_MAX_TRIES: "many" }).issues).toEqual(['OUTBOX_MAX_TRIES must be a number (got "many")']);
  });

  it("looks for outbox messages every 5 s unless OUTBOX_POLL_SECONDS says otherwise, from 1 s to an hour", () => {
    expect(parseEnv({}).OUTBOX_POLL_SECONDS).toBe(5);
    expect(parseEnv({ OUTBOX_POLL_SECONDS: "1" }).OUTBOX_POLL_SECONDS).toBe(1);
    expect(parseEnv({ OUTBOX_POLL_SECONDS: "3600" }).OUTBOX_POLL_SECONDS).toBe(3600);
    expect(errorOf({ OUTBOX_POLL_SECONDS: "0" }).issues).toEqual([
      'OUTBOX_POLL_SECONDS must be from 1 to 3600 (got "0")',
    ]);
    expect(errorOf({ OUTBOX_POLL_SECONDS: "3601" }).issues).toEqual([
      'OUTBOX_POLL_SECONDS must be from 1 to 3600 (got "3601")',
    ]);
  });
});

describe("checkout and autoship settings", () => {
  it("reads the shipping rate, a per-state tax table and the flags, with defaults", () => {
    const defaults = parseEnv({});
    expect(defaults.SHIPPING_RATE_CENTS).toBe(799);
    expect(defaults.TAX_RATES.CO).toBe(0.029);
    expect(defaults.FEE_FREE_CHECKOUT).toBe(true);
    expect(defaults.AUTOSHIP_SCHEDULE_MINUTES).toBe(60);
    expect(parseEnv({ AUTOSHIP_SCHEDULE_MINUTES: "0" }).AUTOSHIP_SCHEDULE_MINUTES).toBe(0);
    const set = parseEnv({ TAX_RATES: "co:0.05, TX:.0625", FEE_FREE_CHECKOUT: "off", SHIPPING_RATE_CENTS: "500" });
    expect(set.TAX_RATES).toEqual({ CO: 0.05, TX: 0.0625 });
    expect(set.FEE_FREE_CHECKOUT).toBe(false);
    expect(set.SHIPPING_RATE_CENTS).toBe(500);
  });

  it("reads the shipping feature flag, on by default (shop-core spec section 7)", () => {
    expect(parseEnv({}).SHIPPING_FEATURE).toBe(true);
    expect(parseEnv({ SHIPPING_FEATURE: "off" }).SHIPPING_FEATURE).toBe(false);
    expect(parseEnv({ SHIPPING_FEATURE: "1" }).SHIPPING_FEATURE).toBe(true);
  });

  it("refuses a malformed tax table and a flag that is not true or false", () => {
    expect(errorOf({ TAX_RATES: "Colorado=3%" }).issues[0]).toMatch(/^TAX_RATES must be a list such as/);
    expect(errorOf({ FEE_FREE_CHECKOUT: "maybe" }).issues).toEqual([
      'FEE_FREE_CHECKOUT must be true or false (got "maybe")',
    ]);
  });
});

describe("the developers' outbox page (dev-only)", () => {
  it("is open in development and test, closed in production unless DEV_OUTBOX is set", () => {
    expect(devOutboxOpen(parseEnv({ NODE_ENV: "development" }))).toBe(true);
    expect(devOutboxOpen(parseEnv({ NODE_ENV: "production" }))).toBe(false);
    expect(devOutboxOpen(parseEnv({ NODE_ENV: "production", DEV_OUTBOX: "true" }))).toBe(true);
  });
});

describe("staff-feeding program settings (shop-core spec section 3 isEligibleForPd)", () => {
  it("reads the eligible account groups, the program discount and the monthly quota, with defaults", () => {
    const defaults = parseEnv({});
    expect(defaults.PD_ELIGIBLE_ACCOUNT_GROUPS).toEqual(["ZPRO", "ZSCH"]);
    expect(defaults.PROGRAM_DISCOUNT_PERCENT).toBe(30);
    expect(defaults.STAFF_MONTHLY_QUOTA_CENTS).toBe(50_000);
    const set = parseEnv({ PD_ELIGIBLE_ACCOUNT_GROUPS: "zpro, ZVET", PROGRAM_DISCOUNT_PERCENT: "25" });
    expect(set.PD_ELIGIBLE_ACCOUNT_GROUPS).toEqual(["ZPRO", "ZVET"]);
    expect(set.PROGRAM_DISCOUNT_PERCENT).toBe(25);
  });

  it("refuses a malformed group list and a discount out of range", () => {
    expect(errorOf({ PD_ELIGIBLE_ACCOUNT_GROUPS: "ZPRO;ZSCH" }).issues[0]).toMatch(
      /^PD_ELIGIBLE_ACCOUNT_GROUPS must be a comma-separated list/,
    );
    expect(errorOf({ PROGRAM_DISCOUNT_PERCENT: "95" }).issues[0]).toMatch(
      /^PROGRAM_DISCOUNT_PERCENT must be from 0 to 90/,
    );
  });
});

describe("observability settings (docs/rules.md 'Metrics need a token in production', 'Browser error reports')", () => {
  it("has no metrics token or forwarding by default and 10 browser error reports a minute", () => {
    const env = parseEnv({});
    expect(env.METRICS_TOKEN).toBeUndefined();
    expect(env.CLIENT_ERROR_FORWARD_URL).toBeUndefined();
    expect(env.CLIENT_ERROR_RATE_LIMIT_PER_MINUTE).toBe(10);
  });

  it("refuses a short metrics token and a forward URL that is not http(s), without echoing either", () => {
    const error = errorOf({ METRICS_TOKEN: "short", CLIENT_ERROR_FORWARD_URL: "ftp://key@errors.example.com" });
    expect(error.issues).toEqual([
      "METRICS_TOKEN must be at least 16 characters long",
      "CLIENT_ERROR_FORWARD_URL must be an http(s) URL",
    ]);
    expect(error.message).not.toContain("short");
    expect(error.message).not.toContain("key@");
  });
});

describe("jobs and shutdown settings (docs/rules.md 'Jobs', 'Restarts')", () => {
  it("runs the jobs in process and allows 10 s to shut down by default", () => {
    const defaults = parseEnv({});
    expect(defaults.RUN_JOBS).toBe(true);
    expect(defaults.SHUTDOWN_TIMEOUT_MS).toBe(10_000);
    expect(parseEnv({ RUN_JOBS: "false", SHUTDOWN_TIMEOUT_MS: "2500" })).toMatchObject({
      RUN_JOBS: false,
      SHUTDOWN_TIMEOUT_MS: 2500,
    });
  });

  it("refuses a shutdown timeout below 100 ms or not a number", () => {
    expect(errorOf({ SHUTDOWN_TIMEOUT_MS: "99" }).issues).toEqual([
      'SHUTDOWN_TIMEOUT_MS must be 100 ms or more (got "99")',
    ]);
    expect(errorOf({ SHUTDOWN_TIMEOUT_MS: "soon" }).issues).toEqual([
      'SHUTDOWN_TIMEOUT_MS must be a number of milliseconds (got "soon")',
    ]);
    expect(errorOf({ RUN_JOBS: "sometimes" }).issues).toEqual(['RUN_JOBS must be true or false (got "sometimes")']);
  });
});

describe("content settings (docs/rules.md 'Content')", () => {
  it("reuses content answers for 60 s by default, 0 turns the cache off, and a preview secret has 16 characters or more", () => {
    expect(parseEnv({}).CONTENT_CACHE_SECONDS).toBe(60);
    expect(parseEnv({ CONTENT_CACHE_SECONDS: "0" }).CONTENT_CACHE_SECONDS).toBe(0);
    expect(errorOf({ CONTENT_CACHE_SECONDS: "-1" }).issues[0]).toMatch(/^CONTENT_CACHE_SECONDS must be 0 \(no cache\)/);
    expect(parseEnv({ CONTENT_PREVIEW_SECRET: "p".repeat(16) }).CONTENT_PREVIEW_SECRET).toBe("p".repeat(16));
    expect(errorOf({ CONTENT_PREVIEW_SECRET: "p".repeat(15) }).issues[0]).toMatch(
      /^CONTENT_PREVIEW_SECRET must be at least 16 characters long/,
    );
  });
});

describe("session settings (docs/rules.md 'Accounts and sessions')", () => {
  it("alerts after 900 s without activity by default, and never under 5 s", () => {
    expect(parseEnv({}).TOKEN_INACTIVITY_SECONDS).toBe(900);
    expect(parseEnv({ TOKEN_INACTIVITY_SECONDS: "5" }).TOKEN_INACTIVITY_SECONDS).toBe(5);
    expect(errorOf({ TOKEN_INACTIVITY_SECONDS: "4" }).issues[0]).toMatch(
      /^TOKEN_INACTIVITY_SECONDS must be 5 seconds or more/,
    );
  });
});

describe("consent-gated scripts (docs/rules.md 'Consent')", () => {
  it("takes an https reviews script, or http on loopback, and none by default", () => {
    expect(parseEnv({}).REVIEWS_SCRIPT_URL).toBeUndefined();
    expect(parseEnv({}).ANALYTICS_SCRIPTS).toEqual([]);
    expect(parseEnv({ REVIEWS_SCRIPT_URL: "https://widgets.example.com/r.js" }).REVIEWS_SCRIPT_URL).toBe(
      "https://widgets.example.com/r.js",
    );
    expect(parseEnv({ REVIEWS_SCRIPT_URL: "http://127.0.0.1:4000/r.js" }).REVIEWS_SCRIPT_URL).toBe(
      "http://127.0.0.1:4000/r.js",
    );
    for (const value of [
      "http://widgets.example.com/r.js",
      "https://u:p@widgets.example.com/r.js",
      "javascript:alert(1)",
    ])
      expect(errorOf({ REVIEWS_SCRIPT_URL: value }).message).toContain("REVIEWS_SCRIPT_URL");
  });

  it("reads ANALYTICS_SCRIPTS as a JSON list of scripts with a category, removed on decline unless told", () => {
    const scripts = parseEnv({
      ANALYTICS_SCRIPTS: JSON.stringify([
        { id: "gtm", category: "advertising", src: "https://www.googletagmanager.com/gtm.js?id=GTM-ABC1" },
        { id: "heat", category: "functional", src: "https://heat.example.com/h.js", removeOnDecline: false },
      ]),
    }).ANALYTICS_SCRIPTS;
    expect(scripts).toEqual([
      {
        id: "gtm",
        category: "advertising",
        src: "https://www.googletagmanager.com/gtm.js?id=GTM-ABC1",
        removeOnDecline: true,
      },
      { id: "heat", category: "functional", src: "https://heat.example.com/h.js", removeOnDecline: false },
    ]);
  });

  it("refuses malformed ANALYTICS_SCRIPTS with a message naming the setting", () => {
    for (const value of [
      "not json",
      "{}",
      JSON.stringify([{ id: "gtm", category: "required", src: "https://a.example.com/a.js" }]),
      JSON.stringify([{ id: "GTM!", category: "advertising", src: "https://a.example.com/a.js" }]),
      JSON.stringify([{ id: "gtm", category: "advertising", src: "http://a.example.com/a.js" }]),
      JSON.stringify([{ id: "gtm", category: "advertising", src: "https://a.example.com/a.js", extra: 1 }]),
    ])
      expect(errorOf({ ANALYTICS_SCRIPTS: value }).message, value).toContain("ANALYTICS_SCRIPTS");
  });
});
