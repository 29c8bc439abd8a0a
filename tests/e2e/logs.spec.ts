import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import Database from "better-sqlite3";
import { addedToCart, fillAddress, fillRegister, open, TEST_PASSWORD, uniqueEmail } from "./helpers";

// docs/rules.md "Logs carry no secrets": the production build, run as an operator runs it
// (JSON logs on stdout, REQUEST_LOG=on, LOG_LEVEL=debug), takes flows that carry secrets —
// passwords, a reset token in the query, a multipass token in the path, Authorization and
// Cookie headers, session cookies, a card number, OpenID codes, a browser error naming an
// email — and none of them appears in what it logged; every request line has its request id;
// an error is logged once, with its stack, on its request's id.

const PORT = Number(process.env.E2E_PORT ?? 3100) + 50;
const BASE = `http://localhost:${PORT}`;
const DB_FILE = path.join("data", `logs-${PORT}.db`);
const METRICS_TOKEN = "metrics-token-Zq81LmT4wV";
const PRODUCT = "/products/science-diet/adult-dry-dog-food/chicken-barley/15.5lb";
const CARD = "4242 4242 4242 4242";
const NEW_PASSWORD = "Fresh-biscuit-Qx71";

test.use({ baseURL: BASE });
test.describe.configure({ mode: "serial", timeout: 180_000 });

interface LogLine {
  level: number;
  msg?: string;
  reqId?: string;
  req?: { url?: string };
  err?: { stack?: string };
}

let server: ChildProcess | undefined;
let output = "";

const lines = (): LogLine[] =>
  output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as LogLine);

