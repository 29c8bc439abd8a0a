import { flashNotice, getSession, sessionStorage, takeNotice, type Notice } from "~/services/session.server";

/** Headers that carry a one-time notice to the next page (a no-JavaScript post's answer). */
export async function commitNotice(request: Request, notice: Notice): Promise<Headers> {
  const session = await getSession(request);
  flashNotice(session, notice);
  return new Headers({ "Set-Cookie": await sessionStorage.commitSession(session) });
}

/** The pending notice and the Set-Cookie that consumes it (null when there is none). */
export async function readNotice(request: Request): Promise<{ notice: Notice | null; setCookie: string | null }> {
  if (!request.headers.get("Cookie")?.includes("__session")) return { notice: null, setCookie: null };
  const session = await getSession(request);
  const notice = takeNotice(session);
  return { notice, setCookie: notice ? await sessionStorage.commitSession(session) : null };
}
