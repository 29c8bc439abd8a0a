import { expect, test, type Page, type TestInfo } from "@playwright/test";
import {
  axeClean,
  fillRegister,
  jsEnabled,
  mainNav,
  menuButton,
  noHorizontalScroll,
  open,
  register,
  SITES,
  uniqueEmail,
} from "./helpers";

// The compact header and the checkout's minimal header (docs/rules.md "Brand, type and header"),
// with and without JavaScript, on both sites, signed out and signed in.

/** Two phone widths and a wide screen. */
const WIDTHS = [320, 390, 1280];

/** The compact header's height limit at phone widths, in CSS pixels. */
const COMPACT_HEADER_MAX_PX = 120;

const searchButton = (page: Page) => page.getByRole("banner").locator("summary", { hasText: "Search" });

/** The page's main content and its header, in one axe scan. */
const PAGE_AND_HEADER = ["main", "header"];

/** The element's box lies inside the viewport. */
async function expectOnScreen(
  page: Page,
  name: string,
  box: { x: number; y: number; width: number; height: number } | null,
) {
  const viewport = page.viewportSize()!;
  expect(box, `${name} is rendered`).not.toBeNull();
  expect(box!.x, `${name} left edge`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${name} right edge`).toBeLessThanOrEqual(viewport.width);
  expect(box!.y, `${name} top edge`).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, `${name} bottom edge`).toBeLessThanOrEqual(viewport.height);
}

/** Signs in: a new consumer account (on the home page), or a new staff member (on the registration step). */
async function signIn(page: Page, testInfo: TestInfo, site: string) {
  const email = uniqueEmail(testInfo, `header-${site.toLowerCase()}`);
  if (site === "DTC") {
    await register(page, testInfo, email);
    return;
  }
  await open(page, testInfo, "/shelter/register");
  await fillRegister(page, email, "Robin");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Complete your registration");
}

for (const { site, baseURL } of SITES) {
  test.describe(`header on ${site}`, () => {
    if (baseURL) test.use({ baseURL });

    // One test per sign-in state walks the widths: signing in once, then each width's page anew.
    for (const signedIn of [false, true]) {
      test(`${signedIn ? "signed in" : "signed out"}: account and cart on screen in one row, compact below 960 px and full above`, async ({
        page,
      }, testInfo) => {
        test.slow(); // three widths in one test
        if (signedIn) await signIn(page, testInfo, site);
        const path = signedIn ? new URL(page.url()).pathname : "/";
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 800 });
          await open(page, testInfo, path);
          const header = page.getByRole("banner");
          // The announcement bar and consent banner sit above the header: measure from the header's top.
          await header.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY));
          const account = header.getByRole("link", { name: signedIn ? "My Account" : "Sign In" });
          const cart = header.getByRole("link", { name: /^Cart, \d+ items?$/ });
          await expectOnScreen(page, "account link", await account.boundingBox());
          await expectOnScreen(page, "cart link", await cart.boundingBox());
          const logo = header.getByRole("link", { name: /home$/ });
          await expectOnScreen(page, "logo", await logo.boundingBox());
          if (width < 960) {
            const headerBox = (await header.boundingBox())!;
            expect(headerBox.height).toBeLessThanOrEqual(COMPACT_HEADER_MAX_PX);
            // One row: logo, search, account, cart and menu share a line.
            const boxes = await Promise.all(
              [logo, searchButton(page), account, cart, menuButton(page)].map((l) => l.boundingBox()),
            );
            const centres = boxes.map((box) => box!.y + box!.height / 2);
            expect(Math.max(...centres) - Math.min(...centres)).toBeLessThanOrEqual(4);
            // Side by side, none over another: the logo's mark, then each control.
            const mark = (await logo.locator("svg").boundingBox())!;
            const row = [mark, ...boxes.slice(1).map((box) => box!)];
            for (let i = 1; i < row.length; i++) {
              expect(row[i].x, `control ${i} starts after the one before ends`).toBeGreaterThanOrEqual(
                row[i - 1].x + row[i - 1].width - 1,
              );
            }
            await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
          } else {
            await expect(menuButton(page)).toBeHidden();
            await expect(searchButton(page)).toBeHidden();
            await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
            await expect(header.getByRole("search").getByLabel("Search products")).toBeVisible();
          }
          // The navigation, opened from the Menu on a phone: axe reads it open below.
          await mainNav(page);
          // Sign Out: in the menu on a phone, in the navigation band on a wide screen.
          if (signedIn) await expect(header.getByRole("button", { name: "Sign Out" })).toBeVisible();
          await noHorizontalScroll(page);
          await axeClean(page, testInfo, PAGE_AND_HEADER);
        }
      });
    }

    test("the main navigation's links work at each width", async ({ page }, testInfo) => {
      test.slow(); // three widths in one test
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        await open(page, testInfo, "/");
        // (Axe reads the open menu at each width in the test above.)
        const nav = await mainNav(page);
        await nav.getByRole("link", { name: "All Products", exact: true }).click();
        await expect(page).toHaveURL((url) => url.pathname === "/products");
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        if (width < 960) {
          // A new page (or, with JavaScript, the navigation) closes the menu.
          await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
          await expect(page.locator("details.site-menu")).not.toHaveAttribute("open");
        }
        await noHorizontalScroll(page);
      }
    });

    test.describe("at 390 px with the keyboard", () => {
      test.use({ viewport: { width: 390, height: 800 } });

      test("Enter opens the menu, Tab reaches its links with a visible focus, Escape closes it", async ({
        page,
      }, testInfo) => {
        await open(page, testInfo, "/");
        // Tab from the cart link, the control before the menu button.
        await page
          .getByRole("banner")
          .getByRole("link", { name: /^Cart,/ })
          .focus();
        await page.keyboard.press("Tab");
        const button = menuButton(page);
        await expect(button).toBeFocused();
        // A visible focus indicator (the shop's :focus-visible outline).
        expect(await button.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe("solid");
        await page.keyboard.press("Enter");
        const nav = page.getByRole("navigation", { name: "Main" });
        await expect(nav).toBeVisible();
        await page.keyboard.press("Tab");
        await expect(nav.getByRole("link").first()).toBeFocused();
        if (jsEnabled(testInfo)) {
          await page.keyboard.press("Escape");
          await expect(nav).toBeHidden();
          await expect(button).toBeFocused();
          await page.keyboard.press("Enter");
          await expect(nav).toBeVisible();
        }
        // Enter on a focused link follows it.
        await nav.getByRole("link", { name: "All Products", exact: true }).focus();
        await page.keyboard.press("Enter");
        await expect(page).toHaveURL((url) => url.pathname === "/products");
      });

      test("the search button opens the field, which searches", async ({ page }, testInfo) => {
        await open(page, testInfo, "/");
        const field = page.getByRole("search").getByLabel("Search products");
        await expect(field).toBeHidden();
        await searchButton(page).click();
        await expect(field).toBeVisible();
        // With JavaScript the field takes the focus at once.
        if (jsEnabled(testInfo)) await expect(field).toBeFocused();
        await noHorizontalScroll(page);
        await axeClean(page, testInfo, ["header"]);
        await field.fill("chicken");
        await page.getByRole("search").getByRole("button", { name: "Search" }).click();
        await expect(page).toHaveURL(/\/search\?search=chicken$/);
      });
    });

    test("checkout shows the minimal header at each width", async ({ page }, testInfo) => {
      test.slow(); // three widths in one test
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        await open(page, testInfo, "/checkout");
        const header = page.getByRole("banner");
        await expect(header.getByRole("link", { name: /home$/ })).toHaveAttribute("href", "/");
        await expect(header.getByText("Secure checkout")).toBeVisible();
        await expect(header.getByRole("link", { name: "Help" })).toHaveAttribute("href", "/contact-us");
        // Nothing to leave by: no navigation, search, account or cart.
        await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
        await expect(page.getByRole("search")).toHaveCount(0);
        await expect(header.getByRole("link", { name: /^Cart,/ })).toHaveCount(0);
        await expect(page.getByRole("region", { name: "Announcements" })).toHaveCount(0);
        // One row: logo, the cue and help share a line.
        const boxes = await Promise.all(
          [
            header.getByRole("link", { name: /home$/ }),
            header.getByText("Secure checkout"),
            header.getByRole("link", { name: "Help" }),
          ].map((l) => l.boundingBox()),
        );
        const centres = boxes.map((box) => box!.y + box!.height / 2);
        expect(Math.max(...centres) - Math.min(...centres)).toBeLessThanOrEqual(4);
        expect((await header.boundingBox())!.height).toBeLessThanOrEqual(COMPACT_HEADER_MAX_PX);
        await noHorizontalScroll(page);
        await axeClean(page, testInfo, PAGE_AND_HEADER);
        // The logo leads back to the shop, whose header returns.
        await header.getByRole("link", { name: /home$/ }).click();
        await expect(page).toHaveURL((url) => url.pathname === "/");
        await expect(page.getByRole("banner").getByRole("link", { name: /^Cart,/ })).toBeVisible();
      }
    });
  });
}
