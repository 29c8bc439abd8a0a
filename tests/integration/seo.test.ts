// SEO routes and page meta (shop-core spec section 2 routes;
// catalogue spec section 2 "Page titles and descriptions" and "site title template").
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { loader as robotsLoader } from "~/routes/[robots.txt]";
import { loader as sitemapXmlLoader } from "~/routes/[sitemap.xml]";
import { loader as sitemapLoader, meta as sitemapMeta } from "~/routes/sitemap";
import { loader as sitemapFileLoader } from "~/routes/sitemaps.$page";
import { SITEMAP_LIMITS } from "~/models/sitemap";
import { loader as rootLoader } from "~/root";
import { content } from "~/services/content/index.server";
import { loadSitemapFile } from "~/services/storefront/index.server";
import { callRoute, getRequest, ORIGIN } from "../helpers/routes";
import { ensureSeeded } from "../helpers/seeded";

const STAFF = "http://staff.localhost:3000";
type Site = "DTC" | "HPSF";
const ORIGINS: Record<Site, string> = { DTC: ORIGIN, HPSF: STAFF };
const request = (site: Site, path: string) =>
  site === "DTC" ? getRequest(path) : new Request(`${STAFF}${path}`, { headers: { Cookie: "" } });

// Keys of their own, so they never meet the content seed's pages in this worker's database.
const PUBLISHED = "sitemap-test-faq";
const DRAFT = "sitemap-test-draft";
const STAFF_ONLY = "sitemap-test-staff-only";
const pageData = JSON.stringify({
  description: "Answers to common questions.",
  blocks: [{ type: "paragraph", text: "Dogs and cats welcome." }],
});
let publishedAt: Date;

beforeAll(async () => {
  await ensureSeeded();
  const rows = [
    { site: "ALL", key: PUBLISHED, status: "published", title: "FAQ" },
    { site: "ALL", key: DRAFT, status: "draft", title: "Draft Guide" },
    { site: "HPSF", key: STAFF_ONLY, status: "published", title: "Program Rules" },
  ];
  for (const row of rows) {
    const saved = await prisma.contentEntry.upsert({
      where: { site_type_key: { site: row.site, type: "page", key: row.key } },
      create: { ...row, type: "page", data: pageData },
      update: { status: row.status, title: row.title, data: pageData },
    });
    if (row.key === PUBLISHED) publishedAt = saved.updatedAt;
  }
  content.clearCache();
});

afterAll(async () => {
  await prisma.contentEntry.deleteMany({ where: { key: { in: [PUBLISHED, DRAFT, STAFF_ONLY] } } });
  content.clearCache();
});

