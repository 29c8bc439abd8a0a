// Sitemaps and robots.txt (shop-core spec section 2 routes).
import { describe, expect, it } from "vitest";
import { categoryListings } from "./category";
import {
  escapeXml,
  robotsTxt,
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
    const page = sitemapPage("DTC", data);
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
    expect(sitemapPage("HPSF", data).account).toContainEqual({ label: "My Autoships", path: "/account/autoships" });
    expect(sitemapPage("DTC", data).account).toContainEqual({ label: "My Subscriptions", path: "/account/autoships" });
  });
});
