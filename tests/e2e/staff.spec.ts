import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { addedToCart, fillRegister, open, query, STAFF_URL, uniqueEmail } from "./helpers";

// The staff-feeding program, in both projects (with and without JavaScript): a new member signs
// up on the staff site, joins a clinic, acknowledges the FTC notice, sees the
// Vet-Supervised label and program pricing, orders to the clinic with the
// attestation, and is stopped by the monthly quota (STAFF_MONTHLY_QUOTA_CENTS
// is $100 in playwright.config.ts). The consumer site shows none of it.

const PD_PRODUCT = "/products/k-d-kidney-care-dry-dog-food?sku=PD07001"; // $49.99, Prescription Diet
const ATTESTATION = "I confirm this food is for my own pets, as the staff-feeding program requires.";
const stepTitle = (page: Page) => page.locator("h2#checkout-step-title");
const summary = (page: Page) => page.getByRole("complementary", { name: "Order summary" });

async function waitForHydration(page: Page, testInfo: TestInfo) {
  if (testInfo.project.name === "js") {
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  }
}

async function addPdToCart(page: Page, testInfo: TestInfo, count: string) {
  await open(page, testInfo, PD_PRODUCT);
  await page.locator(".buy-box").getByRole("button", { name: "Add to Cart" }).click();
  await expect(addedToCart(page)).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText(count);
}

/** From the cart's "Proceed to Checkout" (or /checkout) to the review step, shipping to the clinic. */
async function checkoutToClinic(page: Page, testInfo: TestInfo) {
  await expect(stepTitle(page)).toHaveText("Shipping address");
  await waitForHydration(page, testInfo);
  const clinic = page.getByRole("radio", { name: /^My clinic: Cherry Creek Veterinary Clinic, 240 Detroit St/ });
  await expect(clinic).toBeChecked();
  await page.getByRole("button", { name: "Continue to delivery" }).click();
  await expect(stepTitle(page)).toHaveText("Delivery");
  await expect(page.getByText(/^Estimated delivery .+ to 80206$/)).toBeVisible();
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(stepTitle(page)).toHaveText("Payment");
  const newCard = page.getByRole("radio", { name: "A new card" });
  if ((await newCard.count()) > 0) await newCard.check();
  await page.getByLabel("Name on card").fill("Riley Tester");
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/30");
  await page.getByLabel("Security code").fill("123");
  await page.getByRole("button", { name: "Continue to review" }).click();
  await expect(stepTitle(page)).toHaveText("Review and place order");
}

