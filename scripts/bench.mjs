// `npm run bench` (docs/benchmarks.md): builds the production bundle, prepares throw-away
// databases (1,000 and 50,000 synthetic products) on SQLite and on PostgreSQL, serves them on
// loopback and measures each scenario's req/s, p50, p99 and server CPU per request (from
// /proc, the server process and all its children), alternating in short slices with two
// anchors in the same run: node:http sending the same bytes (scripts/bench-replay.mjs) and
// the same page rendered from memory by the same Remix build (scripts/bench-memory.mjs).
// Prints a Markdown table per database and writes it to data/bench-<date>.md.
//
// It is a measurement, not a test: a missed target still exits 0. It exits non-zero only
// when the SQLite server does not start or a scenario gets no successful response at all;
// PostgreSQL that cannot be provided is reported as not run, with the reason.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createCookie } from "@remix-run/node";
import autocannon from "autocannon";

const env = process.env;
const BASE_PORT = Number(env.BENCH_PORT ?? 3300);
/** Every port the bench uses: BENCH_PORT and the nine after it. */
const PORTS = {
  main: BASE_PORT,
  two: BASE_PORT + 1,
  large: BASE_PORT + 2,
  replay: BASE_PORT + 3,
  memory: BASE_PORT + 4,
  pgSmall: BASE_PORT + 5,
  pgLarge: BASE_PORT + 6,
  baseline: BASE_PORT + 7,
};
const DURATION = Number(env.BENCH_DURATION ?? 6); // measured seconds per target (sum of its slices)
const SLICE = Number(env.BENCH_SLICE ?? 2); // seconds per slice
const WARMUP = Number(env.BENCH_WARMUP ?? 1); // seconds per target, thrown away
const CONNECTIONS = 10;
const CHECKOUTS = Number(env.BENCH_CHECKOUTS ?? 150);
const SMALL = 1_000;
const LARGE = Number(env.BENCH_LARGE_PRODUCTS ?? 50_000);
const DATABASES = (env.BENCH_DATABASES ?? "sqlite,postgres").split(",").map((d) => d.trim());
/** Processes of the main server when a cluster entry exists (one, so CPU compares with the anchors). */
const MAIN_PROCESSES = env.BENCH_WEB_CONCURRENCY ?? "1";
const ENTRY = fs.existsSync("cluster.js") ? "cluster.js" : "server.js";
const HEALTH_TIMEOUT_MS = 90_000;
const SESSION_SECRET = "bench-only-session-secret-".padEnd(64, "0");
/** Before the scale work: one listing took about 6,500 µs of server CPU (docs/benchmarks.md). */
const LISTING_BASELINE_US = Number(env.BENCH_LISTING_BASELINE_US ?? 6_500);
const LISTING = "/products/dog?pet-age=adult-dog&flavor=chicken";
const LOG_FILE = "data/bench-server.log";
/**
 * A checkout of an earlier commit, built (`npm ci` or a node_modules link, then `npx remix build`):
 * its server answers the uncached product page beside this commit's, alternating, on the same
 * database (docs/benchmarks.md "Side by side with an earlier commit").
 */
const BASELINE_DIR = env.BENCH_BASELINE_DIR ? path.resolve(env.BENCH_BASELINE_DIR) : undefined;
const CLK_TCK = Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100;

for (const [name, value, ok] of [
  ["BENCH_PORT", BASE_PORT, Number.isInteger(BASE_PORT) && BASE_PORT >= 1 && BASE_PORT <= 65526],
  ["BENCH_DURATION", DURATION, DURATION > 0],
  ["BENCH_SLICE", SLICE, SLICE > 0],
  ["BENCH_WARMUP", WARMUP, WARMUP >= 0],
  ["BENCH_CHECKOUTS", CHECKOUTS, Number.isInteger(CHECKOUTS) && CHECKOUTS >= 1],
  ["BENCH_LARGE_PRODUCTS", LARGE, Number.isInteger(LARGE) && LARGE >= 1],
]) {
  if (!ok) {
    console.error(`${name} is not valid (got "${value}"): see docs/benchmarks.md`);
    process.exit(2);
  }
}
const SLICES = Math.max(1, Math.round(DURATION / SLICE));

// ---------------------------------------------------------------------------
// Child processes: every one is tracked and killed on every way out.

const children = new Set();
const postgresClusters = [];
let failed = false;

function track(child, group = false) {
  children.add({ child, group });
  child.once("exit", () => {
    for (const entry of children) if (entry.child === child) children.delete(entry);
  });
  return child;
}

