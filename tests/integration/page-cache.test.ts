// The page cache's own rules (docs/rules.md "Page cache"; server/page-cache.js) with a
// renderer whose answers and clock the test controls: freshness, stale-while-revalidate with
// one refresh, eviction by bytes, the data version in the key, what it refuses to keep.
// tests/integration/page-cache-server.test.ts checks it on the real server.
import crypto from "node:crypto";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { sharedFreshness } from "~/models/cache-policy";
import { consentFromCookieHeader, consentVariant, hasChosen } from "~/models/consent";
import { isPersonalCookieHeader } from "~/services/http/index.server";
// @ts-expect-error plain JavaScript module of the server
import { cspWithHashes, createPageCache, hashInlineScripts } from "../../server/page-cache.js";
import { httpGet } from "../helpers/http";

const PUBLIC = "public, max-age=60, s-maxage=10, stale-while-revalidate=30";
const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

interface Answer {
  status?: number;
  body: string;
  cacheControl?: string;
  headers?: Record<string, string>;
  type?: string;
}

async function start(options: {
  maxBytes?: number;
  answer: (url: string, nonce: string, cookie: string) => Answer;
  /** Answer fresh hits early, as server.js does, before the middleware in front. */
  early?: boolean;
}) {
  let clock = 1_000_000;
  let version = "v1";
  const renders: string[] = [];
  const outcomes: string[] = [];
  let release: (() => void) | null = null;
  let hold = false;
  const app = express();
  app.use((req, res, next) => (options.early && cache.serveEarly(req, res, "early-request") ? undefined : next()));
  app.use((_req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    res.setHeader("Content-Security-Policy", `default-src 'self';script-src 'self' 'nonce-${res.locals.cspNonce}'`);
    next();
  });
  const cache = createPageCache({
    maxBytes: options.maxBytes ?? 1_000_000,
    currentVersion: () => version,
    isPersonal: isPersonalCookieHeader,
    variantOf: (cookie: string | undefined) => consentVariant(consentFromCookieHeader(cookie)),
    freshness: sharedFreshness,
    render: async (request: Request, context: { cspNonce: string }) => {
      renders.push(new URL(request.url).pathname);
      if (hold) await new Promise<void>((resolve) => (release = resolve));
      const answer = options.answer(
        new URL(request.url).pathname,
        context.cspNonce,
        request.headers.get("Cookie") ?? "",
      );
      return new Response(answer.body, {
        status: answer.status ?? 200,
        headers: {
          "Content-Type": answer.type ?? "text/html; charset=utf-8",
          "Cache-Control": answer.cacheControl ?? PUBLIC,
          Vary: "Cookie",
          ...answer.headers,
        },
      });
    },
    loadContext: (_req: express.Request, res: express.Response) => ({ cspNonce: res.locals.cspNonce }),
    onOutcome: (outcome: string) => outcomes.push(outcome),
    now: () => clock,
  });
  app.use(cache);
  app.use((_req, res) => void res.status(599).send("passed on"));
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    renders,
    outcomes,
    tick: (seconds: number) => (clock += seconds * 1000),
    setVersion: (next: string) => (version = next),
    holdRenders: (on: boolean) => (hold = on),
    release: () => release?.(),
    get: (pathname: string, headers: Record<string, string> = {}) => httpGet(port, pathname, headers),
  };
}

const page = (text: string, nonce: string) =>
  `<!doctype html><html><body><p>${text}</p><script nonce="${nonce}">window.x = "${text}";</script></body></html>`;

