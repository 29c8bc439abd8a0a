// Who may keep a copy of a response (docs/rules.md "Cache policy":
// personalised responses are private, anonymous catalogue and content pages are
// publicly cacheable). One decision for documents and `?_data=` answers alike;
// the inputs are gathered in services/cache-policy.server.ts.

/** Personalised or not public: no cache may store it, not even the browser's back/forward copy on disk. */
export const PRIVATE_NO_STORE = "private, no-store";

/**
 * Anonymous catalogue and content pages: any cache may keep them a minute and
 * serve a stale copy for five more while it refetches. A minute bounds how long
 * a price, stock or content change can lag behind (the catalogue snapshot itself
 * lags up to 2 s, content CONTENT_CACHE_SECONDS); the stale window absorbs spikes.
 */
export const PUBLIC_PAGE = "public, max-age=60, stale-while-revalidate=300";

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
