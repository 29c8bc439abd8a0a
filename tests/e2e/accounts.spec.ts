import { expect, test, type Page } from "@playwright/test";
import { fillRegister, open, query, register, TEST_PASSWORD, uniqueEmail } from "./helpers";

// Accounts (shop-core spec sections 2 and 4). Registering, signing in
// from a guarded page and back, the guest-only sign-in page, the forgotten
// password through the outbox, signing out, and the inactivity alert (JavaScript
// only; the browser's clock is moved past TOKEN_INACTIVITY_SECONDS).
//
// Every test makes its own account through the register page, so the two
// projects never share one, and sign-in posts stay few: the server allows ten
// per address and minute, and the whole suite comes from 127.0.0.1.

// The one answer of a refused sign-in (REFUSED_SIGN_IN_MESSAGE in app/models/lockout.ts).
const WRONG =
  "That email and password do not match an account. After 10 failed attempts in a row an account is locked for 15 minutes; resetting the password unlocks it.";
const SENT = "If an account exists for that email, we have sent it a link to reset the password. Check your inbox.";
const CHANGED = "Your password has been changed. Log in with the new one.";
const EXPIRED = "This reset link has expired or was already used. Ask for a new one.";
/** TOKEN_INACTIVITY_SECONDS as the shop defaults it (the config leaves it so). */
const IDLE_MS = 900_000;
const INACTIVE = "You were signed out after a period of inactivity. Log in again to continue.";

const header = (page: Page) => page.getByRole("banner");
const accountLink = (page: Page) => header(page).getByRole("link", { name: /^(My Account|Sign In)$/ });
const signOutButton = (page: Page) => header(page).getByRole("button", { name: "Sign Out" });

async function expectSignedIn(page: Page) {
  await expect(accountLink(page)).toHaveText("My Account");
  await expect(signOutButton(page)).toBeVisible();
}

async function expectSignedOut(page: Page) {
  await expect(accountLink(page)).toHaveText("Sign In");
  await expect(signOutButton(page)).toHaveCount(0);
}

async function signOut(page: Page) {
  await signOutButton(page).click();
  await expect(page).toHaveURL((url) => url.pathname === "/");
  await expectSignedOut(page);
}

async function logIn(page: Page, email: string, password: string) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Log In");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log In" }).click();
}

