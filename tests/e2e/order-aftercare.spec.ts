import { execFileSync } from "node:child_process";
import path from "node:path";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { addedToCart, axeClean, checkoutToReview, noHorizontalScroll, open, register, uniqueEmail } from "./helpers";

// After the order (docs/rules.md "Order pages"), as a shopper does it: with JavaScript at 390 px
// (a phone) and without it at 1280 px, each width and each project once (the order pages at both
// widths in both projects are page states of overflow.spec.ts). An order placed through checkout
// is cancelled (its refund shows on the timeline once the outbox delivers it); another is moved to
// delivered with the developers' command (`npm run orders:advance`), one line is returned, and the
// return moves through approved and received to refunded. The orders list shows the progress and
// the tracking link once shipped.

const PORT = Number(process.env.E2E_PORT ?? 3100);
const PRODUCT = "/products/science-diet/adult-dry-dog-food/chicken-barley/15.5lb";
const TRACKING = "1Z999AA10123456784";

const notice = (page: Page, text: string | RegExp) => page.getByRole("status").filter({ hasText: text });
const timeline = (page: Page) => page.getByTestId("order-timeline");

/** The repository's root (the config's folder), where `npm run` and the e2e database's relative path work. */
const repoRoot = (testInfo: TestInfo) =>
  testInfo.config.configFile ? path.dirname(testInfo.config.configFile) : process.cwd();

/** `npm run orders:advance -- <args>` on the e2e database, as a developer runs it. */
function ordersAdvance(testInfo: TestInfo, ...args: string[]): string {
  return execFileSync("npm", ["run", "--silent", "orders:advance", "--", ...args], {
    cwd: repoRoot(testInfo),
    env: { ...process.env, DATABASE_URL: `file:./data/e2e-${PORT}.db`, LOG_LEVEL: "warn" },
    encoding: "utf8",
    timeout: 60_000,
  });
}

/** Registers a fresh account and places an order of one bag through checkout; its number and id. */
async function placeOrder(page: Page, testInfo: TestInfo, name: string): Promise<{ number: number; id: string }> {
  await register(page, testInfo, uniqueEmail(testInfo, name));
  await open(page, testInfo, PRODUCT);
  await page.locator(".buy-box").getByRole("button", { name: "Add to Cart" }).click();
  await expect(addedToCart(page)).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText("1");

  await open(page, testInfo, "/cart");
  await checkoutToReview(page, testInfo);
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/checkout\/confirmation\/[^/]+$/);
  await expect(page.getByTestId("order-number")).toHaveText(/^#\d+$/);
  const number = Number((await page.getByTestId("order-number").textContent())?.slice(1));
  return { number, id: new URL(page.url()).pathname.split("/").pop()! };
}

/** Reloads the page until `check` passes: the outbox delivers on its own schedule (OUTBOX_POLL_SECONDS). */
async function reloadUntil(page: Page, testInfo: TestInfo, pathname: string, check: () => Promise<unknown>) {
  await expect
    .poll(
      async () => {
        await open(page, testInfo, pathname);
        try {
          await check();
          return true;
        } catch {
          return false;
        }
      },
      { timeout: 45_000, intervals: [1_000, 2_000] },
    )
    .toBe(true);
}

