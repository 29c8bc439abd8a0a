// Sitemaps and robots.txt (shop-core spec section 2 routes).
import { describe, expect, it } from "vitest";
import { categoryListings } from "./category";
import { commerceFeatures } from "./commerce-features";
import {
  escapeXml,
  parseSitemapPage,
  robotsTxt,
  SITEMAP_LIMITS,
  sitemapFile,
  servedContentPages,
  sitemapPage,
  sitemapUrls,
  sitemapXml,
  type SitemapData,
} from "./sitemap";

const updated = new Date("2025-03-04T05:06:07.000Z");

const data: SitemapData = {
  categories: categoryListings("DTC").filter((c) => c.path === "/products/dog" || c.path === "/products/dog/dry"),
  // As the provider orders them: by species, then title.
  products: [
    { title: "Kitten Tuna", species: "cat", path: "/products/science-diet/kitten-tuna/tuna/3.5lb" },
    {
      title: "Adult Chicken",
      species: "dog",
      path: "/products/science-diet/adult-chicken/chicken/15lb",
      updatedAt: updated,
    },
  ],
  pages: [
    { slug: "shipping", title: "Shipping", updatedAt: updated },
    { slug: "faq", title: "FAQ", updatedAt: "2025-01-01T00:00:00.000Z" },
    // Taken by the shop's own routes or not a slug: never listed.
    { slug: "contact-us", title: "Contact", updatedAt: updated },
    { slug: "cart", title: "Cart", updatedAt: updated },
    { slug: "Bad Slug", title: "Bad", updatedAt: updated },
  ],
};

const embedded = commerceFeatures("embedded");

describe("category listings the sitemaps link (shop-core spec section 2; catalogue spec section 3)", () => {
  it("lists species and one-level category pages, treats on DTC only", () => {
    const dtc = categoryListings("DTC").map((c) => c.path);
    const hpsf = categoryListings("HPSF").map((c) => c.path);
    for (const path of [
      "/products/dog",
      "/products/dog/dry",
      "/products/dog/wet",
      "/products/cat",
      "/products/cat/wet",
    ]) {
      expect(dtc).toContain(path);
      expect(hpsf).toContain(path);
    }
    expect(dtc).toContain("/products/dog/treats");
    expect(hpsf.some((path) => path.includes("treats"))).toBe(false);
    expect(dtc.some((path) => path.includes("prescription-diet"))).toBe(false);
    expect(hpsf).toContain("/products/cat/prescription-diet");
    expect(new Set(dtc).size).toBe(dtc.length);
  });

  it("titles each listing as its page does", () => {
    expect(categoryListings("DTC").find((c) => c.path === "/products/dog/dry")?.title).toBe("Dry Dog Food");
    expect(categoryListings("HPSF").find((c) => c.path === "/products/cat")).toMatchObject({
      title: "Cat Food",
      facet: null,
    });
  });
});

describe("sitemap URLs", () => {
  it("lists home, products, categories, products, content pages, Contact Us and /sitemap, each once", () => {
    expect(sitemapUrls(data)).toEqual([
      { path: "/" },
      { path: "/products" },
      { path: "/products/dog" },
      { path: "/products/dog/dry" },
      { path: "/products/science-diet/kitten-tuna/tuna/3.5lb", lastmod: undefined },
      { path: "/products/science-diet/adult-chicken/chicken/15lb", lastmod: updated },
      { path: "/faq", lastmod: "2025-01-01T00:00:00.000Z" },
      { path: "/shipping", lastmod: updated },
      { path: "/contact-us" },
      { path: "/sitemap" },
    ]);
  });

  it("lists only content pages served at /{slug}", () => {
    expect(servedContentPages(data.pages).map((p) => p.slug)).toEqual(["faq", "shipping"]);
  });
});

describe("sitemap.xml", () => {
  it("writes absolute, escaped URLs with lastmod in W3C date-time", () => {
    const xml = sitemapXml("http://localhost:3000", [
      { path: "/" },
      { path: "/products/a&b/<c>", lastmod: updated },
      { path: "/bad-date", lastmod: "not a date" },
    ]);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain("<url><loc>http://localhost:3000/</loc></url>");
    expect(xml).toContain(
      "<url><loc>http://localhost:3000/products/a&amp;b/&lt;c&gt;</loc><lastmod>2025-03-04T05:06:07.000Z</lastmod></url>",
    );
    expect(xml).toContain("<url><loc>http://localhost:3000/bad-date</loc></url>");
    expect(xml.trimEnd().endsWith("</urlset>")).toBe(true);
  });

  it("escapes all five XML special characters", () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe("a&amp;b&lt;c&gt;d&quot;e&apos;f");
  });
});

