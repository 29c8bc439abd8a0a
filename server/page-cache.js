// The in-process page cache (docs/rules.md "Page cache", docs/decisions.md "Page cache"):
// anonymous answers that are the same for everyone (catalogue and content pages, their
// `?_data=` answers) are rendered once and served from memory, pre-compressed, until their
// s-maxage runs out; then served stale while one background render refreshes them. It does
// what a shared cache in front of the shop (nginx, a CDN) would do, and such a cache can
// replace it: every answer it keeps says so in its own headers.
import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { writeReadableStreamToWritable } from "@remix-run/node";
import { LRUCache } from "lru-cache";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Stored bodies are compressed once, so at a level that buys size rather than speed. */
const STORED_BROTLI_QUALITY = 9;
const STORED_GZIP_LEVEL = 9;
/** Headers the cache sets itself on every answer it serves. */
const OWN_HEADERS = new Set(["content-length", "content-encoding", "date", "etag", "age", "set-cookie", "connection"]);
/** Headers of the middleware in front that differ per request, or that an entry sets itself. */
const PER_REQUEST_HEADERS = new Set([...OWN_HEADERS, "x-request-id", "content-security-policy", "x-page-cache"]);

/**
 * The hashes of the document's own inline scripts (those the renderer gave `nonce`), for a
 * CSP that needs no nonce, and the document without the nonce. A script the renderer did not
 * mark (markup from content, say) gets no hash and stays blocked, as it is under the nonce.
 * @param {string} html
 * @param {string} nonce
 * @returns {{ html: string, hashes: string[] }}
 */
