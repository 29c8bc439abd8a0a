// The client JavaScript budget (docs/rules.md "Client JavaScript budget"): the scripts a
// listing or product page loads before it is interactive, gzip, from a production build
// made for this test in its own directory (another test may be serving build/).
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error -- a plain ES module script without types
import { CLIENT_JS_BUDGET_KIB, PAGES, pageScriptSizes } from "../../scripts/client-js.mjs";

type Sizes = { files: { url: string; gzip: number }[]; gzip: number };
type Page = { routes: string[]; views: string[] };
const measure = pageScriptSizes as (page: Page, out: string) => Sizes;

const OUT = path.resolve(".cache", `client-js-${crypto.randomUUID()}`);

beforeAll(() => {
  // NODE_ENV=production: vitest's "test" would compile JSX for development.
  execFileSync("npx", ["remix", "build"], {
    stdio: "ignore",
    timeout: 180_000,
    env: { ...process.env, NODE_ENV: "production", BUILD_OUT_DIR: OUT },
  });
}, 240_000);

afterAll(() => fs.rmSync(OUT, { recursive: true, force: true }));

describe('client JavaScript budget (docs/rules.md "Client JavaScript budget")', () => {
  for (const [page, modules] of Object.entries(PAGES as Record<string, Page>)) {
    it(`the ${page} page loads at most ${CLIENT_JS_BUDGET_KIB} KiB of gzip JavaScript, its view included`, () => {
      const { files, gzip } = measure(modules, OUT);
      const listing = files.map((f) => `${(f.gzip / 1024).toFixed(1)} KiB ${f.url}`).join("\n");
      expect(gzip / 1024, listing).toBeLessThanOrEqual(CLIENT_JS_BUDGET_KIB);
    });
  }

  it("loads no zod and no embla with the page (they load with the forms and carousels that use them)", () => {
    const { files } = measure((PAGES as Record<string, Page>).listing, OUT);
    const text = files.map((f) => fs.readFileSync(path.join(OUT, "public", f.url), "utf8")).join("\n");
    // zod's and embla's own error and option names, which minification keeps.
    expect(text).not.toContain("invalid_type");
    expect(text).not.toContain("dragThreshold");
  });

  it("sends no empty stand-in chunk for a server module (patches/@remix-run+dev: they are side-effect free)", () => {
    const shared = path.join(OUT, "public/build/_shared");
    // The compiler's stand-in for a `.server` module is `module.exports = {}` wrapped as a chunk.
    const empty = fs
      .readdirSync(shared)
      .filter((name) => /\w\.exports=\{\}/.test(fs.readFileSync(path.join(shared, name), "utf8")));
    expect(empty).toEqual([]);
  });

  it("has one stylesheet for the shop's pages and one for the back office (app/styles/shop.css)", () => {
    const sheets = fs.readdirSync(path.join(OUT, "public/build/_assets")).filter((name) => name.endsWith(".css"));
    expect(sheets.map((name) => name.replace(/-\w+\.css$/, ""))).toEqual(["admin", "shop"]);
  });
});