describe("sitemap files past one file's limits (sitemaps.org: 50,000 URLs, 50 MB)", () => {
  const origin = "https://shop.example";
  const paths = (n: number) => Array.from({ length: n }, (_, i) => ({ path: `/products/p${i}` }));
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

  it("keeps exactly 50,000 URLs in one urlset, and there are no numbered files then", () => {
    const urls = paths(50_000);
    const xml = sitemapFile(origin, urls, null)!;
    expect(xml).toContain("<urlset ");
    expect(xml).not.toContain("<sitemapindex");
    expect(locs(xml)).toHaveLength(50_000);
    expect(xml).toBe(sitemapXml(origin, urls));
    expect(sitemapFile(origin, urls, 1)).toBeNull();
  });

  it("splits 50,001 URLs: /sitemap.xml is an index of two files holding every URL once, in order", () => {
    const urls = paths(50_001);
    const index = sitemapFile(origin, urls, null)!;
    expect(index).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(locs(index)).toEqual([`${origin}/sitemaps/1.xml`, `${origin}/sitemaps/2.xml`]);
    const first = locs(sitemapFile(origin, urls, 1)!);
    const second = locs(sitemapFile(origin, urls, 2)!);
    expect(first).toHaveLength(50_000);
    expect(second).toEqual([`${origin}/products/p50000`]);
    expect([...first, ...second]).toEqual(urls.map((url) => `${origin}${url.path}`));
    expect(sitemapFile(origin, urls, 3)).toBeNull();
  });

  it("splits by size too: no file over the byte limit, measured in UTF-8", () => {
    const urls = [...paths(5), { path: "/caf\u00e9-\u{1f436}" }];
    const oneFile = sitemapFile(origin, urls, null)!;
    const bytes = new TextEncoder().encode(oneFile).length;
    expect(sitemapFile(origin, urls, null, { ...SITEMAP_LIMITS, maxBytes: bytes })).toBe(oneFile);
    const limits = { ...SITEMAP_LIMITS, maxBytes: bytes - 1 };
    expect(locs(sitemapFile(origin, urls, null, limits)!)).toHaveLength(2);
    const last = sitemapFile(origin, urls, 2, limits)!;
    expect(locs(last)).toEqual([`${origin}/caf\u00e9-\u{1f436}`]);
    expect(new TextEncoder().encode(sitemapFile(origin, urls, 1, limits)!).length).toBeLessThanOrEqual(bytes - 1);
  });

  it("reads only /sitemaps/{n}.xml page numbers from 1", () => {
    expect(parseSitemapPage("1.xml")).toBe(1);
    expect(parseSitemapPage("12.xml")).toBe(12);
    for (const bad of [
      "0.xml",
      "01.xml",
      "-1.xml",
      "1",
      "1.xml.gz",
      "a.xml",
      "1e3.xml",
      "9999999.xml",
      "",
      undefined,
    ]) {
      expect(parseSitemapPage(bad)).toBeNull();
    }
  });
});

describe("robots.txt", () => {
  it("allows everything but private, transactional, API, search and image URLs, and names the site's sitemap", () => {
    const text = robotsTxt("http://staff.localhost:3000");
    const lines = text.split("\n");
    expect(lines[0]).toBe("User-agent: *");
    expect(lines).toContain("Allow: /");
    for (const path of ["/account", "/cart", "/checkout", "/api/", "/search", "/shelter/", "/_ipx/"]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain("Sitemap: http://staff.localhost:3000/sitemap.xml");
  });
});

describe("the /sitemap page's sections", () => {
  it("groups products by species, dogs first, and links shop, help and account pages", () => {
    const page = sitemapPage("DTC", data, embedded);
    expect(page.shop).toEqual([
      { label: "All Products", path: "/products" },
      { label: "Dog Food", path: "/products/dog" },
      { label: "Dry Dog Food", path: "/products/dog/dry" },
    ]);
    expect(page.products).toEqual([
      {
        species: "dog",
        heading: "Dog Food",
        links: [{ label: "Adult Chicken", path: "/products/science-diet/adult-chicken/chicken/15lb" }],
      },
      {
        species: "cat",
        heading: "Cat Food",
        links: [{ label: "Kitten Tuna", path: "/products/science-diet/kitten-tuna/tuna/3.5lb" }],
      },
    ]);
    expect(page.help).toEqual([
      { label: "FAQ", path: "/faq" },
      { label: "Shipping", path: "/shipping" },
      { label: "Contact Us", path: "/contact-us" },
    ]);
    expect(page.account.map((l) => l.label)).toEqual(["My Account", "My Orders", "Address Book", "My Subscriptions"]);
  });

  it("names the autoships page per site (catalogue spec section 2 titles)", () => {
    expect(sitemapPage("HPSF", data, embedded).account).toContainEqual({
      label: "My Autoships",
      path: "/account/autoships",
    });
    expect(sitemapPage("DTC", data, embedded).account).toContainEqual({
      label: "My Subscriptions",
      path: "/account/autoships",
    });
    // On Shopify the store's subscription app keeps them (docs/rules.md "Turned off on Shopify").
    expect(sitemapPage("DTC", data, { autoshipEngine: false }).account.map((link) => link.path)).not.toContain(
      "/account/autoships",
    );
  });
});
