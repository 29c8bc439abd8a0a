import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { DEFAULT_BUILD_POLL_SECONDS } from "~/models/build-watch";
import { DEFAULT_DATABASE_BUSY_TIMEOUT_MS } from "~/models/database-busy";
import { DONATION_SDK_ENVIRONMENTS, EMBEDDED_DONATION_STORE_ID } from "~/models/donations";
import { databaseProviderOf } from "~/models/database-url";
import { DEFAULT_OUTBOX_MAX_TRIES } from "~/models/outbox";
import { BRAND_NAME_PATTERN, DEFAULT_BRAND_NAME, DEFAULT_STAFF_HOSTS, SITE_IDS } from "~/models/site";
import { DEFAULT_TAX_RATES, parseTaxRates } from "~/models/tax";
import { DEFAULT_SHOP_TIME_ZONE, isTimeZone } from "~/models/shop-time";

// Empty strings count as unset, so `SITE_ID=` in a .env file means "not forced".
const optional = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

/** A comma-separated list of host names, lower-cased, or the defaults when unset. */
const hostList = (defaults: string[]) =>
  optional(z.string().regex(/^[a-z0-9.\-:,\s]+$/i, "must be a comma-separated list of host names")).transform((v) =>
    v
      ? v
          .split(",")
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean)
      : defaults,
  );

/** A public origin such as "https://shop.example.com": http(s), no path, query or credentials. */
const originUrl = optional(
  z
    .string()
    .url("must be a URL such as https://shop.example.com")
    .refine((value) => {
      if (!URL.canParse(value)) return true; // .url() reports it
      const url = new URL(value);
      return (
        (url.protocol === "http:" || url.protocol === "https:") &&
        url.pathname === "/" &&
        !url.search &&
        !url.hash &&
        !url.username &&
        !url.password
      );
    }, "must be an http(s) origin with no path, such as https://shop.example.com")
    .transform((value) => new URL(value).origin),
);

/**
 * A third-party script's URL: https, or http on a loopback host (local tests serve one).
 * No credentials; the CSP allows its origin.
 */
const scriptUrl = z
  .string()
  .url("must be a URL such as https://widgets.example.com/reviews.js")
  .refine((value) => {
    if (!URL.canParse(value)) return true; // .url() reports it
    const url = new URL(value);
    const loopback = url.hostname === "127.0.0.1" || url.hostname === "localhost" || url.hostname === "[::1]";
    return (url.protocol === "https:" || (url.protocol === "http:" && loopback)) && !url.username && !url.password;
  }, "must be an https URL (http only on a loopback host) without credentials");

/** A true/false switch: 1/0, true/false, on/off, yes/no. */
const flag = (fallback: boolean) =>
  optional(
    z.enum(["1", "0", "true", "false", "on", "off", "yes", "no"], {
      errorMap: () => ({ message: "must be true or false" }),
    }),
  ).transform((v) => (v === undefined ? fallback : ["1", "true", "on", "yes"].includes(v)));

