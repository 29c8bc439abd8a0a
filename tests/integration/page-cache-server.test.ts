// The page cache on the production server (docs/rules.md "Page cache", "Cache policy"):
// `node server.js` over the build as a child process on loopback, with a seeded database of
// its own. Real pages: hit, miss and bypass, 304, compressed variants, and no nonce shared.
import crypto from "node:crypto";
import net from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpGet } from "../helpers/http";
import { removeDatabaseFile, seededDatabaseFile, startShopServer, type ShopServer } from "../helpers/shop-server";

let databaseFile = "";
let server: ShopServer | null = null;
let port = 0;

beforeAll(async () => {
  databaseFile = await seededDatabaseFile("page-cache");
  server = await startShopServer(databaseFile, {
    SESSION_SECRET: "page-cache-test-session-secret-".padEnd(64, "0"),
    // Configured consent scripts (docs/rules.md "Consent"): their origins, and only they, join script-src.
    REVIEWS_SCRIPT_URL: "https://reviews.example.com/widget.js",
    ANALYTICS_SCRIPTS: JSON.stringify([
      { id: "gtm", category: "advertising", src: "https://tags.example.net/gtm.js?id=X", removeOnDecline: true },
      { id: "widget2", category: "functional", src: "https://reviews.example.com/extra.js", removeOnDecline: false },
    ]),
  });
  port = server.port;
}, 300_000);

afterAll(() => {
  server?.kill();
  removeDatabaseFile(databaseFile);
});

const get = (pathname: string, headers: Record<string, string> = {}) => httpGet(port, pathname, headers);

const nonceOf = (csp: string) => /'nonce-([^']+)'/.exec(csp)?.[1] ?? null;
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter((m) => !/\ssrc=/.test(m[1])).map((m) => m[2]);

