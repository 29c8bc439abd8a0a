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
  const { sessionStorage, setSessionToken } = await import("~/services/session.server");
  const session = await sessionStorage.getSession();
  setSessionToken(session, await identity.createSession(customerId, site));
  const jar = new Jar();
  jar.store(new Response(null, { headers: { "Set-Cookie": await sessionStorage.commitSession(session) } }));
  return jar;
}