/** The products sold on a site and the path each one's page is linked at (first in-stock variant). */
async function expectedProductPaths(site: Site): Promise<{ paths: string[]; brands: Set<string> }> {
  const products = await prisma.product.findMany({
    where: site === "HPSF" ? { soldOnHpsf: true } : { soldOnDtc: true },
    select: {
      brand: true,
      variants: { orderBy: { position: "asc" }, select: { url: true, inventory: true } },
    },
  });
  const paths = products.flatMap((p) => {
    const variant = p.variants.find((v) => v.inventory > 0) ?? p.variants[0];
    return variant ? [`/products/${variant.url}`] : [];
  });
  return { paths, brands: new Set(products.map((p) => p.brand)) };
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

describe("GET /sitemap.xml", () => {
  for (const site of ["DTC", "HPSF"] as const) {
    it(`lists ${site}'s pages as absolute URLs on its own origin, as cacheable XML`, async () => {
      const response = await callRoute(sitemapXmlLoader, request(site, "/sitemap.xml"));
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toMatch(/^application\/xml/);
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
      const xml = await response.text();
      expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
      const urls = locs(xml);
      const origin = ORIGINS[site];
      expect(urls.every((url) => url.startsWith(`${origin}/`))).toBe(true);
      expect(new Set(urls).size).toBe(urls.length);
      for (const path of [
        "/",
        "/products",
        "/products/dog",
        "/products/cat",
        "/products/dog/dry",
        "/contact-us",
        "/sitemap",
      ]) {
        expect(urls).toContain(`${origin}${path}`);
      }
      // Private and search pages are not listed.
      expect(urls.some((url) => /\/(account|cart|checkout|search)\b/.test(url))).toBe(false);
    });

    it(`lists every product sold on ${site} at its product page path, and no other`, async () => {
      const xml = await (await callRoute(sitemapXmlLoader, request(site, "/sitemap.xml"))).text();
      const origin = ORIGINS[site];
      const listed = locs(xml)
        .filter((url) => /^\/products\/[^/]+\/[^/]+\/[^/]+\/[^/]+$/.test(url.slice(origin.length)))
        .map((url) => url.slice(origin.length));
      const { paths } = await expectedProductPaths(site);
      expect(paths.length).toBeGreaterThan(0);
      expect(listed.sort()).toEqual([...paths].sort());
      // Each product carries its last change.
      expect(xml).toMatch(/<loc>[^<]*\/products\/[^<]+<\/loc><lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/);
    });
  }

  it("keeps treats off the staff site and Prescription Diet off the consumer site (catalogue spec section 3)", async () => {
    const dtc = locs(await (await callRoute(sitemapXmlLoader, request("DTC", "/sitemap.xml"))).text());
    const hpsf = locs(await (await callRoute(sitemapXmlLoader, request("HPSF", "/sitemap.xml"))).text());
    expect(dtc).toContain(`${ORIGIN}/products/dog/treats`);
    expect(dtc.some((url) => url.startsWith(`${ORIGIN}/products/hills-treats/`))).toBe(true);
    expect(hpsf.some((url) => url.includes("treats"))).toBe(false);
    expect(dtc.some((url) => url.includes("prescription-diet"))).toBe(false);
    expect(hpsf.some((url) => url.startsWith(`${STAFF}/products/prescription-diet/`))).toBe(true);
  });

  it("lists published content pages with their lastmod, never drafts, per site", async () => {
    const dtc = await (await callRoute(sitemapXmlLoader, request("DTC", "/sitemap.xml"))).text();
    const hpsf = await (await callRoute(sitemapXmlLoader, request("HPSF", "/sitemap.xml"))).text();
    expect(dtc).toContain(
      `<url><loc>${ORIGIN}/${PUBLISHED}</loc><lastmod>${publishedAt.toISOString()}</lastmod></url>`,
    );
    expect(hpsf).toContain(`<loc>${STAFF}/${PUBLISHED}</loc>`);
    expect(dtc).not.toContain(DRAFT);
    expect(hpsf).not.toContain(DRAFT);
    expect(hpsf).toContain(`<loc>${STAFF}/${STAFF_ONLY}</loc>`);
    expect(dtc).not.toContain(STAFF_ONLY);
  });
});

describe("sitemap files past one file's limits (sitemaps.org protocol)", () => {
  const sitemapFile = (site: Site, page: string) =>
    callRoute(sitemapFileLoader, request(site, `/sitemaps/${page}`), undefined, { params: { page } });

  it("has no numbered sitemap files while one file holds every URL", async () => {
    for (const page of ["1.xml", "2.xml", "0.xml", "x.xml", "1"]) {
      expect((await sitemapFile("DTC", page)).status).toBe(404);
    }
  });

  for (const site of ["DTC", "HPSF"] as const) {
    it(`splits ${site}'s URLs into an index of numbered files on its configured origin past the limit`, async () => {
      const origin = ORIGINS[site];
      const whole = locs((await loadSitemapFile(site, null))!);
      const limits = { ...SITEMAP_LIMITS, maxUrls: 10 };
      const pages = Math.ceil(whole.length / 10);
      expect(pages).toBeGreaterThan(2);
      const index = (await loadSitemapFile(site, null, limits))!;
      expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      expect(locs(index)).toEqual(Array.from({ length: pages }, (_, i) => `${origin}/sitemaps/${i + 1}.xml`));
      const listed: string[] = [];
      for (let page = 1; page <= pages; page++) {
        const urls = locs((await loadSitemapFile(site, page, limits))!);
        expect(urls.length).toBe(page < pages ? 10 : whole.length - 10 * (pages - 1));
        listed.push(...urls);
      }
      expect(listed).toEqual(whole);
      expect(await loadSitemapFile(site, pages + 1, limits)).toBeNull();
    });
  }
});

describe("GET /robots.txt", () => {
  for (const site of ["DTC", "HPSF"] as const) {
    it(`keeps crawlers out of private pages on ${site} and names that site's sitemap`, async () => {
      const response = await callRoute(robotsLoader, request(site, "/robots.txt"));
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toMatch(/^text\/plain/);
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
      const lines = (await response.text()).split("\n");
      expect(lines[0]).toBe("User-agent: *");
      expect(lines).toContain("Allow: /");
      for (const path of ["/account", "/cart", "/checkout", "/api/", "/search", "/shelter/", "/_ipx/"]) {
        expect(lines).toContain(`Disallow: ${path}`);
      }
      expect(lines).toContain(`Sitemap: ${ORIGINS[site]}/sitemap.xml`);
    });
  }
});

describe("the /sitemap page (shop-core spec section 2)", () => {
  const load = async (site: Site) => (await callRoute(sitemapLoader, request(site, "/sitemap"))).json();

  it("links the shop, every consumer product by species, help pages and account pages on DTC", async () => {
    const data = await load("DTC");
    expect(data.shop[0]).toEqual({ label: "All Products", path: "/products" });
    expect(data.shop).toContainEqual({ label: "Dog Treats", path: "/products/dog/treats" });
    expect(data.products.map((g: { heading: string }) => g.heading).sort()).toEqual(["Cat Food", "Dog Food"]);
    const productPaths = data.products.flatMap((g: { links: { path: string }[] }) => g.links.map((l) => l.path));
    expect(productPaths.sort()).toEqual((await expectedProductPaths("DTC")).paths.sort());
    expect(data.help).toContainEqual({ label: "FAQ", path: `/${PUBLISHED}` });
    expect(data.help).not.toContainEqual(expect.objectContaining({ path: `/${DRAFT}` }));
    expect(data.help.at(-1)).toEqual({ label: "Contact Us", path: "/contact-us" });
    expect(data.account).toEqual([
      { label: "My Account", path: "/account/dashboard" },
      { label: "My Orders", path: "/account/orders" },
      { label: "Address Book", path: "/account/address-book" },
      { label: "My Subscriptions", path: "/account/autoships" },
    ]);
  });

  it("shows the staff site's own catalogue and names autoships 'My Autoships' on HPSF", async () => {
    const data = await load("HPSF");
    expect(data.shop.some((l: { path: string }) => l.path.includes("treats"))).toBe(false);
    expect(data.help).toContainEqual({ label: "Program Rules", path: `/${STAFF_ONLY}` });
    expect(data.account).toContainEqual({ label: "My Autoships", path: "/account/autoships" });
  });

  it("is titled 'Sitemap' with a description and canonical link", () => {
    const matches = [
      { id: "root", pathname: "/", data: { site: "HPSF", origin: STAFF }, params: {} },
      { id: "routes/sitemap", pathname: "/sitemap", data: null, params: {} },
    ];
    const meta = sitemapMeta({ matches } as never) as Record<string, unknown>[];
    expect(meta).toContainEqual({ title: "Sitemap | Pro Staff Feeding" });
    expect(meta.filter((d) => d.name === "description")).toHaveLength(1);
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: `${STAFF}/sitemap` });
  });
});

