// SEO in the running shop: sitemap.xml and robots.txt per site,
// the /sitemap page with and without JavaScript, and canonical and Open Graph tags;
// BreadcrumbList, og:image and Twitter cards, and the product feed (docs/rules.md "Search engines").
// Content pages are left to the integration tests: the e2e seed may hold none.
import { expect, test, type Page } from "@playwright/test";
import { axeClean, jsEnabled, noHorizontalScroll, open, query, SITES, STAFF_URL } from "./helpers";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const PRODUCT_PATH = /^\/products\/[^/]+\/[^/]+\/[^/]+\/[^/]+$/;

/**
 * GETs a path in the browser: Chromium resolves staff.localhost to loopback,
 * Node's request context (the `request` fixture) does not.
 */
async function browserGet(page: Page, path: string) {
  const response = await page.goto(path);
  if (!response) throw new Error(`no response for ${path}`);
  return response;
}

/** The page's JSON-LD entries of one type. */
const jsonLd = (page: Page, type: string) =>
  page
    .locator('script[type="application/ld+json"]')
    .evaluateAll(
      (nodes, wanted) =>
        nodes.map((node) => JSON.parse(node.textContent ?? "{}")).filter((ld) => ld["@type"] === wanted),
      type,
    );

/** The breadcrumbs the page shows, in order. */
const shownCrumbs = (page: Page) =>
  page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("listitem").allTextContents();

/** The BreadcrumbList's names and URLs. */
async function crumbTrail(page: Page) {
  const lists = (await jsonLd(page, "BreadcrumbList")) as { itemListElement: { name: string; item: string }[] }[];
  expect(lists).toHaveLength(1);
  return lists[0].itemListElement;
}