/** Runs a command to completion (output to the terminal); rejects on a non-zero exit. */
function run(command, args, runEnv = env) {
  console.log(`\n$ ${command} ${args.join(" ")}`);
  return new Promise((resolve, reject) => {
    const child = track(spawn(command, args, { stdio: "inherit", env: runEnv }));
    child.on("error", reject);
    child.on("exit", (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

/** Runs a command and returns its stdout. */
function output(command, args, runEnv) {
  return new Promise((resolve, reject) => {
    const child = track(spawn(command, args, { stdio: ["ignore", "pipe", "inherit"], env: runEnv }));
    let text = "";
    child.stdout.on("data", (chunk) => (text += chunk));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(text) : reject(new Error(`${command} ${args.join(" ")} failed`))));
  });
}

/** Synchronous so it also works in the 'exit' handler; servers die with their workers (process group). */
function killChildren() {
  for (const { child, group } of children) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    try {
      if (group) process.kill(-child.pid, "SIGKILL");
      else child.kill("SIGKILL");
    } catch {
      // already gone
    }
  }
}

async function stopPostgres() {
  const stops = postgresClusters.splice(0).map((cluster) => cluster.stop().catch(() => {}));
  await Promise.race([Promise.all(stops), new Promise((resolve) => setTimeout(resolve, 10_000))]);
}

process.on("exit", killChildren);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, async () => {
    console.error(`\nInterrupted (${signal}); stopping the servers.`);
    killChildren();
    await stopPostgres();
    process.exit(130);
  });
}

// ---------------------------------------------------------------------------
// /proc: CPU and memory of a process and all its descendants (cluster workers are children).

function processTree(pid) {
  const pids = [pid];
  for (let i = 0; i < pids.length; i++) {
    let tasks = [];
    try {
      tasks = fs.readdirSync(`/proc/${pids[i]}/task`);
    } catch {
      continue; // exited
    }
    for (const task of tasks) {
      try {
        const list = fs.readFileSync(`/proc/${pids[i]}/task/${task}/children`, "utf8").trim();
        if (list) pids.push(...list.split(/\s+/).map(Number));
      } catch {
        // thread gone
      }
    }
  }
  return pids;
}

/** utime + stime (all threads) of the tree, in clock ticks. */
function treeCpuTicks(pid) {
  let ticks = 0;
  for (const p of processTree(pid)) {
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]); // fields 14 and 15 of proc(5)
    } catch {
      // exited between the listing and the read
    }
  }
  return ticks;
}

/** Resident memory of the tree, MiB. */
function treeRssMiB(pid) {
  let kib = 0;
  for (const p of processTree(pid)) {
    try {
      const match = fs.readFileSync(`/proc/${p}/status`, "utf8").match(/^VmRSS:\s+(\d+)/m);
      if (match) kib += Number(match[1]);
    } catch {
      // exited
    }
  }
  return kib / 1024;
}

const loadAverage = () => fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");

// ---------------------------------------------------------------------------
// HTTP helpers

/** One request with node:http: the exact status, headers and body bytes (no decompression). */
function rawRequest(base, { path: target, method = "GET", headers = {}, body }) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.request(new URL(target, base), { method, headers }, (response) => {
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("end", () => {
        const rawHeaders = [];
        for (let i = 0; i < response.rawHeaders.length; i += 2) {
          rawHeaders.push([response.rawHeaders[i], response.rawHeaders[i + 1]]);
        }
        resolve({
          status: response.statusCode,
          headers: rawHeaders,
          header: (name) => response.headers[name.toLowerCase()],
          body: Buffer.concat(chunks),
          ms: performance.now() - started,
        });
      });
      response.on("error", reject);
    });
    request.setTimeout(30_000, () => request.destroy(new Error(`${target}: no answer within 30 s`)));
    request.on("error", reject);
    request.end(body);
  });
}

async function waitForHealth(base, exited) {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const code = exited();
    if (code !== undefined) return `exited (${code})`;
    try {
      const response = await rawRequest(base, { path: "/healthz" });
      if (response.status === 200) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return `no 200 from /healthz within ${HEALTH_TIMEOUT_MS / 1000} s`;
}

// ---------------------------------------------------------------------------
// Servers

/** Everything the server reads is pinned, so a developer's .env cannot skew the run. */
function serverEnv(port, databaseUrl, processes) {
  return {
    ...env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    WEB_CONCURRENCY: processes,
    REQUEST_LOG: "off", // logging every request would measure the log, not the shop
    MUTATION_RATE_LIMIT_PER_MINUTE: "0",
    AUTOSHIP_SCHEDULE_MINUTES: "0", // no autoship run in the middle of a measurement
    SESSION_SECRET, // fixed: no data/session-secret write, and the bench can sign a session
    SITE_ID: "", // resolve the site from the Host header, as production does
    STAFF_HOSTS: "staff.localhost",
    // The load is sent to 127.0.0.1, which production answers only when it is a configured origin.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  };
}

/**
 * Starts the production entry (cluster.js when the commit has one, else server.js) in its own
 * process group; returns once /healthz answers, with the time that took.
 */
async function startShop({ port, databaseUrl, processes = MAIN_PROCESSES, label, cwd }) {
  const base = `http://127.0.0.1:${port}`;
  console.log(`\nStarting ${ENTRY} (${label}, WEB_CONCURRENCY=${processes}) on ${base}; its log: ${LOG_FILE}`);
  const log = fs.openSync(LOG_FILE, "a");
  const started = performance.now();
  // The same V8 flag as `npm run serve`; cluster workers inherit it.
  const child = track(
    spawn(process.execPath, ["--max-semi-space-size=64", ENTRY], {
      stdio: ["ignore", log, log],
      env: serverEnv(port, databaseUrl, processes),
      detached: true,
      cwd,
    }),
    true,
  );
  fs.closeSync(log);
  let exitCode;
  child.once("exit", (code, signal) => (exitCode = signal ?? code));
  const ready = await waitForHealth(base, () => exitCode);
  if (ready !== true) throw new Error(`${ENTRY} on port ${port} did not become healthy: ${ready} (see ${LOG_FILE})`);
  return { child, pid: child.pid, base, readyMs: performance.now() - started, databaseUrl, processes };
}

/** SIGTERM lets the server close cleanly; SIGKILL to its whole group after 5 s. */
async function stopProcess(child, group = false) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => {
    try {
      if (group) process.kill(-child.pid, "SIGKILL");
      else child.kill("SIGKILL");
    } catch {
      // gone
    }
  }, 5_000);
  await gone;
  clearTimeout(timer);
}
const stopShop = (shop) => stopProcess(shop?.child, true);

