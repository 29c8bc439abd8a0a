// Lighthouse, mobile (its default: a mid-range phone on a slow 4G link, simulated), on the
// shop's home, a listing and a product page: the median of N runs per page and category.
// A measurement, not a test (docs/benchmarks.md "Lighthouse"): it builds the shop, starts the
// production server on a fresh seeded database on loopback, runs Debian's full Chromium headless
// (the `chromium` package, not the tests' headless shell: `apt-get install chromium`), prints a
// Markdown table and stops everything it started.
//
//   npm run lighthouse                 # 3 runs per page
//   npm run lighthouse -- --runs 5 --json data/lighthouse.json
//   npm run lighthouse -- --only product --reports data/lighthouse   # each run's full report
import fs from "node:fs";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startShop } from "./shop-server.mjs";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    port: { type: "string", default: "3300" },
    json: { type: "string" },
    reports: { type: "string" },
    "no-build": { type: "boolean", default: false },
    only: { type: "string" },
  },
});
const RUNS = Math.max(1, Number(values.runs));
const PORT = Number(values.port);
const PAGES = [
  { name: "Home", path: "/" },
  { name: "Listing", path: "/products/dog" },
  { name: "Product", path: "/products/science-diet/adult-dry-dog-food/chicken-barley/15.5lb" },
];
const PAGES_RUN = values.only ? PAGES.filter((page) => page.name.toLowerCase() === values.only) : PAGES;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

const median = (numbers) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

async function main() {
  const shop = await startShop({ port: PORT, name: "lighthouse", build: !values["no-build"] });
  const BASE = shop.base;
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"],
  });
  const results = [];
  try {
    if (values.reports) fs.mkdirSync(values.reports, { recursive: true });
    for (const page of PAGES_RUN) {
      // One warm-up load fills the page cache and the image optimiser's cache, as a shop's traffic does.
      await lighthouse(`${BASE}${page.path}`, { port: chrome.port, logLevel: "error", onlyCategories: ["seo"] });
      const scores = Object.fromEntries(CATEGORIES.map((category) => [category, []]));
      const failing = new Map();
      for (let run = 0, lost = 0; run < RUNS; run += 1) {
        const { lhr } = await lighthouse(`${BASE}${page.path}`, {
          port: chrome.port,
          logLevel: "error",
          onlyCategories: CATEGORIES,
        });
        // A run whose trace Lighthouse lost (e.g. NO_NAVSTART) measured nothing: it is made
        // again (at most twice per page) rather than counted as a score of 0.
        if (lhr.runtimeError && lost < 2) {
          lost += 1;
          console.log(`${page.name} run ${run + 1}: ${lhr.runtimeError.code}, run again`);
          run -= 1;
          continue;
        }
        if (values.reports) {
          const file = `${values.reports}/${page.name.toLowerCase()}-${run + 1}.json`;
          fs.writeFileSync(file, JSON.stringify(lhr));
        }
        for (const category of CATEGORIES) {
          scores[category].push(Math.round((lhr.categories[category].score ?? 0) * 100));
          for (const ref of lhr.categories[category].auditRefs) {
            const audit = lhr.audits[ref.id];
            if (ref.weight > 0 && audit.score !== null && audit.score < 0.9) {
              failing.set(ref.id, `${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ""}`);
            }
          }
        }
        const metric = (id) => lhr.audits[id]?.displayValue ?? "n/a";
        console.log(
          `${page.name} run ${run + 1}: ${CATEGORIES.map((c) => `${c} ${scores[c].at(-1)}`).join(", ")}; ` +
            `FCP ${metric("first-contentful-paint")}, LCP ${metric("largest-contentful-paint")}, ` +
            `TBT ${metric("total-blocking-time")}, CLS ${metric("cumulative-layout-shift")}`,
        );
      }
      results.push({ ...page, scores, failing: [...failing.values()] });
    }
  } finally {
    await chrome.kill();
    shop.stop();
  }

  console.log(`\nLighthouse ${lighthouseVersion()}, mobile, median of ${RUNS} runs (runs in brackets)\n`);
  console.log(`| page | ${CATEGORIES.join(" | ")} |`);
  console.log(`| --- | ${CATEGORIES.map(() => "---").join(" | ")} |`);
  for (const result of results) {
    const cells = CATEGORIES.map((c) => `${median(result.scores[c])} (${result.scores[c].join(", ")})`);
    console.log(`| ${result.name} \`${result.path}\` | ${cells.join(" | ")} |`);
  }
  for (const result of results) {
    if (result.failing.length)
      console.log(`\n${result.name}: audits under 90 in some run: ${result.failing.join("; ")}`);
  }
  if (values.json) fs.writeFileSync(values.json, JSON.stringify(results, null, 2));
  const below = results.flatMap((r) => CATEGORIES.filter((c) => median(r.scores[c]) < 95).map((c) => `${r.name} ${c}`));
  if (below.length) console.log(`\nBelow 95 (median): ${below.join(", ")}`);
}

function lighthouseVersion() {
  return JSON.parse(fs.readFileSync("node_modules/lighthouse/package.json", "utf8")).version;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
