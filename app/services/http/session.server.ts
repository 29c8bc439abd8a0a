// The cookie session (docs/architecture.md "Sessions and cookies"): signed with
// SESSION_SECRET, httpOnly, SameSite=Lax, Secure in production. It carries
// flash notices and the signed-in customer's session token (its record, which
// expires and can be revoked, is the identity provider's).
import { createCookieSessionStorage, type Session } from "@remix-run/node";
import { serverSettings, sessionSettings } from "~/env.server";
import type { PendingLink } from "~/models/identity-link";
import type { Notice } from "~/models/notice";
import { identity } from "~/services/identity/index.server";

/** The session cookie's name. */
export const SESSION_COOKIE_NAME = "__session";

export const sessionStorage = createCookieSessionStorage({
  cookie: {
    name: SESSION_COOKIE_NAME,
    httpOnly: true,
    sameSite: "lax",
    secure: serverSettings.NODE_ENV === "production",
    path: "/",
    secrets: [sessionSettings.SESSION_SECRET],
    maxAge: 60 * 60 * 24 * 30,
  },
});

export type { Notice } from "~/models/notice";

const NOTICE_KEY = "notice";

/** The session of a request. */
export function getSession(request: Request): Promise<Session> {
  return sessionStorage.getSession(request.headers.get("Cookie"));
}

/** Leaves a one-time notice for the next page (shown after a no-JavaScript post redirects). */
export function flashNotice(session: Session, notice: Notice): void {
  session.flash(NOTICE_KEY, notice);
}

/** Takes the pending notice, if any; the caller must commit the session. */
export function takeNotice(session: Session): Notice | null {
  const notice = session.get(NOTICE_KEY) as Notice | undefined;
  return notice && typeof notice.message === "string" ? notice : null;
}

const TOKEN_KEY = "sessionToken";
const resolved = new WeakMap<Request, Promise<SignedIn | null>>();

export interface SignedIn {
  customerId: string;
  firstName: string;
  token: string;
}

/** Methods that only read: the session they carry is not refreshed. */
const READ_METHODS = new Set(["GET", "HEAD"]);

/**
 * The request's signed-in session, from the token in the cookie: null
 * for a guest, and for a token that is unknown, revoked or expired. Read once
 * per request. A state-changing request (an action) slides the token's expiry
 * (docs/rules.md "Session refresh"); a page read never writes.
 */
export function getSignedIn(request: Request): Promise<SignedIn | null> {
  let pending = resolved.get(request);
  if (!pending) {
    pending = (async () => {
      const session = await getSession(request);
      const token: unknown = session.get(TOKEN_KEY);
      if (typeof token !== "string" || !token) return null;
      const info = await identity.resolveSession(token, { refresh: !READ_METHODS.has(request.method) });
      return info ? { customerId: info.customerId, firstName: info.firstName, token } : null;
    })();
    resolved.set(request, pending);
  }
  return pending;
}

/** The signed-in customer's id, or null for a guest. Everything that needs it asks this helper. */
export async function getCustomerId(request: Request): Promise<string | null> {
  return (await getSignedIn(request))?.customerId ?? null;
}

/** True when the cookie carries a token that no longer works (expired or revoked elsewhere). */
export async function hasStaleToken(request: Request): Promise<boolean> {
  const session = await getSession(request);
  return typeof session.get(TOKEN_KEY) === "string" && (await getSignedIn(request)) === null;
}

/** Puts a session token in a session (sign-in). */
export function setSessionToken(session: Session, token: string): void {
  session.set(TOKEN_KEY, token);
}

/** Removes the token from a session (it no longer works). */
export function clearSessionToken(session: Session): void {
  session.unset(TOKEN_KEY);
}

export function sessionTokenOf(session: Session): string | null {
  const token: unknown = session.get(TOKEN_KEY);
  return typeof token === "string" && token ? token : null;
}

const ID_TOKEN_KEY = "oidcIdToken";
const PENDING_LINK_KEY = "oidcPendingLink";

/**
 * Keeps the ID token of an OpenID Connect sign-in, the `id_token_hint` of
 * RP-initiated logout (OpenID Connect RP-Initiated Logout 1.0 section 2).
 */
export function setIdToken(session: Session, idToken: string): void {
  session.set(ID_TOKEN_KEY, idToken);
}

/** The ID token of the session's OpenID Connect sign-in, or null after a password sign-in. */
export function idTokenOf(session: Session): string | null {
  const value: unknown = session.get(ID_TOKEN_KEY);
  return typeof value === "string" && value ? value : null;
}

/** Marks a provider identity as waiting for the customer's password sign-in (docs/rules.md "OpenID identities"). */
export function setPendingLink(session: Session, link: PendingLink): void {
  session.set(PENDING_LINK_KEY, link);
}

/** The pending link as stored (unchecked: `pendingLinkFor` decides whether it applies). */
export function pendingLinkOf(session: Session): unknown {
  return session.get(PENDING_LINK_KEY) ?? null;
}
