import { describe, expect, it } from "vitest";
import { consentScripts, consentSetCookie, readConsent, scriptOrigins } from "./consent.server";

const settings = {
  REVIEWS_SCRIPT_URL: "https://widgets.reviews.example/v2/widget.js",
  ANALYTICS_SCRIPTS: [
    {
      id: "gtm",
      category: "advertising" as const,
      src: "https://www.googletagmanager.com/gtm.js?id=GTM-ABC1",
      removeOnDecline: true,
    },
    {
      id: "gtm-extra",
      category: "advertising" as const,
      src: "https://www.googletagmanager.com/x.js",
      removeOnDecline: false,
    },
  ],
};

describe("the consent service (docs/rules.md 'Consent')", () => {
  it("registers the reviews widget under functional consent, then the analytics scripts under theirs", () => {
    expect(consentScripts(settings)).toEqual([
      { id: "reviews", category: "functional", src: settings.REVIEWS_SCRIPT_URL, removeOnDecline: true },
      ...settings.ANALYTICS_SCRIPTS,
    ]);
    expect(consentScripts({ REVIEWS_SCRIPT_URL: undefined, ANALYTICS_SCRIPTS: [] })).toEqual([]);
  });

  it("gives the CSP exactly the configured scripts' origins, each once", () => {
    expect(scriptOrigins(settings)).toEqual(["https://widgets.reviews.example", "https://www.googletagmanager.com"]);
    expect(scriptOrigins({ REVIEWS_SCRIPT_URL: undefined, ANALYTICS_SCRIPTS: [] })).toEqual([]);
  });

  it("reads the choice from the request's cookie, and no cookie as no choice", () => {
    const request = (cookie?: string) =>
      new Request("http://localhost/", { headers: cookie ? { Cookie: cookie } : {} });
    expect(readConsent(request())).toEqual({ required: false, functional: false, advertising: false });
    expect(readConsent(request("a=1; shop_consent=required.functional; b=2"))).toEqual({
      required: true,
      functional: true,
      advertising: false,
    });
  });

  it("writes a first-party cookie for the whole site for six months, Secure in production, readable by the page", () => {
    const state = { required: true, functional: false, advertising: true };
    expect(consentSetCookie(state, { NODE_ENV: "development" })).toBe(
      "shop_consent=required.advertising; Path=/; Max-Age=15724800; SameSite=Lax",
    );
    const production = consentSetCookie(state, { NODE_ENV: "production" });
    expect(production).toMatch(/; Secure$/);
    expect(production).not.toMatch(/HttpOnly/i);
  });
});
