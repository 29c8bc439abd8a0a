// The form contract's guard (docs/rules.md "Forms and inputs", issue 37): every page action parses
// its input with a zod schema from app/models and answers through the one reply shape, so errors
// show beside their fields with or without JavaScript. This reads the route modules' source:
//   - an action (its own, or one it re-exports from app/utils) calls `replyWith` (storefront) or
//     `adminIntents` (back office), unless it is on the short allow-list below, which says why;
//   - no page answers conform's `submission.reply()` itself (it goes through `replyWith`);
//   - no route or component keeps its own `FieldError` (app/components/form-field.tsx has the one).
// JSON API routes (api.*.ts) have their own contract (`serviceErrorResponse`) and are not read.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");
const ROUTES = path.join(ROOT, "app/routes");

/** Actions that answer no form errors, and why. Keep it short. */
const NO_FORM_ERRORS: Record<string, string> = {
  "$.tsx": "every post to an unknown path is the 404 page; it reads no body",
  "logout.tsx": "a Sign out button: SignOutSchema's reason falls back, nothing to refuse",
  "admin_.logout.tsx": "the back office's Sign out button; it reads no body",
  "account_.ftc-acknowledgement.tsx":
    "an 'I understand' button on every page: FtcAcknowledgementSchema's way back falls back to /, nothing to refuse",
};

const OWN_ACTION = /export\s+(?:async\s+)?function\s+action\b|export\s+const\s+action\b/;
const REEXPORTED_ACTION = /export\s*\{[^}]*\bas\s+action\b[^}]*\}\s*from\s*["']([^"']+)["']/;
const ANSWERS_THROUGH_CONTRACT = /\b(?:replyWith|adminIntents)\(/;

const read = (file: string) => readFileSync(file, "utf8");

/** A `~/…` module's file. */
function moduleFile(specifier: string): string {
  const base = path.join(ROOT, "app", specifier.replace(/^~\//, ""));
  const file = [".ts", ".tsx"].map((ext) => base + ext).find(existsSync);
  if (!file) throw new Error(`cannot find ${specifier}`);
  return file;
}

/** The source of each page route's action: its own module, or the module it re-exports it from. */
function pageActions(): { route: string; source: string }[] {
  return readdirSync(ROUTES)
    .filter((name) => name.endsWith(".tsx"))
    .flatMap((route) => {
      const source = read(path.join(ROUTES, route));
      if (OWN_ACTION.test(source)) return [{ route, source }];
      const reexport = REEXPORTED_ACTION.exec(source);
      return reexport ? [{ route, source: read(moduleFile(reexport[1])) }] : [];
    });
}

function filesUnder(dir: string, ext: RegExp): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => ext.test(name))
    .map((name) => path.join(dir, name));
}

describe("the form contract", () => {
  const actions = pageActions();

  it("finds the page actions (the cart's through its re-export)", () => {
    expect(actions.length).toBeGreaterThan(30);
    expect(actions.find((a) => a.route === "cart.tsx")?.source).toMatch(/CartIntentSchema/);
  });

  it("every page action answers through replyWith or adminIntents, or is on the allow-list", () => {
    const off = actions
      .filter(({ source }) => !ANSWERS_THROUGH_CONTRACT.test(source))
      .map(({ route }) => route)
      .filter((route) => !(route in NO_FORM_ERRORS));
    expect(off, "answer with replyWith (app/utils/form.server.ts) or adminIntents").toEqual([]);
  });

  it("keeps the allow-list honest: each entry is a page action still off the contract", () => {
    const byRoute = new Map(actions.map((a) => [a.route, a.source]));
    for (const route of Object.keys(NO_FORM_ERRORS)) {
      expect(byRoute.has(route), `${route} has no action any more`).toBe(true);
      expect(ANSWERS_THROUGH_CONTRACT.test(byRoute.get(route)!), `${route} is on the contract now`).toBe(false);
    }
  });

  it("no page answers conform's submission.reply() itself", () => {
    const direct = actions.filter(({ source }) => /\bsubmission\.reply\(/.test(source)).map(({ route }) => route);
    expect(direct, "answer with replyWith(submission, …)").toEqual([]);
  });

  it("no route or component defines its own FieldError", () => {
    const files = [
      ...filesUnder(ROUTES, /\.tsx?$/),
      ...filesUnder(path.join(ROOT, "app/components"), /\.tsx$/).filter((file) => !file.endsWith("form-field.tsx")),
    ];
    const copies = files
      .filter((file) => /\b(?:function|const)\s+FieldError\b/.test(read(file)))
      .map((file) => path.relative(ROOT, file));
    expect(copies, "use FieldError or TextField from app/components/form-field.tsx").toEqual([]);
  });
});
