// The back office's customer screens in the browser (docs/rules.md "Back office: customers"),
// with and without JavaScript, at 1280 and 390 px: support finds a customer whose sign-in is
// locked, sees it on the customer's page, unlocks it and sends a reset email; axe clean.
import { expect, test, type TestInfo } from "@playwright/test";
import { adminSignIn, axeClean, jsEnabled, noHorizontalScroll, open, register, uniqueEmail, withDb } from "./helpers";

/** Locks the customer's sign-in for 15 minutes, as ten failures do. */
function lock(testInfo: TestInfo, email: string) {
  withDb(
    testInfo,
    (db) =>
      db
        .prepare(`UPDATE "IdentityUser" SET lockedUntil = ?, failedSignIns = 0 WHERE email = ? AND store = 'home'`)
        .run(new Date(Date.now() + 15 * 60_000).toISOString().replace("Z", "+00:00"), email),
    false,
  );
}

for (const width of [1280, 390]) {
  test.describe(`customers at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("support finds a locked customer, unlocks the account and sends a reset email", async ({ page }, testInfo) => {
      test.setTimeout(90_000);
      const email = uniqueEmail(testInfo, "locked");
      await register(page, testInfo, email, "Lockie");
      lock(testInfo, email);

      await adminSignIn(page, testInfo, "support");
      await open(page, testInfo, `/admin/customers?q=${encodeURIComponent(email.toUpperCase())}`);
      const table = page.getByRole("table", { name: /^Customers 1–1 of 1/ });
      await expect(table.getByRole("row").nth(1)).toContainText("Locked");
      await axeClean(page, testInfo);
      if (width === 390) await noHorizontalScroll(page);

      await table.getByRole("link", { name: "Lockie Tester" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Lockie Tester" })).toBeVisible();
      await expect(page.getByText(/^Locked until .+ E[SD]T\. Failed sign-ins in a row: 0\.$/)).toBeVisible();
      await axeClean(page, testInfo);
      if (width === 390) await noHorizontalScroll(page);

      // Unlock asks first, naming the account; nothing changes until it is confirmed.
      await page.getByRole("button", { name: "Unlock", exact: true }).click();
      const question = page.getByRole("heading", { name: /^Unlock the sign-in of .+\? It ends the lock/ });
      await expect(question).toBeVisible();
      // With JavaScript the focus moves to the question.
      if (jsEnabled(testInfo)) await expect(question).toBeFocused();
      await expect(page.getByText(/^Locked until .+ E[SD]T\./)).toBeVisible();
      await axeClean(page, testInfo);
      if (width === 390) await noHorizontalScroll(page);
      await page.getByRole("button", { name: "Unlock the sign-in" }).click();
      await expect(page.getByText("The account is unlocked.")).toBeVisible();
      await expect(page.getByText("Not locked. Failed sign-ins in a row: 0.")).toBeVisible();
      await expect(page.getByRole("button", { name: "Unlock", exact: true })).toBeDisabled();

      await page.getByRole("button", { name: "Send a password-reset email" }).click();
      await expect(page.getByText(`A password-reset email is on its way to ${email}.`)).toBeVisible();
    });
  });
}

test.describe("the owner's reports at 390 px", () => {
  test.use({ viewport: { width: 390, height: 900 } });

  test("donations, outbox, jobs, audit log and users open, axe clean, without sideways scroll", async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    await adminSignIn(page, testInfo, "owner");
    for (const [path, heading] of [
      ["/admin/donations", "Donations"],
      ["/admin/outbox", "Email outbox"],
      ["/admin/jobs", "Jobs"],
      ["/admin/audit", "Audit log"],
      ["/admin/users", "Users"],
    ] as const) {
      await open(page, testInfo, path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await axeClean(page, testInfo);
      await noHorizontalScroll(page);
    }
  });
});
