import { describe, expect, it } from "vitest";
import {
  maxBodyOf,
  checkRequest,
  checkSameOrigin,
  requestTarget,
  MAX_REQUEST_BODY_BYTES,
  type GuardPolicy,
  type GuardRequest,
} from "./request-guard";

const SHOP = "https://shop.example.com";
const production: GuardPolicy = {
  enforceHosts: true,
  allowedHosts: ["shop.example.com", "pro.example.com"],
  siteOrigin: SHOP,
};
const development: GuardPolicy = {
  enforceHosts: false,
  allowedHosts: ["localhost:3000"],
  siteOrigin: "http://localhost:3000",
};

function post(headers: GuardRequest["headers"] = {}, overrides: Partial<GuardRequest> = {}): GuardRequest {
  return {
    method: "POST",
    host: "shop.example.com",
    origin: "http://shop.example.com",
    pathname: "/cart",
    headers: { contentType: "application/x-www-form-urlencoded", contentLength: "10", ...headers },
    ...overrides,
  };
}

const sameOrigin = { origin: SHOP, secFetchSite: "same-origin", cookie: "__session=abc" };

describe("same-origin guard (docs/rules.md 'Same-origin guard')", () => {
  it("lets a same-origin browser post through", () => {
    expect(checkRequest(post(sameOrigin), production)).toBeNull();
    // Older browsers send Origin without Sec-Fetch-Site.
    expect(checkRequest(post({ origin: SHOP, cookie: "a=b" }), production)).toBeNull();
  });

  it("refuses another origin by its Origin header, 403", () => {
    for (const origin of [
      "https://evil.test",
      "http://shop.example.com",
      "https://shop.example.com:8443",
      "null",
      "garbage",
    ]) {
      expect(checkRequest(post({ origin, cookie: "a=b" }), production)).toMatchObject({
        status: 403,
        code: "CROSS_ORIGIN_REQUEST",
      });
    }
  });

  it("refuses by Sec-Fetch-Site even when Origin is missing or forged to match", () => {
    for (const secFetchSite of ["cross-site", "same-site", "none"]) {
      expect(checkRequest(post({ secFetchSite }), production)?.status).toBe(403);
      expect(checkRequest(post({ secFetchSite, origin: SHOP }), production)?.status).toBe(403);
    }
  });

  it("falls back to the Referer when there is no Origin", () => {
    expect(checkRequest(post({ referer: `${SHOP}/cart?x=1`, cookie: "a=b" }), production)).toBeNull();
    expect(
      checkRequest(post({ referer: "https://evil.test/shop.example.com", cookie: "a=b" }), production)?.status,
    ).toBe(403);
  });

  it("refuses a cookie-bearing post that says nowhere where it comes from", () => {
    expect(checkRequest(post({ cookie: "__session=abc" }), production)).toMatchObject({ status: 403 });
    // No ambient credentials: a server-to-server call passes to the route's own checks.
    expect(checkRequest(post({}), production)).toBeNull();
    expect(checkRequest(post({ cookie: "  " }), production)).toBeNull();
  });

  it("guards every state-changing method, not only POST", () => {
    for (const method of ["PUT", "PATCH", "DELETE", "post"]) {
      expect(checkRequest(post({ origin: "https://evil.test" }, { method }), production)?.status).toBe(403);
    }
  });

  it("leaves GET and HEAD alone and refuses a cross-origin preflight", () => {
    expect(checkRequest(post({ origin: "https://evil.test" }, { method: "GET" }), production)).toBeNull();
    expect(checkRequest(post({ origin: "https://evil.test" }, { method: "HEAD" }), production)).toBeNull();
    expect(checkRequest(post({ origin: "https://evil.test" }, { method: "OPTIONS" }), production)?.status).toBe(403);
    expect(checkRequest(post({ origin: SHOP }, { method: "OPTIONS" }), production)).toBeNull();
  });

  it("outside production also accepts the request's own origin (a developer on 127.0.0.1)", () => {
    const local = post(
      { origin: "http://127.0.0.1:3000", cookie: "a=b" },
      { host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000" },
    );
    expect(checkRequest(local, development)).toBeNull();
    expect(
      checkRequest({ ...local, headers: { ...local.headers, origin: "http://localhost:4000" } }, development)?.status,
    ).toBe(403);
  });

  it("compares whole origins, never prefixes", () => {
    expect(checkSameOrigin(post({ origin: `${SHOP}.evil.test` }), [SHOP])?.status).toBe(403);
    expect(checkSameOrigin(post({ referer: `${SHOP}.evil.test/` }), [SHOP])?.status).toBe(403);
    expect(checkSameOrigin(post({ referer: "javascript:alert(1)", cookie: "a=b" }), [SHOP])?.status).toBe(403);
  });
});

describe("configured hosts (docs/rules.md 'Configured hosts')", () => {
  it("answers 421 in production for a Host that is not configured", () => {
    const get = (host: string, pathname = "/") => checkRequest(post({}, { method: "GET", host, pathname }), production);
    expect(get("shop.example.com")).toBeNull();
    expect(get("SHOP.example.com")).toBeNull();
    expect(get("pro.example.com")).toBeNull();
    expect(get("evil.test")).toMatchObject({ status: 421, code: "UNKNOWN_HOST" });
    expect(get("shop.example.com:8080")?.status).toBe(421);
    expect(get("")?.status).toBe(421);
    // Health probes come by address.
    expect(get("10.0.0.5:3000", "/healthz")).toBeNull();
    // So does a Prometheus scraper (its token is checked by the /metrics route).
    expect(get("10.0.0.5:3000", "/metrics")).toBeNull();
    expect(get("10.0.0.5:3000", "/metrics/")?.status).toBe(421);
    // And readiness probes.
    expect(get("10.0.0.5:3000", "/readyz")).toBeNull();
    expect(get("10.0.0.5:3000", "/readyz/x")?.status).toBe(421);
  });

  it("answers any Host outside production", () => {
    expect(checkRequest(post({}, { method: "GET", host: "evil.test" }), development)).toBeNull();
  });
});

describe("request bodies (docs/rules.md 'Request bodies')", () => {
  it("lets a product's page take an upload's body, and nothing below or beside it", () => {
    expect(maxBodyOf("/admin/products/cku1")).toBe(6 * 1024 * 1024);
    expect(maxBodyOf("/admin/images")).toBe(6 * 1024 * 1024);
    for (const path of ["/admin/products", "/admin/products/", "/admin/products/a/b", "/admin/coverage"]) {
      expect(maxBodyOf(path), path).toBe(MAX_REQUEST_BODY_BYTES);
    }
  });

  it("takes a body of exactly 1 MB and refuses one byte more with 413", () => {
    expect(checkRequest(post({ ...sameOrigin, contentLength: String(MAX_REQUEST_BODY_BYTES) }), production)).toBeNull();
    expect(
      checkRequest(post({ ...sameOrigin, contentLength: String(MAX_REQUEST_BODY_BYTES + 1) }), production),
    ).toMatchObject({ status: 413, code: "PAYLOAD_TOO_LARGE" });
  });

  it("asks for a length when the body is chunked, and refuses a broken length", () => {
    expect(
      checkRequest(post({ ...sameOrigin, contentLength: null, transferEncoding: "chunked" }), production)?.status,
    ).toBe(411);
    for (const contentLength of ["-1", "abc", "1e3", "99999999999999999999"]) {
      expect(checkRequest(post({ ...sameOrigin, contentLength }), production)?.status).toBe(400);
    }
  });

  it("JSON calls take only application/json (415), so a browser must preflight", () => {
    const api = (contentType: string | null) =>
      checkRequest(post({ ...sameOrigin, contentType }, { pathname: "/api/ecom/v1.0/create-cart" }), production);
    expect(api("application/json")).toBeNull();
    expect(api("Application/JSON; charset=utf-8")).toBeNull();
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", null]) {
      expect(api(type)).toMatchObject({ status: 415, code: "UNSUPPORTED_MEDIA_TYPE" });
    }
  });

  it("page actions take only form bodies (415 otherwise)", () => {
    const page = (contentType: string | null) => checkRequest(post({ ...sameOrigin, contentType }), production);
    expect(page("application/x-www-form-urlencoded")).toBeNull();
    expect(page("multipart/form-data; boundary=----x")).toBeNull();
    for (const type of ["text/plain", "application/json", "", null]) expect(page(type)?.status).toBe(415);
  });

  it("lets Shopify's webhook post in: JSON from a server, no cookie and no Origin (docs/rules.md 'Shopify webhooks')", () => {
    const webhook = (headers: GuardRequest["headers"]) =>
      checkRequest(post({ contentLength: "120", ...headers }, { pathname: "/webhooks/shopify" }), production);
    expect(webhook({ contentType: "application/json" })).toBeNull();
    expect(webhook({ contentType: "application/json; charset=utf-8" })).toBeNull();
    for (const type of ["application/x-www-form-urlencoded", "text/plain", null]) {
      expect(webhook({ contentType: type })).toMatchObject({ status: 415 });
    }
    expect(
      webhook({ contentType: "application/json", contentLength: String(MAX_REQUEST_BODY_BYTES + 1) }),
    ).toMatchObject({ status: 413 });
    // A browser's cross-origin post to it is still refused (and its cookies never reach it).
    expect(webhook({ contentType: "application/json", origin: "https://evil.test" })?.status).toBe(403);
  });

  it("checks the origin before the body, so a cross-origin post learns nothing more", () => {
    expect(checkRequest(post({ origin: "https://evil.test", contentType: "text/plain" }), production)?.status).toBe(
      403,
    );
  });
});

