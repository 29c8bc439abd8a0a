import { describe, expect, it } from "vitest";
import {
  cachePolicy,
  declaresPrivate,
  isPublicPage,
  PRIVATE_NO_STORE,
  PUBLIC_PAGE,
  redirectCacheControl,
  sharedFreshness,
} from "./cache-policy";

// docs/rules.md "Cache policy": personalised responses are private, no-store;
// anonymous catalogue and content pages are publicly cacheable.
describe("cachePolicy", () => {
  it("is public only for an anonymous public page", () => {
    expect(cachePolicy({ personalised: false, publicPage: true })).toBe(PUBLIC_PAGE);
    expect(PUBLIC_PAGE).toBe("public, max-age=60, s-maxage=60, stale-while-revalidate=300");
  });

  it("is private, no-store for anything personalised or not a public page", () => {
    expect(cachePolicy({ personalised: true, publicPage: true })).toBe("private, no-store");
    expect(cachePolicy({ personalised: false, publicPage: false })).toBe(PRIVATE_NO_STORE);
    expect(cachePolicy({ personalised: true, publicPage: false })).toBe(PRIVATE_NO_STORE);
  });
});

describe("isPublicPage", () => {
  it("takes successful GETs of the catalogue and content routes", () => {
    for (const routeId of ["routes/_index", "routes/products.$", "routes/search", "routes/$slug", "routes/sitemap"]) {
      expect(isPublicPage({ routeId, method: "GET", status: 200 }), routeId).toBe(true);
    }
    expect(isPublicPage({ routeId: "routes/products.$", method: "HEAD", status: 200 })).toBe(true);
  });

  it("refuses other routes, other methods and other statuses", () => {
    for (const routeId of [
      "root",
      "routes/cart",
      "routes/checkout",
      "routes/account.dashboard",
      "routes/logout",
      null,
    ]) {
      expect(isPublicPage({ routeId, method: "GET", status: 200 }), String(routeId)).toBe(false);
    }
    expect(isPublicPage({ routeId: "routes/products.$", method: "POST", status: 200 })).toBe(false);
    expect(isPublicPage({ routeId: "routes/products.$", method: "GET", status: 404 })).toBe(false);
  });
});

describe("declaresPrivate", () => {
  it("reads private and no-store, not public or max-age", () => {
    expect(declaresPrivate("private, no-store")).toBe(true);
    expect(declaresPrivate("no-store")).toBe(true);
    expect(declaresPrivate("private, max-age=60")).toBe(true);
    expect(declaresPrivate("public, max-age=60")).toBe(false);
    expect(declaresPrivate(null)).toBe(false);
  });
});

// docs/rules.md "Page cache": what a shared cache may keep, and for how long.
describe("sharedFreshness", () => {
  it("keeps a public 200 for s-maxage (else max-age), then stale for stale-while-revalidate", () => {
    expect(sharedFreshness({ status: 200, cacheControl: PUBLIC_PAGE, setsCookie: false })).toEqual({
      freshSeconds: 60,
      staleSeconds: 300,
    });
    expect(
      sharedFreshness({ status: 200, cacheControl: "public, max-age=10, s-maxage=30", setsCookie: false }),
    ).toEqual({ freshSeconds: 30, staleSeconds: 0 });
    expect(sharedFreshness({ status: 200, cacheControl: "public, max-age=60", setsCookie: false })).toEqual({
      freshSeconds: 60,
      staleSeconds: 0,
    });
  });

  it("keeps nothing private, no-store, no-cache, unlimited, with Set-Cookie or not a 200", () => {
    for (const cacheControl of [
      PRIVATE_NO_STORE,
      "public, no-cache, max-age=60",
      "public, no-store, max-age=60",
      "max-age=60",
      "public",
      "public, s-maxage=0",
      null,
    ]) {
      expect(sharedFreshness({ status: 200, cacheControl, setsCookie: false }), String(cacheControl)).toBeNull();
    }
    expect(sharedFreshness({ status: 200, cacheControl: PUBLIC_PAGE, setsCookie: true })).toBeNull();
    expect(sharedFreshness({ status: 404, cacheControl: PUBLIC_PAGE, setsCookie: false })).toBeNull();
    expect(sharedFreshness({ status: 206, cacheControl: PUBLIC_PAGE, setsCookie: false })).toBeNull();
  });
});

describe("redirectCacheControl", () => {
  it("lets a permanent redirect be kept an hour (so it can be taken back) and never stores a temporary one", () => {
    expect(redirectCacheControl(301)).toBe("public, max-age=3600");
    expect(redirectCacheControl(308)).toBe("public, max-age=3600");
    for (const status of [302, 303, 307]) expect(redirectCacheControl(status)).toBe("no-store");
  });
});
