// Content-driven pages (catalogue spec section 7), with and without JavaScript, on both sites.
import { expect, test } from "@playwright/test";
import { open, SITES } from "./helpers";

const HOME = {
  DTC: {
    hero: "Nutrition your pet will love, delivered to your door",
    highlight: "Never run out of food again",
    carousels: ["Dog favorites", "Cat favorites"],
    navExtra: { name: "Autoship", href: "/autoship" },
    banner: "Choose Autoship and save an extra 5% on every delivery.",
    expiredBanner: "Holiday delivery: orders placed by December 31 ship free",
    carousel404: "Popular right now",
  },
  HPSF: {
    hero: "Great nutrition for your own pets, at program pricing",
    highlight: "30% off retail for the people who care for pets every day",
    carousels: ["Clinic favorites", "For cats"],
    navExtra: { name: "How the program works", href: "/faq" },
    banner: "Program pricing is applied automatically in your cart",
    expiredBanner: "Year-end reminder",
    carousel404: "Popular with members",
  },
} as const;

for (const { site, baseURL, suffix } of SITES) {
  const copy = HOME[site];
  test.describe(`content on ${site}`, () => {
    if (baseURL) test.use({ baseURL });

    test("the home page is composed of content sections in order", async ({ page }, testInfo) => {
      await open(page, testInfo, "/");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.hero);
      const hero = page.getByRole("region", { name: copy.hero });
      await expect(hero.getByRole("img")).toHaveAttribute("src", /^\/cms\/hero-[a-z-]+\?w=\d+$/);
      await expect(page.getByRole("heading", { level: 2, name: copy.highlight })).toBeVisible();
      for (const headline of copy.carousels) {
        await expect(page.getByRole("region", { name: headline }).getByRole("article").first()).toBeVisible();
      }
      await expect(page.getByRole("region", { name: "Promotions" }).getByRole("article")).toHaveCount(2);
      // Sections follow the editor's order: highlight, carousels, two columns, promotions.
      const headings = await page.locator("main h2").allTextContents();
      expect(headings.indexOf(copy.highlight)).toBeLessThan(headings.indexOf(copy.carousels[0]));
    });

    test("header navigation, announcement bar, banners and footer come from content", async ({ page }, testInfo) => {
      await open(page, testInfo, "/");
      const nav = page.getByRole("navigation", { name: "Main" });
      await expect(nav.getByRole("link", { name: copy.navExtra.name, exact: true })).toHaveAttribute(
        "href",
        copy.navExtra.href,
      );
      await expect(page.getByRole("region", { name: "Announcements" })).toBeVisible();
      const notices = page.getByRole("region", { name: "Site notices" });
      await expect(notices).toContainText(copy.banner);
      // A banner whose end time has passed is not shown.
      await expect(page.getByText(copy.expiredBanner)).toHaveCount(0);
      const footer = page.getByRole("contentinfo");
      await expect(footer.getByRole("link", { name: "Terms & Conditions" })).toHaveAttribute(
        "href",
        "/terms-and-conditions",
      );
      await footer.getByRole("link", { name: "Shipping", exact: true }).click();
      await expect(page).toHaveURL(/\/shipping$/);
      await expect(page).toHaveTitle(`Shipping | ${suffix}`);
      await expect(page.getByRole("heading", { level: 1, name: "Shipping" })).toBeVisible();
    });

    test("a content page renders its blocks; the staff terms are titled 'Terms & Conditions' (catalogue spec section 2)", async ({
      page,
    }, testInfo) => {
      await open(page, testInfo, "/terms-and-conditions");
      await expect(page).toHaveTitle(`Terms & Conditions | ${suffix}`);
      await expect(page.locator("main h2").first()).toBeVisible();
      await open(page, testInfo, "/faq");
      const question = page.locator("main details summary").first();
      await question.click();
      await expect(page.locator("main details").first()).toHaveAttribute("open", "");
    });

    test("unknown slugs, drafts and archived pages are the 404 page; a draft shows with the preview secret", async ({
      page,
    }, testInfo) => {
      for (const path of ["/no-such-page", "/holiday-gift-guide", "/summer-sale"]) {
        const response = await open(page, testInfo, path);
        expect(response?.status(), path).toBe(404);
      }
      const preview = await open(page, testInfo, "/holiday-gift-guide?preview=e2e-preview-secret-0123456789");
      expect(preview?.status()).toBe(200);
      await expect(page.getByRole("status").filter({ hasText: "Preview" })).toBeVisible();
    });

    test("the 404 page shows the globals' title, message, image, buttons and the '404' carousel (catalogue spec section 2)", async ({
      page,
    }, testInfo) => {
      // An unknown path, product and category are the same page, hydrated (open waits for it).
      for (const path of ["/no/such/page", "/products/no-such-product", "/products/dog/not-a-category"]) {
        const response = await open(page, testInfo, path);
        expect(response?.status(), path).toBe(404);
        await expect(page).toHaveTitle(`404 Error | ${suffix}`);
        await expect(page.getByRole("heading", { level: 1, name: "404 Error" })).toBeVisible();
        await expect(page.locator(".error-page img")).toHaveAttribute("src", /^\/cms\/not-found-/);
        await expect(page.getByRole("link", { name: "Back To Homepage" })).toHaveAttribute("href", "/");
        await expect(page.getByRole("region", { name: copy.carousel404 }).getByRole("article").first()).toBeVisible();
      }
    });

    test("redirects from content: internal ones redirect, external ones leave the shop", async ({ page }, testInfo) => {
      await open(page, testInfo, "/help");
      await expect(page).toHaveURL(/\/faq$/);
      // The browser is sent on to the external address (it does not resolve here, offline).
      const leaving = page.waitForRequest("https://careers.example.com/");
      await page.goto("/careers").catch(() => null);
      expect((await leaving).redirectedFrom()?.url()).toMatch(/\/careers$/);
    });

    test("the maintenance page has no layout (shop-core spec section 2)", async ({ page }, testInfo) => {
      await open(page, testInfo, "/maintenance");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("We'll be right back");
      await expect(page.getByRole("banner")).toHaveCount(0);
      await expect(page.getByRole("contentinfo")).toHaveCount(0);
    });
  });
}

test("an external redirect answers 302 with the target; content images are webp from /cms/{id}", async ({
  request,
}) => {
  const redirect = await request.get("/careers", { maxRedirects: 0 });
  expect(redirect.status()).toBe(302);
  expect(redirect.headers()["location"]).toBe("https://careers.example.com/");
  // Catalogue spec section 3: jpeg and png assets are served as webp.
  const image = await request.get("/cms/hero-dtc-bowl?w=640");
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/webp");
});

test("the search page's no-results suggestions come from content", async ({ page }, testInfo) => {
  await open(page, testInfo, "/search?search=zzzzqqq");
  const noResults = page.getByRole("region", { name: /No products found/ });
  await expect(noResults.getByRole("link").first()).toBeVisible();
});
