import { expect, test } from "@playwright/test";

// Hydration adopts the server's HTML (docs/rules.md "Client JavaScript budget"): the listing
// and product pages load their view lazily, and the browser loads it before hydrating, so
// however late it arrives, nothing is thrown away and drawn again (React's error 418).
const PAGES = [
  { name: "listing", path: "/products/dog", view: /\/build\/_shared\/listing-view-\w+\.js$/ },
  {
    name: "product",
    path: "/products/science-diet/adult-dry-dog-food/chicken-barley/15.5lb",
    view: /\/build\/_shared\/product-view-\w+\.js$/,
  },
];

for (const { name, path, view } of PAGES) {
  test(`the ${name} page hydrates the server's HTML when its view arrives late`, async ({ page }, testInfo) => {
    test.skip(testInfo.project.use.javaScriptEnabled === false, "hydration needs JavaScript");
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    let release = () => {};
    const arrived = new Promise<void>((resolve) => (release = resolve));
    await page.route(view, async (route) => {
      await arrived;
      await route.continue();
    });

    await page.goto(path, { waitUntil: "domcontentloaded" });
    await page.evaluate(() => {
      (window as unknown as { serverHeading: Element | null }).serverHeading = document.querySelector("main h1");
    });
    // The page's modules have run; only its view is still on its way.
    await expect.poll(() => page.evaluate(() => "__remixRouteModules" in window)).toBe(true);
    release();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");

    const kept = await page.evaluate(
      () => document.querySelector("main h1") === (window as unknown as { serverHeading: Element }).serverHeading,
    );
    expect(errors).toEqual([]);
    expect(kept).toBe(true);
  });
}

// The page is drawn from its HTML, stylesheet, fonts and first picture; its scripts only
// enhance it, so they are fetched at the browser's low priority for async scripts
// (patches/@remix-run+react: Remix's modulepreload links would raise them to high).
test("a page's scripts are fetched at low priority, after its stylesheet, fonts and first picture", async ({
  request,
}) => {
  for (const { path } of PAGES) {
    const html = await (await request.get(path)).text();
    const preloads = html.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
    expect(preloads.length).toBeGreaterThan(5);
    expect(preloads.filter((link) => !link.includes('fetchpriority="low"'))).toEqual([]);
    expect(html).toMatch(/<link rel="preload" href="\/build\/_assets\/nunito-sans-latin-700-normal-\w+\.woff2"/);
    expect(html.match(/<link rel="stylesheet"/g)).toHaveLength(1);
  }
});
