// Content pages, the 404 answer, password protection and the redirect import
// (catalogue spec section 2 "404 page"; shop-core spec section 2), against the seeded test database.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.CONTENT_PREVIEW_SECRET = "preview-secret-for-tests-0123";
});

import { prisma } from "~/db.server";
import { content } from "~/services/content/index.server";
import { importRedirects } from "~/services/content/redirects.server";
import { clearRedirectCache, findRedirect } from "~/services/http/guards.server";
import { siteGate } from "~/services/access/index.server";
import { unlock } from "~/services/http/password-protect.server";
import * as contentPage from "~/routes/$slug";
import * as notFound from "~/routes/$";
import * as passwordPage from "~/routes/password-protect";
import * as home from "~/routes/_index";
import { callRoute, formRequest, getRequest, Jar, ORIGIN } from "../helpers/routes";
import { ensureSeeded } from "../helpers/seeded";

const STAFF = "http://staff.localhost:3000";

beforeAll(async () => {
  await ensureSeeded();
  content.clearCache();
});

describe("/{slug} content pages (shop-core spec section 2; bad slugs)", () => {
  const page = (path: string, origin = ORIGIN) =>
    callRoute(contentPage.loader as never, new Request(`${origin}${path}`), undefined, {
      params: { slug: path.slice(1).split("?")[0] },
    });

  it("renders a published page with its blocks; the staff terms title is 'Terms & Conditions'", async () => {
    const response = await page("/faq");
    expect(response.status).toBe(200);
    const data = await response.json();
    expect(data.blocks.length).toBeGreaterThan(0);
    expect(data.preview).toBe(false);
    const terms = await (await page("/terms-and-conditions", STAFF)).json();
    expect(terms.title).toBe("Terms & Conditions");
  });

  it("answers 404 with the page '404' carousels for unknown, draft and archived slugs and bad slugs", async () => {
    for (const path of ["/no-such-page", "/holiday-gift-guide", "/summer-sale", "/Not_A_Slug"]) {
      const response = await page(path);
      expect(response.status, path).toBe(404);
      const body = await response.json();
      expect(body.notFound).toBe(true);
      expect(body.carousels[0].config.page).toBe("404");
      expect(body.carousels[0].products.length).toBeGreaterThan(0);
    }
  });

  it("shows a draft with the preview secret, uncached, and never with a wrong one", async () => {
    const preview = await page("/holiday-gift-guide?preview=preview-secret-for-tests-0123");
    expect(preview.status).toBe(200);
    expect((await preview.json()).preview).toBe(true);
    expect(preview.headers.get("Cache-Control")).toContain("no-store");
    expect((await page("/holiday-gift-guide?preview=guess")).status).toBe(404);
    // Archived stays hidden even in preview.
    expect((await page("/summer-sale?preview=preview-secret-for-tests-0123")).status).toBe(404);
  });

  it("any unmatched path is the 404 answer too (catalogue spec section 2)", async () => {
    const response = await callRoute(notFound.loader as never, getRequest("/a/b/c"));
    expect(response.status).toBe(404);
    expect((await response.json()).carousels.length).toBeGreaterThan(0);
  });

  it("the home page loader composes the content sections in the editor's order", async () => {
    const data = await (await callRoute(home.loader as never, getRequest("/"))).json();
    expect(data.home.sections).toEqual([
      "highlight-content-block",
      "product-carousel",
      "two-column-section",
      "promotion-banners",
    ]);
    expect(data.home.highlight.heading).toBeTruthy();
    expect(data.home.twoColumn.columns).toHaveLength(2);
    expect(data.home.promotions.length).toBeGreaterThan(0);
    expect(Object.keys(data.home.images)).toContain(data.home.hero.image.id);
  });
});