describe("the page cache on the production server (docs/rules.md 'Page cache')", () => {
  it("an anonymous listing: miss, then hits with the same bytes, public with s-maxage", async () => {
    const first = await get("/products/dog?sort=name");
    expect(first.status).toBe(200);
    expect(first.headers["x-page-cache"]).toBe("miss");
    expect(first.headers["cache-control"]).toBe("public, max-age=60, s-maxage=60, stale-while-revalidate=300");
    expect(first.headers.vary).toMatch(/Cookie/);
    const second = await get("/products/dog?sort=name");
    expect(second.headers["x-page-cache"]).toBe("hit");
    expect(second.body.equals(first.body)).toBe(true);
    expect(second.headers.etag).toBe(first.headers.etag);
    // Client navigations' data answers are kept too.
    const data = "/products/dog?sort=name&_data=routes%2Fproducts.%24";
    expect((await get(data)).headers["x-page-cache"]).toBe("miss");
    const dataHit = await get(data);
    expect(dataHit.headers["x-page-cache"]).toBe("hit");
    expect(dataHit.headers["content-type"]).toMatch(/json/);
  });

  it("two visitors of a cached page never share a nonce: none is sent, the CSP lists the page's script hashes", async () => {
    await get("/faq");
    const answers = [await get("/faq"), await get("/faq", { "Accept-Encoding": "br" })];
    for (const answer of answers) {
      expect(answer.headers["x-page-cache"]).toBe("hit");
      const html = (
        answer.headers["content-encoding"] === "br" ? zlib.brotliDecompressSync(answer.body) : answer.body
      ).toString("utf8");
      const csp = answer.headers["content-security-policy"] as string;
      expect(nonceOf(csp)).toBeNull();
      expect(html).not.toMatch(/nonce=/);
      const scripts = inlineScripts(html);
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) {
        const hash = crypto.createHash("sha256").update(script).digest("base64");
        expect(csp).toContain(`'sha256-${hash}'`);
      }
    }
    // A personalised page keeps a nonce of its own per answer.
    const personal = [
      await get("/faq", { Cookie: "col_cart_id=someone" }),
      await get("/faq", { Cookie: "col_cart_id=someone" }),
    ];
    const nonces = personal.map((answer) => nonceOf(answer.headers["content-security-policy"] as string));
    expect(nonces[0]).toBeTruthy();
    expect(nonces[0]).not.toBe(nonces[1]);
    for (const [index, answer] of personal.entries()) {
      expect(answer.body.toString()).toContain(`nonce="${nonces[index]}"`);
    }
  });

  it("a session or cart cookie bypasses the cache and stays private, no-store; an unrelated cookie does not", async () => {
    await get("/products/cat");
    for (const cookie of ["__session=abc", "col_cart_id=xyz", "_ga=GA1.1.5; col_cart_id=xyz"]) {
      const answer = await get("/products/cat", { Cookie: cookie });
      expect(answer.headers["x-page-cache"], cookie).toBe("bypass");
      expect(answer.headers["cache-control"], cookie).toBe("private, no-store");
    }
    const unrelated = await get("/products/cat", { Cookie: "_ga=GA1.1.5; consent=yes" });
    expect(unrelated.headers["x-page-cache"]).toBe("hit");
    expect(unrelated.headers["cache-control"]).toMatch(/^public/);
  });

  it("a hit answered before the rest of the middleware has the miss's security headers and a request id of its own", async () => {
    const miss = await get("/products/dog?sort=price-asc");
    expect(miss.headers["x-page-cache"]).toBe("miss");
    const hits = [await get("/products/dog?sort=price-asc"), await get("/products/dog?sort=price-asc")];
    for (const hit of hits) {
      expect(hit.headers["x-page-cache"]).toBe("hit");
      for (const name of [
        "content-security-policy",
        "x-content-type-options",
        "referrer-policy",
        "x-frame-options",
        "cross-origin-opener-policy",
        "cache-control",
        "vary",
        "content-type",
      ]) {
        expect(hit.headers[name], name).toBe(miss.headers[name]);
      }
      expect(hit.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(new Set([miss, ...hits].map((a) => a.headers["x-request-id"])).size).toBe(3);
    // A request the guard refuses is never answered from the cache.
    const wrongHost = await get("/products/dog?sort=price-asc", { Host: "evil.example" });
    expect(wrongHost.status).toBe(421);
  });

  it("answers that are not public are not kept (a sign-in page, a redirect, a 404)", async () => {
    for (const url of ["/account/login", "/account/dashboard", "/products/no-such-category-anywhere"]) {
      const first = await get(url);
      const again = await get(url);
      expect(again.headers["x-page-cache"], url).toBeUndefined();
      expect(again.status, url).toBe(first.status);
      expect(again.status, url).toBeLessThan(500);
      if (again.status !== 302) expect(again.headers["cache-control"], url).toBe("private, no-store");
    }
  });

  it("If-None-Match answers 304; br and gzip are the stored bytes of the same page", async () => {
    const plain = await get("/");
    const etag = plain.headers.etag!;
    const notModified = await get("/", { "If-None-Match": etag, "Accept-Encoding": "br, gzip" });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    const br = await get("/", { "Accept-Encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    const gz = await get("/", { "Accept-Encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect((await get("/", { "If-None-Match": br.headers.etag! })).status).toBe(304);
  });

  it("a donation category logo: public/ has no such file, so the path falls through to its route (docs/rules.md 'Donations')", async () => {
    const first = await get("/donation-logos/category-3.svg");
    expect(first.status).toBe(200);
    expect(first.headers["content-type"]).toBe("image/svg+xml");
    expect(first.headers["content-security-policy"]).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(first.body.toString()).toContain("<title>Animal-Related</title>");
    const again = await get("/donation-logos/category-3.svg");
    expect(again.body.equals(first.body)).toBe(true);
    expect(again.headers["content-security-policy"]).toBe("default-src 'none'; style-src 'unsafe-inline'");
    const missing = await get("/donation-logos/category-26.svg");
    expect(missing.status).toBe(404);
    expect(missing.headers["content-type"]).toMatch(/^text\/plain/);
  });

  it("the CSP's script-src lists exactly 'self', the configured scripts' origins and the nonce (docs/rules.md 'Consent')", async () => {
    for (const answer of [await get("/account/login"), await get("/faq"), await get("/faq")]) {
      const csp = answer.headers["content-security-policy"] as string;
      const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)![1].split(" ");
      const sources = scriptSrc.filter((source) => !/^'(nonce|sha256)-/.test(source));
      expect(sources).toEqual(["'self'", "https://reviews.example.com", "https://tags.example.net"]);
      // No other directive opens to them.
      expect(csp.replace(/script-src [^;]*/, "")).not.toMatch(/example\.(com|net)/);
    }
  });

  it("a shared copy is never served across consent states: the banner only before a choice (docs/rules.md 'Consent')", async () => {
    const banner = 'aria-label="Cookie consent"';
    const before = [await get("/products/cat?sort=name"), await get("/products/cat?sort=name")];
    expect(before.map((a) => a.headers["x-page-cache"])).toEqual(["miss", "hit"]);
    for (const answer of before) expect(answer.body.toString()).toContain(banner);
    const cookie = { Cookie: "shop_consent=required.functional" };
    const after = [await get("/products/cat?sort=name", cookie), await get("/products/cat?sort=name", cookie)];
    expect(after.map((a) => a.headers["x-page-cache"])).toEqual(["miss", "hit"]);
    for (const answer of after) {
      expect(answer.body.toString()).not.toContain(banner);
      expect(answer.headers["cache-control"]).toMatch(/^public/);
    }
    // No configured script is ever rendered as a tag: only the browser's store adds it, after approval.
    for (const answer of [...before, ...after]) {
      expect(answer.body.toString()).not.toMatch(
        /<script[^>]+src="https:\/\/(reviews\.example\.com|tags\.example\.net)/,
      );
    }
    const again = await get("/products/cat?sort=name");
    expect(again.headers["x-page-cache"]).toBe("hit");
    expect(again.body.toString()).toContain(banner);
  });
});

// docs/rules.md "Catalogue and product pages": what a page needs to be drawn comes first. The
// production server's documents, as a browser gets them (the patches in patches/ included).
describe("what a page needs to be drawn comes first (docs/decisions.md 'Drawing first')", () => {
  for (const pathname of ["/", "/products/dog", "/products/science-diet/adult-dry-dog-food/chicken-barley/15.5lb"]) {
    it(`${pathname}: one stylesheet, both font files preloaded, scripts fetched once it is drawn`, async () => {
      const page = await get(pathname);
      expect(page.status).toBe(200);
      const html = page.body.toString();
      expect(html.match(/<link rel="stylesheet"[^>]*>/g)).toEqual([
        expect.stringMatching(/href="\/build\/_assets\/shop-\w+\.css"/),
      ]);
      const fonts = (html.match(/<link rel="preload"[^>]*as="font"[^>]*>/g) ?? []).map(
        (link) => /nunito-sans-latin-(\d+)-normal/.exec(link)?.[1],
      );
      expect(fonts).toEqual(["400", "700"]);
      // The scripts are fetched once the page is drawn: nothing names them for the browser to
      // fetch while it reads the HTML, and the one script that loads them waits for a frame.
      expect(html).not.toContain('rel="modulepreload"');
      expect(html).not.toContain('type="module"');
      const loader = html.match(/<script[^>]*>\(function\(\)\{function start\(\)[^<]*<\/script>/g) ?? [];
      expect(loader).toHaveLength(1);
      expect(loader[0]).toMatch(/requestAnimationFrame\(function\(\)\{setTimeout\(start\)\}\)/);
      expect(loader[0]).toMatch(/import\("\/build\/entry\.client-\w+\.js"\)/);
    });
  }
});

/** One raw request line and headers on a connection of its own; the answer's status line. */
async function rawStatus(head: string): Promise<string> {
  const socket = net.connect(port, "127.0.0.1");
  let received = "";
  socket.on("data", (chunk: Buffer) => (received += chunk.toString()));
  socket.write(head);
  await new Promise<void>((resolve) => socket.once("close", () => resolve()).once("error", () => resolve()));
  return received.split("\r\n")[0];
}

// docs/rules.md "Request targets": the request line's target as RFC 9112 section 3.2 allows it.
describe("request targets (docs/rules.md 'Request targets')", () => {
  it("an absolute-form target names its host: another host is refused, this one is served; others are 400, never 500", async () => {
    const host = `127.0.0.1:${port}`;
    // The page is cached first, so the page cache's early path sees the absolute target too.
    await get("/faq");
    await get("/faq");
    expect(await rawStatus(`GET http://evil.example/ HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`)).toMatch(
      /^HTTP\/1\.1 421/,
    );
    expect(
      await rawStatus(`GET http://evil.example/faq HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`),
    ).toMatch(/^HTTP\/1\.1 421/);
    expect(await rawStatus(`GET http://${host}/faq HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`)).toMatch(
      /^HTTP\/1\.1 200/,
    );
    for (const target of ["*", "ftp://evil.example/", "evil.example/faq", "http://user:pw@" + host + "/faq"]) {
      const status = await rawStatus(`GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      expect({ target, status }).toEqual({ target, status: expect.stringMatching(/^HTTP\/1\.1 400/) });
    }
    // A target with no path at all: Express's router answers it 404 before any middleware.
    expect(await rawStatus(`GET http:// HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`)).toMatch(
      /^HTTP\/1\.1 4\d\d/,
    );
    expect(await rawStatus(`OPTIONS * HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`)).toMatch(
      /^HTTP\/1\.1 [24]\d\d/,
    );
  });
});
