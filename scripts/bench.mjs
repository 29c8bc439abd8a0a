// `npm run bench`: builds the production bundle, seeds a throw-away database
// (data/bench.db) with 1,000 synthetic products, serves it on loopback and measures the
// main pages with autocannon; then re-seeds with 10,000 products and measures the
// filtered listing again to see how it scales. Prints a Markdown table at the end.
//
// It is a measurement, not a test: a missed target still exits 0. It exits non-zero
// only when the server does not start or a scenario gets no successful response at all.
// BENCH_PORT (default 3300), BENCH_DURATION (seconds, default 10) and BENCH_CHECKOUTS
// (orders placed in the place-order scenario, default 400) override.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import Database from "better-sqlite3";

const PORT = Number(process.env.BENCH_PORT ?? 3300);
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_SECONDS = 2;
const CONNECTIONS = 10;
// Loopback only: a load test must never leave this machine.
const BASE_URL = `http://127.0.0.1:${PORT}`;
const DB_FILE = "data/bench.db";
const DATABASE_URL = `file:./${DB_FILE}`;
const HEALTH_TIMEOUT_MS = 60_000;

// Checked before the minute of building and seeding, not after it.
if (!Number.isInteger(PORT) || PORT < 1 || PORT > 65535) {
  console.error(`BENCH_PORT must be a port number from 1 to 65535 (got "${process.env.BENCH_PORT}")`);
  process.exit(2);
}
if (!(DURATION_SECONDS > 0)) {
  console.error(`BENCH_DURATION must be a number of seconds above 0 (got "${process.env.BENCH_DURATION}")`);
  process.exit(2);
}

// Everything the server reads is pinned here, so a developer's .env cannot skew the run
// (process.loadEnvFile() in server.js never overrides variables already set).
const SERVER_ENV = {
  ...process.env,
  NODE_ENV: "production",
  HOST: "127.0.0.1",
  PORT: String(PORT),
  DATABASE_URL,
  REQUEST_LOG: "off", // logging every request would measure the terminal, not the shop
  MUTATION_RATE_LIMIT_PER_MINUTE: "0",
  AUTOSHIP_SCHEDULE_MINUTES: "0", // no autoship run in the middle of a measurement
  SESSION_SECRET: "bench-only-session-secret-".padEnd(64, "0"), // fixed: no data/session-secret write
  SITE_ID: "", // resolve the site from the Host header, as production does
  STAFF_HOSTS: "staff.localhost",
  // The load is sent to 127.0.0.1, which production answers only when it is a configured origin.
  PUBLIC_URL: `http://127.0.0.1:${PORT}`,
};

/** Targets (docs/benchmarks.md "What it measures"); scenarios not listed here have none. */
const TARGETS = {
  "listing (2 filters)": { label: ">= 300 req/s, p99 <= 100 ms", met: (r) => r.rps >= 300 && r.p99 <= 100 },
  "product page": { label: ">= 350 req/s", met: (r) => r.rps >= 350 },
  "place order": { label: "p99 recorded", met: (r) => r.errors + r.non2xx === 0 },
  "add to cart (form post)": {
    label: ">= 200 req/s, no errors",
    met: (r) => r.rps >= 200 && r.errors + r.non2xx === 0,
  },
};
const SCALE_LIMIT = 1.5;

const children = new Set();
let server = null;

// ---------------------------------------------------------------------------
// Child processes

/** Runs a command to completion with inherited output; rejects on a non-zero exit. */
function run(command, args, env = process.env) {
  console.log(`\n$ ${command} ${args.join(" ")}`);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: "inherit", env });
    children.add(child);
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      children.delete(child);
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(" ")} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

/** Kills whatever is still running; synchronous so it also works in the 'exit' handler. */
function killChildren() {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  }
}

// ---------------------------------------------------------------------------
// Database

function removeDatabase() {
  for (const suffix of ["", "-wal", "-shm", "-journal"]) fs.rmSync(DB_FILE + suffix, { force: true });
}

async function seed(syntheticProducts) {
  const env = { ...process.env, DATABASE_URL };
  await run("npx", ["tsx", "prisma/seed.ts", "--products", String(syntheticProducts), "--no-images"], env);
}

