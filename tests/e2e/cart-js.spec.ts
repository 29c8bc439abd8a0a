import { expect, test, type Locator, type Page, type Request } from "@playwright/test";
import { open } from "./helpers";

// The cart with JavaScript: add-to-cart through the cart fetcher, an optimistic header
// count and the confirmation modal (catalogue spec sections 2 and 4). Without
// JavaScript the same forms are plain posts; cart.spec.ts covers that in both projects.

const LISTING = "/products/dog/dry";
const PRODUCT = "/products/science-diet/adult-dry-dog-food/chicken-barley/15.5lb";

interface Probe {
  sameDocument?: boolean;
  answeredAt?: number;
  openedAt?: number;
}

const cartCount = (page: Page) => page.getByTestId("cart-count");
const dialog = (page: Page) => page.getByRole("dialog", { name: "Added to your cart" });
/** The answer's notice (the layout's notice needs a redirect, which a fetcher does not do). */
const toast = (page: Page) => page.locator(".cart-toast .notice");

/** The value of one of the modal's facts (Variant, Quantity, Cart weight). */
const fact = (page: Page, name: string) =>
  dialog(page).locator("dt", { hasText: name }).locator("xpath=following-sibling::dd[1]");

function firstCard(page: Page): Locator {
  return page
    .locator(".listing__results article")
    .filter({ has: page.getByRole("button", { name: "Add to Cart" }) })
    .first();
}

/**
 * Marks the document (a full page load would lose the mark) and records when the dialog
 * opens; the answer's time is when the cart post's response ended (the dialog is the
 * answer's only message, so nothing on the page marks it).
 */