test.describe("staff-feeding program", () => {
  test.use({ baseURL: STAFF_URL });

  test("a new member signs up, joins a clinic, orders at program prices and is stopped by the quota", async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    const email = uniqueEmail(testInfo, "staff");

    // Sign up, then the registration step (shop-core spec section 4).
    await open(page, testInfo, "/shelter/register");
    await fillRegister(page, email, "Robin");
    await expect(page).toHaveURL((url) => url.pathname === "/shelter/register");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Complete your registration");
    await expect(page).toHaveTitle("Complete your registration | Pro Staff Feeding");
    await waitForHydration(page, testInfo);

    // Missing data is refused beside its fields.
    await page.getByRole("button", { name: "Complete registration" }).click();
    await expect(page.getByText("Choose what you do.")).toBeVisible();
    await expect(page.getByText("Find your clinic or school and choose it.")).toBeVisible();

    // Clinic search without JavaScript is a GET form; a too-short term says so.
    await page.getByLabel("Search by").selectOption("name");
    await page.getByRole("textbox", { name: "Clinic or school" }).fill("C");
    await page.getByRole("button", { name: "Find clinic or school" }).click();
    await expect(page.getByText("Enter at least 2 characters.")).toBeVisible();
    await page.getByRole("textbox", { name: "Clinic or school" }).fill("Cherry Creek");
    await page.getByRole("button", { name: "Find clinic or school" }).click();
    const result = page.getByRole("radio", { name: /Cherry Creek Veterinary Clinic/ });
    await expect(result).toBeVisible();
    await waitForHydration(page, testInfo);
    await result.check();
    await page.getByLabel("What do you do?").selectOption({ label: "Veterinarian" });
    await page.getByRole("button", { name: "Complete registration" }).click();

    await expect(page).toHaveURL((url) => url.pathname === "/");
    await expect(
      page.getByText("You're registered with Cherry Creek Veterinary Clinic.", { exact: false }),
    ).toBeVisible();
    const [user] = query<{ sapCustomerAccountGroup: string; sfPreferedShipTo: string; roleCode: string }>(
      testInfo,
      'SELECT sapCustomerAccountGroup, sfPreferedShipTo, roleCode FROM "IdentityUser" WHERE store = ? AND email = ?',
      "staff",
      email,
    );
    expect(user).toEqual({ sapCustomerAccountGroup: "ZPRO", sfPreferedShipTo: "2000102", roleCode: "DVM" });

    // The FTC notice, shown until acknowledged once.
    const ftc = page.getByRole("region", { name: "Before you shop: FTC disclosure" });
    await expect(ftc).toBeVisible();
    await waitForHydration(page, testInfo);
    await ftc.getByRole("button", { name: "I understand" }).click();
    await expect(ftc).toHaveCount(0);
    await open(page, testInfo, "/products");
    await expect(page.getByRole("region", { name: "Before you shop: FTC disclosure" })).toHaveCount(0);

    // Staff display: the Vet-Supervised label, no retail price (catalogue spec section 1).
    await open(page, testInfo, PD_PRODUCT);
    await expect(page.getByRole("main").getByText("Vet-Supervised Nutrition").first()).toBeVisible();
    await expect(page.locator(".price__current")).toHaveCount(0);
    await addPdToCart(page, testInfo, "1");

    // Program pricing in the cart (catalogue spec section 2).
    await open(page, testInfo, "/cart");
    const cartSummary = page.getByRole("complementary", { name: "Order Summary" });
    await expect(cartSummary).toContainText("Subtotal before savings$49.99");
    await expect(cartSummary).toContainText("Program discount (30%)−$15.00");
    await expect(cartSummary).toContainText("Total$34.99");
    await expect(cartSummary.getByText(/^Program allowance left for \w+ \d{4}: \$100\.00$/)).toBeVisible();
    await page.getByRole("link", { name: "Proceed to Checkout" }).click();

    // To the clinic, with the attestation required.
    await checkoutToClinic(page, testInfo);
    await expect(summary(page)).toContainText("Program discount");
    await page.getByRole("button", { name: "Place order" }).click();
    await expect(page.getByText("Confirm the attestation to place your order.")).toBeVisible();
    await page.getByLabel(ATTESTATION).check();
    await page.getByRole("button", { name: "Place order" }).click();
    await expect(page).toHaveURL(/\/checkout\/confirmation\/[^/]+$/);
    const number = Number((await page.getByTestId("order-number").textContent())?.slice(1));
    const [order] = query<{ attributes: string; programDiscountCents: number; totalCents: number }>(
      testInfo,
      'SELECT attributes, programDiscountCents, totalCents FROM "Order" WHERE number = ?',
      number,
    );
    expect(order.programDiscountCents).toBe(1500);
    const attributes = Object.fromEntries(
      (JSON.parse(order.attributes) as { key: string; value: string }[]).map((a) => [a.key, a.value]),
    );
    expect(attributes).toMatchObject({
      SALES_ORD_TYPE: "ZK01",
      SOLD_TO: "1000102",
      SHIP_TO: "2000102",
      shipping_location: "ship_to_work",
      is_attestation_checked: "true",
    });

    // The quota: $65.01 left; two more bags ($69.98 at program prices) are over it.
    await addPdToCart(page, testInfo, "1");
    await addPdToCart(page, testInfo, "2");
    await open(page, testInfo, "/cart");
    await expect(page.getByRole("alert")).toHaveText(
      /^This cart is over your program allowance: \$65\.01 left for \w+ \d{4}\. Remove items to check out\.$/,
    );
    await expect(page.getByRole("link", { name: "Proceed to Checkout" })).toHaveCount(0);
    await open(page, testInfo, "/account/dashboard");
    await expect(page.getByTestId("quota-left")).toHaveText(/^\$65\.01 of \$100\.00 for \w+ \d{4}$/);

    // The server refuses it too, at place order, and nothing is ordered.
    await open(page, testInfo, "/checkout");
    await checkoutToClinic(page, testInfo);
    await page.getByLabel(ATTESTATION).check();
    await page.getByRole("button", { name: "Place order" }).click();
    await expect(page.getByRole("alert")).toHaveText(/over your program allowance: you have \$65\.01 left/);
    const orders = query<{ n: number }>(
      testInfo,
      'SELECT COUNT(*) AS n FROM "Order" o JOIN "Customer" c ON c.id = o.customerId WHERE c.email = ? AND c.site = ?',
      email,
      "HPSF",
    );
    expect(orders[0].n).toBe(1);
  });
});

test.describe("the consumer site shows none of the program", () => {
  test("no registration step, no program pricing, no Prescription Diet, and tracking with site search", async ({
    page,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, "consumer");
    await open(page, testInfo, "/shelter/register");
    await fillRegister(page, email, "Casey");
    await expect(page).toHaveURL((url) => url.pathname === "/");
    await expect(page.getByText("Complete your registration")).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Before you shop: FTC disclosure" })).toHaveCount(0);

    const prescription = await page.goto(PD_PRODUCT);
    expect(prescription?.status()).toBe(404);

    await open(page, testInfo, "/products/science-diet/adult-dry-dog-food/chicken-barley/15.5lb");
    await expect(page.locator(".price__current").first()).toBeVisible();
    await expect(page.getByText("Vet-Supervised Nutrition")).toHaveCount(0);
    await page.locator(".buy-box").getByRole("button", { name: "Add to Cart" }).click();
    await expect(addedToCart(page)).toBeVisible();
    await open(page, testInfo, "/cart");
    const cartSummary = page.getByRole("complementary", { name: "Order Summary" });
    await expect(cartSummary.getByText("Subtotal", { exact: true })).toBeVisible();
    await expect(cartSummary).not.toContainText("Program discount");
    await expect(cartSummary).not.toContainText("allowance");

    // The home page publishes the site-search action here, and page views are tracked (JavaScript only).
    await open(page, testInfo, "/");
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(jsonLd.some((text) => text.includes('"SearchAction"') && text.includes("/search?search="))).toBe(true);
    if (testInfo.project.name === "js") {
      const events = await page.evaluate(() => window.dataLayer ?? []);
      expect(events).toContainEqual(expect.objectContaining({ event: "page_view", page_type: "home" }));
    }
  });

  test("the staff site publishes no site-search data and tracks no page views", async ({ page }, testInfo) => {
    await open(page, testInfo, `${STAFF_URL}/`);
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(jsonLd.some((text) => text.includes("SearchAction"))).toBe(false);
    if (testInfo.project.name === "js") {
      expect(await page.evaluate(() => window.dataLayer ?? [])).toEqual([]);
    }
  });
});
