// The back office's door (docs/rules.md "Back office"), with and without JavaScript, at 1280 and
// 390 px: its own sign-in, a frame without the shop's header and footer, the sections a role
// sees, a 403 for the rest, sign-out, and never cached.
import { expect, test } from "@playwright/test";
import { adminSignIn, axeClean, DEMO_OWNER, jsEnabled, noHorizontalScroll, open, STAFF_URL } from "./helpers";

for (const width of [1280, 390]) {
  test.describe(`back office at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("a wrong password is refused; the owner signs in, sees every section, and signs out", async ({
      page,
    }, testInfo) => {
      const login = await open(page, testInfo, "/admin/orders");
      expect(page.url()).toContain("/admin/login?redirect=");
      expect(login?.headers()["cache-control"]).toBe("private, no-store");
      await expect(page.getByRole("heading", { level: 1, name: "Back office" })).toBeVisible();
      // The shop's chrome stays out of the back office.
      await expect(page.locator("footer")).toHaveCount(0);
      await axeClean(page, testInfo);

      await page.getByLabel("Email").fill(DEMO_OWNER.email);
      await page.getByLabel("Password").fill("not-the-password");
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("alert")).toHaveText(
        "That email and password do not match a back-office user. After 10 failed attempts in a row a user is locked for 15 minutes.",
      );
      await expect(page.getByLabel("Email")).toHaveValue(DEMO_OWNER.email);

      await adminSignIn(page, testInfo);
      const nav = page.getByRole("navigation", { name: "Back office" });
      // On a phone the grouped navigation is a "Menu" disclosure; from 60rem a sidebar, always open.
      const menu = nav.getByText("Menu", { exact: true });
      if (width < 960) {
        await expect(nav.getByRole("link", { name: "Orders", exact: true })).toBeHidden();
        await menu.click();
      } else {
        await expect(menu).toBeHidden();
      }
      for (const group of ["Orders", "Customers", "Catalogue", "Content", "Marketing", "Settings"]) {
        await expect(nav.getByRole("list", { name: group, exact: true })).toBeVisible();
      }
      for (const section of ["Orders", "Returns", "Customers", "Products", "Pages and content", "Audit log", "Users"]) {
        await expect(nav.getByRole("link", { name: section, exact: true })).toBeVisible();
      }
      await axeClean(page, testInfo);
      await noHorizontalScroll(page);

      await page.getByRole("button", { name: "Sign out" }).click();
      await expect(page).toHaveURL(/\/admin\/login$/);
      const after = await page.goto("/admin");
      expect(after?.url()).toContain("/admin/login");
    });

    test("a fulfilment user sees only their sections and is refused the rest with 403", async ({ page }, testInfo) => {
      await adminSignIn(page, testInfo, "fulfilment");
      const nav = page.getByRole("navigation", { name: "Back office" });
      if (width < 960) await nav.getByText("Menu", { exact: true }).click();
      await expect(nav.getByRole("link")).toHaveText(["Home", "Orders", "Returns", "Products", "Delivery coverage"]);
      await expect(nav.getByRole("list", { name: "Catalogue" })).toBeAttached();
      await expect(nav.getByRole("list", { name: "Settings" })).toHaveCount(0);
      const refused = await page.goto("/admin/audit");
      expect(refused?.status()).toBe(403);
      await expect(page.getByRole("heading", { level: 1, name: "Not allowed" })).toBeVisible();
      await expect(page.getByRole("alert")).toHaveText(
        "Your role (Fulfilment) cannot do this. Ask an owner if you need it.",
      );
    });

    test("the staff program's site opens the back office without its registration guard", async ({
      page,
    }, testInfo) => {
      const response = await page.goto(`${STAFF_URL}/admin/login`);
      expect(response?.status()).toBe(200);
      expect(page.url()).toBe(`${STAFF_URL}/admin/login`);
      void testInfo;
    });
  });
}

test("the owner disables a user only after confirming it, and can keep them as they are", async ({
  browser,
  page,
}, testInfo) => {
  // The user to disable signs in once, in a browser of their own.
  const theirs = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: jsEnabled(testInfo),
  });
  const email = await adminSignIn(await theirs.newPage(), testInfo, "support");
  await theirs.close();

  await adminSignIn(page, testInfo);
  await open(page, testInfo, "/admin/users");
  const row = page.getByRole("row").filter({ hasText: email });
  const disable = row.getByRole("button", { name: `Disable ${email}` });
  const question = `Disable ${email}? Their sessions end now and they cannot sign in until an owner enables them.`;
  const panel = page.getByRole("region", { name: question });

  await disable.click();
  await expect(panel).toBeVisible();
  // With JavaScript the question takes the focus; without, the page reloads at its top.
  if (jsEnabled(testInfo)) await expect(panel.getByRole("heading", { name: question })).toBeFocused();
  await expect(row.getByText("Active")).toBeVisible();
  await axeClean(page, testInfo);
  await panel.getByRole("link", { name: "Keep it as it is" }).click();
  await expect(panel).toBeHidden();
  await expect(row.getByText("Active")).toBeVisible();

  await disable.click();
  await panel.getByRole("button", { name: "Disable this user" }).click();
  await expect(page.getByText(`${email} is disabled.`)).toBeVisible();
  await expect(row.getByText("Disabled")).toBeVisible();
  await expect(row.getByRole("button", { name: `Enable ${email}` })).toBeVisible();
});
