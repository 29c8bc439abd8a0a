// SEO in the running shop: sitemap.xml and robots.txt per site,
// the /sitemap page with and without JavaScript, and canonical and Open Graph tags.
// Content pages are left to the integration tests: the e2e seed may hold none.
import { expect, test, type Page } from "@playwright/test";
import { open, query, SITES, STAFF_URL } from "./helpers";

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
  });
}

test("the staff site's sitemap never points at the consumer origin", async ({ page }) => {
  const xml = await (await browserGet(page, `${STAFF_URL}/sitemap.xml`)).text();
  expect(xml).toContain(`<loc>${STAFF_URL}/products</loc>`);
  expect(xml).not.toMatch(/<loc>http:\/\/localhost:/);
});
