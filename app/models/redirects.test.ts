import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { confirmedIntents, intentPermissions } from "./admin-intents";
import {
  deleteRedirectQuestion,
  REDIRECT_INTENTS,
  checkRedirect,
  isShopPath,
  MAX_IMPORT_LINES,
  planRedirectImport,
  SHOP_PATHS,
  validateRedirects,
} from "./redirects";

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

describe("the back office's redirect rules (checkRedirect, planRedirectImport)", () => {
  const table = [
    { site: "ALL", fromPath: "/old", toUrl: "/new", isExternal: false, status: 301 },
    { site: "DTC", fromPath: "/dtc-only", toUrl: "https://example.com/x", isExternal: true, status: 302 },
  ];

  it("normalises the source and refuses a query, itself, a duplicate and both ends of a chain", () => {
    const ok = checkRedirect({ site: "HPSF", from: "/a/", to: "/b" }, table);
    expect(ok).toEqual({
      ok: true,
      row: { site: "HPSF", fromPath: "/a", toUrl: "/b", isExternal: false, status: 301 },
    });
    expect(checkRedirect({ site: "DTC", from: "/a?x=1", to: "/b" }, table)).toMatchObject({ ok: false, field: "from" });
    expect(checkRedirect({ site: "DTC", from: "/a", to: "/a/" }, table)).toMatchObject({
      ok: false,
      message: "the redirect points to itself",
    });
    expect(checkRedirect({ site: "ALL", from: "/old/", to: "/x" }, table)).toMatchObject({ ok: false, field: "from" });
    // The same source on another site is a different redirect... unless it would chain.
    expect(checkRedirect({ site: "DTC", from: "/old", to: "/x" }, table).ok).toBe(true);
    // A → /old, and /old → /new: a chain.
    expect(checkRedirect({ site: "DTC", from: "/a", to: "/old?utm=1" }, table)).toMatchObject({
      ok: false,
      field: "to",
    });
    // /new → somewhere, while /old → /new: a chain from the other end.
    expect(checkRedirect({ site: "HPSF", from: "/new", to: "/z" }, table)).toMatchObject({ ok: false, field: "from" });
    // Sites that never meet do not chain.
    expect(checkRedirect({ site: "HPSF", from: "/a", to: "/dtc-only" }, table).ok).toBe(true);
    expect(checkRedirect({ site: "DTC", from: "/a", to: "ftp://x" }, table)).toMatchObject({ ok: false, field: "to" });
    expect(checkRedirect({ site: "DTC", from: "/a", to: "/b", status: 303 }, table)).toMatchObject({
      ok: false,
      field: "status",
    });
    expect(checkRedirect({ site: "DTC", from: "/a", to: "/b", status: 308 }, table).ok).toBe(true);
  });

  it("imports CSV by line: header and comments skipped, duplicates and chains reported per line", () => {
    const plan = planRedirectImport(
      "DTC",
      [
        "from,to,status",
        "/one,/uno",
        "# a comment",
        "",
        "/two,https://example.com/dos,302",
        "/one/,/again",
        "/three,/one",
        '"/four","/cuatro",307',
      ].join("\n"),
      table,
    );
    expect(plan.problems).toEqual([
      { line: 6, message: "/one is already on line 2" },
      { line: 7, message: expect.stringMatching(/^\/one itself redirects to \/uno/) },
    ]);
    expect(plan.rows.map((r) => r.fromPath)).toEqual(["/one", "/two", "/four"]);
    expect(plan.rows[2].status).toBe(307);
    expect(planRedirectImport("DTC", "/a,/b,abc\n/c", []).problems).toEqual([
      { line: 1, message: "the status must be one of 301, 302, 307, 308" },
      { line: 2, message: "write from,to or from,to,status" },
    ]);
    expect(planRedirectImport("DTC", "\n\n", []).problems).toHaveLength(1);
  });

  it("takes exactly MAX_IMPORT_LINES lines, and refuses one more", () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `/p${i},/q${i}`).join("\n");
    expect(planRedirectImport("ALL", lines(MAX_IMPORT_LINES), []).problems).toEqual([]);
    expect(planRedirectImport("ALL", lines(MAX_IMPORT_LINES + 1), []).problems).toEqual([
      { line: MAX_IMPORT_LINES + 1, message: `an import takes at most ${MAX_IMPORT_LINES} redirects` },
    ]);
  });
});