async function installProbe(page: Page) {
  await page.evaluate(() => {
    const probe: Probe = { sameDocument: true };
    (window as unknown as { __probe: Probe }).__probe = probe;
    // Room for the cart post's entry after a listing's pictures.
    performance.setResourceTimingBufferSize(2000);
    new MutationObserver(() => {
      const now = performance.now();
      if (probe.openedAt === undefined && document.querySelector("dialog.add-to-cart-modal[open]")) {
        probe.openedAt = now;
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["open"] });
  });
}

async function readProbe(page: Page): Promise<Probe | undefined> {
  return page.evaluate(() => {
    const probe = (window as unknown as { __probe?: Probe }).__probe;
    const posts = performance
      .getEntriesByType("resource")
      .filter((entry) => new URL(entry.name).pathname === "/cart") as PerformanceResourceTiming[];
    return probe && { ...probe, answeredAt: posts.at(-1)?.responseEnd };
  });
}

/** Holds POSTs to /cart while held, and counts how many the page has running at once. */
async function gateCartPosts(page: Page) {
  let held = false;
  let release: () => void = () => {};
  let gate = Promise.resolve();
  const stats = { posts: 0, running: 0, maxRunning: 0 };
  const isCartPost = (request: Request) => request.method() === "POST" && new URL(request.url()).pathname === "/cart";
  page.on("request", (request) => {
    if (!isCartPost(request)) return;
    stats.posts += 1;
    stats.running += 1;
    stats.maxRunning = Math.max(stats.maxRunning, stats.running);
  });
  const done = (request: Request) => {
    if (isCartPost(request)) stats.running -= 1;
  };
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  await page.route(
    (url) => url.pathname === "/cart",
    async (route) => {
      if (held && route.request().method() === "POST") await gate;
      await route.continue();
    },
  );
  return {
    stats,
    hold() {
      held = true;
      gate = new Promise<void>((resolve) => (release = resolve));
    },
    release() {
      held = false;
      release();
    },
  };
}

test.describe("cart with JavaScript (catalogue spec sections 2 and 4)", () => {
  test.beforeEach(({ page: _page }, testInfo) => {
    test.skip(testInfo.project.name === "no-js", "fetchers and the modal need JavaScript");
  });

  test("adds from a card without a page load; the header counts at once; the modal waits 750 ms", async ({
    page,
  }, testInfo) => {
    await open(page, testInfo, LISTING);
    await expect(cartCount(page)).toHaveText("0");
    const posts = await gateCartPosts(page);
    let navigations = 0;
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) navigations += 1;
    });
    await installProbe(page);
    const card = firstCard(page);
    const title = (await card.getByRole("heading").textContent())?.trim() ?? "";
    const add = card.getByRole("button", { name: "Add to Cart" });

    // Optimistic: while the post is held, the header already counts it.
    posts.hold();
    await add.click();
    await expect(cartCount(page)).toHaveText("1");
    await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
    await expect(card.locator("form")).toHaveAttribute("aria-busy", "true");
    await expect(dialog(page)).toBeHidden();
    posts.release();

    await expect(dialog(page)).toBeVisible();
    // The dialog says it; no toast says it too (docs/rules.md "Focus and announcements").
    await expect(toast(page)).toHaveCount(0);
    await expect(card.locator("form")).not.toHaveAttribute("aria-busy", "true");
    const probe = await readProbe(page);
    expect(probe?.sameDocument).toBe(true);
    expect(navigations).toBe(0);
    await expect(page).toHaveURL(new RegExp(`${LISTING}$`));
    // Hidden for the first 750 ms after the answer (catalogue spec section 2).
    expect((probe?.openedAt ?? 0) - (probe?.answeredAt ?? Infinity)).toBeGreaterThanOrEqual(700);

    const modal = dialog(page);
    await expect(modal.getByText(title, { exact: true })).toBeVisible();
    await expect(fact(page, "Cart weight")).toHaveText(/^\d+(\.\d)? lb$/);
    await expect(fact(page, "Quantity")).toHaveText("1");
    await expect(modal.getByRole("button", { name: "Continue Shopping" })).toBeFocused();
    await expect(modal.getByRole("link", { name: "Go to Cart" })).toHaveAttribute("href", "/cart");
    await expect(cartCount(page)).toHaveText("1");

    // Escape closes it; focus goes back to the button that added.
    await page.keyboard.press("Escape");
    await expect(dialog(page)).toBeHidden();
    await expect(add).toBeFocused();
    expect(posts.stats.posts).toBe(1);

    // The count is the server's, not only the page's.
    await page.reload();
    await expect(cartCount(page)).toHaveText("1");
  });

  test("'Remove' in the modal sets the line to 0 and the header back to 0", async ({ page }, testInfo) => {
    await open(page, testInfo, LISTING);
    const removals: unknown[] = [];
    await page.exposeFunction("recordRemoval", (detail: unknown) => removals.push(detail));
    await page.evaluate(() =>
      window.addEventListener("cart:remove-from-cart", (event) =>
        (window as unknown as { recordRemoval: (d: unknown) => void }).recordRemoval((event as CustomEvent).detail),
      ),
    );
    await firstCard(page).getByRole("button", { name: "Add to Cart" }).click();
    await expect(dialog(page)).toBeVisible();
    await expect(cartCount(page)).toHaveText("1");

    await dialog(page)
      .getByRole("button", { name: /^Remove/ })
      .click();
    await expect(dialog(page)).toBeHidden();
    await expect(toast(page)).toHaveText("Item removed from your cart.");
    await expect(cartCount(page)).toHaveText("0");
    expect(removals).toHaveLength(1);

    await page.goto("/cart");
    await expect(page.getByText("Your cart is empty.")).toBeVisible();
  });

  test("a rapid double click adds exactly 2: posts are serialized, never raced", async ({ page }, testInfo) => {
    await open(page, testInfo, LISTING);
    const posts = await gateCartPosts(page);
    const card = firstCard(page);
    await card.getByRole("button", { name: "Add to Cart" }).dblclick();
    // Both count at once; they reach the server one after the other.
    await expect(cartCount(page)).toHaveText("2");
    await expect(dialog(page)).toBeVisible();
    await expect(fact(page, "Quantity")).toHaveText("2");
    expect(posts.stats.posts).toBe(2);
    expect(posts.stats.maxRunning).toBe(1);
    await expect(cartCount(page)).toHaveText("2");
    await page.reload();
    await expect(cartCount(page)).toHaveText("2");
  });

  test("a limit reached by adding is said (shop-core spec sections 5 and 9)", async ({ page }, testInfo) => {
    await open(page, testInfo, LISTING);
    const card = firstCard(page);
    const quantity = card.getByRole("textbox", { name: /^Quantity of / });
    const add = card.getByRole("button", { name: "Add to Cart" });

    await quantity.fill("8");
    await add.click();
    await expect(dialog(page)).toBeVisible();
    await expect(cartCount(page)).toHaveText("8");
    await dialog(page).getByRole("button", { name: "Continue Shopping" }).click();
    await expect(dialog(page)).toBeHidden();

    // Clamped: added, and the modal says only 2 went in.
    await quantity.fill("5");
    await add.click();
    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page).getByText("Only 2 added: 10 is the most of one item.")).toBeVisible();
    await expect(cartCount(page)).toHaveText("10");
    await page.keyboard.press("Escape");
    await expect(dialog(page)).toBeHidden();

    // Nothing fits: no confirmation, the message instead, and the count falls back.
    await add.click();
    await expect(toast(page)).toContainText("You already have the most we allow (10)");
    await expect(cartCount(page)).toHaveText("10");
    await page.waitForTimeout(1000);
    await expect(dialog(page)).toBeHidden();
  });

  test("the product page's buy box goes through the same fetcher", async ({ page }, testInfo) => {
    await open(page, testInfo, PRODUCT);
    await installProbe(page);
    await page.getByLabel(/^Autoship/).check();
    await page.getByLabel("Deliver every").selectOption({ label: "4 weeks" });
    await page.getByLabel("Quantity", { exact: true }).fill("2");
    await page.locator(".buy-box").getByRole("button", { name: "Add to Cart" }).click();
    await expect(dialog(page)).toBeVisible();
    await expect(fact(page, "Cart weight")).toHaveText("31 lb");
    await expect(fact(page, "Quantity")).toHaveText("2");
    await expect(dialog(page).getByText(/4 weeks/)).toBeVisible();
    await expect(cartCount(page)).toHaveText("2");
    expect((await readProbe(page))?.sameDocument).toBe(true);
    await expect(page).toHaveURL(new RegExp(`${PRODUCT}$`));

    await dialog(page).getByRole("link", { name: "Go to Cart" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Shopping Cart");
    await expect(dialog(page)).toHaveCount(0);
  });
});

