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
// enhance it, so the browser fetches them once the page is drawn (patches/@remix-run+react:
// Remix would preload them while the HTML is read, and a phone would load them before drawing
// anything). The yardstick is the first animation frame, as the page itself sees it: paint
// timing's time is when the frame was shown, which headless Chromium reports tens of ms late.
test("a page's document links one stylesheet, preloads the bold font and names no script to fetch early", async ({
  request,
}) => {
  for (const { path } of [{ path: "/" }, ...PAGES]) {
    const html = await (await request.get(path)).text();
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toMatch(/<link rel="preload" href="\/build\/_assets\/nunito-sans-latin-700-normal-\w+\.woff2"/);
    expect(html.match(/<link rel="stylesheet"/g)).toHaveLength(1);
  }
});

test("a page's scripts are fetched once its first frame is drawn, and it hydrates", async ({ page }, testInfo) => {
  test.skip(testInfo.project.use.javaScriptEnabled === false, "scripts need JavaScript");
  await page.addInitScript(() => {
    requestAnimationFrame(() => {
      (window as unknown as { firstFrame: number }).firstFrame = performance.now();
    });
  });
  for (const { path } of [{ path: "/" }, ...PAGES]) {
    await page.goto(path);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const timing = await page.evaluate(() => ({
      firstFrame: (window as unknown as { firstFrame: number }).firstFrame,
      scripts: (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
        .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
        .map(({ name, startTime }) => ({ name, startTime })),
    }));
    expect(timing.scripts.length).toBeGreaterThan(5);
    const early = timing.scripts.filter((script) => !(script.startTime >= timing.firstFrame));
    expect(early, `${path}: first frame at ${timing.firstFrame} ms`).toEqual([]);
  }
});

// What a shopper types while the page's scripts are still on their way stays when it hydrates:
// the header's search and the product page's quantity start from the field, not from the
// server's value (docs/rules.md "Catalogue and product pages").
test("text typed before the page hydrates is kept", async ({ page }, testInfo) => {
  test.skip(testInfo.project.use.javaScriptEnabled === false, "hydration needs JavaScript");
  let release = () => {};
  const typed = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/build\/entry\.client-\w+\.js$/, async (route) => {
    await typed;
    await route.continue();
  });
  await page.goto(PAGES[1].path, { waitUntil: "domcontentloaded" });
  const search = page.getByRole("search").getByLabel("Search products");
  const quantity = page.locator(".buy-box").getByLabel("Quantity", { exact: true });
  await search.fill("chicken kibble");
  await quantity.fill("3");
  release();
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await expect(search).toHaveValue("chicken kibble");
  await expect(quantity).toHaveValue("3");
  await page.getByRole("search").getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/search\?search=chicken\+kibble$/);
});

// A choice made while part of the page is still hydrating is kept and breaks nothing: the
// reviews' chunk is held, so their Suspense boundary is still the server's HTML when the
// shopper picks Autoship (React's error 421 when an update reached that boundary;
// docs/rules.md "Catalogue and product pages").
test("choosing Autoship before the page has finished hydrating keeps the choice and throws nothing", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.use.javaScriptEnabled === false, "hydration needs JavaScript");
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/client-errors") errors.push(`reported: ${request.postData()}`);
  });
  let requested = () => {};
  const reviewsAsked = new Promise<void>((resolve) => (requested = resolve));
  let release = () => {};
  const chosen = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/build\/_shared\/product-reviews-\w+\.js$/, async (route) => {
    requested();
    await chosen;
    await route.continue();
  });
  await page.goto(PAGES[1].path);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  // The page is interactive; the reviews' boundary waits for its chunk.
  await reviewsAsked;
  const autoship = page.getByLabel(/^Autoship/);
  await autoship.check();
  await expect(autoship).toBeChecked();
  const arrived = page.waitForResponse(/\/build\/_shared\/product-reviews-\w+\.js$/);
  release();
  await arrived;
  // The boundary hydrates once its chunk has run: two frames later React has committed it.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await expect(autoship).toBeChecked();
  await expect(page.getByLabel("One-time purchase")).not.toBeChecked();
  expect(errors).toEqual([]);
});
