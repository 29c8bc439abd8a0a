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
