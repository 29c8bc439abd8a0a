// New-deployment detection (shop-core spec section 7 "builds/latest.json is polled to
// detect new versions", section 9 "Page-reload guard: 10 seconds").
// The e2e server polls every 2 s (BUILD_POLL_SECONDS in playwright.config.ts).
import { expect, test, type Page } from "@playwright/test";
import { open } from "./helpers";

const NOTICE = "A new version of the shop is available.";
const GUARDED = "try again in a few seconds";
const MANIFEST = "**/builds/latest.json";

// The banner inside the polite live region (the region itself has no size: the banner is fixed).
const banner = (page: Page) => page.getByRole("status").filter({ hasText: NOTICE }).getByTestId("build-watcher");

/** Sets a marker on the window; a reload clears it. */
const mark = (page: Page, name: string) =>
  page.evaluate((key) => {
    (window as unknown as Record<string, unknown>)[key] = true;
  }, name);
const marked = (page: Page, name: string) =>
  page.evaluate((key) => (window as unknown as Record<string, unknown>)[key] === true, name);

test.describe("new deployment detection", () => {
  test("builds/latest.json answers the version of the client the pages load, never cached (spec section 7)", async ({
    request,
  }) => {
    const html = await (await request.get("/")).text();
    // The compiler names the client manifest file after its version, in upper case.
    const pageVersion = html.match(/\/build\/manifest-([A-Za-z0-9]+)\.js/)?.[1];
    expect(pageVersion, "the page's Remix manifest").toBeTruthy();
    const response = await request.get("/builds/latest.json");
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("private, no-store");
    const body = (await response.json()) as { version: string };
    expect(Object.keys(body)).toEqual(["version"]);
    expect(body.version.toUpperCase()).toBe(pageVersion?.toUpperCase());
  });

  test("without JavaScript nothing is rendered", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== "no-js", "the no-JavaScript project only");
    await open(page, testInfo, "/");
    await expect(page.locator(".build-watcher")).toHaveCount(0);
  });

  test("no banner while the server runs the same build", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== "js", "the watcher runs in the browser");
    const polled = page.waitForResponse((response) => response.url().endsWith("/builds/latest.json"));
    await open(page, testInfo, "/");
    const response = await polled;
    expect(response.status()).toBe(200);
    const running = await page.evaluate(() => window.__remixManifest.version);
    expect(await response.json()).toEqual({ version: running });
    // Another poll's worth of time: still nothing.
    await page.waitForTimeout(3_000);
    await expect(banner(page)).toHaveCount(0);
  });

  test("a new build offers a reload; a second reload within 10 s is refused (spec section 9 guard)", async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "js", "the watcher runs in the browser");
    await page.route(MANIFEST, (route) =>
      route.fulfill({ json: { version: "e2e-newer-build" }, headers: { "Cache-Control": "no-store" } }),
    );
    await open(page, testInfo, "/");
    await expect(banner(page)).toBeVisible();

    await mark(page, "beforeReload");
    const firstReloadAt = Date.now();
    await Promise.all([page.waitForEvent("load"), banner(page).getByRole("button", { name: "Reload" }).click()]);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    expect(await marked(page, "beforeReload"), "the page reloaded").toBe(false);

    // The deployment is still "half rolled out": the reloaded page sees a newer build again.
    await expect(banner(page)).toBeVisible();
    await mark(page, "afterReload");
    expect(Date.now() - firstReloadAt, "still inside the 10 s guard").toBeLessThan(10_000);
    await banner(page).getByRole("button", { name: "Reload" }).click();
    await expect(banner(page)).toContainText(GUARDED);
    await page.waitForTimeout(500);
    expect(await marked(page, "afterReload"), "the page did not reload again").toBe(true);
  });
});
