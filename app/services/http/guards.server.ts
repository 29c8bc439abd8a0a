// Route guards on the server (shop-core spec section 2): the login and session
// guard and the redirect lookup, run by the root loader on every navigation and
// by each account loader for its own data. The guards that decide who may see the
// site at all (password, staff registration, maintenance) run earlier, at the server
// boundary, for every kind of request (`siteGate`, app/services/access/).
import { redirect } from "@remix-run/node";
import { prisma } from "~/db.server";
import { redirectCacheControl } from "~/models/cache-policy";
import { loginGuard, referrerPath } from "~/models/guards";
import { encodeRedirect } from "~/models/redirect-param";
import { isShopPath } from "~/models/redirects";
import type { SiteId } from "~/models/site";
import { onPublicDataChange } from "~/services/freshness/index.server";
import { getCustomerId } from "~/services/http/session.server";
import { getSite, publicOrigin } from "~/services/site/index.server";

export const LOGIN_PATH = "/shelter/login";

/** The login page URL that returns to `path` after sign-in (base64 redirect parameter). */
export const loginUrlFor = (path: string) => `${LOGIN_PATH}?redirect=${encodeRedirect(path)}`;

/** The signed-in customer's id; a guest is sent to sign in and back. */
export async function requireCustomer(request: Request): Promise<string> {
  const customerId = await getCustomerId(request);
  if (customerId) return customerId;
  const url = new URL(request.url);
  throw redirect(loginUrlFor(`${url.pathname}${url.search}`));
}

/**
 * Throws the login guard's redirect, if any, for this request. A signed-in staff member who
 * has not registered keeps the register page open (the site-access gate sends them there).
 */
export async function runLoginGuard(request: Request, staff: { registered: boolean } | null = null): Promise<void> {
  const url = new URL(request.url);
  const signedIn = (await getCustomerId(request)) !== null;
  const decision = loginGuard({
    pathname: url.pathname,
    search: url.search,
    signedIn,
    referrer: referrerPath(request.headers.get("Referer"), publicOrigin(getSite(request))),
    registrationPending: staff !== null && !staff.registered,
  });
  if (decision?.kind === "login") throw redirect(loginUrlFor(decision.returnTo));
  if (decision?.kind === "back") throw redirect(decision.to);
}

interface RedirectRow {
  toUrl: string;
  isExternal: boolean;
  status: number;
}

const REDIRECTS_TTL_MS = 30_000;
let cache: { at: number; bySite: Map<string, Map<string, RedirectRow>> } | null = null;

/** The redirect table by site and path, read at most every 30 s (the content issue imports it). */
async function redirectTable(): Promise<Map<string, Map<string, RedirectRow>>> {
  if (cache && Date.now() - cache.at < REDIRECTS_TTL_MS) return cache.bySite;
  const rows = await prisma.redirect.findMany();
  const bySite = new Map<string, Map<string, RedirectRow>>();
  for (const row of rows) {
    // A row in front of the shop's own pages is never applied, however it got into the table.
    if (isShopPath(row.fromPath)) continue;
    const key = row.fromPath.replace(/\/+$/, "") || "/";
    if (!bySite.has(row.site)) bySite.set(row.site, new Map());
    bySite.get(row.site)!.set(key, { toUrl: row.toUrl, isExternal: row.isExternal, status: row.status });
  }
  cache = { at: Date.now(), bySite };
  return bySite;
}

/** Forgets the cached table (after an import). */
export function clearRedirectCache(): void {
  cache = null;
}
// Redirects are content: an import by any process reaches this one's table (docs/rules.md "Processes").
onPublicDataChange((changed) => {
  if (changed.includes("content")) clearRedirectCache();
});

/** The redirect for a path on a site (its own entries first, then "ALL"), or null. */
export async function findRedirect(site: SiteId, pathname: string): Promise<RedirectRow | null> {
  if (isShopPath(pathname)) return null;
  const table = await redirectTable();
  const key = pathname.replace(/\/+$/, "") || "/";
  return table.get(site)?.get(key) ?? table.get("ALL")?.get(key) ?? null;
}

/**
 * The server-driven redirect lookup: an external target sends the browser
 * there, an internal one redirects within the shop. The answer carries the shop's
 * Cache-Control (`redirectCacheControl`), so a permanent redirect can be taken back.
 */
export async function runRedirectLookup(request: Request, site: SiteId): Promise<void> {
  const answer = await redirectLookup(request, site);
  if (answer) throw answer;
}

/** The redirect lookup's answer for a request (a redirect Response), or null when the path has none. */
export async function redirectLookup(request: Request, site: SiteId): Promise<Response | null> {
  const url = new URL(request.url);
  const found = await findRedirect(site, url.pathname);
  if (!found) return null;
  const status = [301, 302, 303, 307, 308].includes(found.status) ? found.status : 301;
  if (!found.isExternal && found.toUrl === url.pathname) return null;
  return redirect(found.toUrl, { status, headers: { "Cache-Control": redirectCacheControl(status) } });
}

/**
 * The redirect lookup on a client navigation (shop-core spec section 2, guard 4: "on every
 * navigation"): the root loader, which runs it for documents, is not asked again on a plain
 * client navigation (docs/rules.md "Root revalidation"), so every `?_data=` load (GET) of a page
 * runs it here, from `handleDataRequest` in app/entry.server.tsx. A load that already redirects
 * (the root's lookup, a guard, a page's own redirect) keeps its answer. Remix turns the redirect
 * into its data answer (204 with X-Remix-Redirect), which the browser follows: within the shop, or
 * to the external address.
 */
export async function redirectLookupForData(request: Request, loaded: Response): Promise<Response | null> {
  if (request.method !== "GET" || loaded.headers.has("X-Remix-Redirect")) return null;
  if (loaded.status >= 300 && loaded.status < 400) return null;
  return redirectLookup(request, getSite(request));
}