describe("redirects never stand in front of the shop's own pages", () => {
  it("knows the shop's paths in any case, spelling and depth, and nothing beside them", () => {
    for (const shop of [
      "/shelter/login",
      "/shelter/register",
      "/shelter/forgot-password",
      "/shelter/reset-password",
      "/SHELTER/Login",
      "/shelter/login/",
      "/shelter//login",
      "/shelter/log%69n",
      "/shelter/%4Cogin",
      "/account",
      "/account/orders/123",
      "/cart",
      "/checkout",
      "/checkout/confirmation/x",
      "/api/ecom/v1.0/get-cart",
      "/admin",
      "/admin/redirects",
      "/password-protect",
      "/maintenance",
      "/logout",
      "/multipass/token",
      "/auth/oidc/callback",
      "/robots.txt",
      "/sitemap.xml",
      "/",
    ]) {
      expect([shop, isShopPath(shop)]).toEqual([shop, true]);
    }
    for (const open of [
      "/help",
      "/shelter-dogs",
      "/cartoon",
      "/accounts-payable",
      "/products/old-kibble",
      "/%E0%A4%A",
      "/faq",
    ]) {
      expect([open, isShopPath(open)]).toEqual([open, false]);
    }
  });

  it("every route file's path is the shop's own, but for the catalogue's and content's (a new route must be decided)", () => {
    // The routes whose paths redirects exist for: old product and listing URLs, content pages, unknown paths.
    const redirectable = new Set(["$slug.tsx", "$.tsx", "products.$.tsx"]);
    const dir = path.join(import.meta.dirname, "..", "routes");
    const files = fs.readdirSync(dir).filter((file) => /\.tsx?$/.test(file) && !file.includes(".test."));
    expect(files.length).toBeGreaterThan(100);
    const pathOf = (file: string) =>
      "/" +
      file
        .replace(/\.tsx?$/, "")
        .split(/\.(?![^[]*\])/)
        .filter((part) => part !== "_index" && !(part.startsWith("_") && !part.startsWith("_[")))
        .map((part) => part.replace(/_$/, "").replace(/[[\]]/g, "").replace(/^\$.*/, "x"))
        .join("/");
    const uncovered = files.filter((file) => !redirectable.has(file) && !isShopPath(pathOf(file)));
    expect(uncovered, "add each to SHOP_PATHS, or decide it may be redirected").toEqual([]);
    for (const file of redirectable) expect([file, isShopPath(pathOf(file))]).toEqual([file, false]);
    expect(new Set(SHOP_PATHS).size).toBe(SHOP_PATHS.length);
  });

  it("the editor, the CSV import and the content import refuse a source on the shop's pages", () => {
    const message = "/shelter/login is one of the shop's own pages: a redirect may not replace it";
    expect(
      checkRedirect({ site: "ALL", from: "/shelter/login/", to: "https://evil.example/login", status: 301 }, []),
    ).toEqual({
      ok: false,
      field: "from",
      message,
    });
    expect(checkRedirect({ site: "DTC", from: "/Cart", to: "/products/dog" }, [])).toMatchObject({
      ok: false,
      field: "from",
    });
    expect(planRedirectImport("DTC", "/old,/new\n/shelter/login,https://evil.example/login", []).problems).toEqual([
      { line: 2, message },
    ]);
    const { accepted, refused } = validateRedirects([
      { from: "/shelter/login", to: "https://evil.example/login" },
      { from: "/api/ecom/v1.0/get-cart", to: "/x" },
      { from: "/old", to: "/shelter/login" },
    ]);
    expect(refused.map((row) => [row.from, row.reason])).toEqual([
      ["/shelter/login", message],
      [
        "/api/ecom/v1.0/get-cart",
        "/api/ecom/v1.0/get-cart is one of the shop's own pages: a redirect may not replace it",
      ],
    ]);
    // A redirect may still point to one of the shop's pages.
    expect(accepted.map((row) => row.fromPath)).toEqual(["/old"]);
  });
});

describe("the redirects page's actions", () => {
  it("the table whole: every change needs redirects.edit; deleting asks first, naming the effect", () => {
    expect(intentPermissions(REDIRECT_INTENTS)).toEqual({
      save: "redirects.edit",
      delete: "redirects.edit",
      import: "redirects.edit",
    });
    expect(confirmedIntents(REDIRECT_INTENTS)).toEqual(["delete"]);
    expect(deleteRedirectQuestion({ site: "ALL", fromPath: "/old", toUrl: "/new" })).toBe(
      "Delete the redirect /old \u2192 /new on either site? Visitors to /old stop being sent on (they get the shop's page there, or its 404).",
    );
  });
});
