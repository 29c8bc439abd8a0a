// The consent banner and preferences (catalogue spec sections 3 and 4; docs/rules.md
// "Consent"), with and without JavaScript, at 1280 and 390 px: first visit, accept, reject,
// changing the choice later from the footer, the choice kept across pages, axe-clean.
// Script loading and removal are tested in jsdom (app/utils/consent-store.client.test.ts)
// and the CSP origins on the real server (tests/integration/page-cache-server.test.ts): the
// e2e server's settings are shared by every spec.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type BrowserContext, type Page, type TestInfo } from "@playwright/test";
import { open as openPage } from "./helpers";

const withJs = (testInfo: TestInfo) => testInfo.project.use.javaScriptEnabled !== false;

/** Opens a page; with JavaScript, also waits for the consent manager (loaded after hydration). */
async function open(page: Page, testInfo: TestInfo, path: string) {
  const response = await openPage(page, testInfo, path);
  if (withJs(testInfo)) await page.waitForFunction(() => document.documentElement.dataset.consentManager === "ready");
  return response;
}

const consentCookie = async (context: BrowserContext) =>
  (await context.cookies()).find((cookie) => cookie.name === "shop_consent");

const banner = (page: Page) => page.getByRole("region", { name: "Cookie consent" });
const footerLink = (page: Page) => page.getByRole("contentinfo").getByRole("link", { name: "Cookie preferences" });

/**
 * axe on a part of the page. Without JavaScript axe cannot run in the page itself, so the
 * same address is checked in a JavaScript context with the same cookies (the server's markup).
 */
