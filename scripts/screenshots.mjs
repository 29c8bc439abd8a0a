// Screenshots of the shop's main pages at a phone's width (390 px) and a desktop's (1280 px),
// the first screen of each, into docs/screenshots/ with an index (docs/screenshots/README.md).
// Run it after a change to how the shop looks: `npm run screenshots` (it builds the shop, starts
// it on loopback with a fresh seeded database, drives Debian's Chromium headless shell, stops).
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import * as prettier from "prettier";
import { startShop } from "./shop-server.mjs";

const { values } = parseArgs({
  options: { port: { type: "string", default: "3301" }, "no-build": { type: "boolean", default: false } },
});
const OUT = path.join("docs", "screenshots");
const PRODUCT = "/products/science-diet/adult-dry-dog-food/chicken-barley/15.5lb";
const VIEWPORTS = [
  { width: 390, height: 844, label: "phone" },
  { width: 1280, height: 800, label: "desktop" },
];

/** Each page: a name, a caption and how to get there (a path, or steps on the page). */
const PAGES = [
  { name: "home", caption: "Home", go: (page) => page.goto("/") },
  { name: "listing", caption: "Dog food listing", go: (page) => page.goto("/products/dog") },
  { name: "product", caption: "Product page", go: (page) => page.goto(PRODUCT) },
  {
    name: "cart",
    caption: "Cart with one line",
    go: async (page) => {
      await page.goto(PRODUCT);
      const added = page.waitForResponse(
        (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/cart",
      );
      await page.locator(".buy-box").getByRole("button", { name: "Add to Cart" }).click();
      await added;
      await page.goto("/cart");
    },
  },
  {
    name: "checkout",
    caption: "Checkout, first step",
    go: async (page) => {
      await page.goto("/cart");
      await page.getByRole("link", { name: "Proceed to Checkout" }).click();
      await page.waitForURL(/\/checkout\b/);
    },
  },
  {
    name: "subscriptions",
    caption: "My Subscriptions",
    // The README's demo shopper (saved address) orders the product with Autoship and a new card.
    go: async (page) => {
      await page.goto("/shelter/login");
      await page.getByLabel("Email address").fill("shopper@example.com");
      await page.getByLabel("Password").fill("Shopper-demo-2026");
      await page.getByRole("button", { name: "Log In" }).click();
      await page.waitForURL((url) => !url.pathname.startsWith("/shelter/login"));
      await page.goto(PRODUCT);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
      await page.getByLabel(/^Autoship/).check();
      const added = page.waitForResponse(
        (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/cart",
      );
      await page.locator(".buy-box").getByRole("button", { name: "Add to Cart" }).click();
      await added;
      await page.goto("/cart");
      await page.getByRole("link", { name: "Proceed to Checkout" }).click();
      const step = page.locator("h2#checkout-step-title");
      await step.getByText("Shipping address").waitFor();
      await page.getByRole("button", { name: "Continue to delivery" }).click();
      await step.getByText("Delivery").waitFor();
      await page.getByRole("button", { name: "Continue to payment" }).click();
      await step.getByText("Payment").waitFor();
      const newCard = page.getByRole("radio", { name: "A new card" });
      if ((await newCard.count()) > 0) await newCard.check();
      await page.getByLabel("Name on card").fill("Alex Morgan");
      await page.getByLabel("Card number").fill("4242 4242 4242 4242");
      await page.getByLabel("Expiry (MM/YY)").fill("12/30");
      await page.getByLabel("Security code").fill("123");
      await page.getByRole("button", { name: "Continue to review" }).click();
      await step.getByText("Review and place order").waitFor();
      await page.getByRole("button", { name: "Place order" }).click();
      await page.waitForURL(/\/checkout\/confirmation\//);
      await page.goto("/account/autoships");
    },
  },
  // The back office (docs/rules.md "Back office"), as the README's demo owner: the orders list
  // (the order placed just above is first), that order, a content entry and a product editor.
  {
    name: "admin-orders",
    caption: "Back office: orders",
    go: async (page) => {
      await page.goto("/admin/login");
      await page.getByLabel("Email").fill("owner@example.com");
      await page.getByLabel("Password").fill("Owner-demo-2026");
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL((url) => url.pathname === "/admin");
      await page.goto("/admin/orders");
    },
  },
  { name: "admin-order", caption: "Back office: an order", go: (page) => openFirstRow(page, "/admin/orders") },
  {
    name: "admin-content",
    caption: "Back office: a content entry",
    go: (page) => openFirstRow(page, "/admin/content"),
  },
  { name: "admin-product", caption: "Back office: a product", go: (page) => openFirstRow(page, "/admin/products") },
];

/** Opens the first row's link of a back-office list. */
async function openFirstRow(page, list) {
  await page.goto(list);
  await page.locator(".admin-table tbody a").first().click();
  await page.waitForURL((url) => url.pathname.startsWith(`${list}/`));
}

async function main() {
  const shop = await startShop({ port: Number(values.port), name: "screenshots", build: !values["no-build"] });
  const browser = await chromium.launch({
    // The browser tests' Chromium (its headless shell, scripts/ensure-chromium.sh).
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/lib/chromium/chromium-headless-shell",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"],
  });
  fs.mkdirSync(OUT, { recursive: true });
  const shots = [];
  try {
    for (const viewport of VIEWPORTS) {
      // One shopper per width: the cart and checkout follow from the pages before them.
      const context = await browser.newContext({
        baseURL: shop.base,
        viewport: { width: viewport.width, height: viewport.height },
        deviceScaleFactor: 1,
        reducedMotion: "reduce",
      });
      const page = await context.newPage();
      await page.goto("/");
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
      // The consent banner is answered once, so it does not cover every picture.
      const reject = page.getByRole("button", { name: "Reject all" });
      if (await reject.isVisible()) {
        await reject.click();
        await reject.waitFor({ state: "hidden" });
      }
      for (const entry of PAGES) {
        await entry.go(page);
        await page.waitForLoadState("networkidle");
        await page.evaluate(() => document.fonts.ready);
        const file = `${entry.name}-${viewport.width}.png`;
        await page.screenshot({ path: path.join(OUT, file), animations: "disabled", caret: "hide" });
        shots.push({ ...entry, viewport, file });
        console.log(`${file}: ${new URL(page.url()).pathname}`);
      }
      await context.close();
    }
  } finally {
    await browser.close();
    shop.stop();
  }
  const rows = PAGES.map((entry) => {
    const cells = VIEWPORTS.map((viewport) => {
      const file = `${entry.name}-${viewport.width}.png`;
      return `![${entry.caption}, ${viewport.width} px](${file})`;
    });
    return `| ${entry.caption} | ${cells.join(" | ")} |`;
  });
  // Formatted as the repository's format check expects.
  const index = await prettier.format(
    [
      "# Screenshots",
      "",
      "The first screen of the main pages, at a phone's width and a desktop's, drawn by",
      "`npm run screenshots` (scripts/screenshots.mjs) from a freshly seeded shop. Refresh them",
      "after a change to how the shop looks.",
      "",
      `| page | ${VIEWPORTS.map((v) => `${v.width} px (${v.label})`).join(" | ")} |`,
      `| --- | ${VIEWPORTS.map(() => "---").join(" | ")} |`,
      ...rows,
      "",
      // The email is not a page of the shop: its pictures are drawn apart (docs/rules.md "Emails").
      "The order confirmation email, whole, at the same widths: `email-order-confirmation-390.png` and",
      "`email-order-confirmation-1280.png`, drawn from the HTML that `EMAIL_PREVIEW_DIR=/tmp/emails npx vitest run",
      "tests/integration/email-templates.test.ts` writes, opened in Chromium with the shop's pictures stood in for.",
      "",
    ].join("\n"),
    { parser: "markdown" },
  );
  fs.writeFileSync(path.join(OUT, "README.md"), index);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