describe("every page's meta: the spec's title per site, a description and a canonical link (catalogue spec section 2)", () => {
  const cases: { module: string; path: string; DTC: string; HPSF: string }[] = [
    { module: "shelter.register", path: "/shelter/register", DTC: "Create Account", HPSF: "Create Account" },
    { module: "shelter.login", path: "/shelter/login", DTC: "Log In", HPSF: "Log In" },
    { module: "account.dashboard", path: "/account/dashboard", DTC: "My Account", HPSF: "My Account" },
    { module: "account.orders", path: "/account/orders", DTC: "My Orders", HPSF: "My Orders" },
    { module: "account.my-profile", path: "/account/my-profile", DTC: "My Profile", HPSF: "My Profile" },
    { module: "account.address-book", path: "/account/address-book", DTC: "Address Book", HPSF: "Address Book" },
    { module: "account.autoships", path: "/account/autoships", DTC: "My Subscriptions", HPSF: "My Autoships" },
    {
      module: "account.payment-methods",
      path: "/account/payment-methods",
      DTC: "Payment Methods",
      HPSF: "Payment Methods",
    },
    { module: "cart", path: "/cart", DTC: "Shopping Cart", HPSF: "Shopping Cart" },
    { module: "checkout", path: "/checkout", DTC: "Checkout", HPSF: "Checkout" },
    {
      module: "shelter.forgot-password",
      path: "/shelter/forgot-password",
      DTC: "Forgot Password",
      HPSF: "Forgot Password",
    },
  ];
  const suffix: Record<Site, string> = { DTC: "Shop Hollowbrook Pet Nutrition", HPSF: "Pro Staff Feeding" };

  for (const { module, path, ...titles } of cases) {
    for (const site of ["DTC", "HPSF"] as const) {
      it(`${path} on ${site}`, async () => {
        const { meta } = (await import(`../../app/routes/${module}.tsx`)) as { meta: (args: never) => unknown };
        const matches = [
          { id: "root", pathname: "/", data: { site, origin: ORIGINS[site] }, params: {} },
          { id: `routes/${module}`, pathname: path, data: null, params: {} },
        ];
        const descriptors = meta({ matches, data: null, params: {}, location: { pathname: path } } as never) as Record<
          string,
          unknown
        >[];
        expect(descriptors).toContainEqual({ title: `${titles[site]} | ${suffix[site]}` });
        expect(descriptors.filter((d) => d.name === "description")).toHaveLength(1);
        expect(descriptors.filter((d) => d.rel === "canonical")).toEqual([
          { tagName: "link", rel: "canonical", href: `${ORIGINS[site]}${path}` },
        ]);
        expect(descriptors.filter((d) => d.property === "og:title")).toHaveLength(1);
      });
    }
  }

  it("/products is 'Shop All Pet Food' on both sites, with og tags (catalogue spec section 2)", async () => {
    const { loader, meta } = await import("~/routes/products.$");
    for (const site of ["DTC", "HPSF"] as const) {
      const response = await callRoute(loader, request(site, "/products"), undefined, { params: { "*": "" } });
      const data = await response.json();
      const matches = [
        { id: "root", pathname: "/", data: { site, origin: ORIGINS[site] }, params: {} },
        { id: "routes/products.$", pathname: "/products", data, params: {} },
      ];
      const descriptors = meta({ matches, data } as never) as Record<string, unknown>[];
      expect(descriptors).toContainEqual({ title: `Shop All Pet Food | ${suffix[site]}` });
      expect(descriptors.filter((d) => d.name === "description")).toHaveLength(1);
      expect(descriptors.filter((d) => d.rel === "canonical")).toHaveLength(1);
      expect(descriptors).toContainEqual({ property: "og:title", content: "Shop All Pet Food" });
      expect(descriptors).toContainEqual({ property: "og:url", content: `${ORIGINS[site]}/products` });
    }
  });

  it("the title names the brand the root loader hands out (BRAND_NAME, default Hollowbrook; docs/decisions.md 'Brand name')", async () => {
    const { loader, meta } = await import("~/routes/products.$");
    const root = (await (await callRoute(rootLoader, request("DTC", "/products"))).json()) as { brand: string };
    expect(root.brand).toBe("Hollowbrook");
    const data = await (
      await callRoute(loader, request("DTC", "/products"), undefined, { params: { "*": "" } })
    ).json();
    const matches = [
      { id: "root", pathname: "/", data: { ...root, brand: "Acme" }, params: {} },
      { id: "routes/products.$", pathname: "/products", data, params: {} },
    ];
    expect(meta({ matches, data } as never)).toContainEqual({ title: "Shop All Pet Food | Shop Acme Pet Nutrition" });
  });
});