test.beforeAll(async ({ browserName }, testInfo) => {
  void browserName;
  if (testInfo.project.name !== "js") return;
  testInfo.setTimeout(240_000);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(PORT),
    HOST: "127.0.0.1",
    DATABASE_URL: `file:./${DB_FILE}`,
    SESSION_SECRET: "logs-session-secret-0123456789abcdef",
    REQUEST_LOG: "on",
    LOG_LEVEL: "debug",
    METRICS_TOKEN,
    DEV_OUTBOX: "on",
    OUTBOX_POLL_SECONDS: "1",
    MUTATION_RATE_LIMIT_PER_MINUTE: "0",
    SIGN_IN_RATE_LIMIT_PER_MINUTE: "1000",
    PASSWORD_RESET_RATE_LIMIT_PER_HOUR: "1000",
    REGISTER_RATE_LIMIT_PER_HOUR: "1000",
    TOKEN_API_RATE_LIMIT_PER_MINUTE: "1000",
  };
  execFileSync("node", ["scripts/setup.mjs", "--fresh"], { env, stdio: "ignore" });
  const child = spawn("node", ["server.js"], { env, stdio: ["ignore", "pipe", "pipe"] });
  server = child;
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const deadline = Date.now() + 30_000;
  for (;;) {
    const up = await fetch(`http://127.0.0.1:${PORT}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

test.afterAll(async () => {
  if (!server) return;
  const exited = new Promise((resolve) => server!.once("exit", resolve));
  server.kill("SIGTERM");
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  if (server.exitCode === null) server.kill("SIGKILL");
  for (const suffix of ["", "-wal", "-shm", "-journal"]) fs.rmSync(DB_FILE + suffix, { force: true });
});

const db = <T>(fn: (db: Database.Database) => T) => {
  const handle = new Database(DB_FILE, { timeout: 10_000 });
  try {
    return fn(handle);
  } finally {
    handle.close();
  }
};

async function signIn(page: Page, testInfo: TestInfo, email: string, password: string) {
  await open(page, testInfo, "/shelter/login");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign Out" })).toBeVisible();
}

async function signOut(page: Page) {
  await page.getByRole("banner").getByRole("button", { name: "Sign Out" }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
}

async function checkout(page: Page, testInfo: TestInfo, email: string) {
  await open(page, testInfo, PRODUCT);
  await page.locator(".buy-box").getByRole("button", { name: "Add to Cart" }).click();
  await expect(addedToCart(page)).toBeVisible();
  await open(page, testInfo, "/checkout");
  const step = page.locator("h2#checkout-step-title");
  if ((await step.textContent()) === "Contact") {
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Continue to shipping" }).click();
  }
  await expect(step).toHaveText("Shipping address");
  await fillAddress(page);
  await page.getByRole("button", { name: "Continue to delivery" }).click();
  await expect(step).toHaveText("Delivery");
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(step).toHaveText("Payment");
  await page.getByLabel("Name on card").fill("Riley Tester");
  await page.getByLabel("Card number").fill(CARD);
  await page.getByLabel("Expiry (MM/YY)").fill("12/30");
  await page.getByLabel("Security code").fill("123");
  await page.getByRole("button", { name: "Continue to review" }).click();
  await expect(step).toHaveText("Review and place order");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you for your order");
}

test("no secret reaches a log; every request line has its id; an error is logged once with its stack", async ({
  page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== "js", "one server of its own, once");
  const email = uniqueEmail(testInfo, "logs");
  const secrets: string[] = [TEST_PASSWORD, NEW_PASSWORD, METRICS_TOKEN, "4242424242424242", "4242 4242 4242 4242"];

  // A password: registration, sign-out, sign-in.
  await open(page, testInfo, "/shelter/register");
  await fillRegister(page, email);
  await expect(page).toHaveURL((url) => url.pathname === "/");
  await signOut(page);
  await signIn(page, testInfo, email, TEST_PASSWORD);
  for (const cookie of await page.context().cookies()) if (cookie.value.length >= 16) secrets.push(cookie.value);

  // A card number, through the whole checkout.
  await checkout(page, testInfo, email);
  await signOut(page);

  // A password-reset token in the query, and the new password.
  await open(page, testInfo, "/shelter/forgot-password");
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  // The answer's own message: another status (a sign-out notice) may already be on the page.
  await expect(page.getByRole("status").filter({ hasText: "we have sent it a link" })).toBeVisible();
  const text = db(
    (handle) =>
      handle.prepare(`SELECT text FROM "EmailMessage" WHERE "to" = ? AND template = 'password-reset'`).get(email) as {
        text: string;
      },
  ).text;
  const link = new URL(text.match(/https?:\/\/\S+\/shelter\/reset-password\?token=\S+/)![0]);
  secrets.push(link.searchParams.get("token")!);
  await open(page, testInfo, `${link.pathname}${link.search}`);
  await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("Confirm new password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/shelter/login");

  // A multipass token in the path, OpenID codes and JWTs in queries, credentials in headers.
  const multipass = "mpTOKEN-Sx93kd0Qm2Lz7Wv4";
  const bearer = "bearer-secret-Hk2Pq9Zt5Rn";
  const cookie = "cookie-secret-Jd7Wm3Xc8Lb";
  secrets.push(multipass, bearer, cookie, "oidc-code-Vb6Tn1", "oidc-state-Gq4Yh8", "jwt-secret-Pz3Kd7");
  await request.get(`/multipass/${multipass}`, { maxRedirects: 0 });
  await request.get("/auth/oidc/callback?code=oidc-code-Vb6Tn1&state=oidc-state-Gq4Yh8", { maxRedirects: 0 });
  await request.get("/shelter/reset-password?TOKEN=jwt-secret-Pz3Kd7&jwt=jwt-secret-Pz3Kd7");
  await request.get("/account/orders", {
    headers: { Authorization: `Bearer ${bearer}`, Cookie: `__session=${cookie}; col_cart_id=${cookie}` },
    maxRedirects: 0,
  });
  await request.post("/api/ecom/v1.0/get-cart", {
    headers: { Authorization: `Bearer ${bearer}`, Origin: BASE },
    data: { cartId: cookie, sessionToken: cookie },
  });
  expect((await request.get("/metrics", { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).status()).toBe(200);
  expect((await request.get("/metrics", { headers: { Authorization: `Bearer ${bearer}` } })).status()).toBe(401);

  // A browser error naming an email and a card number: reported, scrubbed.
  const report = await request.post("/api/client-errors", {
    headers: { Origin: BASE },
    data: { kind: "error", message: "failed for leaky.person@example.com paying 4000 0000 0000 0002", path: "/x?t=1" },
  });
  expect(report.status()).toBe(204);
  secrets.push("leaky.person@example.com", "4000 0000 0000 0002");

  // A real page's unhandled error: the browser reporter sends it (CSP and the guard let it through).
  await open(page, testInfo, "/cart?token=Qm7secret");
  const sent = page.waitForResponse((response) => response.url().endsWith("/api/client-errors"));
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error("checkout broke for page.person@example.com");
    });
  });
  expect((await sent).status()).toBe(204);
  secrets.push("page.person@example.com", "Qm7secret");
  await expect
    .poll(() => lines().some((line) => line.msg === "Browser error on /cart: checkout broke for [email]"))
    .toBe(true);

  // A route that throws: its table is gone, so the loader fails (a 500 the operator must see).
  // First every email is delivered, so no outbox run meets the missing table (its own warning).
  await expect
    .poll(
      () =>
        db(
          (handle) =>
            handle
              .prepare(
                `SELECT count(*) AS n FROM "OutboxMessage" WHERE topic = 'email' AND status IN ('queued', 'sending')`,
              )
              .get() as { n: number },
        ).n,
      { timeout: 30_000 },
    )
    .toBe(0);
  db((handle) => handle.exec(`ALTER TABLE "EmailMessage" RENAME TO "EmailMessageGone"`));
  const broken = await request.get("/dev/outbox");
  db((handle) => handle.exec(`ALTER TABLE "EmailMessageGone" RENAME TO "EmailMessage"`));
  expect(broken.status()).toBe(500);
  const failedId = broken.headers()["x-request-id"];
  expect(failedId).toBeTruthy();

  // The request log line of the last request is written when its answer ends.
  await expect.poll(() => lines().some((line) => line.reqId === failedId && line.req)).toBe(true);
  const logged = lines();
  const all = output;
  await testInfo.attach("server-log.jsonl", { body: all, contentType: "application/jsonl" });

  for (const secret of secrets) expect(all, `a secret in the log: ${secret.slice(0, 6)}…`).not.toContain(secret);
  expect(all).toContain("/multipass/[redacted]");
  expect(all).toContain("token=[redacted]");

  const requestLines = logged.filter((line) => line.req);
  expect(requestLines.length).toBeGreaterThan(30);
  for (const line of requestLines) expect(line.reqId, line.msg).toMatch(/^[0-9a-f-]{36}$/);

  const ofFailure = logged.filter((line) => line.reqId === failedId);
  const withStack = ofFailure.filter((line) => line.err?.stack);
  expect(withStack).toHaveLength(1);
  expect(withStack[0].level).toBe(50);
  expect(withStack[0].err!.stack).toMatch(/\n\s+at /);
  expect(ofFailure.find((line) => line.req)).toMatchObject({ level: 50, msg: "GET /dev/outbox 500" });
  // No line anywhere carries a stack without a request id, except boot.
  expect(logged.filter((line) => line.err?.stack && !line.reqId)).toEqual([]);
});
