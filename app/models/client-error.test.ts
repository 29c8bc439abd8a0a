import { describe, expect, it } from "vitest";
import {
  buildClientErrorReport,
  CLIENT_ERROR_LIMITS,
  pathOnly,
  scrubClientErrorReport,
  scrubPersonalData,
} from "./client-error";

describe("scrubPersonalData (docs/rules.md 'Browser error reports')", () => {
  it("replaces email addresses, card and phone numbers, JWTs and URL query strings", () => {
    expect(scrubPersonalData("No account for Ana.Lopez+pets@example.co.uk here")).toBe("No account for [email] here");
    expect(scrubPersonalData("card 4242424242424242 declined")).toBe("card [number] declined");
    expect(scrubPersonalData("card 4242 4242 4242 4242 / 4000-0000-0000-0002")).toBe("card [number] / [number]");
    expect(scrubPersonalData("call 555-123-4567")).toBe("call [phone]");
    expect(scrubPersonalData("bad jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln")).toBe("bad jwt [token]");
    expect(scrubPersonalData("GET http://shop.test/shelter/reset-password?token=abc&email=x failed")).toBe(
      "GET http://shop.test/shelter/reset-password?[redacted] failed",
    );
  });

  it("replaces phone numbers, street addresses and zip codes after a state or 'zip'", () => {
    expect(scrubPersonalData("call (503) 555.0142 or +1 503 555 0142")).toBe("call [phone] or [phone]");
    expect(scrubPersonalData("ship to 42 Elm St. Apt 3 failed")).toBe("ship to [address] Apt 3 failed");
    expect(scrubPersonalData("no rate for 1600 Old Mill Road, Portland, OR 97201-1234")).toBe(
      "no rate for [address], Portland, OR [zip]",
    );
    expect(scrubPersonalData("zip code 97201 is not served")).toBe("zip code [zip] is not served");
  });

  it("keeps what debugging needs: messages, short numbers and stack positions", () => {
    const stack = "TypeError: x is undefined\n    at Cart (http://shop.test/build/routes/cart-ABC123.js:12:3456)";
    expect(scrubPersonalData(stack)).toBe(stack);
    expect(scrubPersonalData("Expected 3 items, got 12345")).toBe("Expected 3 items, got 12345");
  });
});

describe("scrubClientErrorReport", () => {
  it("drops the page's query and fragment and caps every field", () => {
    const report = scrubClientErrorReport({
      kind: "error",
      message: "m".repeat(5000),
      stack: Array.from({ length: 100 }, (_, i) => `    at f${i} (http://shop.test/build/x.js:1:${i})`).join("\n"),
      path: "/shelter/reset-password?token=secret#x",
      userAgent: "u".repeat(1000),
    });
    expect(report.path).toBe("/shelter/reset-password");
    expect(report.message).toHaveLength(CLIENT_ERROR_LIMITS.message);
    expect(report.stack!.split("\n")).toHaveLength(30);
    expect(report.userAgent).toHaveLength(CLIENT_ERROR_LIMITS.userAgent);
  });

  it("pathOnly", () => {
    expect(pathOnly("/a/b?c=d")).toBe("/a/b");
    expect(pathOnly("?x")).toBe("/");
  });
});

describe("buildClientErrorReport (what the browser sends)", () => {
  it("takes an Error's name, message and stack", () => {
    const error = new TypeError("Cannot read properties of undefined (reading 'id') for ana@example.com");
    const report = buildClientErrorReport({ kind: "error", error, pathname: "/cart?x=1", userAgent: "UA" });
    expect(report).toMatchObject({
      kind: "error",
      name: "TypeError",
      message: "Cannot read properties of undefined (reading 'id') for [email]",
      path: "/cart",
      userAgent: "UA",
    });
    expect(report.stack).toContain("TypeError");
  });

  it("describes a rejection with a non-Error reason and an error event without an Error", () => {
    expect(buildClientErrorReport({ kind: "unhandledrejection", error: "nope", pathname: "/" })).toEqual({
      kind: "unhandledrejection",
      message: "nope",
      path: "/",
    });
    expect(buildClientErrorReport({ kind: "unhandledrejection", error: { code: 7 }, pathname: "/" }).message).toBe(
      '{"code":7}',
    );
    expect(
      buildClientErrorReport({ kind: "error", error: null, message: "Script error.", pathname: "/" }).message,
    ).toBe("Script error.");
    expect(buildClientErrorReport({ kind: "unhandledrejection", error: undefined, pathname: "/" }).message).toBe(
      "(no message)",
    );
  });
});
