// Who may see the shop at all (docs/rules.md "Site access"; docs/security.md "Site access at
// the boundary"): maintenance, password protection and the staff-feeding registration. One
// decision for every kind of request (a page, a `?_data=` load, a form post, a JSON call, a
// feed, an image), taken by the gate in server.js before anything else answers: a guard that
// only the root loader ran let `?_data=` requests, actions and resource routes through.
import { isAdminPath } from "./admin-path";
import { REGISTER_PATH } from "./guards";
import { encodeRedirect } from "./redirect-param";
import { isJsonApiPath, WEBHOOK_PATHS } from "./request-guard";
import { registrationGuard } from "./staff-program";

/** The password page: while password protection is on, every page sends here first. */
export const PASSWORD_PATH = "/password-protect";
/** The maintenance page: while maintenance is on, every page sends here. */
export const MAINTENANCE_PATH = "/maintenance";
/** How long a client is asked to wait during maintenance before it tries again. */
export const MAINTENANCE_RETRY_AFTER_SECONDS = 300;

/**
 * Paths no site-access guard closes: the build's fingerprinted files (the password and
 * maintenance pages need their script, stylesheet and fonts), the favicon, the probes that
 * load balancers and Prometheus call, the build manifest browsers poll, the content system's
 * cache call (it checks its own secret, and must reach a locked shop to unlock it), the
 * content call that tells a headless client the shop is locked (never the password), the
 * back office, which has its own sign-in, and the platforms' webhooks (`WEBHOOK_PATHS`: Shopify
 * posts from its servers with no cookie, and the route checks its signature).
 */
const ALWAYS_OPEN = new Set([
  "/favicon.svg",
  "/healthz",
  "/readyz",
  "/metrics",
  "/builds/latest.json",
  "/api/delete-cache-item",
]);

export function isAlwaysOpen(pathname: string): boolean {
  return (
    pathname.startsWith("/build/") ||
    ALWAYS_OPEN.has(pathname) ||
    WEBHOOK_PATHS.has(pathname) ||
    /^\/api\/cms\/[^/]+\/get-password-protect$/.test(pathname) ||
    isAdminPath(pathname)
  );
}

/** What the gate knows of a request: its method, path and raw query (`?_data=` included). */
export interface SiteAccessRequest {
  method: string;
  pathname: string;
  /** The raw query string, "" or starting with "?". */
  search: string;
}

/** What closes the shop for this request's visitor. */
export interface SiteAccessState {
  /** Maintenance mode is on (`MAINTENANCE_MODE`). */
  maintenance: boolean;
  /** Password protection is on for the site and this browser has not given the password. */
  locked: boolean;
  /** A signed-in staff-feeding member who has not registered (the staff site only). */
  registrationPending: boolean;
}

export type SiteAccessCode = "MAINTENANCE" | "SITE_LOCKED" | "REGISTRATION_REQUIRED";

/**
 * The gate's answer: send the visitor to a page (for a `?_data=` request server.js turns it
 * into Remix's redirect answer, reloading the document), or refuse a JSON call.
 */
export type SiteAccessAnswer =
  | { kind: "redirect"; location: string; status: 302 | 303; retryAfterSeconds?: number }
  | { kind: "refuse"; status: 403 | 503; code: SiteAccessCode; message: string; retryAfterSeconds?: number };

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The query without Remix's `_data` parameter: the page a `?_data=` request loads for. */
export function pageSearch(search: string): string {
  if (!search.includes("_data")) return search;
  const params = new URLSearchParams(search);
  params.delete("_data");
  const rest = params.toString();
  return rest ? `?${rest}` : "";
}

/** The password page that returns to `path` once the password is given. */
export const passwordUrlFor = (path: string) =>
  path === "/" ? PASSWORD_PATH : `${PASSWORD_PATH}?redirect=${encodeRedirect(path)}`;

/** The registration page that returns to `path` once the member has registered. */
export const registerUrlFor = (path: string) =>
  path === "/" ? REGISTER_PATH : `${REGISTER_PATH}?redirect=${encodeRedirect(path)}`;

/**
 * Whether the request may go on (null), or where it goes instead. In order: maintenance
 * closes everything but its own page (JSON calls get 503 with Retry-After); password
 * protection sends pages to the password page and refuses JSON calls (403 SITE_LOCKED);
 * an unregistered member is sent to registration, their JSON calls other than the
 * registration calls refused (403 REGISTRATION_REQUIRED). A form post is sent with 303.
 */
export function siteAccess(request: SiteAccessRequest, state: SiteAccessState): SiteAccessAnswer | null {
  const { pathname } = request;
  if (isAlwaysOpen(pathname)) return null;
  const api = isJsonApiPath(pathname);
  const redirectStatus = READ_METHODS.has(request.method.toUpperCase()) ? 302 : 303;
  const search = pageSearch(request.search);

  if (state.maintenance && pathname !== MAINTENANCE_PATH) {
    const retryAfterSeconds = MAINTENANCE_RETRY_AFTER_SECONDS;
    if (api) {
      const message = "The shop is down for maintenance. Please try again in a few minutes.";
      return { kind: "refuse", status: 503, code: "MAINTENANCE", message, retryAfterSeconds };
    }
    return { kind: "redirect", location: MAINTENANCE_PATH, status: redirectStatus, retryAfterSeconds };
  }

  if (state.locked && pathname !== PASSWORD_PATH && pathname !== MAINTENANCE_PATH) {
    if (api) {
      const message = "This shop is password protected. Enter the shop's password on its password page first.";
      return { kind: "refuse", status: 403, code: "SITE_LOCKED", message };
    }
    return { kind: "redirect", location: passwordUrlFor(`${pathname}${search}`), status: redirectStatus };
  }

  if (state.registrationPending) {
    const decision = registrationGuard({ pathname, search, signedIn: true, registered: false });
    if (decision?.kind === "refuse") {
      const message = "Finish registering with your clinic or school first.";
      return { kind: "refuse", status: 403, code: "REGISTRATION_REQUIRED", message };
    }
    if (decision) return { kind: "redirect", location: registerUrlFor(decision.returnTo), status: redirectStatus };
  }
  return null;
}
