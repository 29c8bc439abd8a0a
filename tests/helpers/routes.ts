// Calling route loaders and actions in integration tests, with the cookies a
// browser would keep between requests.
import { honeypot } from "~/services/http/honeypot.server";

/** Cookies a browser would keep between requests (route-level integration tests). */
export class Jar {
  private cookies = new Map<string, string>();

  store(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(";");
      const [name, ...value] = pair.split("=");
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(header)) this.cookies.delete(name);
      else this.cookies.set(name, value.join("="));
    }
  }

  get header() {
    return [...this.cookies].map(([n, v]) => `${n}=${v}`).join("; ");
  }

  get(name: string) {
    return this.cookies.get(name);
  }
}

/** A jar holding a signed-in session for the customer (a real session token, as sign-in creates). */
export async function signedInJar(customerId: string, site = "DTC"): Promise<Jar> {
  const { identity } = await import("~/services/identity/index.server");
  const { sessionStorage, setSessionToken } = await import("~/services/http/session.server");
  const session = await sessionStorage.getSession();
  setSessionToken(session, await identity.createSession(customerId, site));
  const jar = new Jar();
  jar.store(new Response(null, { headers: { "Set-Cookie": await sessionStorage.commitSession(session) } }));
  return jar;
}

export const ORIGIN = "http://localhost:3000";

/** A route module's loader or action. */
export type RouteHandler = (args: never) => unknown;

/**
 * Calls a loader or action as Remix would; a thrown Response (redirect, 404,
 * 401) is the answer. The jar keeps the cookies it sets.
 */
export async function callRoute(
  handler: RouteHandler,
  request: Request,
  jar?: Jar,
  options: { params?: Record<string, string>; clientIp?: string } = {},
): Promise<Response> {
  let response: Response;
  try {
    const context = options.clientIp ? { clientIp: options.clientIp } : {};
    response = (await handler({ request, params: options.params ?? {}, context } as never)) as Response;
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    response = thrown;
  }
  jar?.store(response);
  return response;
}

/** A GET with the jar's cookies. */
export const getRequest = (path: string, jar = new Jar(), headers: Record<string, string> = {}) =>
  new Request(`${ORIGIN}${path}`, { headers: { Cookie: jar.header, ...headers } });

/**
 * The honeypot inputs every rendered public form carries (the root loader hands them
 * out): the empty trap field and a "valid from" time a minute in the past.
 */
export function honeypotFields(): Record<string, string> {
  const props = honeypot.getInputProps({ validFromTimestamp: Date.now() - 60_000 });
  return { [props.nameFieldName]: "", [props.validFromFieldName ?? "from__confirm"]: props.encryptedValidFrom };
}

/**
 * A form post, as a browser without JavaScript sends it: the page's honeypot inputs
 * included (`{ honeypot: false }` leaves them out, as a bot might).
 */
export const formRequest = (
  path: string,
  fields: Record<string, string>,
  jar = new Jar(),
  options: { honeypot?: boolean } = {},
) =>
  new Request(`${ORIGIN}${path}`, {
    method: "POST",
    body: new URLSearchParams({ ...(options.honeypot === false ? {} : honeypotFields()), ...fields }),
    headers: { Cookie: jar.header, "Content-Type": "application/x-www-form-urlencoded" },
  });

/** A JSON call; a string body is sent as it is (for malformed-JSON cases). */
export const jsonRequest = (path: string, body: unknown, jar = new Jar(), method = "POST") =>
  new Request(`${ORIGIN}${path}`, {
    method,
    body: method === "POST" ? (typeof body === "string" ? body : JSON.stringify(body)) : undefined,
    headers: { Cookie: jar.header, "Content-Type": "application/json" },
  });

/** The notice flashed into the jar's session, if any. */
export async function flashedNotice(jar: Jar): Promise<{ tone: string; message: string } | undefined> {
  const { sessionStorage } = await import("~/services/http/session.server");
  const session = await sessionStorage.getSession(`__session=${jar.get("__session")}`);
  return session.get("notice") as { tone: string; message: string } | undefined;
}
