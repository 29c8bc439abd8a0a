// The environment, parsed once at start (docs/architecture.md "Settings"). Each area declares
// its variables with zod in app/settings/<area>.server.ts; this file parses them all at once, so a
// bad start names every problem in one message (EnvError), and gives each area its settings
// (`siteSettings`, `emailSettings`, ...) typed to that area's variables alone. `env` is all of them,
// for the server's entry and the scripts.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { autoshipFields } from "~/settings/autoship.server";
import { cacheFields } from "~/settings/caches.server";
import { checkoutFields } from "~/settings/checkout.server";
import { consentFields } from "~/settings/consent.server";
import { contentFields } from "~/settings/content.server";
import { EnvError, issueLines } from "~/settings/core.server";
import { databaseFields } from "~/settings/database.server";
import { donationFields } from "~/settings/donations.server";
import { checkEmail, emailFields } from "~/settings/email.server";
import { observabilityFields } from "~/settings/observability.server";
import { rateLimitFields } from "~/settings/rate-limits.server";
import { serverFields } from "~/settings/server.server";
import { sessionFields } from "~/settings/sessions.server";
import { siteFields, siteOrigins } from "~/settings/site.server";
import { staffFields } from "~/settings/staff.server";

export { EnvError };

// The areas in the order their problems are listed.
const EnvSchema = z
  .object({
    ...serverFields,
    ...databaseFields,
    ...siteFields,
    ...sessionFields,
    ...cacheFields,
    ...observabilityFields,
    ...rateLimitFields,
    ...emailFields,
    ...checkoutFields,
    ...autoshipFields,
    ...staffFields,
    ...contentFields,
    ...consentFields,
    ...donationFields,
  })
  .superRefine(checkEmail)
  .transform((env) => ({ ...env, ...siteOrigins(env) }));

export type Env = z.infer<typeof EnvSchema> & { SESSION_SECRET: string };

/**
 * Parses and validates environment variables. Throws EnvError naming each bad
 * variable, its problem and the value given (secrets are never echoed).
 */
export function parseEnv(source: Record<string, string | undefined>): z.infer<typeof EnvSchema> {
  const result = EnvSchema.safeParse(source);
  if (result.success) return result.data;
  throw new EnvError(issueLines(result.error, source));
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

/**
 * One area's settings: the same parsed object as `env` (a test that changes a value changes it
 * for every reader), typed to that area's variables alone.
 */
const area = <Fields>(_fields: Fields): Pick<Env, keyof Fields & keyof Env> => env;

export const serverSettings = area(serverFields);
export const databaseSettings = area(databaseFields);
export const siteSettings = area(siteFields);
export const sessionSettings = area(sessionFields);
export const observabilitySettings = area(observabilityFields);
export const rateLimitSettings = area(rateLimitFields);
export const emailSettings = area(emailFields);
export const checkoutSettings = area(checkoutFields);
export const autoshipSettings = area(autoshipFields);
export const staffSettings = area(staffFields);
export const contentSettings = area(contentFields);
export const consentSettings = area(consentFields);
export const donationSettings = area(donationFields);
// The caches' settings are read by server.js, through `env` (app/entry.server.tsx).

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