/** A helper server (anchor) that tells us over IPC when it listens. */
async function startHelper(script, helperEnv, port) {
  const child = track(
    spawn(process.execPath, [script], { stdio: ["ignore", "inherit", "pipe", "ipc"], env: helperEnv }),
  );
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const message = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} did not start within 60 s`)), 60_000);
    child.once("message", (m) => (clearTimeout(timer), resolve(m)));
    child.once(
      "exit",
      (code) => (
        clearTimeout(timer),
        reject(new Error(`${script} exited (${code}): ${stderr.match(/^\w*Error\b.*$/m)?.[0] ?? stderr.trim()}`))
      ),
    );
  });
  return { child, pid: child.pid, base: `http://127.0.0.1:${port}`, message };
}

/** Anchor (a): node:http answering with these exact bytes. */
function startReplay(capture) {
  const file = "data/bench-capture.json";
  fs.writeFileSync(
    file,
    JSON.stringify({ status: capture.status, headers: capture.headers, body: capture.body.toString("base64") }),
  );
  return startHelper(
    "scripts/bench-replay.mjs",
    { ...env, BENCH_REPLAY_PORT: String(PORTS.replay), BENCH_REPLAY_FILE: file },
    PORTS.replay,
  );
}

/** Anchor (b): the same build's Remix handler with the page's loader data captured from `shop`, in memory. */
function startMemory(shop, page, headers = {}) {
  return startHelper(
    "scripts/bench-memory.mjs",
    {
      ...serverEnv(PORTS.memory, shop.databaseUrl, "1"),
      BENCH_MEMORY_PORT: String(PORTS.memory),
      BENCH_MEMORY_SOURCE: shop.base,
      BENCH_MEMORY_PATH: page,
      BENCH_MEMORY_HEADERS: JSON.stringify(headers),
    },
    PORTS.memory,
  );
}

// ---------------------------------------------------------------------------
// Load and measurement

/**
 * One autocannon run against `target` ({ base, path, method, headers, body, requests, amount }),
 * reporting every response's status and latency to `onResponse`.
 */
function cannon(target, seconds, onResponse) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: target.base + target.path,
        method: target.method ?? "GET",
        headers: target.headers ?? {},
        body: target.body,
        connections: CONNECTIONS,
        ...(target.amount ? { amount: target.amount } : { duration: seconds }),
        ...(target.requests ? { requests: target.requests } : {}),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    if (onResponse) instance.on("response", (_client, status, _bytes, ms) => onResponse(status, ms));
  });
}

const isSuccess = (target, status) =>
  target.redirects ? status >= 300 && status < 400 : status >= 200 && status < 300;

function newTally() {
  return { latencies: [], ok: 0, bad: 0, errors: 0, ticks: 0, seconds: 0 };
}

