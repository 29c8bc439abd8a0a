import { describe, expect, it } from "vitest";
import {
  DEFAULT_BRAND_NAME,
  DEFAULT_SITE,
  DEFAULT_STAFF_HOSTS,
  hostnameOf,
  pageTitle,
  resolveSite,
  siteIdOf,
  storedSite,
  titleSuffix,
} from "./site";

const options = { staffHosts: DEFAULT_STAFF_HOSTS };

describe("site resolution (shop-core spec section 1)", () => {
  it("serves the staff-feeding site HPSF on staff.localhost, with or without a port", () => {
    expect(resolveSite("staff.localhost", options)).toBe("HPSF");
    expect(resolveSite("staff.localhost:3000", options)).toBe("HPSF");
    expect(resolveSite("STAFF.LOCALHOST:3000", options)).toBe("HPSF");
  });

  it("serves the consumer site DTC on every other host", () => {
    expect(resolveSite("localhost:3000", options)).toBe("DTC");
    expect(resolveSite("127.0.0.1", options)).toBe("DTC");
    expect(resolveSite("shop.example.com", options)).toBe("DTC");
    expect(resolveSite("staff.localhost.evil.com", options)).toBe("DTC");
    expect(resolveSite(null, options)).toBe("DTC");
  });

  it("honours configured staff hosts", () => {
    const custom = { staffHosts: ["pro.example.com"] };
    expect(resolveSite("pro.example.com:443", custom)).toBe("HPSF");
    expect(resolveSite("staff.localhost", custom)).toBe("DTC");
  });

  it("lets SITE_ID force one site for every host", () => {
    expect(resolveSite("localhost", { ...options, forcedSite: "HPSF" })).toBe("HPSF");
    expect(resolveSite("staff.localhost", { ...options, forcedSite: "DTC" })).toBe("DTC");
  });

  it("strips ports from IPv6 hosts", () => {
    expect(hostnameOf("[::1]:3000")).toBe("[::1]");
  });
});

describe("stored site ids", () => {
  it("reads a stored site id as itself and anything else as the consumer site", () => {
    expect(DEFAULT_SITE).toBe("DTC");
    expect(storedSite("HPSF")).toBe("HPSF");
    expect(storedSite("DTC")).toBe("DTC");
    expect(storedSite("hpsf")).toBe("DTC");
    expect(storedSite("")).toBe("DTC");
    expect(storedSite("ALL")).toBe("DTC");
  });

  it("refuses anything but a site id where one must be stored", () => {
    expect(siteIdOf("HPSF")).toBe("HPSF");
    expect(siteIdOf("DTC")).toBe("DTC");
    for (const value of ["hpsf", "", "ALL", "__proto__"]) expect(() => siteIdOf(value), value).toThrow();
  });
});

describe("title template (catalogue spec section 2)", () => {
  it("appends the consumer suffix on DTC and 'Pro Staff Feeding' on HPSF", () => {
    expect(pageTitle("DTC", "Shop All Pet Food")).toBe("Shop All Pet Food | Shop Hollowbrook Pet Nutrition");
    expect(pageTitle("HPSF", "Shop All Pet Food")).toBe("Shop All Pet Food | Pro Staff Feeding");
    expect(pageTitle("HPSF")).toBe("Pro Staff Feeding");
  });

  it("names the configured brand on DTC ('Shop {brand} Pet Nutrition'), never on HPSF (docs/decisions.md 'Brand name')", () => {
    expect(pageTitle("DTC", "Cart", "Acme & Co.")).toBe("Cart | Shop Acme & Co. Pet Nutrition");
    expect(pageTitle("DTC", undefined, "Acme")).toBe("Shop Acme Pet Nutrition");
    expect(pageTitle("HPSF", "Cart", "Acme")).toBe("Cart | Pro Staff Feeding");
    expect(titleSuffix("DTC")).toBe(`Shop ${DEFAULT_BRAND_NAME} Pet Nutrition`);
  });
});
