import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { fillAddress, open, query, register, STAFF_URL, TEST_PASSWORD, uniqueEmail } from "./helpers";

// The analytics data layer (docs/rules.md "Analytics"): the ecommerce events of a whole
// purchase in order, login and sign_up, search, list names, first-party collection under
// functional consent, and nothing at all on the staff site. Without JavaScript there is no
// data layer (docs/decisions.md "Analytics"): the no-js project only checks pages still work.

const PRODUCT = "/products/science-diet/adult-dry-dog-food/chicken-barley/15.5lb";
const GOOD_CARD = "4242 4242 4242 4242";
const LOG_KEY = "e2e-data-layer";

type Pushed = { event?: string; ecommerce?: Record<string, unknown> | null; [key: string]: unknown };

/** Keeps every push to window.dataLayer across page loads (sessionStorage), in order. */
async function recordDataLayer(page: Page) {
  await page.addInitScript((key) => {
    const log = JSON.parse(window.sessionStorage.getItem(key) ?? "[]") as unknown[];
    const layer: unknown[] = [];
    const push = layer.push.bind(layer);
    layer.push = (...items: unknown[]) => {
      log.push(...items);
      window.sessionStorage.setItem(key, JSON.stringify(log));
      return push(...items);
    };
    (window as unknown as { dataLayer: unknown[] }).dataLayer = layer;
  }, LOG_KEY);
}

const pushed = (page: Page) =>
  page.evaluate((key) => JSON.parse(window.sessionStorage.getItem(key) ?? "[]") as Pushed[], LOG_KEY);
const ecommerce = async (page: Page) => (await pushed(page)).filter((p) => p.ecommerce);
const names = async (page: Page) => (await ecommerce(page)).map((p) => p.event);

/** Waits until the data layer holds `count` events named `name`. */
async function expectEvents(page: Page, name: string, count = 1) {
  await expect.poll(async () => (await pushed(page)).filter((p) => p.event === name).length).toBe(count);
}

const stepTitle = (page: Page) => page.locator("h2#checkout-step-title");
const dialog = (page: Page) => page.getByRole("dialog", { name: "Added to your cart" });

async function addFromProductPage(page: Page) {
  await page.locator(".buy-box").getByRole("button", { name: "Add to Cart" }).click();
  await expect(dialog(page)).toBeVisible();
  await dialog(page).getByRole("button", { name: "Continue Shopping" }).click();
  await expect(dialog(page)).toBeHidden();
}

const cents = (money: string) => Math.round(Number(money.replace(/[$,]/g, "")) * 100);

