import { expect, test } from "@playwright/test";
import { open, query, register, STAFF_URL, uniqueEmail } from "./helpers";

// What is private stays private (docs/rules.md "Trust boundary"), on real
// responses of the production build: the cache policy (models/cache-policy.ts),
// no retail price on the staff listing (catalogue spec section 1), and signing
// out only by a form post (a GET /logout shows the Sign out button).

const PUBLIC_PAGE = "public, max-age=60, s-maxage=60, stale-while-revalidate=300";
const PRIVATE = "private, no-store";

test.describe("privacy", () => {
  test("anonymous catalogue pages are public; the same pages signed in, and account pages, are private", async ({
    page,
    request,
  }, testInfo) => {
    for (const path of ["/", "/products", "/products/dog", "/faq"]) {
      const anonymous = await request.get(path, { headers: { Cookie: "" } });
      expect(anonymous.status(), path).toBe(200);
      expect(anonymous.headers()["cache-control"], path).toBe(PUBLIC_PAGE);
      expect(anonymous.headers()["vary"], path).toMatch(/Cookie/);
    }

    await register(page, testInfo, uniqueEmail(testInfo, "cache"));
    for (const path of ["/products", "/account/dashboard", "/cart"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      expect(response?.headers()["cache-control"], path).toBe(PRIVATE);
    }
  });

  test("a redirect that sets a cookie is private, no-store, whatever route answered it", async ({
    request,
    baseURL,
  }, testInfo) => {
    // A no-JavaScript add to cart: the action's redirect sets the cart cookie (server.js backstop).
    const [{ id }] = query<{ id: string }>(
      testInfo,
      "SELECT v.id FROM ProductVariant v JOIN Product p ON p.id = v.productId WHERE p.soldOnDtc = 1 LIMIT 1",
    );
    const response = await request.post("/cart", {
      form: { intent: "add", variantId: id, quantity: "1" },
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(response.headers()["set-cookie"]).toContain("col_cart_id=");
    expect(response.headers()["cache-control"]).toBe(PRIVATE);
  });

  test("the staff listing sends no retail price: no priceCents anywhere, no $ amount on a card but a compare-at", async ({
    page,
    request,
  }, testInfo) => {
    // Chromium resolves *.localhost; Node's request client does not, so the page fetches the HTML.
    const response = await open(page, testInfo, `${STAFF_URL}/products`);
    const html = (await response?.text()) ?? "";
    expect(html).toContain("product-card");
    expect(html).not.toContain("priceCents");

    const cards = await page.locator(".product-card").allInnerTexts();
    expect(cards.length).toBeGreaterThan(0);
    for (const text of cards) expect(text.replace(/Compare at \$[\d,.]+/g, "")).not.toMatch(/\$\s?\d/);
    // The consumer listing does show them.
    const consumer = await (await request.get("/products")).text();
    expect(consumer).toContain("priceCents");
  });

  test("a link to /logout asks first; pressing Sign out signs out", async ({ page }, testInfo) => {
    await register(page, testInfo, uniqueEmail(testInfo, "logout-link"));
    await open(page, testInfo, "/logout");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign out");
    // Still signed in: opening the page changed nothing.
    await expect(page.getByRole("banner").getByRole("link", { name: "My Account" })).toBeVisible();
    await page.locator(".bare-page").getByRole("button", { name: "Sign out", exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/");
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
    const account = await page.goto("/account/dashboard");
    expect(new URL(account!.url()).pathname).toBe("/shelter/login");
  });
});
