// The back office's door (docs/rules.md "Back office"), with and without JavaScript, at 1280 and
// 390 px: its own sign-in, a frame without the shop's header and footer, the sections a role
// sees, a 403 for the rest, sign-out, and never cached.
import { expect, test } from "@playwright/test";
import { adminSignIn, axeClean, DEMO_OWNER, noHorizontalScroll, open, STAFF_URL } from "./helpers";

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
      for (const section of ["Orders", "Returns", "Customers", "Catalogue", "Content", "Audit log", "Users"]) {
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
      await expect(nav.getByRole("link")).toHaveText(["Home", "Orders", "Returns", "Catalogue", "Delivery coverage"]);
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
