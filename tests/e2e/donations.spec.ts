import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { addedToCart, checkoutToReview, jsEnabled, open, query, register, STAFF_URL, uniqueEmail } from "./helpers";

// Where shoppers meet donations (docs/rules.md "Donation choice"), with and without
// JavaScript, on a wide and a phone-sized screen: the cart says what the order gives to
// the store's default cause; the shopper chooses a featured cause, then a charity found by
// name and city, adds the round-up, and places the order; the confirmation page, the order
// page and the confirmation email say what the order gave, to which cause, and the round-up.

const PRODUCT = "/products/science-diet/adult-dry-dog-food/chicken-barley/15.5lb";
const PORTFOLIO = "Shelter Pets Fund";

const panel = (page: Page) => page.getByRole("region", { name: /Giving back/ });
const gives = (page: Page) => page.getByTestId("donation-gives");

/** Opens the giving panel's choices (one line with "Change" until the shopper asks; docs/rules.md "Cart on a phone"). */
async function openChoices(page: Page) {
  const details = panel(page).locator("details");
  if ((await details.getAttribute("open")) === null) await panel(page).getByText("Change", { exact: true }).click();
  await expect(details).toHaveAttribute("open", "");
}
const money = (text: string) => Math.round(Number(text.replace(/[$,]/g, "")) * 100);
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The seeded store's default cause, and a searchable charity (category 3, with a city) that is not featured. */
function seededCauses(testInfo: TestInfo) {
  const [store] = query<{ defaultCauseId: string; featuredCauseIds: string }>(
    testInfo,
    'SELECT "defaultCauseId", "featuredCauseIds" FROM "DonationStore" WHERE "isActive" = 1',
  );
  expect(store, "the seed creates an active donation store").toBeTruthy();
  const featured = JSON.parse(store.featuredCauseIds) as string[];
  const [defaultCause] = query<{ name: string }>(
    testInfo,
    'SELECT name FROM "Charity" WHERE id = ?',
    store.defaultCauseId,
  );
  const candidates = query<{ id: string; name: string; city: string; state: string }>(
    testInfo,
    `SELECT id, name, city, state FROM "Charity"
      WHERE "categoryId" = 3 AND city IS NOT NULL AND state IS NOT NULL ORDER BY id`,
  );
  const searched = candidates.find((c) => !featured.includes(c.id) && c.id !== store.defaultCauseId);
  expect(searched, "the seed has a charity to search for").toBeTruthy();
  return { defaultCause: defaultCause.name, searched: searched! };
}

/** The answer to a choice: in the panel (JavaScript, no reload) or the page's notice after the redirect. */
async function expectNotice(page: Page, message: string) {
  await expect(page.getByText(message, { exact: true })).toBeVisible();
}

async function addToCart(page: Page, testInfo: TestInfo) {
  await open(page, testInfo, PRODUCT);
  await page.locator(".buy-box").getByRole("button", { name: "Add to Cart" }).click();
  await expect(addedToCart(page)).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
}

/** The cart page, hydrated in the JavaScript project. */
async function openCart(page: Page, testInfo: TestInfo) {
  await open(page, testInfo, "/cart");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Shopping Cart");
}

