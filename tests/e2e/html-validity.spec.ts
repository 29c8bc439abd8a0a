import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import vnuJar from "vnu-jar";
import { expect, test, type Page, type Request, type Response, type TestInfo } from "@playwright/test";
import { jsEnabled, open, register, TEST_PASSWORD, uniqueEmail } from "./helpers";
import { openState, PAGE_STATES } from "./page-states";

// Valid HTML (docs/rules.md "Valid HTML and no sideways scroll"): every main page state,
// as the server sends it (the no-js project) and as the hydrated DOM stands (the js
// project), passes the W3C Nu HTML checker without one error. Each state's test saves its
// HTML; the project's last test runs the checker once over all of them (one JVM per
// project: Java starts slowly). Warnings ("info" messages) are allowed; docs/decisions.md
// "Valid HTML" says which remain.

const VNU_JAR = String(vnuJar);

/** The folder of this project's pages (the output folder is emptied at the start of every run). */
const pagesDir = (testInfo: TestInfo) => path.join(testInfo.project.outputDir, "html-validity", testInfo.project.name);

/** One message of the checker's JSON answer. */
interface NuMessage {
  type: "error" | "info" | "non-document-error";
  subType?: string;
  url?: string;
  lastLine?: number;
  firstColumn?: number;
  lastColumn?: number;
  message: string;
  extract?: string;
}

/** Runs the checker once over `files`; its JSON messages. */
async function nuCheck(files: string[]): Promise<NuMessage[]> {
  const run = promisify(execFile);
  const args = ["-jar", VNU_JAR, "--format", "json", "--stdout", ...files];
  // The checker exits 1 when it finds an error: the JSON is on stdout either way.
  const { stdout } = await run("java", args, { maxBuffer: 64 * 1024 * 1024 }).catch(
    (error: { stdout?: string; stderr?: string; message: string }) => {
      if (!error.stdout) throw new Error(`The Nu HTML checker did not run: ${error.stderr || error.message}`);
      return { stdout: error.stdout };
    },
  );
  return (JSON.parse(stdout) as { messages: NuMessage[] }).messages;
}

/** The saved page of the multipass test (not a page state). */
const MULTIPASS_SWITCH = "multipass-switch";

/** Scripts still loading: the parts loaded after hydration (docs/rules.md "Client JavaScript budget"). */
function scriptsLoading(page: Page): Set<Request> {
  const loading = new Set<Request>();
  page.on("request", (request) => {
    if (request.resourceType() === "script") loading.add(request);
  });
  page.on("requestfinished", (request) => loading.delete(request));
  page.on("requestfailed", (request) => loading.delete(request));
  return loading;
}

/** Saves the page for the checker: the hydrated DOM (js project) or the bytes the server sent (no-js). */
async function savePage(page: Page, testInfo: TestInfo, response: Response, loading: Set<Request>, name: string) {
  let html: string;
  if (jsEnabled(testInfo)) {
    await expect.poll(() => loading.size, { message: "scripts still loading" }).toBe(0);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
    html = `<!DOCTYPE html>\n${await page.evaluate(() => document.documentElement.outerHTML)}`;
  } else {
    // The bytes the server sent (decoded here, not by the browser).
    html = (await response.body()).toString("utf8");
  }
  fs.mkdirSync(pagesDir(testInfo), { recursive: true });
  fs.writeFileSync(path.join(pagesDir(testInfo), `${name}.html`), html);
}

const where = (message: NuMessage) =>
  `${path.basename(decodeURIComponent(message.url ?? "?"), ".html")}:${message.lastLine ?? "?"}:${message.firstColumn ?? message.lastColumn ?? "?"}`;

test.describe("valid HTML on every main page state", () => {
  // In order, in one worker per project: the last test checks what the others saved.
  test.describe.configure({ mode: "default", timeout: 60_000 });

  for (const state of PAGE_STATES) {
    test(`${state.name}: ${state.path}`, async ({ page }, testInfo) => {
      const loading = scriptsLoading(page);
      const response = await openState(page, testInfo, state);
      expect(response, `${state.path} answered`).not.toBeNull();
      await savePage(page, testInfo, response!, loading, state.name);
    });
  }

  // The page that asks before a multipass link switches accounts (docs/rules.md "Multipass
  // links"). Not a page state: its link works once and for two minutes, too short to share
  // through the run, so this test brings it about, saves it for the checker below, and then
  // switches (without JavaScript in the no-js project).
  test(`${MULTIPASS_SWITCH}: signed in as one customer, a link for another asks first`, async ({
    page,
    browser,
    request,
  }, testInfo) => {
    const owner = uniqueEmail(testInfo, "multipass-owner");
    const ownerContext = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      javaScriptEnabled: jsEnabled(testInfo),
    });
    await register(await ownerContext.newPage(), testInfo, owner, "Olive");
    await ownerContext.close();
    await register(page, testInfo, uniqueEmail(testInfo, "multipass-shopper"));

    // The link, as the owner's other device asks for it (a session token in the body).
    const signedIn = await request.post("/api/ecom/v1.0/create-customer-token", {
      data: { email: owner, key: TEST_PASSWORD },
    });
    const { sessionToken } = (await signedIn.json()) as { sessionToken: string };
    const made = await request.post("/api/multipass", { data: { email: owner, checkoutUrl: "/cart", sessionToken } });
    expect(made.status()).toBe(200);
    const { url } = (await made.json()) as { url: string };

    const loading = scriptsLoading(page);
    const response = await open(page, testInfo, new URL(url).pathname);
    expect(response!.status()).toBe(200);
    expect(response!.headers()["cache-control"]).toBe("private, no-store");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Switch accounts?");
    await savePage(page, testInfo, response!, loading, MULTIPASS_SWITCH);

    await page.getByRole("button", { name: `Continue as ${owner}` }).click();
    await expect(page).toHaveURL((address) => address.pathname === "/cart");
    await open(page, testInfo, "/account/my-profile");
    await expect(page.getByText(`You sign in with ${owner}.`)).toBeVisible();
  });

  test("the Nu HTML checker finds no error", async ({ browserName: _ }, testInfo) => {
    const files = [...PAGE_STATES.map((state) => state.name), MULTIPASS_SWITCH].map((name) =>
      path.join(pagesDir(testInfo), `${name}.html`),
    );
    const missing = files.filter((file) => !fs.existsSync(file)).map((file) => path.basename(file));
    const messages = await nuCheck(files.filter((file) => fs.existsSync(file)));
    await testInfo.attach("nu-messages.json", {
      body: JSON.stringify(messages, null, 2),
      contentType: "application/json",
    });
    const warnings = messages.filter((message) => message.type === "info");
    if (warnings.length > 0) {
      testInfo.annotations.push({
        type: "warnings",
        description: [...new Set(warnings.map((message) => message.message))].join(" | "),
      });
    }
    const errors = messages
      .filter((message) => message.type !== "info")
      .map(
        (message) => `${where(message)} ${message.message}\n    ${(message.extract ?? "").replace(/\s+/g, " ").trim()}`,
      );
    expect(missing, "pages whose state could not be opened (see their tests)").toEqual([]);
    expect(errors, `${errors.length} error(s) from the Nu HTML checker:\n${errors.join("\n")}`).toEqual([]);
  });
});
