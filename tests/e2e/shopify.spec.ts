// The shop on Shopify (COMMERCE_PROVIDER=shopify), as shoppers meet it, with and without
// JavaScript: a second shop server of the same build, on its own database, in front of a
// Storefront API server on loopback that executes Shopify's published schema
// (tests/shopify/storefront-server.ts). One spec, not the whole suite twice.
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { expect, test, type Page } from "@playwright/test";
import { startStorefrontServer } from "../shopify/storefront-server";
import { addedToCart } from "./helpers";

const PORT = Number(process.env.E2E_PORT ?? 3100) + 50;
/** The store's Multipass secret, known to the shop and to the loopback store. */
const MULTIPASS_SECRET = "e2e-multipass-secret-0123456789abcdef";

let storefront: Awaited<ReturnType<typeof startStorefrontServer>>;
let shop: ChildProcess;
let origin: string;

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browserName }, testInfo) => {
  void browserName;
  testInfo.setTimeout(120_000);
  storefront = await startStorefrontServer({ multipassSecret: MULTIPASS_SECRET });
  // One database per project, so the js and no-js runs never share one.
  const port = PORT + (testInfo.project.name === "no-js" ? 1 : 0);
  origin = `http://localhost:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: "production" as const,
    PORT: String(port),
    HOST: "127.0.0.1",
    WEB_CONCURRENCY: "1",
    DATABASE_URL: `file:./data/e2e-shopify-${port}.db`,
    REQUEST_LOG: "off",
    LOG_LEVEL: "warn",
    SIGN_IN_RATE_LIMIT_PER_MINUTE: "1000",
    MUTATION_RATE_LIMIT_PER_MINUTE: "0",
    COMMERCE_PROVIDER: "shopify",
    SHOPIFY_STORE_DOMAIN: "pet-food-test.myshopify.com",
    SHOPIFY_STOREFRONT_ACCESS_TOKEN: "test-storefront-token",
    SHOPIFY_WEBHOOK_SECRET: "e2e-webhook-secret-0123456789",
    SHOPIFY_API_URL: storefront.origin,
    SHOPIFY_MULTIPASS_SECRET: MULTIPASS_SECRET,
    // The loopback server serves the fixture's pictures; the image optimiser may fetch them.
    IMAGE_HOSTS: "127.0.0.1",
  };
  execFileSync("node", ["scripts/setup.mjs", "--fresh"], { env, stdio: "ignore" });
  shop = spawn("node", ["cluster.js"], { env, stdio: "ignore" });
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ready = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error("The Shopify-mode shop did not start");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

test.afterAll(async () => {
  shop?.kill("SIGTERM");
  await storefront?.close();
});

const hydrated = (page: Page, js: boolean) =>
  js ? page.waitForFunction(() => document.documentElement.dataset.hydrated === "true") : Promise.resolve();

test("browses a species and a food form of the Shopify catalogue, and opens a product page", async ({
  page,
}, testInfo) => {
  const js = testInfo.project.use.javaScriptEnabled !== false;
  const facet = (p: (typeof storefront.store.products)[number], key: string) =>
    p.metafields.find((m) => m.key === key)?.value;
  const soldHere = storefront.store.products.filter((p) => facet(p, "sold_on")?.includes("DTC"));
  const titlesOf = async () =>
    (await page.locator(".listing__results article").locator("h2, h3").allTextContents()).map((t) => t.trim()).sort();

  await page.goto(`${origin}/products/dog`);
  await hydrated(page, js);
  expect(await titlesOf()).toEqual(
    soldHere
      .filter((p) => facet(p, "species") === "dog")
      .map((p) => p.title)
      .sort(),
  );
  // The food form narrows it, from the products' metafields.
  await page.goto(`${origin}/products/dog/dry`);
  await hydrated(page, js);
  const dry = soldHere.filter((p) => facet(p, "species") === "dog" && facet(p, "food_form") === "dry");
  expect(dry.length).toBeGreaterThan(0);
  expect(await titlesOf()).toEqual(dry.map((p) => p.title).sort());

  // A card opens its product page.
  const first = page.locator(".listing__results article").first();
  const title = (await first.locator("h2, h3").textContent())!.trim();
  await first.getByRole("link").first().click();
  await hydrated(page, js);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.locator(".buy-box")).toBeVisible();
});

test("adds to the Shopify cart within the shop's limits and hands off to Shopify's checkout", async ({
  page,
}, testInfo) => {
  const js = testInfo.project.use.javaScriptEnabled !== false;
  await page.goto(`${origin}/products/dog`);
  await hydrated(page, js);
  await page.locator(".listing__results article").first().getByRole("link").first().click();
  await hydrated(page, js);
  await page.getByLabel("Quantity", { exact: true }).fill("12");
  await page.locator(".buy-box").getByRole("button", { name: "Add to Cart" }).click();
  // With JavaScript the confirmation, without it the page's notice: 10 is the most of one item.
  await expect(addedToCart(page).or(page.locator(".notice")).first()).toBeVisible();

  await page.goto(`${origin}/cart`);
  await hydrated(page, js);
  await expect(page.getByRole("spinbutton", { name: /^Quantity, / })).toHaveValue("10");
  const checkout = page.getByRole("complementary", { name: "Order Summary" }).getByRole("link", {
    name: "Proceed to Checkout",
  });
  // No giving panel: Shopify's checkout does not confirm the shop's donations (yet).
  await expect(page.getByText(/This order gives/)).toHaveCount(0);

  // The shop's own checkout is closed: /checkout goes to the hand-off.
  const answer = await page.request.get(`${origin}/checkout`, { maxRedirects: 0 });
  expect(answer.status()).toBe(303);
  expect(answer.headers().location).toBe("/checkout/hand-off");

  // The hand-off sets the spec's attributes on the Shopify cart and goes on to Shopify's checkout.
  await checkout.click();
  await expect(page).toHaveURL(new RegExp(`^${storefront.origin}/cart/c/`));
  await expect(page.getByText("Guest checkout")).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: "ZDTC" })).toBeVisible();
});

test("signs in with a Shopify account, pages through its Shopify orders and adds an address on Shopify", async ({
  page,
}, testInfo) => {
  // Sign-in, two order pages, an address and a checkout: more than the default half minute on a loaded machine.
  testInfo.setTimeout(60_000);
  const js = testInfo.project.use.javaScriptEnabled !== false;
  await page.goto(`${origin}/account/login`);
  await hydrated(page, js);
  await page.getByLabel("Email address").fill("robin@example.com");
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "That email and password do not match an account." }),
  ).toBeVisible();
  // Shopify, not the shop, throttles sign-ins there: the shop's lockout is not promised.
  await expect(page.getByText(/is locked for/)).toHaveCount(0);
  await page.getByLabel("Password").fill("shopify-pass-1");
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "My Account" })).toBeVisible();

  // Shopify's orders, newest first, twenty a page; each opens on Shopify's order status page.
  await page.goto(`${origin}/account/orders`);
  await hydrated(page, js);
  const rows = page.getByRole("table").getByRole("row");
  await expect(rows).toHaveCount(21);
  await expect(rows.nth(1)).toContainText("#1023");
  await expect(rows.nth(1).getByTestId("order-status")).toHaveText("Paid");
  await expect(rows.nth(1).getByRole("link", { name: "#1023" })).toHaveAttribute(
    "href",
    new RegExp(`^${storefront.origin}/orders/5022/`),
  );
  await page.getByRole("link", { name: "Older orders →" }).click();
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1)).toContainText("#1003");
  await expect(page.getByRole("link", { name: "← Newer orders" })).toBeVisible();

  // The address book is Shopify's: its address is listed, a new one is written there.
  await page.goto(`${origin}/account/address-book`);
  await hydrated(page, js);
  const list = page.getByRole("region", { name: "Your addresses" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list).toContainText("12 Elm Street");
  const add = page.getByRole("region", { name: "Add an address" });
  await add.getByLabel("First name").fill("Robin");
  await add.getByLabel("Last name").fill("Shopper");
  await add.getByLabel("Street address").fill("400 Main Street");
  await add.getByLabel("City", { exact: true }).fill("Topeka");
  await add.getByLabel("State", { exact: true }).selectOption("KS");
  await add.getByLabel("Zip code").fill("66603");
  await add.getByRole("button", { name: "Add address" }).click();
  await expect(page.getByText("Address added.")).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(2);
  expect(storefront.customers.customers[0].addresses.map((a) => a.address1)).toEqual([
    "12 Elm Street",
    "400 Main Street",
  ]);

  // Checking out signs the customer in on Shopify's checkout (Multipass; the cart's buyer).
  await page.goto(`${origin}/products/dog`);
  await hydrated(page, js);
  await page.locator(".listing__results article").first().getByRole("link").first().click();
  await hydrated(page, js);
  await page.locator(".buy-box").getByRole("button", { name: "Add to Cart" }).click();
  await expect(addedToCart(page).or(page.locator(".notice")).first()).toBeVisible();
  await page.goto(`${origin}/cart`);
  await hydrated(page, js);
  await page
    .getByRole("complementary", { name: "Order Summary" })
    .getByRole("link", { name: "Proceed to Checkout" })
    .click();
  await expect(page).toHaveURL(new RegExp(`^${storefront.origin}/cart/c/`));
  await expect(page.getByText("Signed in as robin@example.com")).toBeVisible();
  expect(storefront.multipassSignIns).toContain("robin@example.com");
  await page.goto(`${origin}/account`);

  // Signing out of the last session deletes the customer's token on Shopify too.
  expect(storefront.customers.tokens.size).toBe(1);
  await page.getByRole("banner").getByRole("button", { name: "Sign Out" }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
  expect(storefront.customers.tokens.size).toBe(0);
});
