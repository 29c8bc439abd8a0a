import { expect, test, type Page, type TestInfo } from "@playwright/test";
import {
  addedToCart,
  adminSignIn,
  axeClean,
  checkoutToReview,
  jsEnabled,
  noHorizontalScroll,
  open,
  register,
  uniqueEmail,
} from "./helpers";

// Fulfilment in the back office (docs/rules.md "Back office: orders"), with and without
// JavaScript: a shopper places an order through checkout; an operator of the fulfilment role,
// in a browser of their own, finds it by number, marks it packed, then shipped with a carrier
// and tracking number; the shopper's order page then says Shipped with the carrier's tracking
// link. The orders list and the order page are axe clean and do not scroll sideways at 390 px.

const PORT = Number(process.env.E2E_PORT ?? 3100);
const PRODUCT = "/products/science-diet/adult-dry-dog-food/chicken-barley/15.5lb";
const TRACKING = "9400111899223197428490";

/** Registers a fresh account and places an order of one bag through checkout; its number and id. */
async function placeOrder(page: Page, testInfo: TestInfo): Promise<{ number: number; id: string }> {
  await register(page, testInfo, uniqueEmail(testInfo, "admin-orders"));
  await open(page, testInfo, PRODUCT);
  await page.locator(".buy-box").getByRole("button", { name: "Add to Cart" }).click();
  await expect(addedToCart(page)).toBeVisible();
  await open(page, testInfo, "/cart");
  await checkoutToReview(page, testInfo);
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/checkout\/confirmation\/[^/]+$/);
  const number = Number((await page.getByTestId("order-number").textContent())?.slice(1));
  return { number, id: new URL(page.url()).pathname.split("/").pop()! };
}

/** Looks at the page at 390 px too (no sideways scroll, axe clean), then back to 1280. */
async function checkNarrow(page: Page, testInfo: TestInfo) {
  await axeClean(page, testInfo);
  await page.setViewportSize({ width: 390, height: 900 });
  await noHorizontalScroll(page);
  await axeClean(page, testInfo);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.use({ viewport: { width: 1280, height: 900 } });

test("an operator fulfils an order a shopper placed; the shopper sees it shipped with its tracking link", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const order = await placeOrder(page, testInfo);

  // The operator, in a browser of their own.
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL ?? `http://localhost:${PORT}`,
    javaScriptEnabled: jsEnabled(testInfo),
    viewport: { width: 1280, height: 900 },
  });
  const operator = await context.newPage();
  try {
    await adminSignIn(operator, testInfo, "fulfilment");
    await operator.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Orders" }).click();
    await expect(operator.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
    await checkNarrow(operator, testInfo);

    await operator.getByLabel("Order number").fill(`#${order.number}`);
    await operator.getByRole("button", { name: "Search" }).click();
    await expect(operator).toHaveURL(new RegExp(`number=%23${order.number}`));
    await expect(operator.getByRole("status").filter({ hasText: /^1 order$/ })).toBeVisible();
    const row = operator.getByTestId("admin-orders").getByRole("row").nth(1);
    await expect(row).toContainText("Paid");
    await row.getByRole("link", { name: `#${order.number}` }).click();

    await expect(operator.getByRole("heading", { level: 1, name: `Order #${order.number}` })).toBeVisible();
    await expect(operator.getByTestId("order-status")).toHaveText("Status: Paid");
    // The fulfilment role may not cancel or refund.
    await expect(operator.getByRole("button", { name: /^Cancel order/ })).toHaveCount(0);
    await expect(operator.getByRole("button", { name: "Refund" })).toHaveCount(0);
    await checkNarrow(operator, testInfo);

    await operator.getByRole("button", { name: "Mark packed" }).click();
    await expect(operator.getByText(`Order #${order.number} is packed.`)).toBeVisible();
    await expect(operator.getByTestId("order-status")).toHaveText("Status: Packed");

    // A wrong tracking number is refused beside its field.
    await operator.getByLabel("Carrier").selectOption("usps");
    await operator.getByLabel("Tracking number").fill("123");
    await operator.getByRole("button", { name: "Mark shipped" }).click();
    await expect(operator.getByText("Enter a tracking number of 8 to 40 letters and digits.")).toBeVisible();
    await expect(operator.getByLabel("Tracking number")).toHaveAttribute("aria-invalid", "true");
    await axeClean(operator, testInfo);

    await operator.getByLabel("Carrier").selectOption("usps");
    await operator.getByLabel("Tracking number").fill(TRACKING);
    await operator.getByRole("button", { name: "Mark shipped" }).click();
    await expect(operator.getByText(`Order #${order.number} is shipped with USPS ${TRACKING}`)).toBeVisible();
    await expect(operator.getByTestId("order-status")).toHaveText("Status: Shipped");
    await expect(operator.getByTestId("order-tracking")).toContainText(`USPS ${TRACKING}`);
    await expect(operator.getByTestId("order-timeline").getByRole("listitem")).toHaveText([
      /^Placed /,
      /^Paid /,
      /^Packed /,
      new RegExp(`^Shipped .+USPS ${TRACKING}$`),
    ]);
    await checkNarrow(operator, testInfo);
  } finally {
    await context.close();
  }

  // The shopper's order page: Shipped, with the carrier's tracking link.
  await open(page, testInfo, `/account/orders/${order.id}`);
  await expect(page.getByTestId("order-status")).toHaveText("Shipped");
  await expect(page.getByTestId("order-carrier")).toHaveText("USPS");
  await expect(page.getByTestId("order-tracking-number")).toHaveText(TRACKING);
  await expect(page.getByRole("link", { name: /^Track your package/ })).toHaveAttribute(
    "href",
    `https://tools.usps.com/go/TrackConfirmAction?tLabels=${TRACKING}`,
  );
});
