import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const BASE_URL = `http://localhost:${PORT}`;

export default defineConfig({
  testDir: "tests/e2e",
  // One folder per port, so runs on different ports never delete each other's artifacts.
  outputDir: `test-results/${PORT}`,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  // CI runs on a shared 2-core machine where a test of many page loads can take over 30 s under
  // load with nothing wrong (the last run lost two that way); the budget doubles there.
  timeout: process.env.CI ? 60_000 : 30_000,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: BASE_URL,
    // A trace costs a quarter of the suite's CPU when every test records one: it is recorded on
    // a failed test's retry (CI retries once), or asked for with `--trace on`.
    trace: "on-first-retry",
    launchOptions: {
      // Debian's headless shell (package chromium-headless-shell, scripts/ensure-chromium.sh): the
      // same Blink as Chromium without the desktop browser around it, as Playwright's own headless
      // runs use; a third less CPU for the same tests on this 2-core machine (docs/decisions.md
      // "Suite time").
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/lib/chromium/chromium-headless-shell",
      // As root it needs --no-sandbox; the rest keep it off the (closed) network.
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true }, testIgnore: /password-protect\.spec/ },
    { name: "no-js", use: { javaScriptEnabled: false }, testIgnore: /password-protect\.spec/ },
    // Password protection locks the whole shop: it runs after everything else, one project at a time.
    {
      name: "password-js",
      use: { javaScriptEnabled: true },
      testMatch: /password-protect\.spec/,
      dependencies: ["js", "no-js"],
    },
    {
      name: "password-no-js",
      use: { javaScriptEnabled: false },
      testMatch: /password-protect\.spec/,
      dependencies: ["password-js"],
    },
  ],
  webServer: {
    // A fresh, seeded database and the production build, as shoppers get it.
    command: "node scripts/setup.mjs --fresh && npx remix build && npm run serve",
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    stdout: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATABASE_URL: `file:./data/e2e-${PORT}.db`,
      REQUEST_LOG: "off",
      // Warnings and errors only: the job runs' info lines would bury the test report.
      LOG_LEVEL: "warn",
      // The outbox delivers within a second, so the tests that wait for a refund or an email wait less.
      OUTBOX_POLL_SECONDS: "1",
      // No autoship runs on the server's own schedule: the tests create subscriptions and read them back.
      AUTOSHIP_SCHEDULE_MINUTES: "0",
      // Every browser test signs in from 127.0.0.1: the per-address limit would trip across tests.
      SIGN_IN_RATE_LIMIT_PER_MINUTE: "1000",
      // The fuzz test (fuzz.spec.ts) sends thousands of posts from 127.0.0.1: a 429 would hide a 500.
      MUTATION_RATE_LIMIT_PER_MINUTE: "0",
      // A $100 monthly program allowance, so one staff test reaches it (staff.spec.ts).
      STAFF_MONTHLY_QUOTA_CENTS: "10000",
      // Content: every browser test posts from 127.0.0.1, so the contact limit is raised;
      // secrets for the draft preview and the cache call; a short build poll (build-watch.spec.ts).
      CONTACT_RATE_LIMIT_PER_HOUR: "1000",
      CONTENT_PREVIEW_SECRET: "e2e-preview-secret-0123456789",
      ADMIN_SECRET: "e2e-admin-secret-0123456789",
      BUILD_POLL_SECONDS: "2",
      // Every browser test registers, resets passwords and calls the token API from 127.0.0.1:
      // each purpose's own per-address budget (docs/rules.md "Rate-limit budgets") is raised.
      REGISTER_RATE_LIMIT_PER_HOUR: "1000",
      PASSWORD_RESET_RATE_LIMIT_PER_HOUR: "1000",
      TOKEN_API_RATE_LIMIT_PER_MINUTE: "1000",
    },
  },
});
