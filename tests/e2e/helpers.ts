import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type TestInfo } from "@playwright/test";
import Database from "better-sqlite3";

const PORT = Number(process.env.E2E_PORT ?? 3100);

/** The staff-feeding site's URL: Chromium resolves *.localhost to loopback. */
export const STAFF_URL = `http://staff.localhost:${PORT}`;

export const SITES = [
  { site: "DTC", baseURL: undefined, suffix: "Shop Hollowbrook Pet Nutrition" },
  { site: "HPSF", baseURL: STAFF_URL, suffix: "Pro Staff Feeding" },
] as const;

/** Opens a page and, in the JavaScript project, waits until React has hydrated it. */
export async function open(page: Page, testInfo: TestInfo, path: string) {
  const response = await page.goto(path);
  if (testInfo.project.use.javaScriptEnabled !== false) {
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  }
  return response;
}

let addressesMade = 0;
/**
 * `path` under an address never asked for before. A public page is kept for 60 s by the
 * browser (docs/rules.md "Page and image caches"), so a test waiting for a change to show asks
 * the server each time through a new address.
 */
export const newAddress = (path: string) =>
  `${path}${path.includes("?") ? "&" : "?"}fresh=${Date.now()}-${(addressesMade += 1)}`;

/** A fresh email per test, project and run (lower case, as the shop stores it). */
export const uniqueEmail = (testInfo: TestInfo, name: string) =>
  `${name}-${testInfo.project.name}-${Date.now()}-${testInfo.retry}-${Math.random().toString(36).slice(2, 8)}@example.com`.toLowerCase();

/** The database the config's web server uses (DATABASE_URL is relative to the config's folder). */
function dbFile(testInfo: TestInfo) {
  const root = testInfo.config.configFile ? path.dirname(testInfo.config.configFile) : process.cwd();
  return path.join(root, "data", `e2e-${PORT}.db`);
}

/** Runs `fn` on the e2e database, read-only unless asked. */
export function withDb<T>(testInfo: TestInfo, fn: (db: Database.Database) => T, readonly = true): T {
  const db = new Database(dbFile(testInfo), { readonly, fileMustExist: true, timeout: 10_000 });
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

/** Rows of a read-only query on the e2e database. */
export const query = <T>(testInfo: TestInfo, sql: string, ...params: unknown[]): T[] =>
  withDb(testInfo, (db) => db.prepare(sql).all(...params) as T[]);

export const TEST_PASSWORD = "Kibble-2026";
const WELCOME = "Welcome! Your account is ready.";

/** Fills and sends the register page (the browser is on it). */
export async function fillRegister(page: Page, email: string, firstName = "Riley") {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create Account");
  await page.getByLabel("First name").fill(firstName);
  await page.getByLabel("Last name").fill("Tester");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(TEST_PASSWORD);
  await page.getByLabel("Confirm password").fill(TEST_PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
}

/** Creates an account through the register page; the browser is then signed in, on the home page. */
export async function register(page: Page, testInfo: TestInfo, email: string, firstName = "Riley") {
  await open(page, testInfo, "/shelter/register");
  await fillRegister(page, email, firstName);
  await expect(page).toHaveURL((url) => url.pathname === "/");
  await expect(page.getByRole("status").filter({ hasText: WELCOME })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "My Account" })).toBeVisible();
}

/** A deliverable Colorado address: what `fillAddress` types, and what tests write into the database. */
export const TEST_ADDRESS = {
  firstName: "Riley",
  lastName: "Tester",
  address1: "15200 E 6th Ave",
  city: "Aurora",
  provinceCode: "CO",
  zip: "80011",
  countryCode: "US",
} as const;

/** Fills a checkout shipping address form with TEST_ADDRESS. */
export async function fillAddress(page: Page) {
  await page.getByLabel("First name").fill(TEST_ADDRESS.firstName);
  await page.getByLabel("Last name").fill(TEST_ADDRESS.lastName);
  await page.getByLabel("Street address").fill(TEST_ADDRESS.address1);
  await page.getByLabel("City", { exact: true }).fill(TEST_ADDRESS.city);
  await page.getByLabel("State", { exact: true }).selectOption(TEST_ADDRESS.provinceCode);
  await page.getByLabel("Zip code").fill(TEST_ADDRESS.zip);
}

/** The embedded payment provider's good test card. */
export const GOOD_TEST_CARD = "4242 4242 4242 4242";

/** Whether the test runs in a project with JavaScript on. */
export const jsEnabled = (testInfo: TestInfo) => testInfo.project.use.javaScriptEnabled !== false;

/**
 * The answer to an add to cart, said once (docs/rules.md "Focus and announcements"): with
 * JavaScript the confirmation dialog, without it the page's notice after the redirect.
 */
export const addedToCart = (page: Page) =>
  page.getByRole("dialog", { name: "Added to your cart" }).or(page.getByText("Added to your cart.", { exact: true }));

/** The current checkout step's title. */
export const checkoutStepTitle = (page: Page) => page.locator("h2#checkout-step-title");

