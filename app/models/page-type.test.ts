import { describe, expect, it } from "vitest";
import { pageTypeOf } from "~/models/page-type";

describe("page types (shop-core spec section 2 (page-type labels))", () => {
  it("labels the shop's pages", () => {
    expect(pageTypeOf("/")).toBe("home");
    expect(pageTypeOf("/search")).toBe("search results");
    expect(pageTypeOf("/products")).toBe("product list");
    expect(pageTypeOf("/products/dog/dry")).toBe("category list");
    expect(pageTypeOf("/products/some-handle", true)).toBe("product detail");
    expect(pageTypeOf("/products/some-handle")).toBe("category list");
  });

  it("labels the account pages", () => {
    expect(pageTypeOf("/account/dashboard")).toBe("My Account");
    expect(pageTypeOf("/account/my-profile")).toBe("My Profile");
    expect(pageTypeOf("/account/profile")).toBe("My Profile");
    expect(pageTypeOf("/account/orders")).toBe("My Orders");
    expect(pageTypeOf("/account/orders/abc")).toBe("My Order Details");
    expect(pageTypeOf("/account/autoships")).toBe("My Autoships");
    expect(pageTypeOf("/account/address-book")).toBe("Address Book");
  });

  it("ignores a trailing slash and calls anything else other", () => {
    expect(pageTypeOf("/search/")).toBe("search results");
    expect(pageTypeOf("/account/orders/")).toBe("My Orders");
    expect(pageTypeOf("/faq")).toBe("other");
    expect(pageTypeOf("/account/unknown")).toBe("other");
  });
});