async function expectAxeClean(page: Page, selector: string, testInfo: TestInfo) {
  let target = page;
  if (!withJs(testInfo)) {
    const context = await page.context().browser()!.newContext({ javaScriptEnabled: true });
    await context.addCookies(await page.context().cookies());
    target = await context.newPage();
    await target.setViewportSize(page.viewportSize()!);
    await target.goto(page.url());
  }
  const results = await new AxeBuilder({ page: target }).include(selector).analyze();
  if (target !== page) await target.context().close();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

for (const viewport of [
  { name: "desktop", width: 1280, height: 900 },
  { name: "mobile", width: 390, height: 844 },
]) {
  test.describe(`consent at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("the first visit shows the banner at the top of the page, in the flow, axe-clean", async ({
      page,
    }, testInfo) => {
      await open(page, testInfo, "/");
      await expect(banner(page)).toBeVisible();
      await expect(banner(page).getByRole("button", { name: "Accept all" })).toBeVisible();
      await expect(banner(page).getByRole("button", { name: "Reject all" })).toBeVisible();
      await expect(banner(page).getByRole("link", { name: "Choose cookies" })).toBeVisible();
      // In the flow above the header, never over it; no horizontal scroll.
      const bannerBox = (await banner(page).boundingBox())!;
      const headerBox = (await page.getByRole("banner").boundingBox())!;
      expect(bannerBox.y + bannerBox.height).toBeLessThanOrEqual(headerBox.y + 1);
      // Compact: the shop, not the notice, fills the first screen (docs/rules.md "Cart on a phone").
      expect(bannerBox.height).toBeLessThan(viewport.height * 0.2);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      expect(await page.evaluate(() => getComputedStyle(document.querySelector(".consent-banner")!).position)).toBe(
        "static",
      );
      await expectAxeClean(page, ".consent-banner", testInfo);
    });

    test("Accept all hides the banner, sets the cookie, and the choice holds on other pages", async ({
      page,
      context,
    }, testInfo) => {
      await open(page, testInfo, "/faq");
      if (withJs(testInfo)) await page.evaluate(() => ((window as { stayed?: boolean }).stayed = true));
      await banner(page).getByRole("button", { name: "Accept all" }).click();
      await expect(banner(page)).toHaveCount(0);
      // Back on the same page (no JavaScript: the 303 to redirectTo; with it: no reload at all).
      await expect(page).toHaveURL(/\/faq$/);
      expect((await consentCookie(context))?.value).toBe("required.functional.advertising");
      // With JavaScript the fetcher saved it: the same document, no reload.
      if (withJs(testInfo)) expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
      await open(page, testInfo, "/");
      await expect(banner(page)).toHaveCount(0);
      await open(page, testInfo, "/products/dog");
      await expect(banner(page)).toHaveCount(0);
    });

    test("Reject all keeps required only and hides the banner", async ({ page, context }, testInfo) => {
      await open(page, testInfo, "/");
      await banner(page).getByRole("button", { name: "Reject all" }).click();
      await expect(banner(page)).toHaveCount(0);
      expect((await consentCookie(context))?.value).toBe("required");
      await open(page, testInfo, "/faq");
      await expect(banner(page)).toHaveCount(0);
    });

    test("the choice can be changed later from the footer: a dialog with JavaScript, a page without", async ({
      page,
      context,
    }, testInfo) => {
      await open(page, testInfo, "/");
      await banner(page).getByRole("button", { name: "Reject all" }).click();
      await expect(banner(page)).toHaveCount(0);
      await footerLink(page).click();
      if (withJs(testInfo)) {
        const dialog = page.getByRole("dialog", { name: "Cookie preferences" });
        await expect(dialog).toBeVisible();
        await expect(page).toHaveURL(/\/$/);
        await expect(dialog.getByRole("checkbox", { name: /Required/ })).toBeChecked();
        await expect(dialog.getByRole("checkbox", { name: /Required/ })).toBeDisabled();
        await expect(dialog.getByRole("checkbox", { name: /Functional/ })).not.toBeChecked();
        await expectAxeClean(page, ".consent-dialog", testInfo);
        // Escape closes it and focus goes back to the link.
        await page.keyboard.press("Escape");
        await expect(dialog).toHaveCount(0);
        await expect(footerLink(page)).toBeFocused();
        await footerLink(page).click();
        await dialog.getByRole("checkbox", { name: /Functional/ }).check();
        await dialog.getByRole("button", { name: "Save choices" }).click();
        await expect(dialog).toHaveCount(0);
        await expect(footerLink(page)).toBeFocused();
        await expect.poll(async () => (await consentCookie(context))?.value).toBe("required.functional");
        // Opened again, it shows the saved choice.
        await footerLink(page).click();
        await expect(dialog.getByRole("checkbox", { name: /Functional/ })).toBeChecked();
      } else {
        await expect(page).toHaveURL(/\/cookie-preferences$/);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cookie preferences");
        await expect(page).toHaveTitle(/^Cookie preferences/);
        for (const label of [/Required/, /Functional/, /Advertising/]) {
          await expect(page.getByRole("main").getByRole("checkbox", { name: label })).toBeVisible();
        }
        await expectAxeClean(page, "main", testInfo);
        await page
          .getByRole("main")
          .getByRole("checkbox", { name: /Functional/ })
          .check();
        await page.getByRole("main").getByRole("button", { name: "Save choices" }).click();
        // Back to the page the link was followed from.
        await expect(page).toHaveURL(/\/$/);
        expect((await consentCookie(context))?.value).toBe("required.functional");
      }
      await open(page, testInfo, "/faq");
      await expect(banner(page)).toHaveCount(0);
    });

    test("Choose cookies in the banner opens the preferences, and a choice there hides the banner", async ({
      page,
      context,
    }, testInfo) => {
      await open(page, testInfo, "/");
      await banner(page).getByRole("link", { name: "Choose cookies" }).click();
      const scope = withJs(testInfo)
        ? page.getByRole("dialog", { name: "Cookie preferences" })
        : page.getByRole("main");
      await scope.getByRole("checkbox", { name: /Advertising/ }).check();
      await scope.getByRole("button", { name: "Save choices" }).click();
      await expect(banner(page)).toHaveCount(0);
      await expect.poll(async () => (await consentCookie(context))?.value).toBe("required.advertising");
    });
  });
}

test("another tab's choice reaches an open page within the poll (JavaScript)", async ({ page, context }, testInfo) => {
  test.skip(!withJs(testInfo), "the poll runs in the browser");
  await open(page, testInfo, "/");
  await expect(banner(page)).toBeVisible();
  const other = await context.newPage();
  await open(other, testInfo, "/faq");
  await banner(other).getByRole("button", { name: "Accept all" }).click();
  await expect(banner(other)).toHaveCount(0);
  // The first tab's store sees the cookie change and its loaders read it again.
  await expect(banner(page)).toHaveCount(0, { timeout: 5_000 });
});