describe("page cache (docs/rules.md 'Page cache')", () => {
  it("tells each request's outcome once (shop_page_cache_requests_total): hit, stale, miss, pass, bypass", async () => {
    const shop = await start({
      early: true,
      answer: (url, nonce) =>
        url === "/private" ? { body: "mine", cacheControl: "private, no-store" } : { body: page(url, nonce) },
    });
    await shop.get("/a"); // rendered and kept
    await shop.get("/a"); // a fresh copy, answered early
    await shop.get("/private"); // rendered, not shareable
    await shop.get("/a", { Cookie: "__session=abc" }); // personal
    shop.tick(11);
    await shop.get("/a"); // stale, refreshed behind it
    expect(shop.outcomes).toEqual(["miss", "hit", "pass", "bypass", "stale"]);
  });

  it("renders once, then serves the stored copy until s-maxage", async () => {
    const shop = await start({ answer: (url, nonce) => ({ body: page(url, nonce) }) });
    const first = await shop.get("/a");
    expect(first.headers["x-page-cache"]).toBe("miss");
    const second = await shop.get("/a");
    expect(second.headers["x-page-cache"]).toBe("hit");
    expect(second.body.equals(first.body)).toBe(true);
    expect(shop.renders).toEqual(["/a"]);
    // The query is part of the key.
    expect((await shop.get("/a?page=2")).headers["x-page-cache"]).toBe("miss");
  });

  it("serves a stale copy while exactly one background render refreshes it, then the new copy", async () => {
    let text = "old";
    const shop = await start({ answer: (_url, nonce) => ({ body: page(text, nonce) }) });
    await shop.get("/a");
    shop.tick(11); // past s-maxage=10, inside stale-while-revalidate=30
    text = "new";
    shop.holdRenders(true);
    const stale = await Promise.all([shop.get("/a"), shop.get("/a"), shop.get("/a")]);
    for (const answer of stale) {
      expect(answer.headers["x-page-cache"]).toBe("stale");
      expect(answer.body.toString()).toContain("old");
    }
    expect(shop.renders).toEqual(["/a", "/a"]);
    shop.holdRenders(false);
    shop.release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const fresh = await shop.get("/a");
    expect(fresh.headers["x-page-cache"]).toBe("hit");
    expect(fresh.body.toString()).toContain("new");
    // Past the stale window too: rendered again while the visitor waits.
    shop.tick(41);
    expect((await shop.get("/a")).headers["x-page-cache"]).toBe("miss");
  });

  it("keys shared copies by the consent variant: a copy without consent never reaches a visitor with it, nor the reverse (docs/rules.md 'Consent')", async () => {
    const shop = await start({
      answer: (url, nonce, cookie) => {
        const consent = consentFromCookieHeader(cookie);
        const body = hasChosen(consent) ? `chosen ${consentVariant(consent)}` : "banner";
        return { body: page(`${url} ${body}`, nonce) };
      },
    });
    const none = await shop.get("/a");
    expect(none.body.toString()).toContain("banner");
    const all = await shop.get("/a", { Cookie: "shop_consent=required.functional.advertising" });
    expect(all.headers["x-page-cache"]).toBe("miss");
    expect(all.body.toString()).toContain("chosen required.functional.advertising");
    const required = await shop.get("/a", { Cookie: "other=1; shop_consent=required" });
    expect(required.headers["x-page-cache"]).toBe("miss");
    expect(required.body.toString()).toContain("chosen required");
    expect(required.body.toString()).not.toContain("banner");
    // Each variant is then served its own copy; a malformed value is no choice (the banner's copy).
    for (const [cookie, text] of [
      ["", "banner"],
      ["shop_consent=required.functional.advertising", "chosen required.functional.advertising"],
      ["shop_consent=required", "chosen required<"],
      ["shop_consent=bogus", "banner"],
    ]) {
      const answer = await shop.get("/a", cookie ? { Cookie: cookie } : {});
      expect(answer.headers["x-page-cache"], cookie).toBe("hit");
      expect(answer.body.toString(), cookie).toContain(text);
    }
    expect(shop.renders).toEqual(["/a", "/a", "/a"]);
  });

  it("keeps no more bytes than maxBytes: the least recently used page goes", async () => {
    const filler = crypto.randomBytes(3000).toString("base64"); // barely compressible
    const shop = await start({ maxBytes: 35_000, answer: (url, nonce) => ({ body: page(url + filler, nonce) }) });
    for (const name of ["/1", "/2", "/3"]) await shop.get(name);
    await shop.get("/1"); // /1 is now the most recently used
    await shop.get("/4"); // over the budget: /2 goes
    expect((await shop.get("/1")).headers["x-page-cache"]).toBe("hit");
    expect((await shop.get("/2")).headers["x-page-cache"]).toBe("miss");
  });

  it("drops every copy when the data version changes", async () => {
    const shop = await start({ answer: (url, nonce) => ({ body: page(url, nonce) }) });
    await shop.get("/a");
    expect((await shop.get("/a")).headers["x-page-cache"]).toBe("hit");
    shop.setVersion("v2");
    expect((await shop.get("/a")).headers["x-page-cache"]).toBe("miss");
  });

  it("keeps nothing private, with Set-Cookie, or not a 200; personal requests pass by", async () => {
    const shop = await start({
      answer: (url, nonce) =>
        url === "/private"
          ? { body: page(url, nonce), cacheControl: "private, no-store" }
          : url === "/cookie"
            ? { body: page(url, nonce), headers: { "Set-Cookie": "a=1" } }
            : url === "/missing"
              ? { body: page(url, nonce), status: 404 }
              : { body: page(url, nonce) },
    });
    for (const url of ["/private", "/cookie", "/missing"]) {
      const first = await shop.get(url);
      expect(first.headers["x-page-cache"], url).toBeUndefined();
      // Sent as rendered, nonce and all.
      expect(first.body.toString(), url).toContain("nonce=");
      await shop.get(url);
    }
    expect(shop.renders).toEqual(["/private", "/private", "/cookie", "/cookie", "/missing", "/missing"]);
    for (const cookie of ["__session=abc", "col_cart_id=xyz", "_ga=1; shop_access=t"]) {
      const personal = await shop.get("/a", { Cookie: cookie });
      expect(personal.status, cookie).toBe(599);
      expect(personal.headers["x-page-cache"], cookie).toBe("bypass");
    }
    // An unrelated cookie is no reason to skip the cache.
    await shop.get("/a");
    expect((await shop.get("/a", { Cookie: "_ga=GA1.1.1; consent=yes" })).headers["x-page-cache"]).toBe("hit");
  });

  it("answers If-None-Match with 304 for any encoding of the body, and serves br, gzip or identity", async () => {
    const shop = await start({ answer: (url, nonce) => ({ body: page(url.repeat(500), nonce) }) });
    const plain = await shop.get("/a");
    const etag = plain.headers.etag!;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const br = await shop.get("/a", { "Accept-Encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    const gz = await shop.get("/a", { "Accept-Encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(gz.headers.etag).not.toBe(br.headers.etag);
    for (const tag of [etag, br.headers.etag!, `W/${gz.headers.etag}`, `"other", ${etag}`]) {
      const revalidated = await shop.get("/a", { "If-None-Match": tag, "Accept-Encoding": "br" });
      expect(revalidated.status, tag).toBe(304);
      expect(revalidated.body.length).toBe(0);
    }
    expect((await shop.get("/a", { "If-None-Match": '"other"' })).status).toBe(200);
  });

  it("stores documents without a nonce; their CSP lists the hashes of the renderer's scripts only", async () => {
    const shop = await start({
      answer: (url, nonce) => ({
        body: page(url, nonce).replace("</body>", `<script>alert("not ours")</script></body>`),
      }),
    });
    const answers = [await shop.get("/a"), await shop.get("/a"), await shop.get("/a")];
    const ours = crypto.createHash("sha256").update('window.x = "/a";').digest("base64");
    const theirs = crypto.createHash("sha256").update('alert("not ours")').digest("base64");
    for (const answer of answers) {
      expect(answer.body.toString()).not.toContain("nonce");
      const csp = answer.headers["content-security-policy"] as string;
      expect(csp).not.toContain("'nonce-");
      expect(csp).toContain(`'sha256-${ours}'`);
      expect(csp).not.toContain(theirs);
    }
  });
});

describe("hashInlineScripts, cspWithHashes", () => {
  it("hashes nonce'd inline scripts (CRLF read as LF), skips src scripts, strips the nonce", () => {
    const html = `<script nonce="n1">a\r\nb</script><script nonce="n1" src="/x.js"></script><script type="module" nonce="n1" async>import "/y.js";</script>`;
    const { html: stripped, hashes } = hashInlineScripts(html, "n1");
    expect(stripped).not.toContain("n1");
    const hash = (text: string) => `'sha256-${crypto.createHash("sha256").update(text).digest("base64")}'`;
    expect(hashes).toEqual([hash("a\nb"), hash('import "/y.js";')]);
    expect(cspWithHashes("default-src 'self';script-src 'self' 'nonce-n1';style-src 'self'", hashes)).toBe(
      `default-src 'self';script-src 'self' ${hashes.join(" ")};style-src 'self'`,
    );
  });
});