describe("request paths (docs/rules.md 'Request paths')", () => {
  const get = (pathname: string) => checkRequest(post({}, { method: "GET", pathname }), production);

  it("answers 400 for a path that is not valid percent-encoding", () => {
    for (const pathname of ["/%FF", "/products/%E0%A4%A", "/%"]) {
      expect(get(pathname)).toMatchObject({ status: 400, code: "BAD_PATH" });
    }
  });

  it("answers 404 for a path that decodes to another host", () => {
    for (const pathname of ["//evil.test", "/%5C", "/%5C%5Cevil.test", "/%2F%2Fevil.test", "/\\evil.test"]) {
      expect(get(pathname)).toMatchObject({ status: 404 });
    }
  });

  it("serves ordinary and non-ASCII paths", () => {
    for (const pathname of ["/", "/products/dog", "/%E2%80%AE", "/caf%C3%A9", "/a/%5C"])
      expect(get(pathname)).toBeNull();
  });
});

describe('request targets (docs/rules.md "Request targets"; RFC 9112 section 3.2)', () => {
  it("keeps an origin-form target as it is", () => {
    expect(requestTarget("/")).toEqual({ path: "/", host: null });
    expect(requestTarget("/faq?x=1")).toEqual({ path: "/faq?x=1", host: null });
  });

  it("reads the host and the path of an absolute-form target", () => {
    expect(requestTarget("http://evil.example/")).toEqual({ path: "/", host: "evil.example" });
    expect(requestTarget("http://evil.example")).toEqual({ path: "/", host: "evil.example" });
    expect(requestTarget("HTTPS://Shop.Example:8443/products?page=2")).toEqual({
      path: "/products?page=2",
      host: "shop.example:8443",
    });
  });

  it("refuses every other form with 400, never an exception", () => {
    for (const target of [
      "*",
      "evil.example:443",
      "evil.example/faq",
      "ftp://evil.example/",
      "http://",
      "http://u:p@a.example/",
      "http://[::1",
    ]) {
      expect(requestTarget(target)).toMatchObject({ status: 400, code: "BAD_REQUEST_TARGET" });
    }
  });
});
