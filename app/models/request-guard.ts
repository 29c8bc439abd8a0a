// The trust boundary in front of every request (docs/security.md; docs/rules.md
// "Same-origin guard"): which Host names the shop answers, which requests may
// change state, and which bodies it reads. Pure: server.js hands it the request's
// method, host, path and headers, and answers the refusal it returns.

import { SHOPIFY_WEBHOOK_PATH } from "./shopify-webhook";

/** Largest request body the shop reads (bytes); JSON calls have a lower cap of their own. */
export const MAX_REQUEST_BODY_BYTES = 1024 * 1024;

/**
 * Paths that take a larger body, and how large: the back office's image upload (an image of at
 * most MAX_UPLOAD_BYTES, app/models/content-editor.ts, plus the form around it).
 */
export const LARGE_BODY_PATHS: Readonly<Record<string, number>> = { "/admin/images": 6 * 1024 * 1024 };

/** Paths by pattern that take an image too: the product editor's one save may upload a picture. */
const LARGE_BODY_PATTERNS: readonly (readonly [RegExp, number])[] = [[/^\/admin\/products\/[^/]+$/, 6 * 1024 * 1024]];

/** The largest body a path takes (`LARGE_BODY_PATHS`, its patterns, else MAX_REQUEST_BODY_BYTES). */
export function maxBodyOf(pathname: string): number {
  return (
    LARGE_BODY_PATHS[pathname] ??
    LARGE_BODY_PATTERNS.find(([pattern]) => pattern.test(pathname))?.[1] ??
    MAX_REQUEST_BODY_BYTES
  );
}

/** Methods that never change state; everything else must pass the same-origin check. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Paths answered on any Host: load balancers and orchestrators probe by address, and so does a
 * Prometheus scraper (/metrics checks its own token: docs/rules.md "Metrics need a token in production").
 */
const ANY_HOST_PATHS = new Set(["/healthz", "/readyz", "/metrics"]);

/** Media types a page action reads (HTML forms and Remix fetchers, with or without JavaScript). */
export const FORM_MEDIA_TYPES: ReadonlySet<string> = new Set([
  "application/x-www-form-urlencoded",
  "multipart/form-data",
]);

export interface GuardRequest {
  method: string;
  /** The Host the request was sent to, with its port ("shop.example.com", "localhost:3000"). */
  host: string;
  /** The request's own origin as the server sees it ("http://localhost:3000"). */
  origin: string;
  pathname: string;
  headers: {
    origin?: string | null;
    secFetchSite?: string | null;
    referer?: string | null;
    cookie?: string | null;
    contentType?: string | null;
    contentLength?: string | null;
    transferEncoding?: string | null;
  };
}

export interface GuardPolicy {
  /** Production: a Host that is not configured is refused (421). */
  enforceHosts: boolean;
  /** Hosts the shop answers ("shop.example.com", "localhost:3000"), lower-case. */
  allowedHosts: readonly string[];
  /** The configured public origin of the site this request is for. */
  siteOrigin: string;
}

export interface GuardRefusal {
  status: 400 | 403 | 404 | 411 | 413 | 415 | 421;
  code: string;
  message: string;
}

/** The media type of a Content-Type header, lower-case, without parameters. */
export function mediaType(contentType: string | null | undefined): string {
  return (contentType ?? "").split(";")[0].trim().toLowerCase();
}

/** True for the public JSON API (docs/architecture.md "Forms and the JSON API"). */
export const isJsonApiPath = (pathname: string) => pathname.startsWith("/api/");

/**
 * Where a platform posts signed JSON, server to server (docs/rules.md "Shopify webhooks"): no
 * cookies and no Origin, so the same-origin check lets it through; its body is JSON; the site
 * gate and the per-client mutation limit leave it alone (the route checks the signature).
 */
export const WEBHOOK_PATHS: ReadonlySet<string> = new Set([SHOPIFY_WEBHOOK_PATH]);