describe("password protection", () => {
  const setEnabled = async (enabled: boolean) => {
    const row = await prisma.contentEntry.findFirstOrThrow({ where: { site: "ALL", type: "password-protect" } });
    await prisma.contentEntry.update({
      where: { id: row.id },
      data: { data: JSON.stringify({ ...JSON.parse(row.data), enabled, password: "pawsome-preview" }) },
    });
    content.clearCache();
  };
  beforeAll(() => setEnabled(true));
  afterAll(() => setEnabled(false));

  /** The site-access gate's answer to a request (server.js asks it before anything else answers). */
  const gate = (path: string, options: { host?: string; cookie?: string; method?: string } = {}) => {
    const [pathname, query] = path.split("?");
    return siteGate({
      method: options.method ?? "GET",
      host: options.host ?? "localhost:3000",
      pathname,
      search: query === undefined ? "" : `?${query}`,
      cookie: options.cookie ?? null,
    });
  };

  it("sends every page to /password-protect first, keeping where it was going", async () => {
    const answer = await gate("/products/dog?page=2");
    expect(answer).toMatchObject({ kind: "redirect", status: 302 });
    const location = answer?.kind === "redirect" ? answer.location : "";
    expect(location).toMatch(/^\/password-protect\?redirect=/);
    expect(Buffer.from(location.split("=")[1], "base64url").toString()).toBe("/products/dog?page=2");
    // The password page itself and the maintenance page stay open.
    expect(await gate("/password-protect")).toBeNull();
    expect(await gate("/maintenance", { host: "staff.localhost:3000" })).toBeNull();
  });

  it("a wrong password is an error beside the field; the right one opens the shop and returns", async () => {
    const jar = new Jar();
    const wrong = await callRoute(
      passwordPage.action as never,
      formRequest("/password-protect", { password: "nope", redirect: "" }),
      jar,
    );
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error.password).toEqual(["That password is not right."]);
    const empty = await callRoute(passwordPage.action as never, formRequest("/password-protect", {}), jar);
    expect((await empty.json()).error.password).toEqual(["Enter the shop's password."]);

    const back = Buffer.from("/faq").toString("base64url");
    const right = await callRoute(
      passwordPage.action as never,
      formRequest("/password-protect", { password: "pawsome-preview", redirect: back }),
      jar,
    );
    expect(right.status).toBe(302);
    expect(right.headers.get("Location")).toBe("/faq");
    const cookie = right.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(/^shop_access=/);
    expect(await gate("/faq", { cookie: cookie.split(";")[0] })).toBeNull();
  });

  it("access granted on one site does not open the other, and changing the password closes it", async () => {
    const cookie = ((await unlock("DTC", "pawsome-preview")) ?? "").split(";")[0];
    expect(await gate("/", { host: "staff.localhost:3000", cookie })).toMatchObject({ location: "/password-protect" });
    expect(await gate("/", { cookie })).toBeNull();
    expect(await unlock("DTC", "pawsome-previeW")).toBeNull();
  });
});

describe("redirect import", () => {
  afterAll(async () => {
    await prisma.redirect.deleteMany({ where: { site: "HPSF" } });
    clearRedirectCache();
  });

  it("stores the valid rows, refuses loops, non-http(s) targets and the shop's own pages, and the guard finds them", async () => {
    const result = await importRedirects(prisma, "HPSF", [
      { from: "/program", to: "/faq" },
      { from: "/loop-a", to: "/loop-b" },
      { from: "/loop-b", to: "/loop-a" },
      { from: "/evil", to: "javascript:alert(1)" },
      { from: "/partner", to: "https://partner.example.com/", status: 302 },
      { from: "/shelter/login", to: "https://evil.example/login" },
    ]);
    expect(result.imported).toBe(2);
    expect(result.refused.map((r) => r.from).sort()).toEqual(["/evil", "/loop-a", "/loop-b", "/shelter/login"]);
    expect(await prisma.redirect.count({ where: { site: "HPSF" } })).toBe(2);
    clearRedirectCache();
    expect(await findRedirect("HPSF", "/program/")).toMatchObject({ toUrl: "/faq", isExternal: false });
    expect(await findRedirect("HPSF", "/partner")).toMatchObject({ isExternal: true, status: 302 });
    expect(await findRedirect("HPSF", "/loop-a")).toBeNull();
    // The seeded shared redirects still apply on the staff site.
    expect(await findRedirect("HPSF", "/help")).toMatchObject({ toUrl: "/faq" });
  });
});
