// Redirect import rules (shop-core spec section 2, guard 4): which rows of the content's redirect
// list may enter the redirect table. Pure, so the rules are tested on their own.

import { z } from "zod";
import { defineIntents } from "./admin-intents";

export const REDIRECT_STATUSES = [301, 302, 307, 308] as const;

export interface RedirectInput {
  from: string;
  to: string;
  status?: number;
}

export interface AcceptedRedirect {
  fromPath: string;
  toUrl: string;
  isExternal: boolean;
  status: number;
}

export interface RefusedRedirect {
  from: string;
  to: string;
  reason: string;
}

/** "/Old-Page/" and "/Old-Page" are the same source; the path keeps its case. */
export function normalisePath(path: string): string {
  return path.replace(/\/+$/, "") || "/";
}

// ---------------------------------------------------------------------------
// The shop's own pages (docs/rules.md "Back office: content"; docs/security.md "Redirects over the
// shop's own pages"): no redirect may stand in front of them. A redirect from /shelter/login to
// another site would send every shopper who signs in to whoever wrote it. The editor and the CSV
// import refuse such a source, the content import refuses it, and the lookup never applies one
// found in the table.

/**
 * The paths the shop serves itself, each with everything below it: sign-in and registration
 * (/shelter), the account, cart and checkout, reviews, the JSON API, the back office, identity
 * (/auth, /multipass, /logout), the locked shop's pages, images, feeds, health and metrics, and
 * the platforms' webhooks (/webhooks).
 * Decided from app/routes: `app/models/redirects.test.ts` fails on a route file whose path is not
 * covered here, unless it is one of the few whose paths redirects exist for (the catalogue's and
 * content's pages, unknown paths). The home page "/" is the shop's too; the paths below it are not.
 */
export const SHOP_PATHS: readonly string[] = [
  "/account",
  "/admin",
  "/api",
  "/auth",
  "/builds",
  "/cart",
  "/checkout",
  "/cms",
  "/contact-us",
  "/cookie-preferences",
  "/dev",
  "/donation-logos",
  "/feeds",
  "/healthz",
  "/logout",
  "/maintenance",
  "/metrics",
  "/multipass",
  "/password-protect",
  "/readyz",
  "/review",
  "/reviews",
  "/robots.txt",
  "/search",
  "/shelter",
  "/sitemap",
  "/sitemap.xml",
  "/sitemaps",
  "/webhooks",
];

/**
 * A path as the router matches it: each segment percent-decoded (a "/" inside one stays %2F),
 * lower case (routes match in any case), repeated and trailing slashes dropped.
 */