test("the cart page shows a quantity change and its totals before the server answers", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === "no-js", "optimistic updates need JavaScript");
  await open(page, testInfo, PRODUCT);
  const added = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/cart");
  await page.locator(".buy-box").getByRole("button", { name: "Add to Cart" }).click();
  await added;
  await open(page, testInfo, "/cart");
  const summary = page.getByRole("complementary", { name: "Order Summary" });
  await expect(summary.getByText("15.5 lb")).toBeVisible();
  const gate = await gateCartPosts(page);
  gate.hold();
  // A typed quantity applies by itself (Enter, or leaving the field): no Update button with JavaScript.
  await page.getByRole("spinbutton", { name: /^Quantity, / }).fill("3");
  await page.getByRole("spinbutton", { name: /^Quantity, / }).press("Enter");
  // Held at the network: what shows now is the optimistic cart.
  await expect(summary.getByText("46.5 lb")).toBeVisible();
  await expect.poll(() => gate.stats.running).toBe(1);
  gate.release();
  await expect(cartCount(page)).toHaveText("3");
  await expect(summary.getByText("46.5 lb")).toBeVisible();
});

test("the confirmation shows the small free-shipping tracker (catalogue spec sections 4 and 9)", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name === "no-js", "the confirmation dialog needs JavaScript");
  await open(page, testInfo, "/products/science-diet/adult-dry-dog-food/chicken-barley/4lb");
  await page.locator(".buy-box").getByRole("button", { name: "Add to Cart" }).click();
  const confirmation = dialog(page);
  await expect(confirmation).toBeVisible();
  await expect(confirmation.locator(".shipping-tracker--small")).toContainText(/away from free shipping/);
  await expect(confirmation.getByRole("progressbar")).toHaveAttribute("style", /height: 6px/);
});
