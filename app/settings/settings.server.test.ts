// Each area's settings (app/settings/<area>.server.ts), parsed as the start parses them: all
// areas at once by parseEnv, every problem in one EnvError (docs/architecture.md "Settings").
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "~/env.server";

function errorOf(source: Record<string, string>): EnvError {
  try {
    parseEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error;
    throw error;
  }
  throw new Error("expected an EnvError");
}

describe("every area refuses a bad value with its message", () => {
  it.each([
    ["server", { PORT: "0" }, 'PORT must be from 1 to 65535 (got "0")'],
    [
      "database",
      { DATABASE_BUSY_TIMEOUT_MS: "0" },
      'DATABASE_BUSY_TIMEOUT_MS must be from 1 to 60000 milliseconds (got "0")',
    ],
    ["site", { SUPPORT_EMAIL: "support" }, 'SUPPORT_EMAIL must be an email address (got "support")'],
    [
      "sessions",
      { OIDC_ISSUER: "id.example.com" },
      'OIDC_ISSUER must be a URL such as https://id.example.com (got "id.example.com")',
    ],
    ["caches", { PAGE_CACHE_MAX_BYTES: "-1" }, 'PAGE_CACHE_MAX_BYTES must be 0 (off) or more (got "-1")'],
    [
      "observability",
      { LOG_LEVEL: "loud" },
      'LOG_LEVEL must be fatal, error, warn, info, debug, trace or silent (got "loud")',
    ],
    [
      "rate limits",
      { SIGN_IN_RATE_LIMIT_PER_MINUTE: "0" },
      'SIGN_IN_RATE_LIMIT_PER_MINUTE must be 1 or more (got "0")',
    ],
    ["email", { EMAIL_TRANSPORT: "pigeon" }, 'EMAIL_TRANSPORT must be outbox or smtp (got "pigeon")'],
    ["checkout", { DELIVERY_BUSINESS_DAYS: "0" }, 'DELIVERY_BUSINESS_DAYS must be 1 or more (got "0")'],
    [
      "autoship",
      { BACK_IN_STOCK_POLL_SECONDS: "3601" },
      'BACK_IN_STOCK_POLL_SECONDS must be from 0 (off) to 3600 (got "3601")',
    ],
    ["staff", { STAFF_MONTHLY_QUOTA_CENTS: "1.5" }, 'STAFF_MONTHLY_QUOTA_CENTS must be whole cents (got "1.5")'],
    [
      "content",
      { CONTENT_PROVIDER: "contentful" },
      'CONTENT_PROVIDER must be embedded (the only provider built so far) (got "contentful")',
    ],
    [
      "consent",
      { ANALYTICS_SCRIPTS: "[]x" },
      'ANALYTICS_SCRIPTS must be a JSON array such as [{"id":"gtm","category":"advertising","src":"https://..."}] (got "[]x")',
    ],
    ["donations", { DONATIONS_SDK_ENV: "live" }, 'DONATIONS_SDK_ENV must be dev, qa, staging1 or prod (got "live")'],
  ])("%s", (_area, source, message) => {
    expect(errorOf(source).issues).toEqual([message]);
  });

  it("lists the problems of every area in one message, in the areas' order", () => {
    const error = errorOf({ DONATIONS_SDK_ENV: "live", PORT: "0", EMAIL_TRANSPORT: "pigeon" });
    expect(error.issues).toEqual([
      'PORT must be from 1 to 65535 (got "0")',
      'EMAIL_TRANSPORT must be outbox or smtp (got "pigeon")',
      'DONATIONS_SDK_ENV must be dev, qa, staging1 or prod (got "live")',
    ]);
    expect(error.message).toBe(
      "Invalid environment configuration:\n" + error.issues.map((issue) => `  - ${issue}`).join("\n"),
    );
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

  it("has no error tracker by default; takes a DSN with a key and a project id, never echoing it", () => {
    expect(parseEnv({}).SENTRY_DSN).toBeUndefined();
    const dsn = "https://publickey@errors.example.com/42";
    expect(parseEnv({ SENTRY_DSN: dsn, SENTRY_ENVIRONMENT: "staging" })).toMatchObject({
      SENTRY_DSN: dsn,
      SENTRY_ENVIRONMENT: "staging",
    });
    for (const bad of [
      "https://tracker.test/42",
      "https://secretkey@tracker.test/",
      "ftp://secretkey@tracker.test/1",
    ]) {
      const error = errorOf({ SENTRY_DSN: bad });
      expect(error.issues[0]).toMatch(/^SENTRY_DSN must be an http\(s\) DSN/);
      expect(error.message).not.toContain(bad);
    }
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
