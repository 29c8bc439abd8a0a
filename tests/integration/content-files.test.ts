import { describe, expect, it } from "vitest";
import { readContentFiles } from "../../prisma/seed/content";

describe("the content files in the repository (the seed reads them)", () => {
  it("all pass their type's schema", async () => {
    const entries = await readContentFiles();
    expect(entries.length).toBeGreaterThan(40);
  });

  it("give both sites a home, main navigation, footer, globals and the spec's content pages", async () => {
    const entries = await readContentFiles();
    const has = (site: string, type: string, key: string) =>
      entries.some(
        (e) => (e.site === site || e.site === "ALL") && e.type === type && e.key === key && e.status === "published",
      );
    for (const site of ["DTC", "HPSF"]) {
      for (const [type, key] of [
        ["home", "home"],
        ["navigation", "main"],
        ["footer", "footer"],
        ["globals", "globals"],
        ["page", "faq"],
        ["page", "shipping"],
        ["page", "autoship"],
        ["page", "terms-and-conditions"],
      ]) {
        expect(has(site, type, key), `${site} ${type}/${key}`).toBe(true);
      }
    }
    const terms = entries.find((e) => e.site === "HPSF" && e.type === "page" && e.key === "terms-and-conditions");
    // Catalogue spec section 2: the staff title of /terms-and-conditions.
    expect(terms?.title).toBe("Terms & Conditions");
  });

  it('say a promotion once: no announcement links where a promotional banner links (docs/rules.md "Cart on a phone")', async () => {
    const entries = await readContentFiles();
    type Item = { link?: { url: string }; ends_at?: string; tone?: string };
    // Live items only: a banner whose end has passed is not shown.
    const links = (site: string, type: string, tone?: string) =>
      entries
        .filter((e) => e.site === site && e.type === type && e.status === "published")
        .flatMap((e) => (e.data as { items?: Item[] }).items ?? [])
        .filter((i) => !(i.ends_at && Date.parse(i.ends_at) <= Date.now()) && (!tone || i.tone === tone))
        .flatMap((i) => i.link?.url ?? []);
    for (const site of ["DTC", "HPSF"]) {
      const banners = new Set(links(site, "sitewide-banners", "promo"));
      const repeated = links(site, "announcements").filter((url) => banners.has(url));
      expect(repeated, `${site}: the announcement bar repeats a sitewide banner`).toEqual([]);
    }
    // The Cart carousels exist for the empty cart's suggestions on both sites.
    for (const site of ["DTC", "HPSF"]) {
      expect(
        entries.some(
          (e) => e.site === site && e.type === "product-carousel" && (e.data as { page?: string }).page === "cart",
        ),
        site,
      ).toBe(true);
    }
  });
});