function routedPath(path: string): string {
  let decoded: string;
  try {
    decoded = path
      .split("/")
      .map((segment) => decodeURIComponent(segment).replace(/\//g, "%2F"))
      .join("/");
  } catch {
    decoded = path;
  }
  return (
    decoded
      .toLowerCase()
      .replace(/\/{2,}/g, "/")
      .replace(/\/+$/, "") || "/"
  );
}

/** Whether a redirect from `path` would stand in front of one of the shop's own pages (or the home page). */
export function isShopPath(path: string): boolean {
  const routed = routedPath(path);
  return routed === "/" || SHOP_PATHS.some((shop) => routed === shop || routed.startsWith(`${shop}/`));
}

function sourceProblem(from: string): string | null {
  if (!from.startsWith("/") || from.startsWith("//")) return "the source must be a path starting with /";
  if (/[?#\s\\]/.test(from)) return "the source must be a plain path without query, fragment or spaces";
  if (isShopPath(from)) return `${normalisePath(from)} is one of the shop's own pages: a redirect may not replace it`;
  return null;
}

function targetOf(to: string): { url: string; isExternal: boolean } | string {
  const value = to.trim();
  if (value.startsWith("/") && !value.startsWith("//") && !value.includes("\\")) {
    return { url: value, isExternal: false };
  }
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return "the target must be a path starting with / or an http(s) address";
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return "the target must be an http(s) address";
  return { url: parsed.href, isExternal: true };
}

/**
 * Splits the content's redirect list into rows to import and rows refused with a
 * reason: a malformed source, a target that is neither a path nor http(s), a
 * duplicate source, a redirect to itself, or a chain of internal redirects that
 * comes back to where it started (every redirect in the loop is refused).
 */
export function validateRedirects(rows: readonly RedirectInput[]): {
  accepted: AcceptedRedirect[];
  refused: RefusedRedirect[];
} {
  const refused: RefusedRedirect[] = [];
  const candidates = new Map<string, AcceptedRedirect & { input: RedirectInput }>();
  for (const row of rows) {
    const problem = sourceProblem(row.from);
    if (problem) {
      refused.push({ from: row.from, to: row.to, reason: problem });
      continue;
    }
    const target = targetOf(row.to);
    if (typeof target === "string") {
      refused.push({ from: row.from, to: row.to, reason: target });
      continue;
    }
    const status = row.status ?? 301;
    if (!(REDIRECT_STATUSES as readonly number[]).includes(status)) {
      refused.push({ from: row.from, to: row.to, reason: `the status must be one of ${REDIRECT_STATUSES.join(", ")}` });
      continue;
    }
    const fromPath = normalisePath(row.from);
    if (candidates.has(fromPath)) {
      refused.push({ from: row.from, to: row.to, reason: "the source is listed twice" });
      continue;
    }
    candidates.set(fromPath, { fromPath, toUrl: target.url, isExternal: target.isExternal, status, input: row });
  }

  // Follow each internal chain; a chain that revisits a path is a loop.
  const looping = new Set<string>();
  for (const start of candidates.keys()) {
    const seen: string[] = [];
    let current: string | undefined = start;
    while (current !== undefined && candidates.has(current)) {
      if (seen.includes(current)) {
        for (const path of seen.slice(seen.indexOf(current))) looping.add(path);
        break;
      }
      seen.push(current);
      const next: AcceptedRedirect = candidates.get(current)!;
      current = next.isExternal ? undefined : normalisePath(next.toUrl.split(/[?#]/)[0]);
    }
  }

  const accepted: AcceptedRedirect[] = [];
  for (const [path, candidate] of candidates) {
    const { input, ...row } = candidate;
    if (looping.has(path)) refused.push({ from: input.from, to: input.to, reason: "the redirect makes a loop" });
    else accepted.push(row);
  }
  return { accepted, refused };
}

// ---------------------------------------------------------------------------
// The back office's redirects table (docs/rules.md "Back office: content"): one redirect added or
// edited, and many imported from CSV, under the same rules as the content import above plus the
// table's own: one redirect per site and source, no chains (docs/decisions.md "Back office:
// content": a chain is refused, never flattened, so what an editor typed is what is stored).

/** A site's redirect, as the table holds it. "ALL" applies on both sites. */
export interface RedirectRow {
  id?: string;
  site: string;
  fromPath: string;
  toUrl: string;
  isExternal: boolean;
  status: number;
}

/** What a person types for one redirect. */
export interface RedirectCandidate {
  site: string;
  from: string;
  to: string;
  status?: number;
}

export type RedirectCheck =
  { ok: true; row: RedirectRow } | { ok: false; field: "from" | "to" | "status"; message: string };

/** Two redirects can meet when they apply on the same site ("ALL" meets both). */
const sitesMeet = (a: string, b: string) => a === b || a === "ALL" || b === "ALL";

/** The path an internal target lands on (no query or fragment, no trailing slash). */
const landingPath = (row: { toUrl: string; isExternal: boolean }) =>
  row.isExternal ? null : normalisePath(row.toUrl.split(/[?#]/)[0]);

/**
 * Whether one redirect may join `others` (the table without the row being edited): a path
 * source, an http(s) or path target, an allowed status, not to itself, not a second redirect
 * for the same site and source, and not part of a chain (its target is redirected, or something
 * already redirects to its source).
 */
export function checkRedirect(candidate: RedirectCandidate, others: readonly RedirectRow[]): RedirectCheck {
  const from = candidate.from.trim();
  const problem = sourceProblem(from);
  if (problem) return { ok: false, field: "from", message: problem };
  const target = targetOf(candidate.to);
  if (typeof target === "string") return { ok: false, field: "to", message: target };
  const status = candidate.status ?? 301;
  if (!(REDIRECT_STATUSES as readonly number[]).includes(status)) {
    return { ok: false, field: "status", message: `the status must be one of ${REDIRECT_STATUSES.join(", ")}` };
  }
  const row: RedirectRow = {
    site: candidate.site,
    fromPath: normalisePath(from),
    toUrl: target.url,
    isExternal: target.isExternal,
    status,
  };
  const lands = landingPath(row);
  if (lands === row.fromPath) return { ok: false, field: "to", message: "the redirect points to itself" };
  const meeting = others.filter((other) => sitesMeet(other.site, row.site));
  if (meeting.some((other) => other.site === row.site && other.fromPath === row.fromPath)) {
    return { ok: false, field: "from", message: `${row.fromPath} already has a redirect on ${row.site}` };
  }
  const onward = lands === null ? undefined : meeting.find((other) => other.fromPath === lands);
  if (onward) {
    return {
      ok: false,
      field: "to",
      message: `${lands} itself redirects to ${onward.toUrl}: point straight there instead of making a chain`,
    };
  }
  const inward = meeting.find((other) => landingPath(other) === row.fromPath);
  if (inward) {
    return {
      ok: false,
      field: "from",
      message: `${inward.fromPath} already redirects to ${row.fromPath}: this would make a chain`,
    };
  }
  return { ok: true, row };
}

/** Most lines one import takes. */
export const MAX_IMPORT_LINES = 1000;

/** One field list per CSV line: commas separate, double quotes may wrap a field ("" is a quote). */
function csvFields(line: string): string[] {
  const fields: string[] = [];
  let current = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        current += '"';
        i++;
      } else if (c === '"') quoted = false;
      else current += c;
    } else if (c === '"' && current.trim() === "") {
      quoted = true;
      current = "";
    } else if (c === ",") {
      fields.push(current.trim());
      current = "";
    } else current += c;
  }
  fields.push(current.trim());
  return fields;
}

export interface ImportProblem {
  /** The line of the pasted text, from 1. */
  line: number;
  message: string;
}

export interface ImportPlan {
  rows: RedirectRow[];
  problems: ImportProblem[];
}

/**
 * The redirects a pasted CSV adds to `site` ("from,to[,status]" per line; a first line naming the
 * columns, blank lines and lines starting with # are skipped). Every line is checked with
 * `checkRedirect` against the table and the import's earlier lines; a problem names its line.
 * The import is all or nothing: the caller writes `rows` only when `problems` is empty.
 */
export function planRedirectImport(site: string, text: string, table: readonly RedirectRow[]): ImportPlan {
  const lines = text.split(/\r?\n/);
  const problems: ImportProblem[] = [];
  const rows: RedirectRow[] = [];
  const lineOf = new Map<string, number>();
  let counted = 0;
  lines.forEach((raw, index) => {
    const line = index + 1;
    const trimmed = raw.trim();
    if (!trimmed || trimmed.startsWith("#")) return;
    if (counted === 0 && /^"?from"?\s*,/i.test(trimmed)) return;
    counted++;
    if (counted > MAX_IMPORT_LINES) {
      if (counted === MAX_IMPORT_LINES + 1) {
        problems.push({ line, message: `an import takes at most ${MAX_IMPORT_LINES} redirects` });
      }
      return;
    }
    const fields = csvFields(trimmed);
    if (fields.length < 2 || fields.length > 3) {
      problems.push({ line, message: "write from,to or from,to,status" });
      return;
    }
    const [from, to, statusText] = fields;
    const status = statusText ? Number(statusText) : undefined;
    if (statusText && !Number.isInteger(status)) {
      problems.push({ line, message: `the status must be one of ${REDIRECT_STATUSES.join(", ")}` });
      return;
    }
    const earlier = lineOf.get(normalisePath(from));
    if (earlier !== undefined) {
      problems.push({ line, message: `${normalisePath(from)} is already on line ${earlier}` });
      return;
    }
    const check = checkRedirect({ site, from, to, status }, [...table, ...rows]);
    if (!check.ok) {
      problems.push({ line, message: check.message });
      return;
    }
    lineOf.set(check.row.fromPath, line);
    rows.push(check.row);
  });
  if (counted === 0) problems.push({ line: 1, message: "paste at least one line from,to" });
  return { rows, problems };
}

/** The add and edit form of one redirect (the rules themselves are `checkRedirect`'s). */
export const RedirectFormSchema = z.object({
  site: z.enum(["DTC", "HPSF", "ALL"], { errorMap: () => ({ message: "Choose a site." }) }),
  from: z.string().trim().min(1, "Enter the path to redirect, such as /old-page.").max(500),
  to: z.string().trim().min(1, "Enter where it goes: a path or an http(s) address.").max(2000),
  status: z.coerce.number().int().default(301),
});

/** The CSV import form: a site and the pasted lines. */
export const RedirectImportSchema = z.object({
  site: RedirectFormSchema.shape.site,
  csv: z.string().max(200_000, "Paste at most 200,000 characters at once."),
});

const redirectId = z.string({ required_error: "Choose a redirect." }).trim().min(1).max(100);

/**
 * The redirects page's actions (docs/rules.md "Back office: content"): save one (a new one, or
 * with `id` an edit), delete one (asked first), import pasted CSV. The rules are `checkRedirect`'s
 * and `planRedirectImport`'s, applied where the table is written.
 */
export const REDIRECT_INTENTS = defineIntents({
  save: {
    schema: RedirectFormSchema.extend({ intent: z.literal("save"), id: redirectId.optional() }),
    permission: "redirects.edit",
  },
  delete: {
    schema: z.object({ intent: z.literal("delete"), id: redirectId }),
    permission: "redirects.edit",
    confirm: { label: "Delete the redirect" },
  },
  import: {
    schema: RedirectImportSchema.extend({ intent: z.literal("import") }),
    permission: "redirects.edit",
  },
});

/** What deleting a redirect does, asked before it is done. */
export function deleteRedirectQuestion(row: { site: string; fromPath: string; toUrl: string }): string {
  const where = row.site === "ALL" ? "either site" : `the ${row.site} site`;
  return `Delete the redirect ${row.fromPath} \u2192 ${row.toUrl} on ${where}? Visitors to ${row.fromPath} stop being sent on (they get the shop's page there, or its 404).`;
}
