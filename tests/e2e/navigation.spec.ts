import { expect, test, type Page } from "@playwright/test";
import { fillRegister, open, register, STAFF_URL, uniqueEmail } from "./helpers";

// Root revalidation (docs/rules.md "Root revalidation"): with JavaScript, a client
// navigation between catalogue pages does not ask for the root loader's data
// again, a submission (adding to the cart) does, and so does a path a guard acts
// on. Without JavaScript every page is a document load, and the guards run on each.

/** Counts the requests for the root loader's data (`?_data=root`). */
function countRootData(page: Page) {
  const counter = { count: 0 };
  page.on("request", (request) => {
    if (new URL(request.url()).searchParams.get("_data") === "root") counter.count += 1;
  });
  return counter;
}

test.describe("root revalidation with JavaScript", () => {
  test.beforeEach(({ page: _page }, testInfo) => {
    test.skip(testInfo.project.name === "no-js", "client navigations need JavaScript");
  });

  test("navigating between catalogue pages keeps the root's answer; adding to the cart asks again", async ({
    page,
  }, testInfo) => {
    await open(page, testInfo, "/products/dog/dry");
    // Marks the document: a full page load would lose the mark.
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    const root = countRootData(page);
    const pageData = page.waitForResponse((response) => new URL(response.url()).searchParams.has("_data"));
    await page.getByRole("navigation").getByRole("link", { name: "All Products", exact: true }).first().click();
    await expect(page).toHaveURL((url) => url.pathname === "/products");
    await pageData;
    await expect(page.locator(".listing__results article").first()).toBeVisible();
    // A second catalogue page, through a product card.
    const card = page.locator(".listing__results article").first();
    await card.getByRole("link").first().click();
    await expect(page).toHaveURL((url) => url.pathname.startsWith("/products/") && url.pathname !== "/products");
    await expect(page.locator(".buy-box")).toBeVisible();
    expect(root.count).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

    const rootAnswer = page.waitForResponse((response) => new URL(response.url()).searchParams.get("_data") === "root");
    await page.locator(".buy-box").getByRole("button", { name: "Add to Cart" }).click();
    await rootAnswer;
    expect(root.count).toBeGreaterThanOrEqual(1);
    await expect(page.getByTestId("cart-count")).toHaveText("1");
  });
});

test.describe("client navigations and the redirect lookup (shop-core spec section 2)", () => {
  test.beforeEach(({ page: _page }, testInfo) => {
    test.skip(testInfo.project.name === "no-js", "client navigations need JavaScript");
  });

  /** Navigates as a <Link> does (the router's navigate), in the same document. */
  const follow = (page: Page, to: string) =>
    page.evaluate((path) => {
      const router = (window as unknown as { __remixRouter: { navigate: (to: string) => Promise<void> } })
        .__remixRouter;
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
      return router.navigate(path);
    }, to);
  const sameDocument = (page: Page) =>
    page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument);

  test("a link to a redirected path lands on its target", async ({ page }, testInfo) => {
    // A cold listing, then a content page on a loaded machine.
    test.slow();
    await open(page, testInfo, "/products/dog");
    // The content's redirect /help -> /faq, found by the data load (the root loader is not asked).
    await follow(page, "/help");
    await expect(page).toHaveURL((url) => url.pathname === "/faq");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await sameDocument(page)).toBe(true);
  });
});

test.describe('session refresh on navigation (docs/rules.md "Session refresh")', () => {
  test("a signed-in browser asks for the refresh itself, at most once a minute, and stays signed in", async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name === "no-js", "the refresh call needs JavaScript");
    const refreshes: number[] = [];
    page.on("response", (response) => {
      if (response.url().endsWith("/api/ecom/v1.0/refresh-session-token")) refreshes.push(response.status());
    });
    const first = page.waitForResponse((response) => response.url().endsWith("/refresh-session-token"));
    await register(page, testInfo, uniqueEmail(testInfo, "nav-refresh"));
    expect((await first).status()).toBe(200);
    await page.getByRole("navigation").getByRole("link", { name: "All Products", exact: true }).first().click();
    await expect(page).toHaveURL((url) => url.pathname === "/products");
    await expect(page.getByRole("banner").getByRole("link", { name: "My Account" })).toBeVisible();
    expect(refreshes).toEqual([200]);
  });
});

test.describe("root revalidation on the staff site", () => {
  test.use({ baseURL: STAFF_URL });

  test("a member still to register who follows a link is sent back to registration (the guard runs)", async ({
    page,
  }, testInfo) => {
    await open(page, testInfo, "/shelter/register");
    await fillRegister(page, uniqueEmail(testInfo, "nav-pending"), "Robin");
    await expect(page).toHaveURL((url) => url.pathname === "/shelter/register");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Complete your registration");
    if (testInfo.project.name === "js") {
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    }
    const root = countRootData(page);
    await page.getByRole("navigation").getByRole("link", { name: "All Products", exact: true }).first().click();
    await expect(page).toHaveURL((url) => url.pathname === "/shelter/register");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Complete your registration");
    if (testInfo.project.name === "js") expect(root.count).toBeGreaterThanOrEqual(1);
  });
});
