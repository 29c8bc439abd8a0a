// The back office's content editing in the browser (docs/rules.md "Back office: content"), with and
// without JavaScript: a content editor adds a site-wide banner through the fields made from its
// schema ("Add item" inserts in place with JavaScript, posts and comes back without), saves it as a
// draft, previews it and publishes it, and the shop's home page then shows it. The js project edits the DTC banners
// and the no-js project the HPSF banners, so the two never edit one entry at once; each removes
// its banner at the end (content.spec.ts reads the seeded banners, which stay untouched).
import { expect, test, type Page } from "@playwright/test";
import { adminSignIn, axeClean, jsEnabled, newAddress, noHorizontalScroll, open, STAFF_URL } from "./helpers";

const notice = (page: Page, text: string | RegExp) => page.locator("main .notice").filter({ hasText: text });

test("a content editor adds a site-wide banner, previews it, publishes it, and the shop shows it", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const site = jsEnabled(testInfo) ? "DTC" : "HPSF";
  const shopHome = site === "DTC" ? "/" : `${STAFF_URL}/`;
  const bannerId = `e2e-${testInfo.project.name}-${Date.now().toString(36)}`;
  const text = `Back-office banner ${bannerId}`;

  await adminSignIn(page, testInfo, "content");
  await open(page, testInfo, `/admin/content?type=sitewide-banners&site=${site}`);
  await expect(page.getByRole("heading", { level: 1, name: "Content" })).toBeVisible();
  await axeClean(page, testInfo);
  await page.getByRole("link", { name: "Sitewide banners" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sitewide banners" })).toBeVisible();
  const entryUrl = page.url();
  await axeClean(page, testInfo);

  const edit = async (change: () => Promise<void>) => {
    await open(page, testInfo, new URL(entryUrl).pathname);
    await change();
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(notice(page, "Draft saved")).toBeVisible();
    await expect(page.getByTestId("entry-draft")).toHaveText("Unpublished changes pending");
  };
  const publish = async () => {
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(notice(page, "Published")).toBeVisible();
    await expect(page.getByTestId("entry-draft")).toHaveText("None");
  };
  const shopShows = (shown: boolean) =>
    expect
      .poll(
        async () => {
          // The server's page cache follows the content version.
          await page.goto(newAddress(shopHome));
          return page.getByRole("region", { name: "Site notices" }).getByText(text).count();
        },
        { timeout: 30_000, intervals: [500, 1_000, 2_000] },
      )
      .toBe(shown ? 1 : 0);

  try {
    await edit(async () => {
      const items = page.getByRole("group", { name: /^Item \d+$/ });
      const count = await items.count();
      await page.getByRole("button", { name: "Add item" }).click();
      await expect(items).toHaveCount(count + 1);
      const added = items.last();
      await added.getByLabel("Id").fill(bannerId);
      await added.getByLabel("Text", { exact: true }).fill(text);
      await added.getByLabel("Tone").selectOption("promo");
      await axeClean(page, testInfo);
    });
    // A draft is not on the shop.
    await page.goto(`${shopHome}?draft=${Date.now()}`);
    await expect(page.getByText(text)).toHaveCount(0);

    await open(page, testInfo, `${new URL(entryUrl).pathname}/preview`);
    await expect(page.getByTestId("preview").getByRole("region", { name: "Site notices" })).toContainText(text);

    await open(page, testInfo, new URL(entryUrl).pathname);
    await publish();
    await shopShows(true);
    await open(page, testInfo, new URL(entryUrl).pathname);
    await expect(page.getByRole("table", { name: /Revisions/ })).toContainText("published");
  } finally {
    // Leave the site as it was: remove the banner and publish again.
    await edit(async () => {
      const mine = page
        .getByRole("group", { name: /^Item \d+$/ })
        .filter({ has: page.locator(`input[value="${bannerId}"]`) });
      if ((await mine.count()) > 0) {
        // The item's buttons follow its group, named after it ("Remove Item 3").
        const item = await mine.locator("legend").first().innerText();
        await page.getByRole("button", { name: `Remove ${item}`, exact: true }).click();
        await expect(page.locator(`input[value="${bannerId}"]`)).toHaveCount(0);
      }
    });
    await publish();
  }
  await shopShows(false);
});

for (const width of [1280, 390]) {
  test(`the content pages fit a ${width} px screen`, async ({ page }, testInfo) => {
    // Three pages, each with an axe scan: past 30 s on a loaded machine.
    test.slow();
    await page.setViewportSize({ width, height: 900 });
    await adminSignIn(page, testInfo, "content");
    for (const path of ["/admin/content", "/admin/redirects", "/admin/images"]) {
      await open(page, testInfo, path);
      await noHorizontalScroll(page);
      await axeClean(page, testInfo);
    }
  });
}