for (const viewport of [
  { name: "1280 px", width: 1280, height: 900 },
  { name: "390 px", width: 390, height: 844 },
]) {
  test.describe(`donations at ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("choose a cause, search a charity, add the round-up, and find the gift after the order", async ({
      page,
    }, testInfo) => {
      test.setTimeout(120_000);
      const { defaultCause, searched } = seededCauses(testInfo);
      const email = uniqueEmail(testInfo, `donor-${viewport.width}`);
      await register(page, testInfo, email);
      await addToCart(page, testInfo);

      // The cart says what the order gives, merchant-funded, to the store's default cause.
      await openCart(page, testInfo);
      await expect(panel(page)).toBeVisible();
      await expect(gives(page)).toHaveText(
        new RegExp(`^This order gives \\$\\d+\\.\\d{2} to ${escape(defaultCause)}\\.$`),
      );
      // Closed at first: one line, the choices behind "Change".
      await expect(panel(page).getByText("The shop gives this at no cost to you.")).toBeHidden();
      await openChoices(page);
      await expect(panel(page).getByText("The shop gives this at no cost to you.")).toBeVisible();
      // Nothing of the panel is wider than the screen (a phone's 390 px included).
      const overflow = await panel(page).evaluate(
        (section) =>
          Math.max(...[section, ...section.querySelectorAll("*")].map((el) => el.getBoundingClientRect().right)) -
          window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);

      // A featured cause (the portfolio).
      const causes = panel(page).getByRole("group", { name: "Choose the cause this order supports" });
      await causes.getByRole("radio", { name: new RegExp(`^${escape(PORTFOLIO)}`) }).check();
      await panel(page).getByRole("button", { name: "Give to this cause" }).click();
      await expectNotice(page, `Your gift now goes to ${PORTFOLIO}.`);
      await expect(gives(page)).toHaveText(new RegExp(` to ${escape(PORTFOLIO)}\\.$`));

      // A charity found by name, city and state.
      await openChoices(page);
      const search = panel(page).getByRole("search", { name: "Charities" });
      await search.getByLabel("Charity name").fill(searched.name);
      await search.getByLabel("Zip code or city (optional)").fill(searched.city);
      await search.getByLabel("State (optional)").selectOption(searched.state);
      await search.getByRole("button", { name: "Search charities" }).click();
      await expect(
        panel(page)
          .getByRole("status")
          .filter({ hasText: /charit(y|ies) found$/ }),
      ).toBeVisible();
      if (!jsEnabled(testInfo)) {
        await expect(page).toHaveURL((url) => url.pathname === "/cart" && url.searchParams.has("charity"));
      }
      const found = panel(page).getByRole("list", { name: "Charities found" });
      await found.getByRole("button", { name: `Choose ${searched.name}` }).click();
      await expectNotice(page, `Your gift now goes to ${searched.name}.`);
      await expect(gives(page)).toHaveText(new RegExp(` to ${escape(searched.name)}\\.$`));

      // The round-up.
      await openChoices(page);
      const extra = panel(page).getByRole("group", { name: "Give a little more" });
      await extra.getByRole("radio", { name: "Round up my order to the next dollar" }).check();
      await panel(page).getByRole("button", { name: "Update my gift" }).click();
      await expectNotice(page, "Round-up added: it is worked out on your order total at checkout.");
      await expect(extra.getByRole("radio", { name: "Round up my order to the next dollar" })).toBeChecked();

      // Checkout: the review step shows the same gift, then the order is placed.
      await openCart(page, testInfo);
      await checkoutToReview(page, testInfo, email);
      await expect(gives(page)).toHaveText(
        new RegExp(`^This order gives \\$\\d+\\.\\d{2} to ${escape(searched.name)}\\.$`),
      );
      const merchantCents = money(/\$([\d,]+\.\d{2})/.exec((await gives(page).textContent()) ?? "")![1]);
      await openChoices(page);
      await expect(panel(page).getByRole("radio", { name: "Round up my order to the next dollar" })).toBeChecked();
      await page.getByRole("button", { name: "Place order" }).click();
      await expect(page).toHaveURL(/\/checkout\/confirmation\/[^/]+$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you for your order");
      const orderId = new URL(page.url()).pathname.split("/").pop()!;

      // The confirmation page: what the order gives (merchant-funded plus the round-up) and the round-up.
      const roundUp = page.getByText(/^That includes your round-up of \$\d+\.\d{2}\.$/);
      await expect(roundUp).toBeVisible();
      const roundUpCents = money(/\$(\d+\.\d{2})/.exec((await roundUp.textContent()) ?? "")![1]);
      expect(roundUpCents).toBeGreaterThanOrEqual(1);
      expect(roundUpCents).toBeLessThanOrEqual(100);
      const givesLine = `This order gives ${dollars(merchantCents + roundUpCents)} to ${searched.name}.`;
      const roundUpLine = `That includes your round-up of ${dollars(roundUpCents)}.`;
      await expect(page.getByText(givesLine, { exact: true })).toBeVisible();

      // The order page.
      await open(page, testInfo, `/account/orders/${orderId}`);
      await expect(page.getByText(givesLine, { exact: true })).toBeVisible();
      await expect(page.getByText(roundUpLine, { exact: true })).toBeVisible();

      // The confirmation email (written to the outbox with the order).
      const [message] = query<{ text: string }>(
        testInfo,
        `SELECT text FROM "EmailMessage" WHERE "to" = ? AND template = 'order-confirmation'`,
        email,
      );
      expect(message?.text).toContain(givesLine);
      expect(message?.text).toContain(roundUpLine);
    });
  });
}

test("the staff site gives no donations: its cart has no panel", async ({ page }, testInfo) => {
  // With JavaScript this also checks that the signed-out staff cart hydrates (its "Log in" link
  // encodes ?redirect= in the browser).
  await open(page, testInfo, `${STAFF_URL}${PRODUCT}`);
  await page.locator(".buy-box").getByRole("button", { name: "Add to Cart" }).click();
  await expect(addedToCart(page)).toBeVisible();
  await open(page, testInfo, `${STAFF_URL}/cart`);
  await expect(page.getByRole("complementary", { name: "Order Summary" })).toBeVisible();
  await expect(page.getByRole("region", { name: /Giving back/ })).toHaveCount(0);
  await expect(page.getByText(/This order gives/)).toHaveCount(0);
});