/** A real (non-synthetic) consumer variant, so the product page renders as shoppers see it. */
function productPagePath() {
  const db = new Database(DB_FILE, { readonly: true });
  try {
    const row = db
      .prepare(
        "SELECT url FROM ProductVariant v JOIN Product p ON p.id = v.productId " +
          "WHERE p.synthetic = 0 AND p.soldOnDtc = 1 LIMIT 1",
      )
      .get();
    if (!row) throw new Error(`No seeded consumer variant found in ${DB_FILE}`);
    return `/products/${row.url}`;
  } finally {
    db.close();
  }
}

// ---------------------------------------------------------------------------
// Server

async function startServer() {
  console.log(`\nStarting the production server on ${BASE_URL}...`);
  // The server's own pid (no shell in between), so killing it really stops it.
  // Same V8 flag as `npm run serve`: a larger young generation means fewer GC pauses while rendering.
  server = spawn(process.execPath, ["--max-semi-space-size=64", "server.js"], { stdio: "inherit", env: SERVER_ENV });
  children.add(server);
  const exited = new Promise((resolve) => server.once("exit", (code) => resolve(code)));
  server.once("exit", () => children.delete(server));
  const ready = await Promise.race([waitForHealth(), exited.then((code) => `exited with code ${code}`)]);
  if (ready !== true) throw new Error(`The server did not become healthy: ${ready}`);
}

async function waitForHealth() {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${BASE_URL}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return `no 200 from /healthz within ${HEALTH_TIMEOUT_MS / 1000} s`;
}

/** SIGTERM lets server.js close cleanly; SIGKILL if it has not gone after 5 s. */
async function stopServer() {
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  const gone = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  const timer = setTimeout(() => server.kill("SIGKILL"), 5_000);
  await gone;
  clearTimeout(timer);
}

// ---------------------------------------------------------------------------
// Load

function cannon(scenario, duration) {
  return autocannon({
    url: BASE_URL + scenario.path,
    method: scenario.method ?? "GET",
    body: scenario.body,
    headers: scenario.headers ?? {},
    connections: CONNECTIONS,
    // A scenario with a fixed number of requests (each one used up, like a checkout) runs by amount.
    ...(scenario.amount ? { amount: scenario.amount } : { duration }),
    ...(scenario.requests ? { requests: scenario.requests } : {}),
  });
}

/** A 2 s warm-up (JIT, SQLite page cache, in-memory indexes) that is thrown away, then the run. */
async function measure(scenario) {
  const host = scenario.headers?.host ? ` (Host: ${scenario.headers.host})` : "";
  console.log(`\n${scenario.name}: ${scenario.method ?? "GET"} ${scenario.path}${host}`);
  if (!scenario.amount) await cannon(scenario, WARMUP_SECONDS);
  const raw = await cannon(scenario, DURATION_SECONDS);
  const result = {
    name: scenario.name,
    rps: raw.requests.average,
    p50: raw.latency.p50,
    p99: raw.latency.p99,
    // A form post answers 302 (back to the page, with a notice): that is its success.
    ok: scenario.redirects ? raw["3xx"] : raw["2xx"],
    non2xx: scenario.redirects ? raw.non2xx - raw["3xx"] : raw.non2xx,
    errors: raw.errors + raw.timeouts,
  };
  const flag = result.errors || result.non2xx ? "  <-- FLAGGED: errors or non-2xx responses" : "";
  console.log(
    `  ${result.rps.toFixed(1)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ` +
      `non-2xx ${result.non2xx}, errors ${result.errors}${flag}`,
  );
  // "Errors out completely": not one good response, so the figures mean nothing.
  if (result.ok === 0) throw new Error(`Scenario "${scenario.name}" got no successful response at all`);
  return result;
}

/** Real consumer variant ids, in stock, for the cart scenarios. */
function cartVariantIds(count) {
  const db = new Database(DB_FILE, { readonly: true });
  try {
    return db
      .prepare(
        `SELECT v.id FROM ProductVariant v JOIN Product p ON p.id = v.productId
         WHERE p.synthetic = 0 AND p.soldOnDtc = 1 AND v.inventory > 0 ORDER BY v.sku LIMIT ?`,
      )
      .all(count)
      .map((row) => row.id);
  } finally {
    db.close();
  }
}