/** og:image, the Twitter card tags and what they point at. */
async function expectShareTags(page: Page, origin: string, image: RegExp) {
  const content = (selector: string) => page.locator(selector).getAttribute("content");
  const ogImage = (await content('meta[property="og:image"]')) ?? "";
  expect(ogImage).toMatch(image);
  expect(ogImage.startsWith(`${origin}/`)).toBe(true);
  await expect(page.locator('meta[property="og:image"]')).toHaveCount(1);
  expect(await content('meta[property="og:image:alt"]')).toBeTruthy();
  expect(await content('meta[name="twitter:card"]')).toBe("summary_large_image");
  expect(await content('meta[name="twitter:image"]')).toBe(ogImage);
  expect(await content('meta[name="twitter:title"]')).toBe(await content('meta[property="og:title"]'));
  expect(await content('meta[name="twitter:description"]')).toBe(await content('meta[name="description"]'));
  // The picture is there to fetch (public/ files are the same on both hosts; Node does not
  // resolve staff.localhost, so it asks the consumer host).
  const picture = await page.request.get(`http://localhost:${PORT}${new URL(ogImage).pathname}`);
  expect(picture.status()).toBe(200);
  expect(picture.headers()["content-type"]).toMatch(/^image\//);
}

for (const { site, baseURL: siteURL } of SITES) {
  test.describe(`SEO on ${site}`, () => {
    if (siteURL) test.use({ baseURL: siteURL });

    test("sitemap.xml lists the site's pages and every product it sells, on its own origin", async ({
      page,
      baseURL,
    }, testInfo) => {
      const origin = new URL(baseURL ?? "").origin;
      const response = await browserGet(page, "/sitemap.xml");
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toMatch(/^application\/xml/);
      expect(response.headers()["cache-control"]).toBe("public, max-age=3600");
      const xml = await response.text();
      const urls = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
      expect(urls.every((url) => url.startsWith(`${origin}/`))).toBe(true);
      for (const path of ["/", "/products", "/products/dog", "/products/cat/wet", "/contact-us", "/sitemap"]) {
        expect(urls).toContain(`${origin}${path}`);
      }
      // Catalogue spec section 3: treats are consumer-only.
      expect(urls.includes(`${origin}/products/dog/treats`)).toBe(site === "DTC");
      const [{ count }] = query<{ count: number }>(
        testInfo,
        `SELECT COUNT(*) AS count FROM "Product" p
         WHERE ${site === "HPSF" ? "p.soldOnHpsf" : "p.soldOnDtc"} = 1
           AND EXISTS (SELECT 1 FROM "ProductVariant" v WHERE v.productId = p.id)`,
      );
      const productUrls = urls.filter((url) => PRODUCT_PATH.test(url.slice(origin.length)));
      expect(productUrls).toHaveLength(count);
    });

    test("robots.txt keeps crawlers out of private pages and names the site's sitemap", async ({ page, baseURL }) => {
      const origin = new URL(baseURL ?? "").origin;
      const response = await browserGet(page, "/robots.txt");
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toMatch(/^text\/plain/);
      const lines = (await response.text()).split("\n");
      expect(lines[0]).toBe("User-agent: *");
      expect(lines).toContain("Allow: /");
      for (const path of ["/account", "/cart", "/checkout", "/api/", "/search", "/shelter/", "/_ipx/"]) {
        expect(lines).toContain(`Disallow: ${path}`);
      }
      expect(lines).toContain(`Sitemap: ${origin}/sitemap.xml`);
    });

    test("the /sitemap page links shop, products, help and account pages, and its links work", async ({
      page,
    }, testInfo) => {
      await open(page, testInfo, "/sitemap");
      await expect(page).toHaveTitle(new RegExp(`^Sitemap \\| `));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sitemap");
      const shop = page.getByRole("region", { name: "Shop" });
      await expect(shop.getByRole("link", { name: "All Products" })).toHaveAttribute("href", "/products");
      await expect(shop.locator('a[href="/products/dog/treats"]')).toHaveCount(site === "DTC" ? 1 : 0);
      const products = page.getByRole("region", { name: "Products", exact: true });
      await expect(products.getByRole("heading", { level: 3, name: "Dog Food" })).toBeVisible();
      await expect(products.getByRole("heading", { level: 3, name: "Cat Food" })).toBeVisible();
      const help = page.getByRole("region", { name: "Help & information" });
      await expect(help.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact-us");
      const account = page.getByRole("region", { name: "Account" });
      await expect(account.getByRole("link", { name: "My Account" })).toHaveAttribute("href", "/account/dashboard");
      await expect(account.getByRole("link", { name: "My Orders" })).toHaveAttribute("href", "/account/orders");
      await expect(account.getByRole("link", { name: "Address Book" })).toHaveAttribute(
        "href",
        "/account/address-book",
      );
      // Catalogue spec section 2: 'My Subscriptions' on DTC, 'My Autoships' on HPSF.
      await expect(
        account.getByRole("link", { name: site === "DTC" ? "My Subscriptions" : "My Autoships" }),
      ).toHaveAttribute("href", "/account/autoships");

      const first = products.getByRole("link").first();
      const href = await first.getAttribute("href");
      expect(href).toMatch(PRODUCT_PATH);
      const name = (await first.textContent()) ?? "";
      await first.click();
      await expect(page).toHaveURL((url) => url.pathname === href);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    });

    test("pages carry a canonical link without the query string and Open Graph tags", async ({
      page,
      baseURL,
    }, testInfo) => {
      const origin = new URL(baseURL ?? "").origin;
      await open(page, testInfo, "/shelter/login?redirect=L2NhcnQ%3D");
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin}/shelter/login`);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", "Log In");
      await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", `${origin}/shelter/login`);
      await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "website");
      await expect(page.locator('meta[property="og:site_name"]')).toHaveAttribute(
        "content",
        site === "DTC" ? "Pet Nutrition" : "Pet Nutrition Pro",
      );
      await expect(page.locator('meta[name="description"]')).toHaveCount(1);

      await open(page, testInfo, "/products");
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin}/products`);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", "Shop All Pet Food");
      await expect(page.locator('meta[name="description"]')).toHaveCount(1);
    });

    test("product and listing pages publish a BreadcrumbList matching the breadcrumbs shown, og:image and a Twitter card", async ({
      page,
      baseURL,
    }, testInfo) => {
      // Two pages, a client navigation and an accessibility scan.
      test.slow();
      const origin = new URL(baseURL ?? "").origin;
      const [product] = query<{ url: string; title: string }>(
        testInfo,
        `SELECT v.url, p.title FROM "Product" p JOIN "ProductVariant" v ON v.productId = p.id
         WHERE ${site === "HPSF" ? "p.soldOnHpsf" : "p.soldOnDtc"} = 1 AND v.inventory > 0
         ORDER BY p.handle, v.position LIMIT 1`,
      );
      const productPath = `/products/${product.url}`;

      // The product page first, in a fresh tab: no remembered category changes its trail.
      await open(page, testInfo, productPath);
      const trail = await crumbTrail(page);
      expect(trail.map((item) => item.name)).toEqual(await shownCrumbs(page));
      expect(trail.at(-1)).toEqual(expect.objectContaining({ name: product.title, item: `${origin}${productPath}` }));
      expect(trail.every((item) => item.item.startsWith(`${origin}/`))).toBe(true);
      // The Offer where the site shows retail prices, with its terms.
      const [data] = (await jsonLd(page, "Product")) as { offers?: Record<string, unknown> }[];
      if (site === "DTC") {
        expect(data.offers).toMatchObject({
          itemCondition: "https://schema.org/NewCondition",
          priceValidUntil: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
          hasMerchantReturnPolicy: expect.objectContaining({ "@type": "MerchantReturnPolicy" }),
        });
        expect(data.offers?.shippingDetails).toEqual(
          expect.arrayContaining([
            expect.objectContaining({ shippingDestination: { "@type": "DefinedRegion", addressCountry: "US" } }),
          ]),
        );
      } else {
        expect(data.offers).toBeUndefined();
      }
      await expectShareTags(page, origin, /\/images\//);

      // A breadcrumb to the species listing: with JavaScript a client navigation, whose head follows.
      const species = page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: /^(Dog|Cat)s?$/ });
      await species.first().click();
      await expect(page).toHaveURL(/\/products\/(dog|cat)$/);
      if (jsEnabled(testInfo)) await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        "href",
        new RegExp(`^${origin}/products/(dog|cat)$`),
      );
      const listingTrail = await crumbTrail(page);
      expect(listingTrail.map((item) => item.name)).toEqual(await shownCrumbs(page));
      expect(listingTrail.at(-1)?.item).toBe(page.url().split("?")[0]);
      await expectShareTags(page, origin, /\/brand\/share-(dtc|hpsf)\.png$/);
      await noHorizontalScroll(page);
      await axeClean(page, testInfo);
    });

    test("pages without a picture of their own are shared with the brand picture and a large Twitter card", async ({
      page,
      baseURL,
    }, testInfo) => {
      const origin = new URL(baseURL ?? "").origin;
      for (const path of ["/", "/contact-us", "/cart", "/no-such-page"]) {
        await open(page, testInfo, path);
        await expectShareTags(page, origin, new RegExp(`^${origin}/brand/share-${site.toLowerCase()}\\.png$`));
      }
    });

    test("the product feed is published on the consumer site only, and robots.txt names it there", async ({
      page,
      baseURL,
    }) => {
      const origin = new URL(baseURL ?? "").origin;
      const robots = (await (await browserGet(page, "/robots.txt")).text()).split("\n");
      expect(robots.includes(`Sitemap: ${origin}/feeds/google.xml`)).toBe(site === "DTC");
      const response = await browserGet(page, "/feeds/google.xml");
      if (site === "HPSF") {
        expect(response.status()).toBe(404);
        return;
      }
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toMatch(/^application\/xml/);
      expect(response.headers()["cache-control"]).toBe("public, max-age=3600");
      const xml = await response.text();
      expect(xml).toContain('<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">');
      const links = [...xml.matchAll(/<link>([^<]*)<\/link>/g)].map((m) => m[1]);
      expect(links.length).toBeGreaterThan(1);
      expect(links.every((link) => link.startsWith(`${origin}/`))).toBe(true);
    });
  });
}

test("the staff site's sitemap never points at the consumer origin", async ({ page }) => {
  const xml = await (await browserGet(page, `${STAFF_URL}/sitemap.xml`)).text();
  expect(xml).toContain(`<loc>${STAFF_URL}/products</loc>`);
  expect(xml).not.toMatch(/<loc>http:\/\/localhost:/);
});
