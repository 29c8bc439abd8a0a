import fs from "node:fs";
import path from "node:path";
import { expect, type Page, type TestInfo } from "@playwright/test";
import { addToCart, checkoutToReview, open, register, STAFF_URL, uniqueEmail } from "./helpers";

// The shop's main page states, in one place (docs/rules.md "Valid HTML and no sideways
// scroll"): what the HTML-validity and the overflow specs visit. A state is a path and,
// where the page needs more than a fresh browser, a setup (a cart, a checkout under way,
// a signed-in customer with an order). States that share a setup share its result: the
// setup runs once per project and run, and its cookies are given to every later context that
// needs them, so the specs cost one visit per state, not one checkout per state.

/** The product the states buy. */
export const STATE_PRODUCT = "/products/science-diet/adult-dry-dog-food/chicken-barley/15.5lb";

export interface Setup {
  /** Unique, and safe as a file name. */
  readonly key: string;
  readonly name: string;
  /**
   * Brings a fresh browser context into the state (its cookies are what is kept) and
   * returns the values the states' paths name (`:orderId`).
   */
  run(page: Page, testInfo: TestInfo): Promise<Record<string, string>>;
}

export interface PageState {
  /** Unique, and safe as a file name. */
  readonly name: string;
  /** Relative to the consumer site, or absolute (the staff site); `:key` is the setup's value. */
  readonly path: string;
  readonly setup?: Setup;
}

/** A guest's cart with one line, its checkout done up to the review step (every step may be shown again). */
const guestAtReview: Setup = {
  key: "guest-at-review",
  name: "a guest's cart at the checkout's review step",
  async run(page, testInfo) {
    await addToCart(page, testInfo, STATE_PRODUCT);
    await open(page, testInfo, "/cart");
    await checkoutToReview(page, testInfo, uniqueEmail(testInfo, "states-guest"));
    return {};
  },
};

/** A new customer, signed in, who has placed an autoship order (so every account page has something to show). */
const customerWithOrder: Setup = {
  key: "customer-with-order",
  name: "a signed-in customer with an autoship order",
  async run(page, testInfo) {
    await register(page, testInfo, uniqueEmail(testInfo, "states-customer"));
    await addToCart(page, testInfo, STATE_PRODUCT, { autoship: true });
    await open(page, testInfo, "/cart");
    await checkoutToReview(page, testInfo);
    await page.getByRole("button", { name: "Place order" }).click();
    await expect(page).toHaveURL(/\/checkout\/confirmation\/[^/]+$/);
    return { orderId: new URL(page.url()).pathname.split("/").pop() ?? "" };
  },
};

export const PAGE_STATES: readonly PageState[] = [
  { name: "home", path: "/" },
  { name: "home-staff", path: `${STAFF_URL}/` },
  { name: "listing", path: "/products/dog" },
  { name: "listing-filtered", path: "/products/dog?flavor=chicken&sort=price-asc" },
  { name: "search", path: "/search?search=chicken" },
  { name: "product", path: STATE_PRODUCT },
  { name: "cart-empty", path: "/cart" },
  { name: "cart-line", path: "/cart", setup: guestAtReview },
  // The cart's giving-back panel with the charities a search found (its no-JavaScript GET).
  { name: "donations", path: "/cart?charity=rescue", setup: guestAtReview },
  { name: "checkout-contact", path: "/checkout?step=contact", setup: guestAtReview },
  { name: "checkout-shipping", path: "/checkout?step=shipping", setup: guestAtReview },
  { name: "checkout-delivery", path: "/checkout?step=delivery", setup: guestAtReview },
  { name: "checkout-payment", path: "/checkout?step=payment", setup: guestAtReview },
  { name: "checkout-review", path: "/checkout?step=review", setup: guestAtReview },
  { name: "order-confirmation", path: "/checkout/confirmation/:orderId", setup: customerWithOrder },
  { name: "sign-in", path: "/shelter/login" },
  { name: "register", path: "/shelter/register" },
  { name: "account-dashboard", path: "/account/dashboard", setup: customerWithOrder },
  { name: "account-orders", path: "/account/orders", setup: customerWithOrder },
  { name: "account-order", path: "/account/orders/:orderId", setup: customerWithOrder },
  { name: "account-autoships", path: "/account/autoships", setup: customerWithOrder },
  { name: "account-addresses", path: "/account/address-book", setup: customerWithOrder },
  { name: "account-payment-methods", path: "/account/payment-methods", setup: customerWithOrder },
  { name: "content", path: "/faq" },
  { name: "contact", path: "/contact-us" },
  { name: "not-found", path: "/no/such/page" },
];

interface Prepared {
  cookies: Awaited<ReturnType<ReturnType<Page["context"]>["cookies"]>>;
  values: Record<string, string>;
}

/**
 * Where a setup's result is kept for the rest of the run: every worker of the project (and both
 * specs) reuses it. The output folder is emptied at the start of every run.
 */
const preparedFile = (testInfo: TestInfo, setup: Setup) =>
  path.join(testInfo.project.outputDir, "page-states", `${testInfo.project.name}-${setup.key}.json`);

/** Runs the setup on a page of its own (wide, so the setup never meets a phone layout) in the test's context. */
async function prepare(page: Page, testInfo: TestInfo, setup: Setup): Promise<Prepared> {
  const context = page.context();
  const setupPage = await context.newPage();
  try {
    await setupPage.setViewportSize({ width: 1280, height: 900 });
    const values = await setup.run(setupPage, testInfo);
    const prepared = { cookies: await context.cookies(), values };
    const file = preparedFile(testInfo, setup);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // Written whole, then renamed: another worker never reads half a file.
    fs.writeFileSync(`${file}.${process.pid}`, JSON.stringify(prepared));
    fs.renameSync(`${file}.${process.pid}`, file);
    return prepared;
  } finally {
    await setupPage.close();
  }
}

/**
 * Brings the page's context into the state (the setup's cookies, or the setup itself the
 * first time in this run) and opens it; returns the navigation's response.
 */
export async function openState(page: Page, testInfo: TestInfo, state: PageState) {
  let values: Record<string, string> = {};
  if (state.setup) {
    const file = preparedFile(testInfo, state.setup);
    let prepared: Prepared;
    if (fs.existsSync(file)) {
      prepared = JSON.parse(fs.readFileSync(file, "utf8")) as Prepared;
      await page.context().addCookies(prepared.cookies);
    } else {
      prepared = await prepare(page, testInfo, state.setup);
    }
    values = prepared.values;
  }
  const target = state.path.replace(/:([a-z]\w*)/gi, (_, key: string) => {
    if (!(key in values)) throw new Error(`${state.name}: the setup gives no "${key}"`);
    return encodeURIComponent(values[key]);
  });
  return open(page, testInfo, target);
}