/**
 * The add-to-cart post (each request a new visitor, so each creates a cart) and
 * the cart page of a three-line cart made here first.
 */
async function cartScenarios() {
  const [first, ...others] = cartVariantIds(3);
  const form = (variantId) => new URLSearchParams({ intent: "add", variantId, quantity: "1" }).toString();
  // A same-origin browser post: the shop's guard refuses cookie-bearing posts that name no origin.
  const formHeaders = { "content-type": "application/x-www-form-urlencoded", origin: BASE_URL };
  let cookie = "";
  for (const variantId of [first, ...others]) {
    const response = await fetch(`${BASE_URL}/cart`, {
      method: "POST",
      body: form(variantId),
      headers: { ...formHeaders, cookie },
      redirect: "manual",
    });
    const cartCookie = response.headers.getSetCookie().find((c) => c.startsWith("col_cart_id="));
    if (cartCookie) cookie = cartCookie.split(";")[0];
  }
  if (!cookie) throw new Error("Could not create a cart for the cart-page scenario");
  return [
    {
      name: "add to cart (form post)",
      path: "/cart",
      method: "POST",
      body: form(first),
      headers: formHeaders,
      redirects: true,
    },
    { name: "cart page (3 lines)", path: "/cart", headers: { cookie } },
  ];
}

/** Number of checkouts prepared (and placed) for the place-order scenario. */
const CHECKOUTS = Number(process.env.BENCH_CHECKOUTS ?? 400);

/** Every checkout step but the last, as a browser without JavaScript posts them; returns what placing needs. */
async function prepareCheckout(variantId) {
  // A same-origin browser post: the shop's guard refuses cookie-bearing posts that name no origin.
  const formHeaders = { "content-type": "application/x-www-form-urlencoded", origin: BASE_URL };
  let cookie = "";
  const post = async (path, fields) => {
    const response = await fetch(`${BASE_URL}${path}`, {
      method: "POST",
      body: new URLSearchParams(fields).toString(),
      headers: { ...formHeaders, cookie },
      redirect: "manual",
    });
    for (const header of response.headers.getSetCookie()) {
      const pair = header.split(";")[0];
      const name = pair.split("=")[0];
      cookie = [...cookie.split("; ").filter((c) => c && !c.startsWith(`${name}=`)), pair].join("; ");
    }
    if (response.status !== 302) throw new Error(`${path} ${fields.intent} answered ${response.status}`);
  };
  await post("/cart", { intent: "add", variantId, quantity: "1" });
  await post("/checkout", { intent: "contact", email: "bench@example.com" });
  await post("/checkout", {
    intent: "shipping",
    firstName: "Bench",
    lastName: "Mark",
    address1: "1 Loopback Way",
    city: "Aurora",
    provinceCode: "CO",
    zip: "80011",
  });
  await post("/checkout", { intent: "delivery" });
  await post("/checkout", {
    intent: "payment",
    nameOnCard: "Bench",
    cardNumber: "4242424242424242",
    expiry: "12/39",
    cvc: "123",
  });
  const review = await fetch(`${BASE_URL}/checkout?step=review&_data=routes%2Fcheckout`, { headers: { cookie } });
  const data = await review.json();
  return { cookie, key: data.checkout.key, total: data.amounts.totalCents };
}

/**
 * Place order: CHECKOUTS checkouts are prepared first, then each
 * request of the run places one of them (a new order every time).
 */
