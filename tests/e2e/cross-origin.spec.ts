// The same-origin guard as an attacker meets it (docs/security.md "Cross-site
// request forgery"): a page on another localhost port (same site, other origin,
// so the browser sends the shopper's SameSite=Lax cookies) posts to the shop,
// with and without `?_data=`, to a page action, the cart, sign-out, sign-in
// (login CSRF) and a JSON call. Every post is refused with 403 and nothing changes.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { open, query, register, uniqueEmail } from "./helpers";

const SHOP = `http://localhost:${Number(process.env.E2E_PORT ?? 3100)}`;

function attackerPage(variantId: string): string {
  const form = (id: string, action: string, fields: Record<string, string>, enctype = "") =>
    `<form id="${id}" method="post" action="${SHOP}${action}"${enctype ? ` enctype="${enctype}"` : ""}>` +
    Object.entries(fields)
      .map(([name, value]) => `<input type="hidden" name="${name}" value="${value}">`)
      .join("") +
    `<button>${id}</button></form>`;
  const profile = { intent: "profile", firstName: "Mallory", lastName: "Attacker" };
  return [
    "<!doctype html><title>Free kibble</title>",
    form("profile", "/account/my-profile", profile),
    form("profile-data", "/account/my-profile?_data=routes%2Faccount.my-profile", profile),
    form("cart", "/cart", { intent: "add", variantId, quantity: "3" }),
    form("logout", "/logout", {}),
    // Login CSRF: signing the shopper into the attacker's account.
    form("login", "/shelter/login", { email: "shopper@example.com", password: "Shopper-demo-2026" }),
    form("api-text", "/api/ecom/v1.0/update-cart-note", { '{"cartId":"x","note":"owned","a': '"}' }, "text/plain"),
  ].join("\n");
}

test.describe("cross-origin posts change nothing (docs/security.md)", () => {
  let server: http.Server;
  let attacker: string;
  let variantId: string;

  test.beforeAll(async () => {
    server = http.createServer((_req, res) => {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(attackerPage(variantId));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    attacker = `http://localhost:${(server.address() as AddressInfo).port}`;
  });

  test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test("a page on another port cannot post as the signed-in shopper", async ({ page }, testInfo) => {
    variantId = query<{ id: string }>(
      testInfo,
      "SELECT v.id FROM ProductVariant v JOIN Product p ON p.id = v.productId WHERE p.soldOnDtc = 1 LIMIT 1",
    )[0].id;
    const email = uniqueEmail(testInfo, "csrf");
    await register(page, testInfo, email, "Riley");

    for (const id of ["profile", "profile-data", "cart", "api-text", "logout", "login"]) {
      await page.goto(attacker);
      const answer = page.waitForResponse((response) => response.url().startsWith(SHOP));
      await page.getByRole("button", { name: id, exact: true }).click();
      const response = await answer;
      expect(response.status(), `${id} is refused`).toBe(403);
      expect(await response.text()).toMatch(/Request refused|CROSS_ORIGIN_REQUEST/);
    }

    const [customer] = query<{ firstName: string; lastName: string }>(
      testInfo,
      "SELECT firstName, lastName FROM Customer WHERE email = ?",
      email,
    );
    expect(customer).toEqual({ firstName: "Riley", lastName: "Tester" });
    // Still signed in (the forged sign-out did nothing) and the cart is empty.
    await open(page, testInfo, "/account/my-profile");
    await expect(page).toHaveURL((url) => url.pathname === "/account/my-profile");
    // Still the shopper's own session, not the attacker's account.
    await expect(page.getByLabel("First name")).toHaveValue("Riley");
    await open(page, testInfo, "/cart");
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/cart/i);
    await expect(page.getByText(/your cart is empty/i)).toBeVisible();
  });

  test("the shop's own forms still post (same origin)", async ({ page }, testInfo) => {
    await register(page, testInfo, uniqueEmail(testInfo, "same-origin"), "Riley");
    await open(page, testInfo, "/account/my-profile");
    await page.getByLabel("First name").fill("Robin");
    await page.getByRole("button", { name: "Save details" }).click();
    await expect
      .poll(
        () => query<{ firstName: string }>(testInfo, "SELECT firstName FROM Customer WHERE firstName = 'Robin'").length,
      )
      .toBeGreaterThan(0);
  });
});
