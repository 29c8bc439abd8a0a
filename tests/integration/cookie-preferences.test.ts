// /cookie-preferences and the root loader's consent (docs/rules.md "Consent"; docs/api.md):
// the page, the choice as a first-party cookie, the redirect back, malformed posts.
import { beforeAll, describe, expect, it } from "vitest";
import { consentFromCookieHeader, CONSENT_COOKIE_NAME, INITIAL_CONSENT } from "~/models/consent";
import { loader as rootLoader } from "~/root";
import { action, loader } from "~/routes/cookie-preferences";
import { callRoute, formRequest, getRequest, Jar, ORIGIN } from "../helpers/routes";
import { ensureSeeded } from "../helpers/seeded";

beforeAll(async () => {
  await ensureSeeded();
});

const post = (fields: Record<string, string>, jar = new Jar()) =>
  callRoute(action, formRequest("/cookie-preferences", fields, jar), jar);

describe("POST /cookie-preferences", () => {
  it("accept all: the cookie allows every category for about six months, then 303 to the page it came from", async () => {
    const jar = new Jar();
    const answer = await post({ intent: "accept-all", redirectTo: "/products/dog?sort=name" }, jar);
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/products/dog?sort=name");
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    const cookie = answer.headers.get("Set-Cookie")!;
    expect(cookie).toMatch(new RegExp(`^${CONSENT_COOKIE_NAME}=required\\.functional\\.advertising; `));
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain(`Max-Age=${182 * 24 * 60 * 60}`);
    expect(cookie).toContain("SameSite=Lax");
    // The browser's store polls it.
    expect(cookie).not.toMatch(/HttpOnly/i);
    expect(consentFromCookieHeader(jar.header)).toEqual({ required: true, functional: true, advertising: true });
  });

  it("reject all keeps required only; save keeps what was ticked", async () => {
    const rejected = new Jar();
    await post({ intent: "reject-all", redirectTo: "/" }, rejected);
    expect(consentFromCookieHeader(rejected.header)).toEqual({ required: true, functional: false, advertising: false });
    const saved = new Jar();
    await post({ intent: "save", functional: "on" }, saved);
    expect(consentFromCookieHeader(saved.header)).toEqual({ required: true, functional: true, advertising: false });
    const none = new Jar();
    await post({ intent: "save" }, none);
    expect(consentFromCookieHeader(none.header)).toEqual({ required: true, functional: false, advertising: false });
  });

  it("goes back only to a local path: anything else, or nothing, goes home", async () => {
    for (const redirectTo of ["https://evil.example/", "//evil.example", "/\\evil", "javascript:alert(1)", ""]) {
      const answer = await post({ intent: "accept-all", redirectTo });
      expect(answer.status, redirectTo).toBe(303);
      expect(answer.headers.get("Location"), redirectTo).toBe("/");
    }
    expect((await post({ intent: "accept-all" })).headers.get("Location")).toBe("/");
  });

  it("answers the fetcher in JSON, with the cookie and no redirect", async () => {
    const answer = await post({ intent: "save", advertising: "on", reply: "json", redirectTo: "/cart" });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ consent: { required: true, functional: false, advertising: true } });
    expect(answer.headers.get("Set-Cookie")).toMatch(/^shop_consent=required\.advertising;/);
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("refuses an unknown or missing intent with 400 and a message, setting no cookie", async () => {
    for (const fields of [{ intent: "accept-some" }, {}, { intent: "save", functional: "maybe" }] as Record<
      string,
      string
    >[]) {
      const answer = await post(fields);
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(answer.headers.get("Set-Cookie")).toBeNull();
      expect(JSON.stringify(await answer.json())).toContain("Choose Accept all, Reject all or Save choices.");
    }
  });
});

describe("GET /cookie-preferences", () => {
  it("shows the current choice, private, and returns to the same-site page that linked here", async () => {
    const jar = new Jar();
    await post({ intent: "save", functional: "on" }, jar);
    const answer = await callRoute(loader, getRequest("/cookie-preferences", jar, { Referer: `${ORIGIN}/cart?x=1` }));
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await answer.json()).toEqual({
      consent: { required: true, functional: true, advertising: false },
      redirectTo: "/cart?x=1",
    });
    const offSite = await callRoute(
      loader,
      getRequest("/cookie-preferences", new Jar(), { Referer: "https://evil.example/x" }),
    );
    expect(await offSite.json()).toEqual({ consent: INITIAL_CONSENT, redirectTo: "/" });
    const query = await callRoute(loader, getRequest("/cookie-preferences?redirectTo=%2Ffaq"));
    expect((await query.json()).redirectTo).toBe("/faq");
  });
});

describe("the root loader's consent", () => {
  it("is all false before a choice and the cookie's choice after; it lists the configured scripts", async () => {
    const before = await callRoute(rootLoader, getRequest("/"));
    const data = await before.json();
    expect(data.consent).toEqual(INITIAL_CONSENT);
    expect(Array.isArray(data.consentScripts)).toBe(true);
    const jar = new Jar();
    await post({ intent: "reject-all" }, jar);
    const after = await (await callRoute(rootLoader, getRequest("/", jar))).json();
    expect(after.consent).toEqual({ required: true, functional: false, advertising: false });
  });
});