async function checkoutScenario() {
  const [variantId] = cartVariantIds(1);
  const db = new Database(DB_FILE);
  db.prepare("UPDATE ProductVariant SET inventory = 1000000 WHERE id = ?").run(variantId);
  db.close();
  console.log(`\nPreparing ${CHECKOUTS} checkouts for the place-order scenario...`);
  const prepared = [];
  for (let i = 0; i < CHECKOUTS; i += CONNECTIONS) {
    const batch = Array.from({ length: Math.min(CONNECTIONS, CHECKOUTS - i) }, () => prepareCheckout(variantId));
    prepared.push(...(await Promise.all(batch)));
  }
  let next = 0;
  return {
    name: "place order",
    path: "/checkout",
    method: "POST",
    amount: prepared.length,
    redirects: true,
    requests: [
      {
        setupRequest(request) {
          const checkout = prepared[next++ % prepared.length];
          return {
            ...request,
            headers: {
              ...request.headers,
              "content-type": "application/x-www-form-urlencoded",
              origin: BASE_URL,
              cookie: checkout.cookie,
            },
            body: new URLSearchParams({
              intent: "place",
              idempotencyKey: checkout.key,
              expectedTotalCents: String(checkout.total),
            }).toString(),
          };
        },
      },
    ],
  };
}

// ---------------------------------------------------------------------------
// Report

function targetCells(result) {
  const target = TARGETS[result.name];
  if (!target) return ["—", "—"];
  return [target.label, target.met(result) ? "yes" : "**no**"];
}

function printTable(results, scaled, base) {
  const p50Ratio = scaled.p50 / base.p50;
  const p99Ratio = scaled.p99 / base.p99;
  const rows = results.map((r) => [r.name, r.rps.toFixed(0), r.p50, r.p99, r.errors + r.non2xx, ...targetCells(r)]);
  rows.push([
    "listing (2 filters), 10,000 products",
    scaled.rps.toFixed(0),
    `${scaled.p50} (${p50Ratio.toFixed(2)}x)`,
    `${scaled.p99} (${p99Ratio.toFixed(2)}x)`,
    scaled.errors + scaled.non2xx,
    `p99 within ${SCALE_LIMIT}x of 1,000 products`,
    p99Ratio <= SCALE_LIMIT ? "yes" : "**no**",
  ]);
  const header = ["scenario", "req/s", "p50 ms", "p99 ms", "errors", "target", "met?"];
  console.log(`\n## Results (${CONNECTIONS} connections, ${DURATION_SECONDS} s per scenario)\n`);
  for (const cells of [header, header.map(() => "---"), ...rows]) console.log(`| ${cells.join(" | ")} |`);
  console.log("\n(errors = transport errors + timeouts + non-2xx responses)");
}

// ---------------------------------------------------------------------------
// Main

async function main() {
  await run("npx", ["remix", "build"]);

  removeDatabase();
  fs.mkdirSync(path.dirname(DB_FILE), { recursive: true });
  await run("node", ["scripts/setup.mjs", "--fresh"], { ...process.env, DATABASE_URL });
  await seed(1_000);

  const listing = { name: "listing (2 filters)", path: "/products/dog?pet-age=adult-dog&flavor=chicken" };
  const scenarios = [
    { name: "home", path: "/" },
    listing,
    { name: "listing (staff site)", path: listing.path, headers: { host: `staff.localhost:${PORT}` } },
    { name: "product page", path: productPagePath() },
    { name: "search", path: "/search?search=chicken" },
  ];

  await startServer();
  scenarios.push(...(await cartScenarios()));
  scenarios.push(await checkoutScenario());
  const results = [];
  for (const scenario of scenarios) results.push(await measure(scenario));

  // Restarted around the re-seed so no in-memory cache from the smaller catalogue survives.
  await stopServer();
  await seed(10_000);
  await startServer();
  const base = results.find((r) => r.name === listing.name);
  const scaled = await measure({ ...listing, name: `${listing.name} @ 10,000 products` });
  console.log(
    `  vs 1,000 products: p50 ${(scaled.p50 / base.p50).toFixed(2)}x, p99 ${(scaled.p99 / base.p99).toFixed(2)}x ` +
      `(target: within ${SCALE_LIMIT}x)`,
  );
  await stopServer();

  printTable(results, scaled, base);
}

// Cleanup on every way out: normal exit, thrown error, Ctrl-C, kill.
process.on("exit", killChildren);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    console.error(`\nInterrupted (${signal}); stopping the server.`);
    killChildren();
    process.exit(130);
  });
}

try {
  await main();
} catch (error) {
  console.error(`\nBenchmark failed: ${error.message}`);
  killChildren();
  process.exitCode = 1;
}
