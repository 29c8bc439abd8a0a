// The shared core of the settings (docs/architecture.md "Settings"): the field helpers every
// area's schema is written with, the error that stops the start, and its message format. Each
// area declares its own variables in app/settings/<area>.server.ts; app/env.server.ts parses
// them all at once, so one message lists every problem.
import { z } from "zod";

// Empty strings count as unset, so `SITE_ID=` in a .env file means "not forced".
export const optional = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

/** A comma-separated list of host names, lower-cased, or the defaults when unset. */
export const hostList = (defaults: string[]) =>
  optional(z.string().regex(/^[a-z0-9.\-:,\s]+$/i, "must be a comma-separated list of host names")).transform((v) =>
    v
      ? v
          .split(",")
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean)
      : defaults,
  );

/** A public origin such as "https://shop.example.com": http(s), no path, query or credentials. */
export const originUrl = optional(
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
export const scriptUrl = z
  .string()
  .url("must be a URL such as https://widgets.example.com/reviews.js")
  .refine((value) => {
    if (!URL.canParse(value)) return true; // .url() reports it
    const url = new URL(value);
    const loopback = url.hostname === "127.0.0.1" || url.hostname === "localhost" || url.hostname === "[::1]";
    return (url.protocol === "https:" || (url.protocol === "http:" && loopback)) && !url.username && !url.password;
  }, "must be an https URL (http only on a loopback host) without credentials");

/** A true/false switch: 1/0, true/false, on/off, yes/no. */
export const flag = (fallback: boolean) =>
  optional(
    z.enum(["1", "0", "true", "false", "on", "off", "yes", "no"], {
      errorMap: () => ({ message: "must be true or false" }),
    }),
  ).transform((v) => (v === undefined ? fallback : ["1", "true", "on", "yes"].includes(v)));

/** Thrown when the environment is invalid; `message` lists every bad variable. */
export class EnvError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid environment configuration:\n${issues.map((i) => `  - ${i}`).join("\n")}`);
    this.name = "EnvError";
  }
}

// Besides every *SECRET*: URLs and tokens that may carry credentials.
const NEVER_ECHOED = new Set(["SMTP_URL", "METRICS_TOKEN", "CLIENT_ERROR_FORWARD_URL", "SENTRY_DSN"]);

/** One line per problem: the variable, what is wrong, and the value given (secrets are never echoed). */
export function issueLines(error: z.ZodError, source: Record<string, string | undefined>): string[] {
  return error.issues.map((issue) => {
    const name = String(issue.path[0]);
    const hidden = name.includes("SECRET") || NEVER_ECHOED.has(name) || source[name] === undefined;
    const given = hidden ? "" : ` (got ${JSON.stringify(source[name])})`;
    return `${name} ${issue.message}${given}`;
  });
}