/**
 * From the cart's "Proceed to Checkout" to the review step with a new Colorado address and the
 * good test card (a new account or a guest: the contact step takes `email` when it is asked).
 */
export async function checkoutToReview(page: Page, testInfo: TestInfo, email?: string) {
  await page.getByRole("link", { name: "Proceed to Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout\b/);
  if (jsEnabled(testInfo)) await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  const title = checkoutStepTitle(page);
  await expect(title).toHaveText(/Contact|Shipping address/);
  if ((await title.textContent()) === "Contact") {
    if (email) await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Continue to shipping" }).click();
  }
  await expect(title).toHaveText("Shipping address");
  const newAddress = page.getByRole("radio", { name: "A new address" });
  if ((await newAddress.count()) > 0) await newAddress.check();
  await fillAddress(page);
  await page.getByRole("button", { name: "Continue to delivery" }).click();
  await expect(title).toHaveText("Delivery");
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(title).toHaveText("Payment");
  const newCard = page.getByRole("radio", { name: "A new card" });
  if ((await newCard.count()) > 0) await newCard.check();
  await page.getByLabel("Name on card").fill("Riley Tester");
  await page.getByLabel("Card number").fill(GOOD_TEST_CARD);
  await page.getByLabel("Expiry (MM/YY)").fill("12/30");
  await page.getByLabel("Security code").fill("123");
  await page.getByRole("button", { name: "Continue to review" }).click();
  await expect(title).toHaveText("Review and place order");
}

/** The seeded back-office owner (README "Demo accounts"); the other roles' test users share the password. */
export const DEMO_OWNER = { email: "owner@example.com", password: "Owner-demo-2026" };

/**
 * Signs in to the back office as `role`: the seeded owner, or a new user of another role made
 * with the owner's password hash (so no hashing here). Lands on /admin.
 */
export async function adminSignIn(page: Page, testInfo: TestInfo, role = "owner"): Promise<string> {
  let email = DEMO_OWNER.email;
  if (role !== "owner") {
    email = uniqueEmail(testInfo, `admin-${role}`);
    const now = Date.now();
    withDb(
      testInfo,
      (db) =>
        db
          .prepare(
            `INSERT INTO "AdminUser" (id, email, name, passwordHash, role, failedSignIns, createdAt, updatedAt)
             SELECT ?, ?, ?, passwordHash, ?, 0, ?, ? FROM "AdminUser" WHERE email = ?`,
          )
          .run(
            `admin-${now}-${Math.random().toString(36).slice(2, 8)}`,
            email,
            `Test ${role}`,
            role,
            now,
            now,
            DEMO_OWNER.email,
          ),
      false,
    );
  }
  await open(page, testInfo, "/admin/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(DEMO_OWNER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Welcome,/ })).toBeVisible();
  return email;
}

/** No horizontal scroll; else the elements of `main` reaching past the viewport, to say what overflows. */
export async function noHorizontalScroll(page: Page) {
  const wider = await page.evaluate(() =>
    document.documentElement.scrollWidth <= window.innerWidth
      ? []
      : [...document.querySelectorAll("main *")]
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
          .slice(0, 5)
          .map((el) => `${el.tagName.toLowerCase()}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`),
  );
  expect(wider).toEqual([]);
}

/**
 * Axe on `main` (or on the regions named, in one scan: each scan costs about a second): only where
 * JavaScript runs (the no-js project renders the same HTML).
 */
export async function axeClean(page: Page, testInfo: TestInfo, regions: readonly string[] = ["main"]) {
  if (!jsEnabled(testInfo)) return;
  const axe = new AxeBuilder({ page });
  for (const region of regions) axe.include(region);
  const results = await axe.analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

/** The compact header's Menu button (shown below 960 px; docs/rules.md "Brand, type and header"). */
export const menuButton = (page: Page) => page.getByRole("banner").locator("summary", { hasText: "Menu" });

/**
 * The main navigation, ready to click: below 960 px the header folds it into the Menu
 * disclosure, which this opens first; on wider screens it is always shown.
 */
export async function mainNav(page: Page) {
  const button = menuButton(page);
  if (
    (await button.isVisible()) &&
    !(await page.locator("details.site-menu").evaluate((d) => d.hasAttribute("open")))
  ) {
    await button.click();
  }
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav).toBeVisible();
  return nav;
}

/** Adds one unit of the product page at `path` from its buy box (autoship every 4 weeks when asked). */
export async function addToCart(page: Page, testInfo: TestInfo, path: string, { autoship = false } = {}) {
  await open(page, testInfo, path);
  if (autoship) {
    await page.getByLabel(/^Autoship/).check();
    await page.getByLabel("Deliver every").selectOption({ label: "4 weeks" });
  }
  await page.locator(".buy-box").getByRole("button", { name: "Add to Cart" }).click();
  // The answer, said once (docs/rules.md "Focus and announcements"): the dialog, or the notice without JavaScript.
  await expect(addedToCart(page)).toBeVisible();
}
