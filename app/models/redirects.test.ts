import { describe, expect, it } from "vitest";
import { validateRedirects } from "./redirects";

describe("redirect import validation", () => {
  it("accepts internal paths and http(s) targets, marking external ones", () => {
    const { accepted, refused } = validateRedirects([
      { from: "/help/", to: "/faq" },
      { from: "/careers", to: "https://careers.example.com/", status: 302 },
    ]);
    expect(refused).toEqual([]);
    expect(accepted).toEqual([
      { fromPath: "/help", toUrl: "/faq", isExternal: false, status: 301 },
      { fromPath: "/careers", toUrl: "https://careers.example.com/", isExternal: true, status: 302 },
    ]);
  });

  it.each([
    ["javascript:alert(1)", "http(s)"],
    ["ftp://files.example.com/x", "http(s)"],
    ["data:text/html,hi", "http(s)"],
    ["faq", "path starting with /"],
    ["//evil.example/x", "path starting with /"],
  ])("refuses the target %s", (to, reason) => {
    const { accepted, refused } = validateRedirects([{ from: "/x", to }]);
    expect(accepted).toEqual([]);
    expect(refused[0].reason).toContain(reason);
  });

  it("refuses a redirect to itself", () => {
    const { accepted, refused } = validateRedirects([{ from: "/a/", to: "/a" }]);
    expect(accepted).toEqual([]);
    expect(refused).toEqual([{ from: "/a/", to: "/a", reason: "the redirect makes a loop" }]);
  });

  it("refuses every redirect of a loop and keeps a chain that ends", () => {
    const { accepted, refused } = validateRedirects([
      { from: "/a", to: "/b" },
      { from: "/b", to: "/c?x=1" },
      { from: "/c", to: "/a" },
      { from: "/d", to: "/e" },
      { from: "/e", to: "/products" },
    ]);
    expect(refused.map((r) => r.from).sort()).toEqual(["/a", "/b", "/c"]);
    expect(accepted.map((r) => r.fromPath)).toEqual(["/d", "/e"]);
  });

  it("refuses malformed sources, duplicate sources and unknown statuses", () => {
    const { accepted, refused } = validateRedirects([
      { from: "old", to: "/new" },
      { from: "/old?x=1", to: "/new" },
      { from: "/dup", to: "/one" },
      { from: "/dup/", to: "/two" },
      { from: "/gone", to: "/new", status: 200 },
    ]);
    expect(accepted.map((r) => r.toUrl)).toEqual(["/one"]);
    expect(refused.map((r) => r.reason)).toEqual([
      "the source must be a path starting with /",
      "the source must be a plain path without query, fragment or spaces",
      "the source is listed twice",
      "the status must be one of 301, 302, 307, 308",
    ]);
  });
});
