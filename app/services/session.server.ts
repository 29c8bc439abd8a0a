// The cookie session (ARCHITECTURE "Requests, sessions, cookies"): signed with
// SESSION_SECRET, httpOnly, SameSite=Lax, Secure in production. It carries
// flash notices now; the accounts issue adds the customer's access token.
import { createCookieSessionStorage, type Session } from "@remix-run/node";
import { env } from "~/env.server";
import type { Notice } from "~/models/notice";

export const sessionStorage = createCookieSessionStorage({
  cookie: {
    name: "__session",
    httpOnly: true,
    sameSite: "lax",
    secure: env.NODE_ENV === "production",
    path: "/",
    secrets: [env.SESSION_SECRET],
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

/**
 * The signed-in customer's id, or null for a guest. Sign-in is the accounts
 * issue's: it stores the id here, and everything that needs it asks this helper.
 */
export async function getCustomerId(request: Request): Promise<string | null> {
  const session = await getSession(request);
  const id: unknown = session.get("customerId");
  return typeof id === "string" && id ? id : null;
}