export function hashInlineScripts(html, nonce) {
  if (!nonce) return { html, hashes: [] };
  const attribute = ` nonce="${nonce}"`;
  const hashes = new Set();
  const scripts = /<script\b([^>]*)>([\s\S]*?)<\/script/gi;
  for (const match of html.matchAll(scripts)) {
    if (!match[1].includes(attribute) || /\ssrc=/i.test(match[1])) continue;
    // The browser hashes the script's text after the HTML parser turned CRLF and CR into LF.
    const text = match[2].replace(/\r\n?/g, "\n");
    hashes.add(`'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  return { html: html.split(attribute).join(""), hashes: [...hashes] };
}

/**
 * The request's CSP with its script nonce replaced by the hashes of the document's scripts.
 * @param {string} csp
 * @param {string[]} hashes
 */
export function cspWithHashes(csp, hashes) {
  return csp.replace(/\s*'nonce-[^']*'/g, "").replace(/(script-src[^;]*)/, `$1 ${hashes.join(" ")}`.trimEnd());
}

/**
 * The Fetch request Remix renders for an anonymous GET: the URL as Remix's Express adapter
 * builds it (the Host as req.hostname sees it, behind TRUST_PROXY too) and the request's headers.
 * Aborted when the client goes away before its answer is sent.
 * @param {import("express").Request} req @param {import("express").Response} [res]
 */
function toRequest(req, res) {
  const port = (req.get("x-forwarded-host") ?? req.get("host") ?? "").match(/:(\d+)$/)?.[1];
  const url = `${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`;
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    // The cache answers validators itself, from the whole body.
    if (name === "if-none-match" || name === "if-modified-since") continue;
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  if (!res) return new Request(url, { headers });
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  return new Request(url, { headers, signal: controller.signal });
}

/** Sends a Fetch response through Express (as Remix's Express adapter does). */
async function send(res, response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) res.append(name, value);
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

/**
 * br when the client takes it, else gzip, else none (browsers list gzip first; br is smaller).
 * @param {string | undefined} header
 */
function preferredEncoding(header) {
  if (!header) return "identity";
  const accepted = new Set();
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (!q || Number(q.slice(2)) > 0) accepted.add(name.trim());
  }
  return accepted.has("br") ? "br" : accepted.has("gzip") ? "gzip" : "identity";
}

/** Whether an If-None-Match header names the entry's body (any encoding of it; weak comparison). */
function matchesEtag(header, tag) {
  if (!header) return false;
  return header.split(",").some((candidate) => {
    const value = candidate.trim().replace(/^W\//, "");
    return value === "*" || value === `"${tag}"` || value === `"${tag}-br"` || value === `"${tag}-gz"`;
  });
}

/**
 * @typedef {{ freshSeconds: number, staleSeconds: number }} Freshness
 * @typedef {{
 *   status: number, headers: [string, string][], csp: string | null, tag: string,
 *   identity: Buffer, br: Buffer | null, gzip: Buffer | null, size: number, kept: boolean,
 *   storedAt: number, freshUntil: number, staleUntil: number,
 *   frontHeaders: [string, string | number | string[]][] | null,
 * }} Entry
 */

/**
 * Express middleware in front of the Remix handler.
 * @param {{
 *   maxBytes: number,
 *   currentVersion?: () => string,
 *   isPersonal: (cookieHeader: string | undefined) => boolean,
 *   variantOf?: (cookieHeader: string | undefined) => string,
 *   freshness: (input: { status: number, cacheControl: string | null, setsCookie: boolean }) => Freshness | null,
 *   render: (request: Request, loadContext: Record<string, unknown>) => Promise<Response>,
 *   loadContext: (req: import("express").Request, res: import("express").Response) => Record<string, unknown>,
 *   onError?: (error: unknown) => void,
 *   onOutcome?: (outcome: "hit" | "stale" | "miss" | "pass" | "bypass") => void,
 *   now?: () => number,
 * }} options
 * `onOutcome` hears once per GET or HEAD the cache looked at what came of it (the metric
 * shop_page_cache_requests_total): hit (a fresh copy, or a render another request was
 * waiting for), stale (a stale copy, refreshed behind it), miss (rendered now, shareable),
 * pass (an anonymous request whose answer no shared cache may keep, or a HEAD with no copy),
 * bypass (personal: a session cookie or credentials).
 */
export function createPageCache({
  maxBytes,
  currentVersion = () => "0",
  isPersonal,
  variantOf = () => "",
  freshness,
  render,
  loadContext,
  onError = () => {},
  onOutcome = () => {},
  now = Date.now,
}) {
  /** @type {LRUCache<string, Entry> | null} */
  const entries = maxBytes > 0 ? new LRUCache({ maxSize: maxBytes, sizeCalculation: (entry) => entry.size }) : null;
  /** Renders under way, by key: concurrent misses wait for one, a stale entry gets one refresh. */
  /** @type {Map<string, Promise<Entry | null>>} */
  const pending = new Map();

  /**
   * An entry's key: the data version, the cookie variant (the consent choice changes what
   * renders: docs/rules.md "Consent") and the URL with its host (the site).
   * @param {import("express").Request} req
   */
  const keyOf = (req) =>
    `${currentVersion()}\n${variantOf(req.headers.cookie)}\n${req.protocol}://${req.get("host")}${req.originalUrl}`;

  /**
   * Turns a rendered answer into an entry, or null when no shared cache may keep it.
   * @param {Response} response @param {string} nonce
   * @returns {Promise<Entry | null>}
   */
  async function toEntry(response, nonce, csp) {
    const fresh = freshness({
      status: response.status,
      cacheControl: response.headers.get("Cache-Control"),
      setsCookie: response.headers.has("Set-Cookie"),
    });
    if (!fresh) return null;
    let identity = Buffer.from(await response.arrayBuffer());
    let entryCsp = null;
    if (/^text\/html/i.test(response.headers.get("Content-Type") ?? "")) {
      // No nonce in a copy many visitors get: the CSP lists the hashes of its scripts instead.
      const { html, hashes } = hashInlineScripts(identity.toString("utf8"), nonce);
      identity = Buffer.from(html, "utf8");
      if (csp) entryCsp = cspWithHashes(csp, hashes);
    }
    /** @type {[string, string][]} */
    const headers = [];
    for (const [name, value] of response.headers) if (!OWN_HEADERS.has(name)) headers.push([name, value]);
    if (!headers.some(([name]) => name === "vary")) headers.push(["vary", "Accept-Encoding"]);
    else for (const header of headers) if (header[0] === "vary") header[1] += ", Accept-Encoding";
    const tag = crypto.createHash("sha256").update(identity).digest("base64url").slice(0, 27);
    const storing = entries !== null && identity.length < maxBytes;
    const [br, gz] = storing
      ? await Promise.all([
          brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: STORED_BROTLI_QUALITY } }),
          gzip(identity, { level: STORED_GZIP_LEVEL }),
        ])
      : [null, null];
    const storedAt = now();
    const entry = {
      status: response.status,
      headers,
      csp: entryCsp,
      tag,
      identity,
      br: br && br.length < identity.length ? br : null,
      gzip: gz && gz.length < identity.length ? gz : null,
      size: 0,
      kept: storing,
      storedAt,
      freshUntil: storedAt + fresh.freshSeconds * 1000,
      staleUntil: storedAt + (fresh.freshSeconds + fresh.staleSeconds) * 1000,
      frontHeaders: null,
    };
    entry.size = identity.length + (entry.br?.length ?? 0) + (entry.gzip?.length ?? 0) + 512;
    return entry;
  }

  function store(key, entry) {
    if (!entries || !entry.kept) return;
    entries.set(key, entry, { ttl: Math.max(1, entry.staleUntil - entry.storedAt) });
  }

  /**
   * @param {import("express").Request} req @param {import("express").Response} res
   * @param {Entry} entry @param {string} state
   */
  function serve(req, res, entry, state) {
    onOutcome(state);
    const stored = entry.kept;
    // What the middleware in front (security headers) set, the same for every request: kept
    // so that `serveEarly` can answer the next hits without running it.
    entry.frontHeaders ??= Object.entries(res.getHeaders()).filter(([name]) => !PER_REQUEST_HEADERS.has(name));
    res.statusCode = entry.status;
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    if (entry.csp) res.setHeader("Content-Security-Policy", entry.csp);
    res.setHeader("X-Page-Cache", state);
    if (stored) res.setHeader("Age", String(Math.max(0, Math.floor((now() - entry.storedAt) / 1000))));
    if (matchesEtag(req.headers["if-none-match"], entry.tag)) {
      res.setHeader("ETag", `"${entry.tag}"`);
      res.statusCode = 304;
      res.removeHeader("Content-Type");
      res.end();
      return;
    }
    if (!stored) {
      // Not kept (the cache is off or the body too big): compression() encodes it as any answer.
      res.setHeader("ETag", `"${entry.tag}"`);
      res.end(req.method === "HEAD" ? undefined : entry.identity);
      return;
    }
    const encoding = preferredEncoding(req.headers["accept-encoding"]);
    const [body, name, suffix] =
      encoding === "br" && entry.br
        ? [entry.br, "br", "-br"]
        : encoding === "gzip" && entry.gzip
          ? [entry.gzip, "gzip", "-gz"]
          : [entry.identity, null, ""];
    // Stored bytes go out as they are: compression() leaves an answer alone once it has an encoding.
    res.locals.precompressed = true;
    if (name) res.setHeader("Content-Encoding", name);
    res.setHeader("ETag", `"${entry.tag}${suffix}"`);
    res.setHeader("Content-Length", String(body.length));
    res.end(req.method === "HEAD" ? undefined : body);
  }

  /** Renders `request` and keeps the answer when it may be kept. One render per key at a time. */
  function renderOnce(key, request, context, csp, onUnshareable) {
    const running = pending.get(key);
    if (running) return running;
    const nonce = typeof context.cspNonce === "string" ? context.cspNonce : "";
    const rendering = render(request, context)
      .then(async (response) => {
        const entry = await toEntry(response, nonce, csp);
        if (entry) store(key, entry);
        else await onUnshareable(response);
        return entry;
      })
      .finally(() => pending.delete(key));
    pending.set(key, rendering);
    return rendering;
  }

  /**
   * A fresh hit answered before the rest of the middleware runs (docs/rules.md "Page and image
   * caches"): the entry carries the security headers the middleware set when it was first
   * served, the answer gets its own request id. True when answered; anything else (a miss, a
   * stale entry, a personal request) returns false and goes the whole way.
   * @param {import("express").Request} req @param {import("express").Response} res @param {string} requestId
   */
  function serveEarly(req, res, requestId) {
    if (!entries || (req.method !== "GET" && req.method !== "HEAD")) return false;
    if (isPersonal(req.headers.cookie) || req.headers.authorization) return false;
    const entry = entries.get(keyOf(req));
    if (!entry?.kept || !entry.frontHeaders || now() >= entry.freshUntil) return false;
    for (const [name, value] of entry.frontHeaders) res.setHeader(name, value);
    res.setHeader("X-Request-Id", requestId);
    serve(req, res, entry, "hit");
    return true;
  }

  const middleware = (req, res, next) => {
    // Only anonymous reads: anything personal (or carrying credentials) renders as before.
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (isPersonal(req.headers.cookie) || req.headers.authorization) {
      onOutcome("bypass");
      res.setHeader("X-Page-Cache", "bypass");
      return next();
    }
    // The site is chosen by the Host, the data by the version, the consent by the variant: all are in the key.
    const key = keyOf(req);
    const entry = entries?.get(key);
    const at = now();
    if (entry && at < entry.freshUntil) return serve(req, res, entry, "hit");
    if (entry && at < entry.staleUntil) {
      const csp = /** @type {string | undefined} */ (res.getHeader("Content-Security-Policy")) ?? null;
      serve(req, res, entry, "stale");
      if (!pending.has(key)) {
        // The refresh renders as a new anonymous visitor: a nonce of its own, never sent.
        const context = { ...loadContext(req, res), cspNonce: crypto.randomBytes(16).toString("base64") };
        const request = toRequest(req);
        renderOnce(key, request, context, csp, async (response) => {
          // No longer shareable (a 404 now, say): the stale copy goes.
          await response.body?.cancel();
          entries?.delete(key);
        }).catch(onError);
      }
      return;
    }
    if (req.method === "HEAD") {
      onOutcome("pass");
      return next();
    }
    const waiting = pending.get(key);
    const csp = /** @type {string | undefined} */ (res.getHeader("Content-Security-Policy")) ?? null;
    const handle = async () => {
      if (waiting) {
        const shared = await waiting.catch(() => null);
        if (shared) return serve(req, res, shared, "hit");
      }
      let sent = false;
      const fresh = await renderOnce(key, toRequest(req, res), loadContext(req, res), csp, async (response) => {
        sent = true;
        await send(res, response);
      });
      if (fresh) return serve(req, res, fresh, "miss");
      onOutcome("pass");
      if (!sent) next();
    };
    handle().catch(next);
  };
  middleware.serveEarly = serveEarly;
  return middleware;
}
