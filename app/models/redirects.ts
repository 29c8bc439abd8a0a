// Redirect import rules (shop-core spec section 2, guard 4): which rows of the content's redirect
// list may enter the redirect table. Pure, so the rules are tested on their own.

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

function sourceProblem(from: string): string | null {
  if (!from.startsWith("/") || from.startsWith("//")) return "the source must be a path starting with /";
  if (/[?#\s\\]/.test(from)) return "the source must be a plain path without query, fragment or spaces";
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