/** One measured slice: CPU of the target's process tree before and after, every response counted. */
async function slice(target, seconds, tally) {
  const before = treeCpuTicks(target.pid);
  const started = performance.now();
  const result = await cannon(target, seconds, (status, ms) => {
    tally.latencies.push(ms);
    if (isSuccess(target, status)) tally.ok += 1;
    else tally.bad += 1;
  });
  tally.seconds += (performance.now() - started) / 1000;
  tally.ticks += treeCpuTicks(target.pid) - before;
  tally.errors += result.errors;
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function summarize(name, tally) {
  const sorted = Float64Array.from(tally.latencies).sort();
  const requests = sorted.length;
  return {
    name,
    requests,
    rps: requests / tally.seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    cpuUs: requests ? (tally.ticks * 1e6) / CLK_TCK / requests : NaN,
    errors: tally.bad + tally.errors,
    ok: tally.ok,
  };
}

function logResult(r) {
  const flag = r.errors ? "  <-- FLAGGED: errors or unexpected statuses" : "";
  console.log(
    `  ${r.name}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ` +
      `${r.cpuUs.toFixed(0)} µs CPU/request (${r.requests} requests), errors ${r.errors}${flag}`,
  );
  if (r.ok === 0) {
    failed = true;
    console.error(`  "${r.name}" got no successful response at all`);
  }
}

/**
 * Warm-up, thrown away: at least WARMUP seconds and at least 2 answers per connection (a fresh
 * server's first requests load its caches, slower than a slice), for at most 30 s.
 */
async function warmUp(target) {
  const until = performance.now() + 30_000;
  let answered = 0;
  do {
    await cannon(target, Math.max(WARMUP, 1), () => (answered += 1));
  } while (answered < 2 * CONNECTIONS && performance.now() < until);
}

/**
 * Measures `targets` alternately: a warm-up of each (thrown away), then SLICES rounds of one
 * slice each, the order reversed every other round, so machine noise hits all of them alike.
 * Returns one summary per target, by key.
 */
async function alternate(title, targets) {
  console.log(`\n${title}: ${targets.map((t) => t.name).join(" / ")} (${SLICES} x ${SLICE} s each, alternating)`);
  for (const target of targets) await warmUp(target);
  const tallies = targets.map(() => newTally());
  for (let round = 0; round < SLICES; round++) {
    const order = targets.map((_, i) => i);
    if (round % 2) order.reverse();
    for (const i of order) await slice(targets[i], SLICE, tallies[i]);
  }
  const results = {};
  targets.forEach((target, i) => {
    results[target.key] = summarize(target.name, tallies[i]);
    logResult(results[target.key]);
  });
  return results;
}

// ---------------------------------------------------------------------------
// Scenarios of one database

async function shopInfo(shop) {
  const text = await output(
    "npx",
    ["tsx", "scripts/bench-db.mjs", "info"],
    serverEnv(PORTS.main, shop.databaseUrl, "1"),
  );
  return JSON.parse(text.trim().split("\n").pop());
}

/** A valid, signed, empty session cookie: a visitor with a session is not anonymous, so no page cache may answer. */
async function sessionCookie() {
  const header = await createCookie("__session", { secrets: [SESSION_SECRET], path: "/" }).serialize({});
  return header.split(";")[0];
}

/** What a browser adds to a plain request: compression it accepts and a cookie that is not the shop's session. */
const BROWSER_HEADERS = {
  "accept-encoding": "br, gzip",
  cookie: "_ga=GA1.1.1234567890.1700000000; _gid=GA1.1.987654321.1700000000",
};

function describe(capture) {
  const h = (name) => capture.header(name) ?? "—";
  return `${capture.status}, ${capture.body.length} bytes, Cache-Control: ${h("cache-control")}, Content-Encoding: ${h("content-encoding")}, ETag: ${h("etag")}`;
}

async function capture(shop, request) {
  const response = await rawRequest(shop.base, request);
  const cookie = request.headers?.cookie ? ` (cookie ${request.headers.cookie.split("=")[0]})` : "";
  console.log(`  captured ${request.path}${cookie}: ${describe(response)}`);
  if (response.status !== 200) throw new Error(`${request.path} answered ${response.status}`);
  return response;
}

/** Runs `targets` with the two anchors of `page` (captured from `shop`) alternating among them. */
async function withAnchors(title, shop, page, headers, targets) {
  const bytes = await capture(shop, { path: page, headers });
  let replay;
  let memory;
  const notes = [];
  try {
    replay = await startReplay(bytes);
    try {
      memory = await startMemory(shop, page, headers);
    } catch (error) {
      notes.push(`memory anchor of ${page} not run: ${error.message}`);
    }
    const anchors = [
      { key: "http", name: "anchor: node:http, same bytes", base: replay.base, pid: replay.pid, path: page },
    ];
    if (memory)
      anchors.push({
        key: "memory",
        name: "anchor: rendered from memory",
        base: memory.base,
        pid: memory.pid,
        path: page,
      });
    const results = await alternate(title, [...anchors, ...targets]);
    return { results, notes };
  } finally {
    await stopProcess(replay?.child);
    await stopProcess(memory?.child);
  }
}

/** The add-to-cart post (a new visitor each time) and the cart page of a three-line cart. */
async function cartTargets(shop, variantIds) {
  const [first] = variantIds;
  const form = (variantId) => new URLSearchParams({ intent: "add", variantId, quantity: "1" }).toString();
  const formHeaders = { "content-type": "application/x-www-form-urlencoded", origin: shop.base };
  let cookie = "";
  for (const variantId of variantIds) {
    const response = await fetch(`${shop.base}/cart`, {
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
      key: "add",
      name: "add to cart (form post)",
      ...shop,
      path: "/cart",
      method: "POST",
      body: form(first),
      headers: formHeaders,
      redirects: true,
    },
    { key: "cart", name: "cart page (3 lines)", ...shop, path: "/cart", headers: { cookie } },
  ];
}

/** Every checkout step but the last, as a browser without JavaScript posts them. */
async function prepareCheckout(shop, variantId) {
  const formHeaders = { "content-type": "application/x-www-form-urlencoded", origin: shop.base };
  let cookie = "";
  const post = async (target, fields) => {
    const response = await fetch(`${shop.base}${target}`, {
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
    if (response.status !== 302) throw new Error(`${target} ${fields.intent} answered ${response.status}`);
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
  const review = await fetch(`${shop.base}/checkout?step=review&_data=routes%2Fcheckout`, { headers: { cookie } });
  const data = await review.json();
  return { cookie, key: data.checkout.key, total: data.amounts.totalCents };
}

/** Place order: CHECKOUTS checkouts prepared first, then each placed exactly once at 10 connections. */
async function placeOrder(shop, variantId) {
  await output(
    "npx",
    ["tsx", "scripts/bench-db.mjs", "stock", variantId, "1000000"],
    serverEnv(PORTS.main, shop.databaseUrl, "1"),
  );
  console.log(`\nPreparing ${CHECKOUTS} checkouts for the place-order scenario...`);
  const prepared = [];
  for (let i = 0; i < CHECKOUTS; i += CONNECTIONS) {
    const batch = Array.from({ length: Math.min(CONNECTIONS, CHECKOUTS - i) }, () => prepareCheckout(shop, variantId));
    prepared.push(...(await Promise.all(batch)));
  }
  let next = 0;
  const target = {
    name: "place order",
    ...shop,
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
              origin: shop.base,
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
  console.log(`\nplace order: POST /checkout, each of ${prepared.length} checkouts once`);
  const tally = newTally();
  await slice(target, 0, tally);
  const result = summarize(target.name, tally);
  logResult(result);
  return result;
}

/** Distinct (width, quality) pairs in a random order, so every "first transform" request is one. */
function firstTransformPaths(image) {
  const pairs = [];
  for (let w = 200; w < 2400; w += 1) for (const q of [61, 67, 73, 79, 83, 87, 91]) pairs.push([w, q]);
  for (let i = pairs.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [pairs[i], pairs[j]] = [pairs[j], pairs[i]];
  }
  let next = 0;
  return () => {
    const [w, q] = pairs[next++ % pairs.length];
    return `/_ipx/w_${w},q_${q},f_webp/images/products/${image}`;
  };
}

const fmt = (n, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : "—";
const ratio = (a, b) => (Number.isFinite(a / b) ? `${(a / b).toFixed(2)}x` : "—");
const met = (ok) => (ok ? "yes" : "**no**");

/** All scenarios on one database; returns { rows, startup, notes }. */
async function benchDatabase(kind, urls) {
  const rows = [];
  const startup = [];
  const notes = [];
  const row = (r, extra = {}) => rows.push({ ...r, ...extra });
  const cookie = await sessionCookie();

  const main = await startShop({ port: PORTS.main, databaseUrl: urls.small, label: `${kind}, ${fmt(SMALL)} products` });
  try {
    const first = await rawRequest(main.base, { path: LISTING, headers: { cookie } });
    startup.push({
      products: SMALL,
      readyMs: main.readyMs,
      firstMs: first.ms,
      firstStatus: first.status,
      rss: treeRssMiB(main.pid),
    });
    const info = await shopInfo(main);
    const shop = { base: main.base, pid: main.pid };

    // Listing: uncached, cached, browser-realistic, with both anchors of the same page.
    {
      const uncached = await capture(main, { path: LISTING, headers: { cookie } });
      if (!/private|no-store/.test(uncached.header("cache-control") ?? "")) {
        notes.push(
          `the listing with a session cookie answered Cache-Control: ${uncached.header("cache-control")} (expected private)`,
        );
      }
      const { results: r, notes: n } = await withAnchors("listing", main, LISTING, {}, [
        { key: "uncached", name: "listing, uncached (session cookie)", ...shop, path: LISTING, headers: { cookie } },
        { key: "cached", name: "listing, cached (anonymous)", ...shop, path: LISTING },
        { key: "browser", name: "listing, browser-realistic", ...shop, path: LISTING, headers: BROWSER_HEADERS },
      ]);
      notes.push(...n);
      await capture(main, { path: LISTING, headers: BROWSER_HEADERS });
      const anchors = (x) => ({ vsHttp: ratio(x.cpuUs, r.http.cpuUs), vsMemory: ratio(x.cpuUs, r.memory?.cpuUs) });
      row(r.http, { anchor: true });
      if (r.memory) row(r.memory, { anchor: true, vsHttp: ratio(r.memory.cpuUs, r.http.cpuUs) });
      row(r.uncached, {
        ...anchors(r.uncached),
        target: `CPU <= ${fmt(0.8 * LISTING_BASELINE_US)} µs (0.8x of ${fmt(LISTING_BASELINE_US)})`,
        met: met(r.uncached.cpuUs <= 0.8 * LISTING_BASELINE_US),
      });
      row(r.cached, {
        ...anchors(r.cached),
        target: ">= 5,000 req/s, CPU <= 3x node:http",
        met: met(r.cached.rps >= 5000 && r.cached.cpuUs <= 3 * r.http.cpuUs),
      });
      row(r.browser, {
        ...anchors(r.browser),
        target: `CPU <= 1.3x cached plain (${ratio(r.browser.cpuUs, r.cached.cpuUs)})`,
        met: met(r.browser.cpuUs <= 1.3 * r.cached.cpuUs),
      });
    }

    // Product page (anonymous, cacheable) with its anchors.
    {
      const { results: r, notes: n } = await withAnchors("product page", main, info.productPath, {}, [
        { key: "page", name: "product page, cached (anonymous)", ...shop, path: info.productPath },
      ]);
      notes.push(...n);
      row(r.http, { anchor: true, name: "anchor: node:http, same bytes (product)" });
      if (r.memory)
        row(r.memory, {
          anchor: true,
          name: "anchor: rendered from memory (product)",
          vsHttp: ratio(r.memory.cpuUs, r.http.cpuUs),
        });
      row(r.page, {
        vsHttp: ratio(r.page.cpuUs, r.http.cpuUs),
        vsMemory: ratio(r.page.cpuUs, r.memory?.cpuUs),
        target: ">= 5,000 req/s, CPU <= 3x node:http",
        met: met(r.page.rps >= 5000 && r.page.cpuUs <= 3 * r.http.cpuUs),
      });
    }

    // Product page, uncached (a session cookie): the loader, the render and the data hand-off,
    // no page cache. With BENCH_BASELINE_DIR, an earlier commit's server answers the same page
    // from the same database in the same alternation, so the two compare side by side.
    {
      let baseline;
      try {
        if (BASELINE_DIR) {
          const databaseUrl = main.databaseUrl.startsWith("file:")
            ? `file:${path.resolve(sqliteFile(main.databaseUrl))}`
            : main.databaseUrl;
          baseline = await startShop({
            port: PORTS.baseline,
            databaseUrl,
            label: `baseline build in ${BASELINE_DIR}`,
            cwd: BASELINE_DIR,
          });
        }
        const page = { path: info.productPath, headers: { cookie } };
        const targets = [{ key: "page", name: "product page, uncached (session cookie)", ...shop, ...page }];
        if (baseline)
          targets.push({ key: "baseline", name: "product page, uncached, baseline commit", ...baseline, ...page });
        const { results: r, notes: n } = await withAnchors(
          "product page, uncached",
          main,
          info.productPath,
          { cookie },
          targets,
        );
        notes.push(...n);
        row(r.http, { anchor: true, name: "anchor: node:http, same bytes (product, uncached)" });
        if (r.memory) row(r.memory, { anchor: true, name: "anchor: rendered from memory (product, uncached)" });
        if (r.baseline) row(r.baseline, { anchor: true, vsHttp: ratio(r.baseline.cpuUs, r.http.cpuUs) });
        row(r.page, {
          vsHttp: ratio(r.page.cpuUs, r.http.cpuUs),
          vsMemory: ratio(r.page.cpuUs, r.memory?.cpuUs),
          ...(r.baseline && {
            target: `CPU <= 1.15x baseline commit (${ratio(r.page.cpuUs, r.baseline.cpuUs)})`,
            met: met(r.page.cpuUs <= 1.15 * r.baseline.cpuUs),
          }),
        });
      } finally {
        await stopShop(baseline);
      }
    }

    // /_ipx: a first transform (a size never asked before) vs a repeat of one URL.
    {
      const dir = "public/images/products";
      const image = fs.existsSync(dir)
        ? fs
            .readdirSync(dir)
            .filter((f) => f.endsWith(".png"))
            .sort()[0]
        : undefined;
      if (!image) {
        notes.push(`/_ipx not run: no image in ${dir}`);
      } else {
        const repeatPath = `/_ipx/w_480,f_webp/images/products/${image}`;
        const bytes = await capture(main, { path: repeatPath });
        const replay = await startReplay(bytes);
        try {
          const nextPath = firstTransformPaths(image);
          const r = await alternate("/_ipx", [
            {
              key: "http",
              name: "anchor: node:http, same bytes (image)",
              base: replay.base,
              pid: replay.pid,
              path: repeatPath,
            },
            {
              key: "first",
              name: "/_ipx first transform",
              ...shop,
              path: repeatPath,
              requests: [{ setupRequest: (request) => ({ ...request, path: nextPath() }) }],
            },
            { key: "repeat", name: "/_ipx repeat", ...shop, path: repeatPath },
          ]);
          row(r.http, { anchor: true });
          row(r.first, { vsHttp: ratio(r.first.cpuUs, r.http.cpuUs) });
          row(r.repeat, {
            vsHttp: ratio(r.repeat.cpuUs, r.http.cpuUs),
            target: `CPU <= first / 50 (first/repeat ${(r.first.cpuUs / r.repeat.cpuUs).toFixed(0)}x)`,
            met: met(r.repeat.cpuUs * 50 <= r.first.cpuUs),
          });
        } finally {
          await stopProcess(replay.child);
        }
      }
    }

    // 2 processes vs 1 on the uncached listing, through the cluster entry.
    if (ENTRY !== "cluster.js") {
      notes.push("2 processes vs 1 not run: this commit has no cluster.js (one server process only)");
    } else {
      const two = await startShop({
        port: PORTS.two,
        databaseUrl: urls.small,
        processes: "2",
        label: `${kind}, 2 processes`,
      });
      try {
        const r = await alternate("processes", [
          {
            key: "one",
            name: `listing, uncached, ${MAIN_PROCESSES} process(es)`,
            ...shop,
            path: LISTING,
            headers: { cookie },
          },
          {
            key: "two",
            name: "listing, uncached, 2 processes",
            base: two.base,
            pid: two.pid,
            path: LISTING,
            headers: { cookie },
          },
        ]);
        row(r.one);
        row(r.two, {
          target: `>= 1.6x req/s of 1 process (${ratio(r.two.rps, r.one.rps)})`,
          met: met(r.two.rps >= 1.6 * r.one.rps),
        });
      } finally {
        await stopShop(two);
      }
    }

    // The other pages, each alone.
    const carts = await cartTargets(main, info.variantIds);
    const singles = [
      { key: "home", name: "home", ...shop, path: "/" },
      { key: "search", name: "search", ...shop, path: "/search?search=chicken" },
      ...carts,
    ];
    for (const target of singles) {
      const r = await alternate(target.name, [target]);
      row(r[target.key]);
    }
    row(await placeOrder(main, info.variantIds[0]), { target: "p99 recorded, no errors" });

    // 1,000 vs LARGE products: a fresh server on the large database, its first listing, then both alternately.
    let large;
    try {
      large = await startShop({ port: PORTS.large, databaseUrl: urls.large, label: `${kind}, ${fmt(LARGE)} products` });
      const firstLarge = await rawRequest(large.base, { path: LISTING, headers: { cookie } });
      startup.push({
        products: LARGE,
        readyMs: large.readyMs,
        firstMs: firstLarge.ms,
        firstStatus: firstLarge.status,
        rss: treeRssMiB(large.pid),
      });
      const r = await alternate("catalogue size", [
        {
          key: "small",
          name: `listing, uncached, ${fmt(SMALL)} products`,
          ...shop,
          path: LISTING,
          headers: { cookie },
        },
        {
          key: "large",
          name: `listing, uncached, ${fmt(LARGE)} products`,
          base: large.base,
          pid: large.pid,
          path: LISTING,
          headers: { cookie },
        },
      ]);
      startup[0].rssAfter = treeRssMiB(main.pid);
      startup[1].rssAfter = treeRssMiB(large.pid);
      row(r.small);
      row(r.large, {
        target: `p99 <= 1.5x of ${fmt(SMALL)} (${ratio(r.large.p99, r.small.p99)})`,
        met: met(r.large.p99 <= 1.5 * r.small.p99),
      });
    } finally {
      await stopShop(large);
    }
  } finally {
    await stopShop(main);
  }
  return { rows, startup, notes };
}

// ---------------------------------------------------------------------------
// Databases

const sqliteFile = (url) => url.replace(/^file:/, "");

async function setupDatabase(url) {
  await run("node", ["scripts/setup.mjs", "--fresh"], { ...env, DATABASE_URL: url });
}

const seed = (url, products) =>
  run("npx", ["tsx", "prisma/seed.ts", "--products", String(products), "--no-images"], { ...env, DATABASE_URL: url });

/** PostgreSQL URLs for the two sizes: BENCH_POSTGRES_URL (and _50K), else two throw-away clusters from scripts/postgres.mjs. */
async function postgresUrls() {
  if (env.BENCH_POSTGRES_URL) {
    if (!env.BENCH_POSTGRES_URL_50K) {
      throw new Error("BENCH_POSTGRES_URL is set but BENCH_POSTGRES_URL_50K (a second, empty database) is not");
    }
    return { small: env.BENCH_POSTGRES_URL, large: env.BENCH_POSTGRES_URL_50K, source: "BENCH_POSTGRES_URL" };
  }
  let module;
  try {
    // By URL, not a literal specifier: the bench runs (and reports why) on a commit without it.
    module = await import(new URL("./postgres.mjs", import.meta.url).href);
  } catch (error) {
    throw new Error(`scripts/postgres.mjs could not be loaded (${error.code ?? error.message})`);
  }
  for (const [key, port] of [
    ["small", PORTS.pgSmall],
    ["large", PORTS.pgLarge],
  ]) {
    const cluster = await module.startPostgres({ port });
    postgresClusters.push({ ...cluster, key });
  }
  const [small, large] = postgresClusters;
  return { small: small.url, large: large.url, source: "scripts/postgres.mjs" };
}

function markdown(report) {
  const lines = [];
  const out = (s = "") => lines.push(s);
  out(`## Results, ${report.date} (\`npm run bench\`)`);
  out();
  out(`Commit ${report.commit}; ${report.machine}; entry \`${ENTRY}\`, main server WEB_CONCURRENCY=${MAIN_PROCESSES}.`);
  out(`Load average (1, 5, 15 min) at start: ${report.loadStart}; at end: ${report.loadEnd}.`);
  out(
    `${CONNECTIONS} connections; per target ${SLICES} slices of ${SLICE} s after a ${WARMUP} s warm-up, alternating with the targets of its group; CPU = utime+stime of the server process tree from /proc.`,
  );
  for (const db of report.databases) {
    out();
    out(`### ${db.kind}`);
    out();
    if (db.notRun) {
      out(`Not run: ${db.notRun}`);
      continue;
    }
    const header = [
      "scenario",
      "req/s",
      "p50 ms",
      "p99 ms",
      "CPU µs/req",
      "vs node:http",
      "vs memory",
      "errors",
      "target",
      "met?",
    ];
    out(`| ${header.join(" | ")} |`);
    out(`| ${header.map(() => "---").join(" | ")} |`);
    for (const r of db.rows) {
      const cells = [
        r.anchor ? `↳ ${r.name}` : r.name,
        fmt(r.rps),
        fmt(r.p50, 1),
        fmt(r.p99, 1),
        fmt(r.cpuUs),
        r.vsHttp ?? "—",
        r.vsMemory ?? "—",
        r.errors,
        r.target ?? "—",
        r.met ?? "—",
      ];
      out(`| ${cells.join(" | ")} |`);
    }
    out();
    out(
      "| products | ready after start ms | first listing ms (target <= 1,000) | RSS after first listing MiB | RSS after load MiB |",
    );
    out("| --- | --- | --- | --- | --- |");
    for (const s of db.startup) {
      const first = s.firstStatus === 200 ? fmt(s.firstMs) : `${fmt(s.firstMs)} (status ${s.firstStatus})`;
      out(
        `| ${fmt(s.products)} | ${fmt(s.readyMs)} | ${first} ${s.products === LARGE ? met(s.firstStatus === 200 && s.firstMs <= 1000) : ""} | ${fmt(s.rss)} | ${fmt(s.rssAfter)} |`,
      );
    }
    for (const note of db.notes) {
      out();
      out(`Note: ${note}`);
    }
  }
  out();
  out("(errors = transport errors + unexpected statuses; ratios are CPU per request, scenario / anchor)");
  return lines.join("\n");
}

async function main() {
  const loadStart = loadAverage();
  const date = new Date().toISOString();
  fs.mkdirSync("data", { recursive: true });
  fs.writeFileSync(LOG_FILE, "");
  if (env.BENCH_SKIP_BUILD !== "1") await run("npx", ["remix", "build"]);

  // Prepare every database first (set-up in turn, then all seeds at once), so the measurements
  // run back to back afterwards.
  const plans = [];
  if (DATABASES.includes("sqlite")) {
    const urls = { small: "file:./data/bench.db", large: "file:./data/bench-50k.db" };
    for (const url of Object.values(urls)) {
      for (const suffix of ["", "-wal", "-shm", "-journal"]) fs.rmSync(sqliteFile(url) + suffix, { force: true });
    }
    plans.push({ kind: "SQLite", urls });
  }
  if (DATABASES.includes("postgres")) {
    const plan = { kind: "PostgreSQL" };
    try {
      plan.urls = await postgresUrls();
    } catch (error) {
      plan.notRun = error.message;
    }
    plans.push(plan);
  }
  for (const plan of plans) {
    if (plan.notRun) continue;
    try {
      await setupDatabase(plan.urls.small);
      await setupDatabase(plan.urls.large);
    } catch (error) {
      if (plan.kind === "SQLite") throw error;
      plan.notRun = `set-up failed: ${error.message}`;
    }
  }
  await Promise.all(
    plans
      .filter((plan) => !plan.notRun)
      .map((plan) =>
        Promise.all([seed(plan.urls.small, SMALL), seed(plan.urls.large, LARGE)]).catch((error) => {
          if (plan.kind === "SQLite") throw error;
          plan.notRun = `seeding failed: ${error.message}`;
        }),
      ),
  );

  const databases = [];
  for (const plan of plans) {
    if (plan.notRun) {
      console.log(`\n${plan.kind}: not run: ${plan.notRun}`);
      databases.push({ kind: plan.kind, notRun: plan.notRun });
      continue;
    }
    console.log(`\n=== ${plan.kind} ===`);
    try {
      databases.push({ kind: plan.kind, ...(await benchDatabase(plan.kind, plan.urls)) });
    } catch (error) {
      if (plan.kind === "SQLite") throw error;
      databases.push({ kind: plan.kind, notRun: `failed: ${error.message}` });
    }
  }
  await stopPostgres();

  let commit = "unknown";
  try {
    commit = execFileSync("git", ["rev-parse", "--short", "HEAD"]).toString().trim();
  } catch {
    // not a git checkout
  }
  const cpus = fs.readFileSync("/proc/cpuinfo", "utf8").match(/^processor/gm)?.length ?? "?";
  const report = markdown({
    date: date.slice(0, 10),
    commit,
    machine: `${cpus} CPUs, Node.js ${process.version}`,
    loadStart,
    loadEnd: loadAverage(),
    databases,
  });
  const file = `data/bench-${date.slice(0, 16).replace(/[T:]/g, "-")}.md`;
  fs.writeFileSync(file, `${report}\n`);
  console.log(`\n${report}\n\nWritten to ${file}`);
  if (failed) process.exitCode = 1;
}

try {
  await main();
} catch (error) {
  console.error(`\nBenchmark failed: ${error.message}`);
  killChildren();
  await stopPostgres();
  process.exitCode = 1;
}
