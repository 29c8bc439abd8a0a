import { describe, expect, it } from "vitest";
import { cachePolicy, declaresPrivate, isPublicPage, PRIVATE_NO_STORE, PUBLIC_PAGE } from "./cache-policy";

// docs/rules.md "Cache policy": personalised responses are private, no-store;
// anonymous catalogue and content pages are publicly cacheable.
describe("cachePolicy", () => {
  it("is public only for an anonymous public page", () => {
    expect(cachePolicy({ personalised: false, publicPage: true })).toBe(PUBLIC_PAGE);
    expect(PUBLIC_PAGE).toBe("public, max-age=60, stale-while-revalidate=300");
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
