import { describe, expect, it } from "vitest";
import { bannerIsLive, isServable, notFoundContent, parseContentData, pickEntry } from "./content";
import { isSafeUrl, parseInline } from "./content-links";

describe("publish status (catalogue spec section 3)", () => {
  it("serves published entries, drafts only in preview, archived never", () => {
    expect(isServable("published", false)).toBe(true);
    expect(isServable("draft", false)).toBe(false);
    expect(isServable("draft", true)).toBe(true);
    expect(isServable("archived", false)).toBe(false);
    expect(isServable("archived", true)).toBe(false);
    expect(isServable("unknown", true)).toBe(false);
  });

  const entries = [
    { id: "all-published", site: "ALL", status: "published" },
    { id: "dtc-archived", site: "DTC", status: "archived" },
    { id: "hpsf-published", site: "HPSF", status: "published" },
    { id: "hpsf-draft", site: "HPSF", status: "draft" },
  ];

  it("prefers the site's own entry over the shared one", () => {
    expect(pickEntry(entries, "HPSF", false)?.id).toBe("hpsf-published");
  });

  it("falls back to the shared entry when the site's own is archived", () => {
    expect(pickEntry(entries, "DTC", false)?.id).toBe("all-published");
  });

  it("shows the draft over the published version in preview", () => {
    expect(pickEntry(entries, "HPSF", true)?.id).toBe("hpsf-draft");
  });

  it("has nothing to serve when every entry is a draft or archived", () => {
    expect(pickEntry([{ site: "ALL", status: "draft" }], "DTC", false)).toBeNull();
    expect(pickEntry([{ site: "DTC", status: "archived" }], "DTC", true)).toBeNull();
  });
});

describe("content links: only shop paths and http(s) addresses", () => {
  it.each(["/faq", "/products/dog?x=1", "https://example.com/a", "http://example.com"])("accepts %s", (url) => {
    expect(isSafeUrl(url)).toBe(true);
  });
  it.each(["javascript:alert(1)", "data:text/html,x", "//evil.example", "/\\evil", "faq", "mailto:a@b.c"])(
    "refuses %s",
    (url) => {
      expect(isSafeUrl(url)).toBe(false);
    },
  );

  it("refuses an entry whose link is unsafe, naming the field", () => {
    const result = parseContentData("navigation", { items: [{ text: "Bad", url: "javascript:alert(1)" }] });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues[0]).toMatch(/^items\.0\.url:/);
  });

  it("turns [text](url) into links and leaves unsafe ones as text", () => {
    expect(parseInline("See [our FAQ](/faq) or [x](javascript:alert(1)).")).toEqual([
      { text: "See " },
      { text: "our FAQ", url: "/faq" },
      { text: " or " },
      { text: "[x](javascript:alert(1)" },
      { text: ")." },
    ]);
  });
});

describe("404 content (catalogue spec sections 2 and 3)", () => {
  it("uses the spec's defaults when the globals set nothing", () => {
    const content = notFoundContent(null);
    expect(content.title).toBe("404 Error");
    expect(content.cta).toEqual([{ text: "Back To Homepage", url: "/" }]);
    expect(content.image).toBeNull();
  });

  it("takes title, message, image and buttons from the globals", () => {
    const content = notFoundContent({
      site_404_title: "Lost?",
      site_404_message: "Nothing here.",
      site_404_image: { id: "lost-dog" },
      site_404_cta: [{ text: "Shop", url: "/products" }],
    });
    expect(content).toEqual({
      title: "Lost?",
      message: "Nothing here.",
      image: { id: "lost-dog", description: "" },
      cta: [{ text: "Shop", url: "/products" }],
    });
  });
});

describe("sitewide banners show between their start and end", () => {
  const now = new Date("2026-11-22T12:00:00Z");
  it("hides a banner that ended or has not started", () => {
    expect(bannerIsLive({ ends_at: "2026-01-01T00:00:00Z" }, now)).toBe(false);
    expect(bannerIsLive({ starts_at: "2026-12-01T00:00:00Z" }, now)).toBe(false);
    expect(bannerIsLive({ ends_at: "2026-11-22T12:00:00Z" }, now)).toBe(false);
  });
  it("shows an open-ended banner and one inside its window", () => {
    expect(bannerIsLive({}, now)).toBe(true);
    expect(bannerIsLive({ starts_at: "2026-11-01T00:00:00Z", ends_at: "2026-12-01T00:00:00Z" }, now)).toBe(true);
  });
});
