import { expect, test } from "@playwright/test";
import { open, SITES } from "./helpers";

for (const { site, baseURL, suffix } of SITES) {
  test.describe(`page shell on ${site}`, () => {
    if (baseURL) test.use({ baseURL });

    test("header has logo, main navigation, search, account and cart", async ({ page }) => {
      await page.goto("/");
      const header = page.getByRole("banner");
      await expect(header.getByRole("link", { name: /home$/ })).toHaveAttribute("href", "/");
      const nav = page.getByRole("navigation", { name: "Main" });
      await expect(nav.getByRole("link", { name: "Dog Food", exact: true })).toHaveAttribute("href", "/products/dog");
      await expect(nav.getByRole("link", { name: "Cat Food", exact: true })).toHaveAttribute("href", "/products/cat");
      await expect(nav.getByRole("link", { name: "All Products" })).toHaveAttribute("href", "/products");
      // Catalogue spec section 3: treats are consumer-only.
      await expect(nav.locator('a[href="/products/dog/treats"]')).toHaveCount(site === "DTC" ? 1 : 0);
      await expect(nav.locator('a[href="/products/cat/wet"]')).toHaveCount(1);
      // A guest sees the sign-in link; signed in it reads "My Account".
      await expect(header.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/shelter/login");
      await expect(header.getByRole("link", { name: "Cart, 0 items" })).toHaveAttribute("href", "/cart");
      await expect(page.getByTestId("cart-count")).toHaveText("0");
      await expect(page.getByRole("contentinfo").getByRole("link", { name: "Contact Us" })).toBeVisible();
    });

    test("the search box GETs /search?search= (shop-core spec section 2)", async ({ page }, testInfo) => {
      // Hydrated first (with JavaScript): typing and clicking before hydration is its own test (hydration.spec.ts).
      await open(page, testInfo, "/");
      const search = page.getByRole("search");
      await search.getByLabel("Search products").fill("chicken kibble");
      await search.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(/\/search\?search=chicken\+kibble$/);
    });

    test("the skip link is the first stop and moves focus to the main content", async ({ page }) => {
      await page.goto("/");
      await page.keyboard.press("Tab");
      const skip = page.getByRole("link", { name: "Skip to main content" });
      await expect(skip).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/#main$/);
    });

    test(`titles use the ${site} suffix (catalogue spec section 2)`, async ({ page }) => {
      await page.goto("/");
      await expect(page).toHaveTitle(suffix);
    });

    test("home page carousels show products with working images", async ({ page }) => {
      await page.goto("/");
      const featured = page.getByRole("region", { name: site === "DTC" ? "Dog favorites" : "Clinic favorites" });
      const cards = featured.getByRole("article");
      await expect(cards).not.toHaveCount(0);
      const firstLink = cards.first().getByRole("heading").getByRole("link");
      await expect(firstLink).toHaveAttribute(
        "href",
        /^\/products\/[a-z-]+\/[a-z0-9.-]+\/[a-z0-9.-]+\/[a-z0-9.]+\?sku=[A-Z0-9]+$/,
      );
      const image = cards.first().locator("img");
      await image.scrollIntoViewIfNeeded();
      await expect(image).toHaveJSProperty("complete", true);
      expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      // Staff-feeding mode hides prices (catalogue spec section 1).
      if (site === "DTC") await expect(featured.getByText(/\$\d+\.\d{2}/).first()).toBeVisible();
      else await expect(featured.getByText(/\$\d/)).toHaveCount(0);
    });

    test("unknown routes render the 404 page in the layout with status 404", async ({ page }) => {
      const response = await page.goto("/no/such/page");
      expect(response?.status()).toBe(404);
      await expect(page).toHaveTitle(`404 Error | ${suffix}`);
      await expect(page.getByRole("heading", { level: 1, name: "404 Error" })).toBeVisible();
      await expect(page.getByText(/^Page not found/)).toBeVisible();
      await expect(page.getByRole("banner")).toBeVisible();
      await page.getByRole("link", { name: "Back To Homepage" }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("404 Error");
    });
  });
}

test("/healthz answers 200 (liveness) and /readyz 200 when the database answers", async ({ request }) => {
  const live = await request.get("/healthz");
  expect(live.status()).toBe(200);
  expect(await live.json()).toEqual({ status: "ok" });
  const ready = await request.get("/readyz");
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toEqual({ status: "ok", database: "ok" });
});

test("security headers are set and the page runs under its CSP", async ({ page, browserName: _ }, testInfo) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") violations.push(message.text());
  });
  const response = await page.goto("/");
  const headers = response?.headers() ?? {};
  // A nonce per answer, or (a page the same for everyone, docs/rules.md "Page and image
  // caches") the hashes of its inline scripts and no nonce.
  expect(headers["content-security-policy"]).toMatch(
    /script-src 'self' ('nonce-[A-Za-z0-9+/=]+'|'sha256-[A-Za-z0-9+/=]+')/,
  );
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-powered-by"]).toBeUndefined();
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  if (testInfo.project.name === "js") {
    // Hydration ran: the Remix router exists in the page.
    await expect.poll(() => page.evaluate(() => "__remixRouter" in window)).toBe(true);
  }
  expect(violations).toEqual([]);
});
