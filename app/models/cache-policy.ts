// Who may keep a copy of a response (docs/rules.md "Cache policy":
// personalised responses are private, anonymous catalogue and content pages are
// publicly cacheable). One decision for documents and `?_data=` answers alike;
// the inputs are gathered in services/http/cache-policy.server.ts.

/** Personalised or not public: no cache may store it, not even the browser's back/forward copy on disk. */
export const PRIVATE_NO_STORE = "private, no-store";

/**
 * Anonymous catalogue and content pages: any cache may keep them a minute and
 * serve a stale copy for five more while it refetches. A minute bounds how long
 * a price, stock or content change can lag behind (the catalogue snapshot itself
 * lags up to 2 s, content CONTENT_CACHE_SECONDS); the stale window absorbs spikes.
 * `s-maxage` is the shared caches' own figure (the in-process page cache, nginx,
 * a CDN), so an operator can tune it apart from browsers'.
 */
export const PUBLIC_PAGE = "public, max-age=60, s-maxage=60, stale-while-revalidate=300";

/**
 * Files for crawlers (robots.txt, the sitemaps, the product feed): the same for everyone, kept an
 * hour by browsers and crawlers. The in-process page cache keys its copy by the public data
 * version as well (docs/rules.md "Page and image caches"), so a catalogue or content change is
 * served at once; only an outside copy may be up to an hour old.
 */
export const PUBLIC_CRAWLER_FILE = "public, max-age=3600";

/**
 * A permanent redirect of the redirect table (301, 308): browsers and shared caches may keep it an
 * hour. Without a Cache-Control a browser keeps a 301 for good, so a wrong one could never be
 * taken back; with it, a removed or changed redirect reaches every visitor within the hour.
 */
export const PERMANENT_REDIRECT = "public, max-age=3600";

/** A temporary redirect (302, 303, 307): asked again every time, so it can change at once. */
export const TEMPORARY_REDIRECT = "no-store";

/** The Cache-Control of a redirect-table answer (docs/decisions.md "Caches"). */
export function redirectCacheControl(status: number): string {
  return status === 301 || status === 308 ? PERMANENT_REDIRECT : TEMPORARY_REDIRECT;
}

/**
 * The routes whose anonymous answer is the same for every visitor of a site:
 * home, listings and product pages, search, content pages, the HTML sitemap.
 */
export const PUBLIC_PAGE_ROUTES: ReadonlySet<string> = new Set([
  "routes/_index",
  "routes/products.$",
  "routes/search",
  "routes/$slug",
  "routes/sitemap",
]);

export interface CacheFacts {
  /**
   * The answer may differ per visitor: the request carries a session or cart
   * cookie, the response sets a cookie, or the route declared itself private.
   */
  personalised: boolean;
  /** A successful GET of a public page route. */
  publicPage: boolean;
}

/** The Cache-Control value of a page or data answer. Anything not both public and anonymous is private, no-store. */
export function cachePolicy({ personalised, publicPage }: CacheFacts): string {
  return !personalised && publicPage ? PUBLIC_PAGE : PRIVATE_NO_STORE;
}

/** Whether a route's answer is a public page: a public route, a GET or HEAD, status 200. */
export function isPublicPage(input: { routeId: string | null; method: string; status: number }): boolean {
  const method = input.method.toUpperCase();
  return (
    input.routeId !== null &&
    PUBLIC_PAGE_ROUTES.has(input.routeId) &&
    (method === "GET" || method === "HEAD") &&
    input.status === 200
  );
}

/** True when a Cache-Control value a route set asks that the answer not be shared or stored. */
export function declaresPrivate(cacheControl: string | null): boolean {
  return cacheControl !== null && /(^|,)\s*(private|no-store)\s*(,|$|=)/i.test(cacheControl);
}

/** How long a shared cache may serve an answer fresh, then stale while one refetch runs (seconds). */
export interface SharedFreshness {
  freshSeconds: number;
  staleSeconds: number;
}

const directive = (cacheControl: string, name: string): number | null => {
  const match = new RegExp(`(?:^|,)\\s*${name}\\s*=\\s*"?(\\d+)"?\\s*(?:,|$)`, "i").exec(cacheControl);
  return match ? Number(match[1]) : null;
};

/**
 * Whether a shared cache (the in-process page cache in server.js) may keep an answer, and for
 * how long: only a 200 marked `public`, without Set-Cookie and without `private`/`no-store`/
 * `no-cache`; fresh for `s-maxage` (else `max-age`), then stale for `stale-while-revalidate`.
 * Null when it must not be stored.
 */
export function sharedFreshness(input: {
  status: number;
  cacheControl: string | null;
  setsCookie: boolean;
}): SharedFreshness | null {
  const { status, cacheControl, setsCookie } = input;
  if (status !== 200 || setsCookie || !cacheControl) return null;
  if (!/(^|,)\s*public\s*(,|$)/i.test(cacheControl)) return null;
  if (/(^|,)\s*(private|no-store|no-cache)\s*(,|$|=)/i.test(cacheControl)) return null;
  const freshSeconds = directive(cacheControl, "s-maxage") ?? directive(cacheControl, "max-age");
  if (freshSeconds === null || freshSeconds <= 0) return null;
  return { freshSeconds, staleSeconds: directive(cacheControl, "stale-while-revalidate") ?? 0 };
}
