import { describe, expect, it } from "vitest";
import { afterSignIn, loginGuard, referrerPath } from "./guards";
import { decodeRedirect, encodeRedirect, isLocalPath, localPathOr } from "./redirect-param";

const guard = (pathname: string, signedIn: boolean, referrer: string | null = null, search = "") =>
  loginGuard({ pathname, search, signedIn, referrer });

describe("login and session guard (shop-core spec section 2)", () => {
  it("sends a guest on any path containing /account to sign in, keeping the path and query", () => {
    expect(guard("/account/orders", false, null, "?after=abc")).toEqual({
      kind: "login",
      returnTo: "/account/orders?after=abc",
    });
    expect(guard("/products/dog", false)).toBeNull();
    expect(guard("/my/account", false)).toEqual({ kind: "login", returnTo: "/my/account" });
  });

  it("leaves /account/login open to guests, and lets signed-in shoppers into the account", () => {
    expect(guard("/account/login", false)).toBeNull();
    expect(guard("/account/dashboard", true)).toBeNull();
  });

  it("sends a signed-in shopper back from the sign-in, register and forgot-password pages", () => {
    expect(guard("/shelter/login", true, "/products/dog")).toEqual({ kind: "back", to: "/products/dog" });
    expect(guard("/shelter/register", true, null)).toEqual({ kind: "back", to: "/" });
    expect(guard("/shelter/forgot-password", true, "/shelter/login")).toEqual({ kind: "back", to: "/" });
    expect(guard("/shelter/reset-password", true)).toBeNull();
  });
});

describe("after sign-in (shop-core spec section 2)", () => {
  it("goes to the redirect parameter, else the previous page, else home", () => {
    expect(afterSignIn({ redirectParam: "/account/orders", previous: "/cart" })).toBe("/account/orders");
    expect(afterSignIn({ redirectParam: null, previous: "/checkout" })).toBe("/checkout");
    expect(afterSignIn({ redirectParam: null, previous: "/shelter/register" })).toBe("/");
    expect(afterSignIn({ redirectParam: "https://evil.example/", previous: null })).toBe("/");
  });

  it("reads a same-origin Referer only", () => {
    expect(referrerPath("http://shop.test/cart?x=1", "http://shop.test")).toBe("/cart?x=1");
    expect(referrerPath("http://evil.test/cart", "http://shop.test")).toBeNull();
    expect(referrerPath("not a url", "http://shop.test")).toBeNull();
  });
});

describe("redirect parameter decoding (shop-core spec section 2: base64)", () => {
  it("round-trips a path and refuses anything that is not a same-origin path", () => {
    expect(decodeRedirect(encodeRedirect("/account/orders?after=x"))).toBe("/account/orders?after=x");
    expect(decodeRedirect(encodeRedirect("//evil.example/x"))).toBeNull();
    expect(decodeRedirect(encodeRedirect("https://evil.example/"))).toBeNull();
    expect(decodeRedirect(encodeRedirect("/\\evil.example"))).toBeNull();
    expect(decodeRedirect(encodeRedirect("/a\nb"))).toBeNull();
    expect(decodeRedirect("")).toBeNull();
    expect(decodeRedirect(null)).toBeNull();
    expect(isLocalPath("/checkout")).toBe(true);
  });
});

describe("local redirect paths (shop-core spec section 2: same-origin only)", () => {
  it("refuses what a Location header cannot carry or a browser reads as another host", () => {
    // Non-ASCII and control characters would make the redirect itself throw (a 500).
    expect(decodeRedirect(encodeRedirect("/日本"))).toBeNull();
    expect(decodeRedirect(encodeRedirect("/a\r\nSet-Cookie: x=1"))).toBeNull();
    expect(decodeRedirect(encodeRedirect("/\u0000"))).toBeNull();
    expect(decodeRedirect(encodeRedirect("javascript:alert(1)"))).toBeNull();
    expect(decodeRedirect("!!!not base64!!!")).toBeNull();
    expect(decodeRedirect("A".repeat(100_000))).toBeNull();
    expect(isLocalPath("/%E6%97%A5?q=%ED%A0%80")).toBe(true);
    expect(isLocalPath("/a b")).toBe(false);
  });

  it("localPathOr falls back for anything but a local path", () => {
    expect(localPathOr(" /cart?x=1 ", "/")).toBe("/cart?x=1");
    expect(localPathOr("//evil.test", "/cart")).toBe("/cart");
    expect(localPathOr("/\\evil.test", "/cart")).toBe("/cart");
    expect(localPathOr("/日本", "/cart")).toBe("/cart");
    expect(localPathOr("/\ud800", "/cart")).toBe("/cart");
    expect(localPathOr(new File(["/cart"], "x"), "/")).toBe("/");
    expect(localPathOr(null, "/")).toBe("/");
  });
});