test.describe("accounts", () => {
  test("register: a new account is signed in; the same email again is refused beside the field", async ({
    page,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, "register");
    await register(page, testInfo, email);
    await signOut(page);

    await open(page, testInfo, "/shelter/register");
    await fillRegister(page, email, "Morgan");
    await expect(page).toHaveURL((url) => url.pathname === "/shelter/register");
    const emailField = page.getByLabel("Email address");
    await expect(emailField).toHaveAttribute("aria-invalid", "true");
    await expect(emailField).toHaveAccessibleDescription(/An account with this email already exists/);
    await expect(page.getByLabel("First name")).toHaveValue("Morgan");
    await expect(emailField).toHaveValue(email);
    await expectSignedOut(page);
    // The server's reply leaves the passwords out (hideFields); the page must show them empty.
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("Confirm password")).toHaveValue("");
  });

  test("section 2 guard: a guest signs in from an account page and comes back to it", async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo, "guard");
    await register(page, testInfo, email);
    await signOut(page);

    await open(page, testInfo, "/account/orders");
    await expect(page).toHaveURL((url) => url.pathname === "/shelter/login");
    const redirectParam = new URL(page.url()).searchParams.get("redirect");
    expect(Buffer.from(redirectParam ?? "", "base64url").toString("utf8")).toBe("/account/orders");

    await logIn(page, email, "Not-the-password-1");
    await expect(page.getByRole("alert")).toHaveText(WRONG);
    await expect(page.getByLabel("Email address")).toHaveValue(email);
    await expectSignedOut(page);

    await logIn(page, email, TEST_PASSWORD);
    await expect(page).toHaveURL((url) => url.pathname === "/account/orders");
    await expectSignedIn(page);

    // Signed in, the sign-in page sends you back (home, without a referrer).
    await open(page, testInfo, "/shelter/login");
    await expect(page).not.toHaveURL(/\/shelter\/login/);
    await expect(page.getByRole("heading", { level: 1, name: "Log In" })).toHaveCount(0);
    await expectSignedIn(page);
  });

  test("forgot password: the reset link from the outbox sets a new password, once", async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo, "reset");
    const newPassword = "Fresh-biscuit-77";
    await register(page, testInfo, email);
    await signOut(page);

    await open(page, testInfo, "/shelter/forgot-password");
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/shelter/forgot-password");
    await expect(page.getByRole("status").filter({ hasText: SENT })).toBeVisible();

    const emails = query<{ text: string }>(
      testInfo,
      `SELECT text FROM "EmailMessage" WHERE "to" = ? AND template = 'password-reset'`,
      email,
    );
    expect(emails).toHaveLength(1);
    const link = emails[0].text.match(/https?:\/\/\S+\/shelter\/reset-password\?token=\S+/)?.[0];
    expect(link).toBeTruthy();
    const { pathname, search } = new URL(link!);

    await open(page, testInfo, `${pathname}${search}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reset your password");
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirm new password").fill(newPassword);
    await page.getByRole("button", { name: "Save new password" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/shelter/login");
    await expect(page.getByRole("status").filter({ hasText: CHANGED })).toBeVisible();

    if (testInfo.project.name === "js") {
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    }
    await logIn(page, email, newPassword);
    await expect(page).not.toHaveURL(/\/shelter\/login/);
    await expectSignedIn(page);

    // The link works once.
    await open(page, testInfo, `${pathname}${search}`);
    await expect(page.getByRole("alert")).toHaveText(EXPIRED);
    await expect(page.getByLabel("New password", { exact: true })).toHaveCount(0);
  });

  test("section 4 sign out: back home as a guest, and account pages ask to sign in again", async ({
    page,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, "signout");
    await register(page, testInfo, email);

    await open(page, testInfo, "/account/dashboard");
    await expect(page).toHaveURL((url) => url.pathname === "/account/dashboard");
    await expect(
      page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "My Orders" }),
    ).toBeVisible();
    await expectSignedIn(page);

    await signOut(page);

    await open(page, testInfo, "/account/dashboard");
    await expect(page).toHaveURL((url) => url.pathname === "/shelter/login");
    const redirectParam = new URL(page.url()).searchParams.get("redirect");
    expect(Buffer.from(redirectParam ?? "", "base64url").toString("utf8")).toBe("/account/dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Log In");
    await expectSignedOut(page);
  });

  test("sections 4 and 9 inactivity alert: Continue keeps the session, End session signs out", async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name === "no-js", "the inactivity alert needs JavaScript");
    const email = uniqueEmail(testInfo, "inactive");
    // The browser's clock, moved on by hand: the alert's timer runs on it, the server's on its own.
    await page.clock.install();
    await register(page, testInfo, email);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");

    const alert = page.getByRole("alertdialog", { name: "Are you still there?" });
    await expect(alert).toHaveCount(0);
    // A minute short of TOKEN_INACTIVITY_SECONDS (the default, 900) without mouse or keyboard:
    // still shut; past it, open.
    await page.clock.runFor(IDLE_MS - 60_000);
    await expect(alert).toHaveCount(0);
    await page.clock.runFor(70_000);
    await expect(alert).toBeVisible();
    // Continue refreshes the session, then starts the timer again (after the answer, so the clock
    // is moved on a minute at a time until the alert is back).
    const refreshed = page.waitForResponse((response) => response.url().endsWith("/refresh-session-token"));
    await alert.getByRole("button", { name: "Continue" }).click();
    expect((await refreshed).ok()).toBe(true);
    await expect(alert).toBeHidden();
    await expectSignedIn(page);

    await expect
      .poll(
        async () => {
          await page.clock.runFor(60_000);
          return alert.isVisible();
        },
        { intervals: [0], timeout: 20_000 },
      )
      .toBe(true);
    await alert.getByRole("button", { name: "End session" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/shelter/login");
    await expect(page.getByRole("status").filter({ hasText: INACTIVE })).toBeVisible();
    await expectSignedOut(page);
    await expect(alert).toHaveCount(0);
  });
});
