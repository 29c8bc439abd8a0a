// Password protection: while it is on, every page asks for the password
// first. It locks the whole shop, so playwright.config.ts runs this file alone, after
// the other projects.
import http from "node:http";
import { expect, test, type APIRequestContext, type TestInfo } from "@playwright/test";
import { open, STAFF_URL, withDb } from "./helpers";

const ADMIN_SECRET = "e2e-admin-secret-0123456789";
const PASSWORD = "pawsome-preview";

function setProtection(testInfo: TestInfo, enabled: boolean) {
  withDb(
    testInfo,
    (db) => {
      const row = db
        .prepare(`SELECT data FROM "ContentEntry" WHERE site = 'ALL' AND type = 'password-protect'`)
        .get() as { data: string };
      const data = { ...JSON.parse(row.data), enabled, password: PASSWORD };
      db.prepare(`UPDATE "ContentEntry" SET data = ? WHERE site = 'ALL' AND type = 'password-protect'`).run(
        JSON.stringify(data),
      );
    },
    false,
  );
}

/** Editors' changes show at once after /api/delete-cache-item. */
async function forgetCachedSetting(request: APIRequestContext) {
  // Node does not resolve staff.localhost as Chromium does: the staff site is asked for by Host header.
  const staffHost = new URL(STAFF_URL).host;
  for (const [host, site] of [
    [undefined, "DTC"],
    [staffHost, "HPSF"],
  ]) {
    const response = await request.post("/api/delete-cache-item", {
      headers: { Authorization: `Bearer ${ADMIN_SECRET}`, ...(host ? { Host: host } : {}) },
      data: { cacheKey: `${site}:password-protect:password-protect` },
    });
    expect(response.status()).toBe(200);
  }
}

/** The status of one GET on a connection of its own (the cluster hands connections to its workers in turn). */
function statusOf(testInfo: TestInfo, path: string): Promise<number> {
  const { hostname, port } = new URL(testInfo.project.use.baseURL!);
  return new Promise((resolve, reject) => {
    http
      .get({ host: hostname, port, path, agent: false }, (response) => {
        response.resume();
        resolve(response.statusCode!);
      })
      .on("error", reject);
  });
}

/**
 * Waits for the change to reach every server process: the cache call reaches one, the others
 * follow the content version within a poll (docs/rules.md "Processes"). Eight fresh connections
 * in a row answering alike have been handed to every worker.
 */
async function everyProcessAnswers(testInfo: TestInfo, status: number) {
  let inARow = 0;
  for (const deadline = Date.now() + 20_000; inARow < 8;) {
    if (Date.now() > deadline) throw new Error(`the shop did not answer ${status} on every process within 20 s`);
    inARow = (await statusOf(testInfo, "/faq")) === status ? inARow + 1 : 0;
    if (inARow === 0) await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ request }, testInfo) => {
  setProtection(testInfo, true);
  await forgetCachedSetting(request);
  await everyProcessAnswers(testInfo, 302);
});

test.afterAll(async ({ request }, testInfo) => {
  setProtection(testInfo, false);
  await forgetCachedSetting(request);
  await everyProcessAnswers(testInfo, 200);
});

test("every page asks for the password first, then returns to it", async ({ page }, testInfo) => {
  await open(page, testInfo, "/products/dog");
  await expect(page).toHaveURL(/\/password-protect\?redirect=/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This shop is opening soon");
  // No layout on the password page.
  await expect(page.getByRole("banner")).toHaveCount(0);

  await page.getByLabel("Password").fill("wrong-password");
  await page.getByRole("button", { name: "Enter" }).click();
  await expect(page.getByText("That password is not right.")).toBeVisible();
  await expect(page.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Enter" }).click();
  await expect(page).toHaveURL(/\/products\/dog$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dog Food" })).toBeVisible();
  // Access lasts for the browser: other pages open directly.
  await open(page, testInfo, "/faq");
  await expect(page).toHaveURL(/\/faq$/);
});

test("the staff site is locked too, and the maintenance page stays open", async ({ page }, testInfo) => {
  await open(page, testInfo, `${STAFF_URL}/`);
  await expect(page).toHaveURL(`${STAFF_URL}/password-protect`);
  await open(page, testInfo, "/maintenance");
  await expect(page).toHaveURL(/\/maintenance$/);
});