for (const width of [1280, 390]) {
  test.describe(`order aftercare at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    test.skip(({ javaScriptEnabled }) => javaScriptEnabled !== (width === 390), "each project at one width");

    test("cancel an order placed at checkout: a confirmation first, then Cancelled and the refund on the timeline", async ({
      page,
    }, testInfo) => {
      test.setTimeout(120_000);
      const order = await placeOrder(page, testInfo, "cancel");
      const here = `/account/orders/${order.id}`;
      await open(page, testInfo, here);
      await expect(page.getByTestId("order-status")).toHaveText("Paid");
      await expect(timeline(page).getByRole("listitem")).toHaveText([/^Placed .+ E[SD]T$/, /^Paid .+ E[SD]T$/]);
      await noHorizontalScroll(page);
      await axeClean(page, testInfo);

      // The confirmation opens; "Keep my order" changes nothing.
      const question = page.getByText(
        new RegExp(`^Cancel order #${order.number}\\? The refund of \\$[\\d.]+ goes back to your card\\.$`),
      );
      await expect(question).toBeHidden();
      await page.getByText("Cancel order", { exact: true }).and(page.locator("summary")).click();
      await expect(question).toBeVisible();
      const refund = /\$[\d.]+/.exec((await question.textContent()) ?? "")![0];
      await noHorizontalScroll(page);
      await axeClean(page, testInfo);
      await page.getByRole("link", { name: "Keep my order" }).click();
      await expect(question).toBeHidden();
      await expect(page.getByTestId("order-status")).toHaveText("Paid");

      await page.getByText("Cancel order", { exact: true }).and(page.locator("summary")).click();
      await page.getByRole("button", { name: "Yes, cancel order" }).click();
      await expect(
        notice(page, `Order #${order.number} is cancelled. The refund of ${refund} goes back to your card.`),
      ).toBeVisible();
      await expect(page).toHaveURL(here);
      // Cancelled; Refunded only where this very page already shows the refund on its timeline (the
      // outbox, polling every second, may give it before the page is drawn): one snapshot of both.
      const drawn = await page.evaluate(() => ({
        status: document.querySelector('[data-testid="order-status"]')?.textContent,
        refunded: document.querySelector('[data-testid="order-timeline"] .order-timeline__step--refunded') !== null,
      }));
      expect(drawn.status).toBe(drawn.refunded ? "Refunded" : "Cancelled");
      await expect(timeline(page).getByRole("listitem").nth(2)).toContainText("Cancelled");
      await expect(page.getByTestId("order-refusal")).toHaveText("This order is already cancelled.");
      await expect(page.getByRole("button", { name: "Yes, cancel order" })).toHaveCount(0);

      // Once the outbox has asked the payment service: refunded in full, on the timeline and in the refunds.
      await reloadUntil(page, testInfo, here, () =>
        expect(timeline(page).getByRole("listitem").last()).toContainText(`Refunded`, { timeout: 500 }),
      );
      await expect(timeline(page).getByRole("listitem").last()).toContainText(`Refund: ${refund}`);
      await expect(page.getByTestId("order-refunded")).toHaveText(refund);
      await expect(page.getByTestId("order-status")).toHaveText("Refunded");
      await noHorizontalScroll(page);
      await axeClean(page, testInfo);
    });

    test("return a line of a delivered order: Requested, then Refunded; the list shows progress and tracking", async ({
      page,
    }, testInfo) => {
      test.setTimeout(150_000);
      const order = await placeOrder(page, testInfo, "return");
      const here = `/account/orders/${order.id}`;

      // Shipped: the orders list shows the progress (done steps said in text) and the tracking link.
      ordersAdvance(testInfo, String(order.number), "shipped", "--carrier", "ups", "--tracking", TRACKING);
      await open(page, testInfo, "/account/orders");
      const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: `#${order.number}` }) });
      await expect(row.getByTestId("order-status")).toHaveText("Shipped");
      const progress = row.getByRole("list", { name: `Progress of order #${order.number}` });
      await expect(progress.getByRole("listitem")).toHaveText([
        "✓Placed (done)",
        "✓Paid (done)",
        "✓Packed (done)",
        "✓Shipped (done)",
        "○Delivered (not yet)",
      ]);
      const track = row.getByRole("link", { name: /^Track package/ });
      await expect(track).toHaveAttribute("href", `https://www.ups.com/track?tracknum=${TRACKING}`);
      await expect(track).toHaveAttribute("rel", "noopener noreferrer");
      await expect(track).toHaveAttribute("target", "_blank");
      await noHorizontalScroll(page);
      await axeClean(page, testInfo);

      // Delivered: the order page shows the shipment, the window and the return form.
      ordersAdvance(testInfo, String(order.number), "delivered");
      await open(page, testInfo, here);
      await expect(page.getByTestId("order-status")).toHaveText("Delivered");
      await expect(page.getByTestId("order-carrier")).toHaveText("UPS");
      await expect(page.getByTestId("order-tracking-number")).toHaveText(TRACKING);
      await expect(page.getByRole("link", { name: /^Track your package/ })).toHaveAttribute(
        "rel",
        "noopener noreferrer",
      );
      await expect(page.getByTestId("return-window")).toHaveText(/^Returns accepted until \w+ \d{1,2}, \d{4}$/);
      await noHorizontalScroll(page);
      await axeClean(page, testInfo);

      const quantity = page.getByLabel(/^Science Diet Adult/);
      await expect(quantity.locator("option")).toHaveText(["0", "1"]);
      await quantity.selectOption("1");
      // No reason: refused beside the field (by conform with JavaScript, by the server without).
      await page.getByRole("button", { name: "Request return" }).click();
      await expect(page.getByText("Choose why you are returning these items.")).toBeVisible();
      await expect(page.getByLabel("Why are you returning them?")).toHaveAttribute("aria-invalid", "true");
      await noHorizontalScroll(page);
      await axeClean(page, testInfo);

      await page.getByLabel(/^Science Diet Adult/).selectOption("1");
      await page.getByLabel("Why are you returning them?").selectOption("My pet did not like it");
      await page.getByLabel(/^Comment/).fill("She turned her nose up.");
      await page.getByRole("button", { name: "Request return" }).click();
      await expect(notice(page, `We have your return request for order #${order.number}.`)).toBeVisible();
      const returned = page.getByTestId("order-return");
      await expect(returned).toHaveCount(1);
      await expect(returned.getByTestId("order-return-status")).toHaveText("Requested");
      await expect(returned).toContainText("1 × Science Diet Adult");
      await expect(returned).toContainText("My pet did not like it");
      await expect(page.getByText("Everything in this order is already in a return.")).toBeVisible();
      await expect(timeline(page).getByRole("listitem").last()).toContainText("Return requested");

      ordersAdvance(testInfo, "approve-return", String(order.number));
      ordersAdvance(testInfo, "receive-return", String(order.number));
      await reloadUntil(page, testInfo, here, () =>
        expect(page.getByTestId("order-return-status")).toHaveText("Refunded", { timeout: 500 }),
      );
      await expect(timeline(page)).toContainText("Return received");
      await expect(timeline(page)).toContainText("Return refunded");
      await expect(page.getByTestId("order-refunded")).toHaveText(/^\$\d+\.\d{2}$/);
      await noHorizontalScroll(page);
      await axeClean(page, testInfo);
    });
  });
}