const EnvSchema = z
  .object({
    NODE_ENV: optional(
      z.enum(["development", "production", "test"], {
        errorMap: () => ({ message: "must be development, production or test" }),
      }),
    ).transform((v) => v ?? "development"),
    PORT: optional(
      z.coerce
        .number({ invalid_type_error: "must be a number" })
        .int("must be a whole number")
        .min(1, "must be from 1 to 65535")
        .max(65535, "must be from 1 to 65535"),
    ).transform((v) => v ?? 3000),
    HOST: optional(z.string()).transform((v) => v ?? "127.0.0.1"),
    DATABASE_URL: optional(
      z
        .string()
        .refine(
          (url) => databaseProviderOf(url) !== null,
          'must be a SQLite file URL such as "file:./data/shop.db" or a PostgreSQL URL such as "postgresql://user:password@host:5432/shop"',
        ),
    ).transform((v) => v ?? "file:./data/shop.db"),
    // PostgreSQL connections per process (docs/operations.md "PostgreSQL").
    DATABASE_POOL_SIZE: optional(
      z.coerce
        .number({ invalid_type_error: "must be a number" })
        .int("must be a whole number")
        .min(1, "must be from 1 to 100")
        .max(100, "must be from 1 to 100"),
    ).transform((v) => v ?? 10),
    // Database busy (docs/rules.md): how long a write waits for the write lock, in this process
    // and in SQLite together, before it is answered 503 with Retry-After.
    DATABASE_BUSY_TIMEOUT_MS: optional(
      z.coerce
        .number({ invalid_type_error: "must be a number of milliseconds" })
        .int("must be whole milliseconds")
        .min(1, "must be from 1 to 60000 milliseconds")
        .max(60_000, "must be from 1 to 60000 milliseconds"),
    ).transform((v) => v ?? DEFAULT_DATABASE_BUSY_TIMEOUT_MS),
    SESSION_SECRET: optional(z.string().min(32, "must be at least 32 characters long")),
    SITE_ID: optional(
      z.preprocess(
        (v) => (typeof v === "string" ? v.toUpperCase() : v),
        z.enum(SITE_IDS, { errorMap: () => ({ message: "must be DTC or HPSF" }) }),
      ),
    ),
    STAFF_HOSTS: hostList([...DEFAULT_STAFF_HOSTS]),
    // The brand the consumer site's titles name: "Shop {BRAND_NAME} Pet Nutrition" (docs/decisions.md "Brand name").
    BRAND_NAME: optional(
      z
        .string()
        .trim()
        .regex(BRAND_NAME_PATTERN, "must be 1 to 40 letters, digits, spaces or ' & . - (such as Hollowbrook)"),
    ).transform((v) => v ?? DEFAULT_BRAND_NAME),
    // Public origins per site (docs/rules.md "Public origins"): every absolute URL (email links,
    // canonical and Open Graph URLs, sitemaps, JSON-LD, OpenID redirect URIs) is built from these,
    // never from the Host header. Defaults: http://localhost:PORT and http://staff.localhost:PORT.
    PUBLIC_URL: originUrl,
    STAFF_PUBLIC_URL: originUrl,
    // Further Host names answered in production besides the two public origins' hosts.
    ALLOWED_HOSTS: hostList([]),
    // Content hosts the image optimiser may fetch from (catalogue spec section 7); local paths always work.
    IMAGE_HOSTS: hostList([]),
    // Caches (docs/operations.md "Caches"): bytes the in-process page cache keeps (0: off), bytes
    // of transformed images kept in memory and on disk, and the folder the latter live in.
    PAGE_CACHE_MAX_BYTES: optional(z.coerce.number().int().min(0, "must be 0 (off) or more")).transform(
      (v) => v ?? 64 * 1024 * 1024,
    ),
    IMAGE_CACHE_MEMORY_BYTES: optional(z.coerce.number().int().min(0, "must be 0 (off) or more")).transform(
      (v) => v ?? 32 * 1024 * 1024,
    ),
    IMAGE_CACHE_DISK_BYTES: optional(z.coerce.number().int().min(0, "must be 0 (off) or more")).transform(
      (v) => v ?? 512 * 1024 * 1024,
    ),
    IMAGE_CACHE_DIR: optional(z.string().min(1)).transform((v) => v ?? "data/image-cache"),
    // Structured JSON logs (docs/operations.md "Logs"): one line per request unless REQUEST_LOG=off.
    REQUEST_LOG: optional(z.enum(["on", "off"], { errorMap: () => ({ message: "must be on or off" }) })).transform(
      (v) => v ?? "on",
    ),
    LOG_LEVEL: optional(
      z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
        errorMap: () => ({ message: "must be fatal, error, warn, info, debug, trace or silent" }),
      }),
    ).transform((v) => v ?? "info"),
    // Bearer token a Prometheus scraper presents to /metrics in production (unset there: /metrics is 404).
    METRICS_TOKEN: optional(z.string().min(16, "must be at least 16 characters long")),
    // Where browser error reports are forwarded through the outbox (unset: logged and counted only).
    CLIENT_ERROR_FORWARD_URL: optional(
      z
        .string()
        .url("must be a URL such as https://errors.example.com/ingest")
        .refine((value) => /^https?:\/\//i.test(value), "must be an http(s) URL"),
    ),
    // Browser error reports accepted per client address per minute before 429.
    CLIENT_ERROR_RATE_LIMIT_PER_MINUTE: optional(z.coerce.number().int().min(1, "must be 1 or more")).transform(
      (v) => v ?? 10,
    ),
    MUTATION_RATE_LIMIT_PER_MINUTE: optional(
      z.coerce
        .number({ invalid_type_error: "must be a number" })
        .int("must be a whole number")
        .min(0, "must be 0 (off) or more"),
    ).transform((v) => v ?? 300),
    EMAIL_TRANSPORT: optional(
      z.enum(["outbox", "smtp"], { errorMap: () => ({ message: "must be outbox or smtp" }) }),
    ).transform((v) => v ?? "outbox"),
    SMTP_URL: optional(z.string().regex(/^smtps?:\/\/.+/, "must be an smtp:// or smtps:// URL")),
    EMAIL_FROM: optional(z.string().min(3)).transform((v) => v ?? "Pet Nutrition <orders@example.com>"),
    // Outbox (docs/rules.md "Outbox"): tries per message before it is marked failed with its last error.
    OUTBOX_MAX_TRIES: optional(
      z.coerce
        .number({ invalid_type_error: "must be a number" })
        .int("must be a whole number")
        .min(1, "must be from 1 to 100")
        .max(100, "must be from 1 to 100"),
    ).transform((v) => v ?? DEFAULT_OUTBOX_MAX_TRIES),
    // How often the outbox job looks for messages due (where jobs run: RUN_JOBS, `npm run worker`).
    OUTBOX_POLL_SECONDS: optional(
      z.coerce
        .number({ invalid_type_error: "must be a number of seconds" })
        .int("must be whole seconds")
        .min(1, "must be from 1 to 3600")
        .max(3600, "must be from 1 to 3600"),
    ).transform((v) => v ?? 5),
    // How often the back-in-stock job emails those waiting for a variant whose stock returned; 0 = off.
    BACK_IN_STOCK_POLL_SECONDS: optional(
      z.coerce
        .number({ invalid_type_error: "must be a number of seconds" })
        .int("must be whole seconds")
        .min(0, "must be from 0 (off) to 3600")
        .max(3600, "must be from 0 (off) to 3600"),
    ).transform((v) => v ?? 60),
    // Checkout: flat shipping below the free-shipping minimum, and sales tax per state.
    SHIPPING_RATE_CENTS: optional(
      z.coerce.number({ invalid_type_error: "must be a number of cents" }).int("must be whole cents").min(0),
    ).transform((v) => v ?? 799),
    TAX_RATES: optional(
      z
        .string()
        .regex(
          /^\s*[A-Za-z]{2}\s*:\s*0?\.\d+\s*(,\s*[A-Za-z]{2}\s*:\s*0?\.\d+\s*)*$/,
          'must be a list such as "CO:0.029,CA:0.0725"',
        ),
    ).transform((v) => (v ? parseTaxRates(v) : DEFAULT_TAX_RATES)),
    FEE_FREE_CHECKOUT: flag(true),
    HAWAII_DELIVERY_DATE_HIDDEN: flag(true),
    // The shipping feature flag (shop-core spec section 7): /api/get-state-by-zipcode answers only while it is on.
    SHIPPING_FEATURE: flag(true),
    DELIVERY_BUSINESS_DAYS: optional(z.coerce.number().int().min(1, "must be 1 or more").max(30)).transform(
      (v) => v ?? 5,
    ),
    // The shop's time zone (docs/rules.md "Shop time"): every date shown or reasoned about.
    SHOP_TIME_ZONE: optional(
      z.string().refine(isTimeZone, 'must be an IANA time zone such as "America/New_York" or "America/Chicago"'),
    ).transform((v) => v ?? DEFAULT_SHOP_TIME_ZONE),
    // Autoship engine: a job run every N minutes (docs/rules.md "Jobs"); 0 = off, only `npm run autoship:run`.
    AUTOSHIP_SCHEDULE_MINUTES: optional(z.coerce.number().int().min(0, "must be 0 (off) or more")).transform(
      (v) => v ?? 60,
    ),
    // Jobs (docs/rules.md "Jobs"): `npm start` runs them in the web process unless RUN_JOBS is
    // false (then run `npm run worker` somewhere); each job runs once at a time across processes.
    RUN_JOBS: flag(true),
    // Maintenance (docs/rules.md "Site access"): every shop page goes to /maintenance (503), JSON
    // calls answer 503 with Retry-After; the back office and the probes stay open.
    MAINTENANCE_MODE: flag(false),
    // Graceful shutdown (docs/rules.md "Restarts"): after SIGTERM, in-flight requests and a running
    // job get this long before the process exits anyway.
    SHUTDOWN_TIMEOUT_MS: optional(
      z.coerce
        .number({ invalid_type_error: "must be a number of milliseconds" })
        .int("must be whole milliseconds")
        .min(100, "must be 100 ms or more"),
    ).transform((v) => v ?? 10_000),
    AUTOSHIP_REMINDER_DAYS: optional(z.coerce.number().int().min(0).max(30)).transform((v) => v ?? 3),
    // Days after delivery that a shopper may ask to return lines (docs/rules.md "Returns").
    RETURN_WINDOW_DAYS: optional(z.coerce.number().int().min(0).max(365)).transform((v) => v ?? 30),
    // Sign-in posts allowed per client address per minute before 429 (docs/rules.md "Rate-limit budgets").
    SIGN_IN_RATE_LIMIT_PER_MINUTE: optional(z.coerce.number().int().min(1, "must be 1 or more")).transform(
      (v) => v ?? 10,
    ),
    // Seconds without mouse or keyboard activity before the signed-in session alert
    // (shop-core spec section 4, Inactivity).
    TOKEN_INACTIVITY_SECONDS: optional(z.coerce.number().int().min(5, "must be 5 seconds or more")).transform(
      (v) => v ?? 900,
    ),
    // An outside OpenID Connect provider (OpenID Connect Core 1.0 and Discovery 1.0): on when
    // the issuer and the client id are set; its endpoints come from the issuer's discovery document.
    OIDC_ISSUER: optional(z.string().url("must be a URL such as https://id.example.com")),
    OIDC_CLIENT_ID: optional(z.string().min(1)),
    OIDC_CLIENT_SECRET: optional(z.string().min(1)),
    OIDC_PROVIDER_NAME: optional(z.string().min(1)).transform((v) => v ?? "your clinic account"),
    // Staff-feeding program (shop-core spec section 6): account groups eligible for program
    // pricing (isEligibleForPd), the program discount, and the monthly allowance of
    // program-priced merchandise per member.
    PD_ELIGIBLE_ACCOUNT_GROUPS: optional(
      z
        .string()
        .regex(/^[A-Za-z0-9_-]+(\s*,\s*[A-Za-z0-9_-]+)*$/, 'must be a comma-separated list such as "ZPRO,ZSCH"'),
    ).transform((v) => (v ?? "ZPRO,ZSCH").split(",").map((group) => group.trim().toUpperCase())),
    PROGRAM_DISCOUNT_PERCENT: optional(
      z.coerce
        .number({ invalid_type_error: "must be a number" })
        .min(0, "must be from 0 to 90")
        .max(90, "must be from 0 to 90"),
    ).transform((v) => v ?? 30),
    STAFF_MONTHLY_QUOTA_CENTS: optional(
      z.coerce.number({ invalid_type_error: "must be a number of cents" }).int("must be whole cents").min(0),
    ).transform((v) => v ?? 50_000),
    // Content (catalogue spec section 7): the provider, how long answers are reused, and the secrets for
    // draft previews and the cache-invalidation call.
    CONTENT_PROVIDER: optional(
      z.enum(["embedded"], { errorMap: () => ({ message: "must be embedded (the only provider built so far)" }) }),
    ).transform((v) => v ?? "embedded"),
    // Consent-gated scripts (docs/rules.md "Consent"; catalogue spec section 7): a reviews provider's
    // public widget script, loaded after functional consent instead of the shop's own reviews list,
    // and tag-manager or analytics scripts, each under its consent category. Their origins, and
    // nothing else, join the Content-Security-Policy's script-src.
    REVIEWS_SCRIPT_URL: optional(scriptUrl),
    ANALYTICS_SCRIPTS: optional(
      z
        .string()
        .transform((value, ctx) => {
          try {
            return JSON.parse(value) as unknown;
          } catch {
            ctx.addIssue({
              code: "custom",
              message: 'must be a JSON array such as [{"id":"gtm","category":"advertising","src":"https://..."}]',
            });
            return z.NEVER;
          }
        })
        .pipe(
          z.array(
            z
              .object({
                id: z.string().regex(/^[a-z0-9-]{1,40}$/, "id must be lower-case letters, digits and dashes"),
                category: z.enum(["functional", "advertising"], {
                  errorMap: () => ({ message: "category must be functional or advertising" }),
                }),
                src: scriptUrl,
                removeOnDecline: z.boolean().default(true),
              })
              .strict(),
          ),
        ),
    ).transform((v) => v ?? []),
    // Donations (docs/rules.md "Donations"; catalogue spec sections 3 and 7): the provider, the store id
    // (32 hex characters; a malformed one raises 'Invalid StoreId' and hides the widget), the remote
    // SDK environment or an explicit API URL, and test mode.
    DONATIONS_PROVIDER: optional(
      z.enum(["embedded", "remote"], { errorMap: () => ({ message: "must be embedded or remote" }) }),
    ).transform((v) => v ?? "embedded"),
    DONATIONS_STORE_ID: optional(z.string().min(1)).transform((v) => v ?? EMBEDDED_DONATION_STORE_ID),
    DONATIONS_SDK_ENV: optional(
      z.enum(DONATION_SDK_ENVIRONMENTS, { errorMap: () => ({ message: "must be dev, qa, staging1 or prod" }) }),
    ).transform((v) => v ?? "prod"),
    DONATIONS_API_URL: optional(
      z
        .string()
        .url("must be a URL such as https://api.example.com/")
        .refine((value) => /^https?:\/\//i.test(value), "must be an http(s) URL"),
    ),
    DONATIONS_TEST_MODE: flag(false),
    // What one unit of the donation store's primary currency is worth in US dollars; needed only
    // when that currency is not USD (unset then: the shop gives nothing and logs why).
    DONATIONS_CURRENCY_RATE: optional(
      z.coerce.number({ invalid_type_error: "must be a number" }).positive("must be above 0"),
    ),
    CONTENT_CACHE_SECONDS: optional(z.coerce.number().int().min(0, "must be 0 (no cache) or more")).transform(
      (v) => v ?? 60,
    ),
    CONTENT_PREVIEW_SECRET: optional(z.string().min(16, "must be at least 16 characters long")),
    ADMIN_SECRET: optional(z.string().min(16, "must be at least 16 characters long")),
    SUPPORT_EMAIL: optional(z.string().email("must be an email address")).transform((v) => v ?? "support@example.com"),
    CONTACT_RATE_LIMIT_PER_HOUR: optional(z.coerce.number().int().min(1, "must be 1 or more")).transform((v) => v ?? 5),
    // Rate-limit budgets of their own (services/rate-limit.server.ts): password-reset emails and
    // registrations per client address per hour, token API calls per address per minute.
    PASSWORD_RESET_RATE_LIMIT_PER_HOUR: optional(z.coerce.number().int().min(1, "must be 1 or more")).transform(
      (v) => v ?? 10,
    ),
    REGISTER_RATE_LIMIT_PER_HOUR: optional(z.coerce.number().int().min(1, "must be 1 or more")).transform(
      (v) => v ?? 10,
    ),
    TOKEN_API_RATE_LIMIT_PER_MINUTE: optional(z.coerce.number().int().min(1, "must be 1 or more")).transform(
      (v) => v ?? 30,
    ),
    // "Notify me when it's back" requests per client address per hour (docs/rules.md "Back in stock").
    BACK_IN_STOCK_RATE_LIMIT_PER_HOUR: optional(z.coerce.number().int().min(1, "must be 1 or more")).transform(
      (v) => v ?? 10,
    ),
    BUILD_POLL_SECONDS: optional(z.coerce.number().int().min(1, "must be 1 or more")).transform(
      (v) => v ?? DEFAULT_BUILD_POLL_SECONDS,
    ),
    /** Shows /dev/outbox outside development (never set this in production). */
    DEV_OUTBOX: flag(false),
    TRUST_PROXY: optional(
      z.coerce.number({ invalid_type_error: "must be the number of proxy hops" }).int().min(0),
    ).transform((v) => v ?? 0),
  })
  .superRefine((env, ctx) => {
    if (env.EMAIL_TRANSPORT === "smtp" && !env.SMTP_URL) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["SMTP_URL"],
        message: "is required when EMAIL_TRANSPORT is smtp",
      });
    }
  })
  .transform((env) => {
    const PUBLIC_URL = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
    const STAFF_PUBLIC_URL = env.STAFF_PUBLIC_URL ?? `http://staff.localhost:${env.PORT}`;
    // A configured staff origin's host serves the staff site, so configuring the origin is enough.
    const staffHost = env.STAFF_PUBLIC_URL ? new URL(env.STAFF_PUBLIC_URL).hostname : null;
    const STAFF_HOSTS =
      staffHost && !env.STAFF_HOSTS.includes(staffHost) ? [...env.STAFF_HOSTS, staffHost] : env.STAFF_HOSTS;
    return { ...env, PUBLIC_URL, STAFF_PUBLIC_URL, STAFF_HOSTS };
  });