function originOf(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

const crossOrigin = (message: string): GuardRefusal => ({ status: 403, code: "CROSS_ORIGIN_REQUEST", message });

/**
 * Where a state-changing request comes from (docs/rules.md "Same-origin guard"):
 * Sec-Fetch-Site must say same-origin when sent; Origin, when sent, must be the
 * site's origin; without Origin, a Referer must be of the site's origin; and a
 * request carrying cookies must say where it comes from at all. A request with no
 * cookies and no origin headers is a server-to-server call with no ambient
 * credentials to abuse, and passes.
 */
export function checkSameOrigin(request: GuardRequest, siteOrigins: readonly string[]): GuardRefusal | null {
  const { origin, secFetchSite, referer, cookie } = request.headers;
  const fetchSite = secFetchSite?.trim().toLowerCase();
  if (fetchSite && fetchSite !== "same-origin") {
    return crossOrigin("This request came from another site and was refused. Reload the page and try again.");
  }
  if (origin) {
    if (siteOrigins.includes(originOf(origin) ?? "")) return null;
    return crossOrigin("This request came from another origin and was refused. Reload the page and try again.");
  }
  if (referer) {
    if (siteOrigins.includes(originOf(referer) ?? "")) return null;
    return crossOrigin("This request came from another page and was refused. Reload the page and try again.");
  }
  if (cookie?.trim()) {
    return crossOrigin("This request did not say where it came from and was refused. Reload the page and try again.");
  }
  return null;
}

/**
 * The request line's target (docs/rules.md "Request targets"; RFC 9112 section 3.2): the
 * origin form ("/path?query") stands as it is; the absolute form ("http://host/path", which
 * clients send to proxies and servers must accept) names the host the request is for, which
 * replaces the Host header (section 3.2.2), and its path and query are the target. Anything
 * else (the asterisk form, the authority form, another scheme, a malformed URL) is no page of
 * ours: 400. Remix and the page cache build a URL from Host and target, and an absolute target
 * there made an invalid one: a 500.
 */
export function requestTarget(target: string): { path: string; host: string | null } | GuardRefusal {
  if (target.startsWith("/")) return { path: target, host: null };
  const refused: GuardRefusal = {
    status: 400,
    code: "BAD_REQUEST_TARGET",
    message: "The request line must name a path on this server.",
  };
  if (!/^https?:\/\//i.test(target)) return refused;
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return refused;
  }
  if (!url.host || url.username || url.password) return refused;
  return { path: `${url.pathname}${url.search}`, host: url.host };
}

/**
 * A path the shop can route (docs/rules.md "Request paths"): it must decode as
 * UTF-8 percent-encoding (400 otherwise), and a path that decodes to start with
 * `//` or `/\` names another host to a browser, so it is no page of ours (404).
 */
export function checkPath(pathname: string): GuardRefusal | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return { status: 400, code: "BAD_PATH", message: "The address is not valid percent-encoding." };
  }
  if (/^\/[\\/]/.test(decoded)) return { status: 404, code: "NOT_FOUND", message: "There is no page at this address." };
  return null;
}

/**
 * The guard's verdict on one request (docs/rules.md "Same-origin guard",
 * "Configured hosts", "Request paths", "Request bodies"), or null to let it
 * through. In order: an unconfigured Host in production (421); a path that does
 * not decode or names another host (400, 404); for state-changing methods, another
 * origin (403); a body of unknown length (411) or over MAX_REQUEST_BODY_BYTES
 * (413); a JSON call whose body is not application/json, or a page action whose
 * body is not a form (415). A cross-origin preflight is refused too (403): the
 * shop never answers CORS, so no other origin may call it with credentials.
 */
export function checkRequest(request: GuardRequest, policy: GuardPolicy): GuardRefusal | null {
  const host = request.host.trim().toLowerCase();
  if (policy.enforceHosts && !ANY_HOST_PATHS.has(request.pathname) && !policy.allowedHosts.includes(host)) {
    return {
      status: 421,
      code: "UNKNOWN_HOST",
      message: "This server does not serve that host name.",
    };
  }
  const badPath = checkPath(request.pathname);
  if (badPath) return badPath;
  const method = request.method.toUpperCase();
  // Outside production the shop also answers on whatever host a developer uses (127.0.0.1, a LAN name).
  const siteOrigins = policy.enforceHosts ? [policy.siteOrigin] : [policy.siteOrigin, request.origin];
  if (method === "OPTIONS") {
    return request.headers.origin ? checkSameOrigin(request, siteOrigins) : null;
  }
  if (SAFE_METHODS.has(method)) return null;

  const refused = checkSameOrigin(request, siteOrigins);
  if (refused) return refused;

  const { contentLength, transferEncoding, contentType } = request.headers;
  const length = contentLength == null || contentLength === "" ? null : Number(contentLength);
  if (length === null && transferEncoding) {
    return { status: 411, code: "LENGTH_REQUIRED", message: "Send the request body with a Content-Length." };
  }
  if (length !== null && !(/^\d+$/.test(contentLength!.trim()) && Number.isSafeInteger(length))) {
    return { status: 400, code: "BAD_CONTENT_LENGTH", message: "The Content-Length header is not a number." };
  }
  const maxBody = maxBodyOf(request.pathname);
  if (length !== null && length > maxBody) {
    return {
      status: 413,
      code: "PAYLOAD_TOO_LARGE",
      message: `The request body is larger than ${maxBody / 1024 / 1024} MB.`,
    };
  }
  const type = mediaType(contentType);
  if (isJsonApiPath(request.pathname) || WEBHOOK_PATHS.has(request.pathname)) {
    if (type !== "application/json") {
      return {
        status: 415,
        code: "UNSUPPORTED_MEDIA_TYPE",
        message: "Send the request body as application/json.",
      };
    }
  } else if (!FORM_MEDIA_TYPES.has(type)) {
    return {
      status: 415,
      code: "UNSUPPORTED_MEDIA_TYPE",
      message: "Send the form as application/x-www-form-urlencoded or multipart/form-data.",
    };
  }
  return null;
}
