// The site-access gate (docs/rules.md "Site access"; docs/security.md "Site access at the
// boundary"): maintenance, password protection and the staff-feeding registration, decided
// once per request by server.js before the page cache, the image optimiser, the static
// files and Remix answer it, so documents, `?_data=` loads, form posts, JSON calls, feeds
// and images are all held alike. The decision is `siteAccess` (app/models/site-access.ts);
// this service gathers what it needs, reading as little as it can: nothing for a path that
// is always open, the content cache for the password, and the session only on the staff
// site for a browser that sends one.
import { siteSettings } from "~/env.server";
import { isAlwaysOpen, siteAccess, type SiteAccessAnswer } from "~/models/site-access";
import type { SiteId } from "~/models/site";
import { sitePolicy } from "~/models/site-policy";
import { isLockedFor, SESSION_COOKIE_NAME, sessionStorage, sessionTokenOf } from "~/services/http/index.server";
import { identity } from "~/services/identity/index.server";
import { siteForHost } from "~/services/site/index.server";
import { staffProgram } from "~/services/staff/index.server";

export type { SiteAccessAnswer } from "~/models/site-access";

/** What server.js hands the gate: the request line and the two headers it reads. */
export interface GateInput {
  method: string;
  /** The Host header, with its port. */
  host: string;
  pathname: string;
  /** The raw query string, "" or starting with "?". */
  search: string;
  cookie: string | null;
}

/** Whether a Cookie header carries the shop's session cookie at all. */
const hasSessionCookie = (cookie: string | null) => cookie !== null && cookie.includes(`${SESSION_COOKIE_NAME}=`);

/**
 * True for a browser signed in to the staff site as a member who has not registered. The
 * session is read without sliding its expiry: the gate only looks (docs/rules.md "Root
 * loader: reads only"); the route that answers slides it as before.
 */
async function registrationPendingFor(site: SiteId, cookie: string | null): Promise<boolean> {
  if (!sitePolicy(site).staffProgram || !hasSessionCookie(cookie)) return false;
  const token = sessionTokenOf(await sessionStorage.getSession(cookie));
  if (!token) return false;
  const session = await identity.resolveSession(token);
  if (!session || session.site !== site) return false;
  return staffProgram.registrationPending(session.customerId);
}

/** Whether the request may go on (null), or the gate's answer instead. */
export async function siteGate(input: GateInput): Promise<SiteAccessAnswer | null> {
  if (isAlwaysOpen(input.pathname)) return null;
  const site = siteForHost(input.host);
  const request = { method: input.method, pathname: input.pathname, search: input.search };
  if (siteSettings.MAINTENANCE_MODE)
    return siteAccess(request, { maintenance: true, locked: false, registrationPending: false });
  const locked = await isLockedFor(site, input.cookie);
  const registrationPending = !locked && (await registrationPendingFor(site, input.cookie));
  return siteAccess(request, { maintenance: false, locked, registrationPending });
}