export type Env = z.infer<typeof EnvSchema> & { SESSION_SECRET: string };

/** Thrown when the environment is invalid; `message` lists every bad variable. */
export class EnvError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid environment configuration:\n${issues.map((i) => `  - ${i}`).join("\n")}`);
    this.name = "EnvError";
  }
}

/**
 * Parses and validates environment variables. Throws EnvError naming each bad
 * variable, its problem and the value given (secrets are never echoed).
 */
export function parseEnv(source: Record<string, string | undefined>): z.infer<typeof EnvSchema> {
  const result = EnvSchema.safeParse(source);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => {
    const name = String(issue.path[0]);
    // Secrets and URLs that may carry credentials are never echoed.
    const hidden =
      name.includes("SECRET") ||
      ["SMTP_URL", "METRICS_TOKEN", "CLIENT_ERROR_FORWARD_URL"].includes(name) ||
      source[name] === undefined;
    const given = hidden ? "" : ` (got ${JSON.stringify(source[name])})`;
    return `${name} ${issue.message}${given}`;
  });
  throw new EnvError(issues);
}

/**
 * A random session secret kept under data/ so that sessions survive restarts
 * when SESSION_SECRET is unset (local use). A multi-host deployment must set it.
 */
export function generatedSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // not created yet
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(32).toString("hex");
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Warnings about the configuration found while parsing it. The logger is built from the
 * environment, so it logs these once it exists (services/observability/logger.server.ts).
 */
export const envWarnings: string[] = [];

function loadEnv(): Env {
  const parsed = parseEnv(process.env);
  let secret = parsed.SESSION_SECRET;
  if (!secret) {
    secret = generatedSessionSecret(path.resolve("data"));
    if (parsed.NODE_ENV === "production") {
      envWarnings.push(
        "SESSION_SECRET is not set: using a generated secret from data/session-secret. " +
          "Set SESSION_SECRET when more than one host serves the shop.",
      );
    }
  }
  return { ...parsed, SESSION_SECRET: secret };
}

/** The validated environment, parsed once at boot. */
export const env: Env = loadEnv();

/** The subset of configuration that may reach the browser. */
export function publicEnv() {
  return {
    NODE_ENV: env.NODE_ENV,
    TOKEN_INACTIVITY_SECONDS: env.TOKEN_INACTIVITY_SECONDS,
    BUILD_POLL_SECONDS: env.BUILD_POLL_SECONDS,
    // The browser writes dates in the same zone as the server (useShopTimeZone).
    SHOP_TIME_ZONE: env.SHOP_TIME_ZONE,
  };
}

/** The developers' outbox page exists in development, or when DEV_OUTBOX is set (docs/rules.md "Outbox"). */
export function devOutboxOpen(settings: Pick<Env, "NODE_ENV" | "DEV_OUTBOX"> = env): boolean {
  return settings.NODE_ENV !== "production" || settings.DEV_OUTBOX;
}