test.describe("analytics data layer", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "without JavaScript there is no data layer");

  test("a whole purchase pushes its ecommerce events in order, each after { ecommerce: null }, collected first party", async ({
    page,
    context,
  }, testInfo) => {
    test.setTimeout(120_000); // a whole purchase, on a shared machine
    // Functional consent, as the consent banner's choice leaves it.
    await context.addCookies([
      { name: "shop_consent", value: "required.functional", url: testInfo.project.use.baseURL! },
    ]);
    await recordDataLayer(page);

    // A listing: view_item_list with its list name, items with brand and price.
    await open(page, testInfo, "/products/dog");
    await expectEvents(page, "view_item_list");
    const [list] = await ecommerce(page);
    expect(list.ecommerce).toMatchObject({ currency: "USD", item_list_name: "Product Listing" });
    const listItems = list.ecommerce!.items as Record<string, unknown>[];
    expect(listItems[0]).toMatchObject({ index: 0, item_list_name: "Product Listing", quantity: 1 });
    expect(listItems[0].item_brand).toEqual(expect.any(String));
    expect(listItems[0].price).toEqual(expect.any(Number));

    // A card that can be bought, other than PRODUCT: select_item, then view_item of the same variant.
    const card = page
      .locator("article.product-card")
      .filter({ has: page.getByRole("button", { name: "Add to Cart", disabled: false }) })
      .filter({ hasNot: page.locator('a[href*="adult-dry-dog-food"]') })
      .first();
    const title = (await card.locator(".product-card__link").textContent())!.trim();
    await card.locator(".product-card__link").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expectEvents(page, "view_item");
    const selected = (await ecommerce(page)).find((p) => p.event === "select_item")!;
    const viewed = (await ecommerce(page)).find((p) => p.event === "view_item")!;
    const selectedItem = (selected.ecommerce!.items as Record<string, unknown>[])[0];
    expect(selectedItem).toMatchObject({ item_name: title, item_list_name: "Product Listing" });
    expect((viewed.ecommerce!.items as Record<string, unknown>[])[0]).toMatchObject({
      item_id: selectedItem.item_id,
      item_name: title,
    });

    // Two lines: this product and PRODUCT, each add_to_cart after the server accepted it.
    await addFromProductPage(page);
    await expectEvents(page, "add_to_cart", 1);
    await open(page, testInfo, PRODUCT);
    await addFromProductPage(page);
    await expectEvents(page, "add_to_cart", 2);

    // The cart: view_cart with both lines; removing the first product's line: remove_from_cart.
    await open(page, testInfo, "/cart");
    await expectEvents(page, "view_cart");
    const viewCart = (await ecommerce(page)).find((p) => p.event === "view_cart")!;
    expect(viewCart.ecommerce!.items).toHaveLength(2);
    await page.getByRole("button", { name: `Remove, ${title}` }).click();
    await expectEvents(page, "remove_from_cart");
    const removed = (await ecommerce(page)).find((p) => p.event === "remove_from_cart")!;
    expect(removed.ecommerce!.items).toEqual([expect.objectContaining({ item_name: title, quantity: 1 })]);
    await expect(page.getByRole("button", { name: `Remove, ${title}` })).toHaveCount(0);

    // Checkout: begin_checkout, add_shipping_info, add_payment_info.
    await page.getByRole("link", { name: "Proceed to Checkout" }).click();
    await expect(stepTitle(page)).toHaveText("Contact");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await expectEvents(page, "begin_checkout");
    await page.getByLabel("Email address").fill(uniqueEmail(testInfo, "analytics"));
    await page.getByRole("button", { name: "Continue to shipping" }).click();
    await expect(stepTitle(page)).toHaveText("Shipping address");
    await fillAddress(page);
    await page.getByRole("button", { name: "Continue to delivery" }).click();
    await expect(stepTitle(page)).toHaveText("Delivery");
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await expect(stepTitle(page)).toHaveText("Payment");
    await expectEvents(page, "add_shipping_info");
    await page.getByLabel("Name on card").fill("Riley Tester");
    await page.getByLabel("Card number").fill(GOOD_CARD);
    await page.getByLabel("Expiry (MM/YY)").fill("12/30");
    await page.getByLabel("Security code").fill("123");
    await page.getByRole("button", { name: "Continue to review" }).click();
    await expect(stepTitle(page)).toHaveText("Review and place order");
    await expectEvents(page, "add_payment_info");
    const total = cents((await page.getByTestId("order-total").textContent()) ?? "");

    // The purchase: transaction id is the order number, value the order's total.
    await page.getByRole("button", { name: "Place order" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you for your order");
    await expectEvents(page, "purchase");
    const number = (await page.getByTestId("order-number").textContent())!.slice(1);
    const purchase = (await ecommerce(page)).find((p) => p.event === "purchase")!;
    expect(purchase.ecommerce).toMatchObject({ currency: "USD", transaction_id: number, value: total / 100 });
    expect(purchase.ecommerce!.items).toEqual([expect.objectContaining({ quantity: 1, item_brand: "Science Diet" })]);

    // Not again on reload.
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await expectEvents(page, "page_view", (await pushed(page)).filter((p) => p.event === "page_view").length);
    await expectEvents(page, "purchase", 1);

    expect(await names(page)).toEqual([
      "view_item_list",
      "select_item",
      "view_item",
      "add_to_cart",
      "view_item",
      "add_to_cart",
      "view_cart",
      "remove_from_cart",
      "begin_checkout",
      "add_shipping_info",
      "add_payment_info",
      "purchase",
    ]);
    // Every ecommerce event comes right after { ecommerce: null } (GTM's recommendation).
    const all = await pushed(page);
    all.forEach((p, i) => {
      if (p.ecommerce) expect(all[i - 1]).toEqual({ ecommerce: null });
    });

    // Collected first party under functional consent: the purchase row with the order's total.
    await expect
      .poll(() =>
        query<{ valueCents: number }>(
          testInfo,
          `SELECT valueCents FROM "AnalyticsEvent" WHERE event = 'purchase' AND payload LIKE ?`,
          `%"transaction_id":"${number}"%`,
        ),
      )
      .toEqual([{ valueCents: total }]);
  });

  test("sign_up after registration and login after a password sign-in", async ({ page, context }, testInfo) => {
    await recordDataLayer(page);
    const email = uniqueEmail(testInfo, "analytics-account");
    await register(page, testInfo, email);
    await expectEvents(page, "sign_up");
    expect((await pushed(page)).find((p) => p.event === "sign_up")).toEqual({ event: "sign_up", method: "password" });

    await context.clearCookies();
    await open(page, testInfo, "/shelter/login");
    await page.getByLabel("Email address").fill(email);
    await page.getByLabel("Password").fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Log In" }).click();
    await expect(page.getByRole("banner").getByRole("link", { name: "My Account" })).toBeVisible();
    await expectEvents(page, "login");
    expect((await pushed(page)).find((p) => p.event === "login")).toEqual({ event: "login", method: "password" });
    // Once: the marker is gone after it was pushed.
    await open(page, testInfo, "/");
    await expectEvents(page, "login", 1);
    expect(await page.evaluate(() => document.cookie)).not.toContain("shop_analytics_account");
  });

  test("search pushes the term and its results list; the home carousels are named HomePage", async ({
    page,
  }, testInfo) => {
    await recordDataLayer(page);
    await open(page, testInfo, "/search?search=chicken");
    await expectEvents(page, "search");
    expect((await pushed(page)).find((p) => p.event === "search")).toEqual({ event: "search", search_term: "chicken" });
    await expectEvents(page, "view_item_list");
    expect((await ecommerce(page))[0].ecommerce).toMatchObject({ item_list_name: "Search Results" });

    await open(page, testInfo, "/");
    await expect.poll(async () => (await ecommerce(page)).length).toBeGreaterThan(1);
    const home = (await ecommerce(page)).slice(1);
    expect(home.length).toBeGreaterThan(0);
    for (const list of home)
      expect(list).toMatchObject({ event: "view_item_list", ecommerce: { item_list_name: "HomePage" } });
  });

  test("the staff site pushes nothing: no page views, no ecommerce events, no collection", async ({
    page,
  }, testInfo) => {
    await recordDataLayer(page);
    await open(page, testInfo, `${STAFF_URL}/`);
    await open(page, testInfo, `${STAFF_URL}/search?search=chicken`);
    expect(await pushed(page)).toEqual([]);
    // The page's own post (Node does not resolve *.localhost; the browser does).
    const status = await page.evaluate(async () => {
      const response = await fetch("/api/analytics/events", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ integration: "shop", events: [{ event: "search", search_term: "x" }] }),
      });
      return response.status;
    });
    expect(status).toBe(404);
  });
});

test("pages with data-layer events still work without JavaScript", async ({ page }, testInfo: TestInfo) => {
  for (const path of ["/products/dog", "/search?search=chicken", "/", "/cart"]) {
    const response = await open(page, testInfo, path);
    expect(response?.status(), path).toBe(200);
  }
});
