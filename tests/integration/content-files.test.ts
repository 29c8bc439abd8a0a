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
});
