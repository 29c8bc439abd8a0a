import { flashNotice, getSession, sessionStorage, type Notice } from "~/services/http/session.server";

/** Headers that carry a one-time notice to the next page (a no-JavaScript post's answer). */
export async function commitNotice(request: Request, notice: Notice): Promise<Headers> {
  const session = await getSession(request);
  flashNotice(session, notice);
  return new Headers({ "Set-Cookie": await sessionStorage.commitSession(session) });
}
