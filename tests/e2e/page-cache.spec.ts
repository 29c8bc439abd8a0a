import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { open } from "./helpers";

// docs/rules.md "Page cache": a page served from the cache carries no nonce; its CSP lists the
// hashes of its own scripts. In Chromium it must still hydrate and work, with no CSP violation.

/** Records every CSP violation the page reports, from its first script on. */
async function watchCsp(page: Page) {
  const console: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (execute|load)/i.test(message.text())) console.push(message.text());
  });
  await page.addInitScript(() => {
    const store: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = store;
    document.addEventListener("securitypolicyviolation", (event) =>
      store.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return async () => {
    const reported = await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
    return [...console, ...reported];
  };
}

/**
 * Someone else asked first: every server process keeps its own cache (docs/operations.md
 * "Processes") and connections are handed out in turn, so ask until two answers in a row
 * come from a cache.
 */
async function warmCache(request: APIRequestContext, path: string) {
  let hits = 0;
  for (let tries = 0; hits < 2 && tries < 20; tries++) {
    const cache = (await request.get(path, { headers: { Connection: "close" } })).headers()["x-page-cache"];
    hits = cache === "hit" || cache === "stale" ? hits + 1 : 0;
  }
  expect(hits).toBe(2);
}

test.describe("pages served from the page cache", () => {
  test("a cached listing hydrates under its hash-based CSP, and client-side navigation works", async ({
    page,
    request,
  }, testInfo) => {
    test.skip(testInfo.project.name === "no-js", "hydration needs JavaScript");
    // Someone else asked first: the browser gets the stored copy.
    await warmCache(request, "/products/dog/dry");
    const violations = await watchCsp(page);
    const response = await open(page, testInfo, "/products/dog/dry");
    expect(response?.headers()["x-page-cache"]).toMatch(/^(hit|stale)$/);
    const csp = response?.headers()["content-security-policy"] ?? "";
    expect(csp).not.toContain("'nonce-");
    expect(csp).toContain("'sha256-");
    expect(await page.locator("script[nonce]").count()).toBe(0);

    // A client-side navigation: the document stays (the marker survives), the product opens.
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    const card = page.locator(".listing__results article").first();
    const title = (await card.getByRole("heading").textContent())?.trim() ?? "";
    await card.getByRole("heading").getByRole("link").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    expect(await violations()).toEqual([]);
  });

  test("a cached product page hydrates and its predictive search answers", async ({ page, request }, testInfo) => {
    test.skip(testInfo.project.name === "no-js", "hydration needs JavaScript");
    await page.goto("/products/dog/dry");
    const href = await page.locator(".listing__results article a").first().getAttribute("href");
    expect(href).toBeTruthy();
    await warmCache(request, href!);
    const violations = await watchCsp(page);
    const response = await open(page, testInfo, href!);
    expect(response?.headers()["x-page-cache"]).toMatch(/^(hit|stale)$/);
    const box = page.getByRole("combobox", { name: "Search products" });
    await box.pressSequentially("salmo");
    await expect(page.getByRole("listbox", { name: "Suggested products" }).getByRole("option").first()).toBeVisible();
    expect(await violations()).toEqual([]);
  });

  test("the same cached page renders without JavaScript too", async ({ page, request }, testInfo) => {
    test.skip(testInfo.project.name !== "no-js", "the JavaScript project is tested above");
    await warmCache(request, "/products/cat");
    const response = await page.goto("/products/cat");
    expect(response?.headers()["x-page-cache"]).toMatch(/^(hit|stale)$/);
    await expect(page.locator(".listing__results article").first()).toBeVisible();
  });
});
