import { describe, expect, it } from "vitest";
import {
  isAlwaysOpen,
  MAINTENANCE_RETRY_AFTER_SECONDS,
  pageSearch,
  siteAccess,
  type SiteAccessState,
} from "./site-access";

const OPEN: SiteAccessState = { maintenance: false, locked: false, registrationPending: false };
const b64 = (path: string) => Buffer.from(path).toString("base64url");
const at = (method: string, path: string, state: Partial<SiteAccessState>) => {
  const [pathname, query] = path.split("?");
  return siteAccess({ method, pathname, search: query === undefined ? "" : `?${query}` }, { ...OPEN, ...state });
};

describe('site access (docs/rules.md "Site access")', () => {
  it("lets everything through while nothing closes the shop", () => {
    for (const path of ["/", "/cart", "/api/ecom/v1.0/get-cart", "/feeds/google.xml", "/products/dog?_data=x"]) {
      expect(at("GET", path, {})).toBeNull();
      expect(at("POST", path, {})).toBeNull();
    }
  });

  it("never closes the build's files, the favicon, the probes, the build manifest or the back office", () => {
    for (const path of [
      "/build/root-ABC.js",
      "/favicon.svg",
      "/healthz",
      "/readyz",
      "/metrics",
      "/builds/latest.json",
    ]) {
      expect(isAlwaysOpen(path)).toBe(true);
    }
    for (const path of ["/admin", "/admin/orders", "/admin/login"]) expect(isAlwaysOpen(path)).toBe(true);
    // The content system's authenticated cache call, and the call that says the shop is locked.
    expect(isAlwaysOpen("/api/delete-cache-item")).toBe(true);
    expect(isAlwaysOpen("/api/cms/v1.0/get-password-protect")).toBe(true);
    // Shopify's webhooks (docs/rules.md "Shopify webhooks"): its servers send no cookie; the route checks the HMAC.
    expect(isAlwaysOpen("/webhooks/shopify")).toBe(true);
    expect(isAlwaysOpen("/webhooks/shopify/extra")).toBe(false);
    for (const path of [
      "/",
      "/build",
      "/builds",
      "/administrator",
      "/api/crypto",
      "/_ipx/w_64/images/a.png",
      "/api/cms/v1.0/get-footer",
      "/api/cms/v1.0/get-password-protect/x",
    ]) {
      expect(isAlwaysOpen(path)).toBe(false);
    }
    const closed = { maintenance: true, locked: true, registrationPending: true };
    expect(at("POST", "/admin/orders", closed)).toBeNull();
    expect(at("GET", "/healthz", closed)).toBeNull();
  });

  it("maintenance: pages and posts go to /maintenance, JSON calls get 503, each with Retry-After", () => {
    const retryAfterSeconds = MAINTENANCE_RETRY_AFTER_SECONDS;
    expect(at("GET", "/products/dog", { maintenance: true })).toEqual({
      kind: "redirect",
      location: "/maintenance",
      status: 302,
      retryAfterSeconds,
    });
    expect(at("POST", "/cart", { maintenance: true })).toMatchObject({ location: "/maintenance", status: 303 });
    expect(at("POST", "/api/ecom/v1.0/create-cart", { maintenance: true })).toMatchObject({
      kind: "refuse",
      status: 503,
      code: "MAINTENANCE",
      retryAfterSeconds,
    });
    expect(at("GET", "/maintenance", { maintenance: true })).toBeNull();
    // Maintenance comes first: the password page is closed too.
    expect(at("GET", "/password-protect", { maintenance: true, locked: true })).toMatchObject({
      location: "/maintenance",
    });
  });

  it("password protection: pages go to the password page and back, JSON calls get 403 SITE_LOCKED", () => {
    expect(at("GET", "/", { locked: true })).toEqual({ kind: "redirect", location: "/password-protect", status: 302 });
    expect(at("GET", "/products/dog?page=2", { locked: true })).toMatchObject({
      location: `/password-protect?redirect=${b64("/products/dog?page=2")}`,
    });
    // A data request comes back to its page, without Remix's _data parameter.
    expect(at("GET", "/products/dog?page=2&_data=routes%2Fproducts.%24", { locked: true })).toMatchObject({
      location: `/password-protect?redirect=${b64("/products/dog?page=2")}`,
      status: 302,
    });
    expect(at("POST", "/checkout?_data=routes%2Fcheckout", { locked: true })).toMatchObject({
      location: `/password-protect?redirect=${b64("/checkout")}`,
      status: 303,
    });
    expect(at("GET", "/feeds/google.xml", { locked: true })).toMatchObject({ kind: "redirect" });
    expect(at("POST", "/api/ecom/v1.0/add-cart-line-items", { locked: true })).toMatchObject({
      kind: "refuse",
      status: 403,
      code: "SITE_LOCKED",
    });
    for (const path of ["/password-protect", "/maintenance"]) {
      expect(at("GET", path, { locked: true })).toBeNull();
      expect(at("POST", path, { locked: true })).toBeNull();
    }
  });

  it("an unregistered member: pages go to registration and back, other JSON calls get 403", () => {
    expect(at("GET", "/products?sort=new", { registrationPending: true })).toEqual({
      kind: "redirect",
      location: `/shelter/register?redirect=${b64("/products?sort=new")}`,
      status: 302,
    });
    expect(at("GET", "/", { registrationPending: true })).toMatchObject({ location: "/shelter/register" });
    expect(at("POST", "/cart?_data=routes%2Fcart", { registrationPending: true })).toMatchObject({ status: 303 });
    expect(at("POST", "/api/ecom/v1.0/create-cart", { registrationPending: true })).toMatchObject({
      status: 403,
      code: "REGISTRATION_REQUIRED",
    });
    for (const path of ["/shelter/register", "/logout", "/api/embedded/join-clinic", "/api/client-errors"]) {
      expect(at("POST", path, { registrationPending: true })).toBeNull();
    }
    // The password comes before registration.
    expect(at("GET", "/cart", { registrationPending: true, locked: true })).toMatchObject({
      location: `/password-protect?redirect=${b64("/cart")}`,
    });
  });

  it("drops only Remix's _data parameter from the page's query", () => {
    expect(pageSearch("")).toBe("");
    expect(pageSearch("?page=2")).toBe("?page=2");
    expect(pageSearch("?_data=routes%2F_index")).toBe("");
    expect(pageSearch("?index&_data=routes%2F_index")).toBe("?index=");
    expect(pageSearch("?a=1&_data=x&b=2")).toBe("?a=1&b=2");
  });
});
