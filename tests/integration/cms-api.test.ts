// The content service's JSON calls (catalogue spec section 7):
// every call under /api/cms/{version}/{call} for both sites, its error answers, publish
// status, the cache and /api/delete-cache-item, and content image assets at /cms/{id}.
// Called through the route modules against the seeded database, which loads content/.
import { vi } from "vitest";

// The environment is parsed when app modules load: set the admin secret (and a cache
// that is on) before any import below runs.
const ADMIN_SECRET = vi.hoisted(() => {
  const secret = "cms-api-test-admin-secret-0123456789";
  process.env.ADMIN_SECRET = secret;
  process.env.CONTENT_CACHE_SECONDS = "60";
  return secret;
});

import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import * as cmsCall from "~/routes/api.cms.$version.$call";
import * as deleteCacheItem from "~/routes/api.delete-cache-item";
import * as cmsAsset from "~/routes/cms.$id";
import { ASSET_DIR } from "~/services/content/assets.server";
import { GLOBAL_FIELDS } from "~/services/content/calls.server";
import { content } from "~/services/content/index.server";
import { captureLogs, LEVEL } from "../helpers/logs";
import { callRoute, ORIGIN } from "../helpers/routes";
import { ensureSeeded } from "../helpers/seeded";

type Site = "DTC" | "HPSF";
type Method = "GET" | "HEAD" | "POST" | "PUT" | "DELETE";

const ORIGINS: Record<Site, string> = { DTC: ORIGIN, HPSF: "http://staff.localhost:3000" };
const SITE_DIRS: Record<Site, string> = { DTC: "dtc", HPSF: "hpsf" };
const SITES: Site[] = ["DTC", "HPSF"];

interface ApiError {
  error: { code: string; message: string; fields?: Record<string, string> };
}
interface Link {
  text: string;
  url: string;
}
interface NavItem extends Link {
  children: Link[];
}

/** A content file's data as an editor wrote it (content/{site}/{type}/{key}.json). */
function contentFile<T = Record<string, unknown>>(siteDir: string, type: string, key = type) {
  const file = path.resolve("content", siteDir, type, `${key}.json`);
  return JSON.parse(fs.readFileSync(file, "utf8")) as { title: string; status?: string; data: T };
}

/** Every published content file of a type for a site directory. */
function contentFiles<T>(siteDir: string, type: string): T[] {
  const dir = path.resolve("content", siteDir, type);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => contentFile<T>(siteDir, type, name.slice(0, -".json".length)))
    .filter((file) => (file.status ?? "published") === "published")
    .map((file) => file.data);
}

interface CallOptions {
  site?: Site;
  version?: string;
  method?: Method;
  /** A value sent as JSON; a string in `raw` is sent as it is. */
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
}

/** Calls /api/cms/{version}/{call} as Remix would: GET and HEAD reach the loader, the rest the action. */
async function cms(name: string, options: CallOptions = {}): Promise<Response> {
  const { site = "DTC", version = "v1.0", method = "POST", body, raw, headers = {} } = options;
  const hasBody = method !== "GET" && method !== "HEAD" && (raw !== undefined || body !== undefined);
  const request = new Request(`${ORIGINS[site]}/api/cms/${version}/${name}`, {
    method,
    body: hasBody ? (raw ?? JSON.stringify(body)) : undefined,
    headers: { ...(hasBody ? { "Content-Type": "application/json" } : {}), ...headers },
  });
  const handler = method === "GET" || method === "HEAD" ? cmsCall.loader : cmsCall.action;
  return callRoute(handler, request, undefined, { params: { version, call: name } });
}

/** The `data` of a successful call (fails the test on any other status). */
async function dataOf<T>(name: string, options: CallOptions = {}): Promise<T> {
  const response = await cms(name, options);
  const text = await response.text();
  expect(response.status, `${name} (${options.site ?? "DTC"}): ${text}`).toBe(200);
  const body = JSON.parse(text) as { data: T };
  expect(Object.keys(body)).toEqual(["data"]);
  return body.data;
}

/** An error answer: its status and `{ error }` body. */
async function errorOf(response: Response) {
  const body = (await response.json()) as ApiError;
  expect(Object.keys(body)).toEqual(["error"]);
  return { status: response.status, error: body.error, headers: response.headers };
}

const navigation = (site: Site, handle: string) =>
  dataOf<{ items: NavItem[] }>("get-navigation", { site, body: { handle } });

/** Every url of a navigation, children included. */
const navUrls = (items: NavItem[]) => items.flatMap((item) => [item.url, ...item.children.map((c) => c.url)]);

/** POST /api/delete-cache-item as an admin (or with the given Authorization). */
async function deleteCache(body: unknown, authorization: string | null = `Bearer ${ADMIN_SECRET}`, raw = false) {
  const request = new Request(`${ORIGIN}/api/delete-cache-item`, {
    method: "POST",
    body: raw ? (body as string) : JSON.stringify(body),
    headers: { "Content-Type": "application/json", ...(authorization ? { Authorization: authorization } : {}) },
  });
  return callRoute(deleteCacheItem.action, request);
}

// Rows this file adds; removed in afterAll whatever happens.
const SUFFIX = `t${Date.now().toString(36)}`;
const createdEntryIds: string[] = [];

beforeAll(async () => {
  await ensureSeeded();
  content.clearCache();
});

afterAll(async () => {
  if (createdEntryIds.length) await prisma.contentEntry.deleteMany({ where: { id: { in: createdEntryIds } } });
  content.clearCache();
});

describe("catalogue spec section 7: each call answers { data } per site", () => {
  it("POST get-contact: each site's own phone and email (DTC customer care, HPSF program team)", async () => {
    const dtc = await dataOf<Record<string, unknown>>("get-contact");
    const hpsf = await dataOf<Record<string, unknown>>("get-contact", { site: "HPSF" });
    expect(dtc).toMatchObject({ phone: "(800) 555-0142", email: "support@example.com" });
    expect(hpsf).toMatchObject({ phone: "(800) 555-0199", email: "program@example.com" });
    expect(dtc).toEqual(contentFile("dtc", "contact").data);
    expect(hpsf).toEqual(contentFile("hpsf", "contact").data);
  });

  it("POST answers need no body (an empty body counts as {}), are not cached by browsers and vary by Host", async () => {
    const response = await cms("get-contact");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Vary")).toBe("Host");
    expect((await dataOf<{ phone: string }>("get-contact", { body: {} })).phone).toBe("(800) 555-0142");
  });

  it("POST get-globals: free_shipping_minimum is the number 50 and every field is returned, per site", async () => {
    const dtc = await dataOf<Record<string, unknown>>("get-globals");
    const hpsf = await dataOf<Record<string, unknown>>("get-globals", { site: "HPSF" });
    for (const globals of [dtc, hpsf]) {
      expect(globals.free_shipping_minimum).toBe(50);
      expect(typeof globals.free_shipping_minimum).toBe("number");
      expect(Object.keys(globals).sort()).toEqual([...GLOBAL_FIELDS].sort());
    }
    expect(dtc.site_title).toBe(contentFile<{ site_title: string }>("dtc", "globals").data.site_title);
    expect(hpsf.site_title).toBe("Pro Staff Feeding");
    expect(dtc.site_404_cta).toEqual(contentFile("dtc", "globals").data.site_404_cta);
    expect(hpsf.site_404_image).toMatchObject({ id: "not-found-hpsf" });
  });

  it("POST get-globals: `fields` picks a subset; the version is selectable (v1.0 and v2.0 answer alike)", async () => {
    const subset = await dataOf<Record<string, unknown>>("get-globals", {
      body: { fields: ["free_shipping_minimum", "site_title"] },
    });
    expect(subset).toEqual({ free_shipping_minimum: 50, site_title: "Shop Hollowbrook Pet Nutrition" });
    for (const site of SITES) {
      expect(await dataOf("get-globals", { site, version: "v2.0" })).toEqual(await dataOf("get-globals", { site }));
    }
    expect(
      await dataOf("get-globals", { version: "v2.0", site: "HPSF", body: { fields: ["free_shipping_minimum"] } }),
    ).toEqual({ free_shipping_minimum: 50 });
  });

  it("POST get-globals: an unknown field name or a non-list `fields` is a 400 naming the field", async () => {
    const unknown = await errorOf(await cms("get-globals", { body: { fields: ["site_title", "password"] } }));
    expect(unknown.status).toBe(400);
    expect(unknown.error.code).toBe("INVALID_REQUEST");
    expect(unknown.error.fields?.["fields.1"]).toMatch(/must be one of .*free_shipping_minimum/);
    const notList = await errorOf(await cms("get-globals", { body: { fields: "site_title" } }));
    expect(notList.status).toBe(400);
    expect(notList.error.fields).toHaveProperty("fields");
  });

  it("POST get-account-pages-settings: each site's account texts", async () => {
    for (const site of SITES) {
      const settings = await dataOf<{ help: { body: string }; dashboard_intro: string }>("get-account-pages-settings", {
        site,
      });
      expect(settings).toEqual(contentFile(SITE_DIRS[site], "account-pages-settings").data);
    }
    const dtc = await dataOf<{ help: { body: string } }>("get-account-pages-settings");
    const hpsf = await dataOf<{ help: { body: string } }>("get-account-pages-settings", { site: "HPSF" });
    expect(dtc.help.body).toContain("(800) 555-0142");
    expect(hpsf.help.body).toContain("(800) 555-0199");
  });

  it('POST get-navigation {handle:"main"}: items; DTC has Dog Treats, HPSF (no treats) does not', async () => {
    const dtc = await navigation("DTC", "main");
    const hpsf = await navigation("HPSF", "main");
    expect(dtc.items.length).toBeGreaterThan(0);
    expect(dtc).toEqual(contentFile("dtc", "navigation", "main").data);
    expect(hpsf).toEqual(contentFile("hpsf", "navigation", "main").data);
    const dogChildren = dtc.items.find((item) => item.url === "/products/dog")?.children.map((c) => c.url);
    expect(dogChildren).toContain("/products/dog/treats");
    expect(navUrls(hpsf.items).some((url) => url.includes("treats"))).toBe(false);
  });

  it("POST get-navigation: a missing or blank handle is a 400 with fields.handle; an unknown one a 404", async () => {
    for (const body of [{}, { handle: "   " }, { handle: 42 }]) {
      const missing = await errorOf(await cms("get-navigation", { body }));
      expect(missing.status, JSON.stringify(body)).toBe(400);
      expect(missing.error.code).toBe("INVALID_REQUEST");
      expect(missing.error.fields?.handle).toBeTruthy();
    }
    // No body at all: the handle is still required.
    const noBody = await errorOf(await cms("get-navigation"));
    expect(noBody.status).toBe(400);
    expect(noBody.error.fields?.handle).toBeTruthy();
    const unknown = await errorOf(await cms("get-navigation", { body: { handle: `no-such-menu-${SUFFIX}` } }));
    expect(unknown.status).toBe(404);
    expect(unknown.error.code).toBe("NOT_FOUND");
    expect(unknown.error.fields?.handle).toBeTruthy();
  });

  it("POST get-announcements: each site's announcement bar items", async () => {
    for (const site of SITES) {
      expect(await dataOf("get-announcements", { site })).toEqual(
        contentFile<{ items: unknown[] }>(SITE_DIRS[site], "announcements").data.items,
      );
    }
    const dtc = await dataOf<Link[]>("get-announcements");
    expect(dtc[0].text).toContain("$50");
  });

  it("GET v2.0 get-header: the header with its navigation_handle and that navigation's items resolved", async () => {
    for (const site of SITES) {
      const response = await cms("get-header", { site, version: "v2.0", method: "GET" });
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=60");
      expect(response.headers.get("Vary")).toBe("Host");
      const header = ((await response.json()) as { data: { navigation_handle: string; navigation: NavItem[] } }).data;
      const file = contentFile<{ navigation_handle: string }>(SITE_DIRS[site], "header").data;
      expect(header).toMatchObject(file);
      expect(header.navigation_handle).toBe("main");
      expect(header.navigation).toEqual((await navigation(site, header.navigation_handle)).items);
    }
    const hpsf = await dataOf<{ navigation: NavItem[] }>("get-header", {
      site: "HPSF",
      version: "v2.0",
      method: "GET",
    });
    expect(navUrls(hpsf.navigation).some((url) => url.includes("treats"))).toBe(false);
  });

  it("get-header is served under v2.0 only: v1.0 is a 400 UNKNOWN_VERSION; POST is a 405", async () => {
    const v1 = await errorOf(await cms("get-header", { method: "GET" }));
    expect(v1.status).toBe(400);
    expect(v1.error.code).toBe("UNKNOWN_VERSION");
    expect(v1.error.fields?.version).toContain("v2.0");
    const post = await errorOf(await cms("get-header", { version: "v2.0", method: "POST" }));
    expect(post.status).toBe(405);
    expect(post.headers.get("Allow")).toBe("GET");
  });

  it("POST get-sitewide-banners: live banners only; those whose ends_at has passed are not returned", async () => {
    const now = Date.now();
    for (const site of SITES) {
      const items = contentFile<{ items: { id: string; ends_at?: string; starts_at?: string }[] }>(
        SITE_DIRS[site],
        "sitewide-banners",
      ).data.items;
      const expired = items.filter((b) => b.ends_at && Date.parse(b.ends_at) <= now).map((b) => b.id);
      const live = items
        .filter((b) => !(b.ends_at && Date.parse(b.ends_at) <= now) && !(b.starts_at && Date.parse(b.starts_at) > now))
        .map((b) => b.id);
      // The content files hold an expired banner for each site, so this checks something.
      expect(expired.length, site).toBeGreaterThan(0);
      const served = await dataOf<{ id: string }[]>("get-sitewide-banners", { site });
      expect(served.map((b) => b.id)).toEqual(live);
      for (const id of expired) expect(served.map((b) => b.id)).not.toContain(id);
    }
  });

  it("POST get-highlight-content-block: each site's highlight", async () => {
    for (const site of SITES) {
      expect(await dataOf("get-highlight-content-block", { site })).toEqual(
        contentFile(SITE_DIRS[site], "highlight-content-block").data,
      );
    }
    expect(await dataOf("get-highlight-content-block", { site: "HPSF" })).toMatchObject({
      eyebrow: "Program pricing",
    });
  });

  it("POST get-two-column-section: two columns for each site", async () => {
    for (const site of SITES) {
      const section = await dataOf<{ columns: { heading: string }[] }>("get-two-column-section", { site });
      expect(section.columns).toHaveLength(2);
      expect(section).toEqual(contentFile(SITE_DIRS[site], "two-column-section").data);
    }
  });

  it('POST get-product-carousel: the configs of the page asked for ({page:"404"}), "home" by default', async () => {
    for (const site of SITES) {
      const files = contentFiles<{ page: string; headline: string }>(SITE_DIRS[site], "product-carousel");
      const notFound = await dataOf<{ page: string; headline: string }[]>("get-product-carousel", {
        site,
        body: { page: "404" },
      });
      expect(notFound.length).toBeGreaterThan(0);
      expect(notFound.every((c) => c.page === "404")).toBe(true);
      expect(notFound).toEqual(files.filter((c) => c.page === "404"));
      const home = await dataOf<{ page: string }[]>("get-product-carousel", { site });
      expect(home.length).toBeGreaterThan(0);
      expect(home).toEqual(files.filter((c) => c.page === "home"));
      expect(await dataOf("get-product-carousel", { site, body: {} })).toEqual(home);
      expect(await dataOf("get-product-carousel", { site, body: { page: "no-such-page" } })).toEqual([]);
    }
    const dtc404 = await dataOf<{ headline: string }[]>("get-product-carousel", { body: { page: "404" } });
    const hpsf404 = await dataOf<{ headline: string }[]>("get-product-carousel", {
      site: "HPSF",
      body: { page: "404" },
    });
    expect(dtc404.map((c) => c.headline)).toEqual(["Popular right now"]);
    expect(hpsf404.map((c) => c.headline)).toEqual(["Popular with members"]);
    const blank = await errorOf(await cms("get-product-carousel", { body: { page: " " } }));
    expect(blank.status).toBe(400);
    expect(blank.error.fields).toHaveProperty("page");
  });

  it("POST get-goodness-box-badge: each site's badge and SKUs", async () => {
    const dtc = await dataOf<{ label: string; skus: string[] }>("get-goodness-box-badge");
    const hpsf = await dataOf<{ label: string; skus: string[] }>("get-goodness-box-badge", { site: "HPSF" });
    expect(dtc).toEqual(contentFile("dtc", "goodness-box-badge").data);
    expect(hpsf).toEqual(contentFile("hpsf", "goodness-box-badge").data);
    expect(dtc.skus).toContain("SD00402");
    expect(hpsf.skus).toEqual(["SD00902", "SD03802"]);
  });

  it("POST get-promotion-banners: each site's banners", async () => {
    const dtc = await dataOf<{ id: string }[]>("get-promotion-banners");
    const hpsf = await dataOf<{ id: string }[]>("get-promotion-banners", { site: "HPSF" });
    expect(dtc.map((b) => b.id)).toEqual(["treats-for-good-dogs", "free-shipping-50"]);
    expect(hpsf.map((b) => b.id)).toEqual(["prescription-diet-for-your-pets", "autoship-for-members"]);
    expect(dtc).toEqual(contentFile<{ items: unknown[] }>("dtc", "promotion-banners").data.items);
  });

  it("POST get-skus-with-deal: DTC's deals; HPSF has none and gets an empty list (not null, not an error)", async () => {
    const dtc = await dataOf<{ sku: string; label: string }[]>("get-skus-with-deal");
    expect(dtc).toEqual(contentFile<{ items: unknown[] }>("dtc", "skus-with-deal").data.items);
    expect(dtc.length).toBeGreaterThan(0);
    expect(fs.existsSync(path.resolve("content", "hpsf", "skus-with-deal"))).toBe(false);
    expect(await dataOf("get-skus-with-deal", { site: "HPSF" })).toEqual([]);
  });

  it("GET get-no-results-suggestions: each site's suggestions; HPSF's links mention no treats", async () => {
    const dtc = await dataOf<{ heading: string; items: Link[] }>("get-no-results-suggestions", { method: "GET" });
    const hpsf = await dataOf<{ heading: string; items: Link[] }>("get-no-results-suggestions", {
      site: "HPSF",
      method: "GET",
    });
    expect(dtc).toEqual(contentFile("dtc", "no-results-suggestions").data);
    expect(hpsf).toEqual(contentFile("hpsf", "no-results-suggestions").data);
    expect(dtc.items.some((link) => link.url.includes("treats"))).toBe(true);
    expect(hpsf.items.length).toBeGreaterThan(0);
    expect(hpsf.items.some((link) => /treats/i.test(link.url) || /treats/i.test(link.text))).toBe(false);
  });

  it("GET get-footer: each site's columns and legal text; HEAD is answered too", async () => {
    for (const site of SITES) {
      const footer = await dataOf<{ columns: unknown[]; legal: string }>("get-footer", { site, method: "GET" });
      expect(footer).toEqual(contentFile(SITE_DIRS[site], "footer").data);
      expect(footer.columns.length).toBeGreaterThan(0);
    }
    expect((await cms("get-footer", { method: "HEAD" })).status).toBe(200);
  });

  it("GET get-password-protect: enabled, heading and message, and never the password", async () => {
    const file = contentFile<{ enabled: boolean; heading: string; message: string; password: string }>(
      "all",
      "password-protect",
    ).data;
    expect(file.password).toBeTruthy();
    for (const site of SITES) {
      const response = await cms("get-password-protect", { site, method: "GET" });
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text).not.toContain(file.password);
      const data = (JSON.parse(text) as { data: Record<string, unknown> }).data;
      expect(data).toEqual({ enabled: file.enabled, heading: file.heading, message: file.message });
      expect(data).not.toHaveProperty("password");
    }
  });
});

describe("catalogue spec section 7: error answers { error: { code, message, fields? } }", () => {
  it('an unknown version ("v3.0") is a 400 UNKNOWN_VERSION with fields.version', async () => {
    for (const [name, method] of [
      ["get-contact", "POST"],
      ["get-footer", "GET"],
    ] as const) {
      const answer = await errorOf(await cms(name, { version: "v3.0", method }));
      expect(answer.status).toBe(400);
      expect(answer.error.code).toBe("UNKNOWN_VERSION");
      expect(answer.error.message).toContain("v3.0");
      expect(answer.error.fields?.version).toContain("v1.0");
    }
  });

  it("an unknown call is a 404, names on Object.prototype included", async () => {
    for (const name of ["get-nothing", "constructor", "__proto__", "toString", "hasOwnProperty"]) {
      for (const method of ["GET", "POST"] as const) {
        const answer = await errorOf(await cms(name, { method }));
        expect(answer.status, `${method} ${name}`).toBe(404);
        expect(answer.error.code).toBe("NOT_FOUND");
      }
    }
  });

  it("the wrong method is a 405 with an Allow header (GET on a POST call, POST/PUT/DELETE on a GET call)", async () => {
    const getOnPost = await errorOf(await cms("get-contact", { method: "GET" }));
    expect(getOnPost.status).toBe(405);
    expect(getOnPost.error.code).toBe("METHOD_NOT_ALLOWED");
    expect(getOnPost.headers.get("Allow")).toBe("POST");
    for (const method of ["POST", "PUT", "DELETE"] as const) {
      const answer = await errorOf(await cms("get-footer", { method }));
      expect(answer.status, method).toBe(405);
      expect(answer.headers.get("Allow")).toBe("GET");
    }
    const putOnPost = await errorOf(await cms("get-navigation", { method: "PUT", body: { handle: "main" } }));
    expect(putOnPost.status).toBe(405);
    expect(putOnPost.headers.get("Allow")).toBe("POST");
  });

  it("a malformed JSON body is a 400 MALFORMED_JSON", async () => {
    for (const name of ["get-contact", "get-navigation", "get-globals", "get-product-carousel"]) {
      const answer = await errorOf(await cms(name, { raw: '{"handle": "main"' }));
      expect(answer.status, name).toBe(400);
      expect(answer.error.code).toBe("MALFORMED_JSON");
    }
  });

  it("a body that is a JSON array, string, number or null is a 400 with fields.body", async () => {
    for (const raw of ["[]", '["main"]', '"main"', "42", "null", "true"]) {
      for (const name of ["get-contact", "get-navigation", "get-globals"]) {
        const answer = await errorOf(await cms(name, { raw }));
        expect(answer.status, `${name} ${raw}`).toBe(400);
        expect(answer.error.code).toBe("INVALID_REQUEST");
        expect(answer.error.fields?.body).toBeTruthy();
      }
    }
  });

  it("a body over 64 KiB is a 413", async () => {
    const answer = await errorOf(
      await cms("get-navigation", { body: { handle: "main", padding: "x".repeat(70_000) } }),
    );
    expect(answer.status).toBe(413);
    expect(answer.error.code).toBe("PAYLOAD_TOO_LARGE");
  });
});

describe("content service: publish status and site of entries", () => {
  const navData = (text: string) => JSON.stringify({ items: [{ text, url: "/products", children: [] }] });
  const handles = {
    published: `published-${SUFFIX}`,
    draft: `draft-${SUFFIX}`,
    archived: `archived-${SUFFIX}`,
    hpsfOnly: `hpsf-only-${SUFFIX}`,
  };

  beforeAll(async () => {
    const rows = [
      { site: "DTC", key: handles.published, status: "published" },
      { site: "DTC", key: handles.draft, status: "draft" },
      { site: "ALL", key: handles.archived, status: "archived" },
      { site: "HPSF", key: handles.hpsfOnly, status: "published" },
    ];
    for (const row of rows) {
      const created = await prisma.contentEntry.create({
        data: {
          ...row,
          type: "navigation",
          title: `Test ${row.key}`,
          data: navData(`Menu ${row.key}`),
          publishedAt: row.status === "published" ? new Date() : null,
        },
      });
      createdEntryIds.push(created.id);
    }
  });

  it("a published entry added to the database is served (control for the cases below)", async () => {
    expect((await navigation("DTC", handles.published)).items[0].text).toBe(`Menu ${handles.published}`);
  });

  it("a draft entry is not served: get-navigation with its handle is a 404", async () => {
    const answer = await errorOf(await cms("get-navigation", { body: { handle: handles.draft } }));
    expect(answer.status).toBe(404);
  });

  it("an archived entry is not served on either site: a 404", async () => {
    for (const site of SITES) {
      const answer = await errorOf(await cms("get-navigation", { site, body: { handle: handles.archived } }));
      expect(answer.status, site).toBe(404);
    }
  });

  it("an entry of one site is not served to the other", async () => {
    expect((await navigation("HPSF", handles.hpsfOnly)).items).toHaveLength(1);
    expect((await cms("get-navigation", { body: { handle: handles.hpsfOnly } })).status).toBe(404);
  });

  it("a site's own entry wins over the shared (ALL) one of the same key", async () => {
    const own = await prisma.contentEntry.create({
      data: {
        site: "DTC",
        type: "password-protect",
        key: "password-protect",
        status: "published",
        title: "DTC password protection (test)",
        data: JSON.stringify({ enabled: true, heading: "DTC only", message: "Just DTC.", password: "secret-dtc" }),
        publishedAt: new Date(),
      },
    });
    createdEntryIds.push(own.id);
    content.clearCache();
    try {
      const dtc = await dataOf<Record<string, unknown>>("get-password-protect", { method: "GET" });
      expect(dtc).toEqual({ enabled: true, heading: "DTC only", message: "Just DTC." });
      const hpsf = await dataOf<{ heading: string }>("get-password-protect", { site: "HPSF", method: "GET" });
      expect(hpsf.heading).toBe(contentFile<{ heading: string }>("all", "password-protect").data.heading);
    } finally {
      await prisma.contentEntry.delete({ where: { id: own.id } });
      createdEntryIds.splice(createdEntryIds.indexOf(own.id), 1);
      content.clearCache();
    }
  });
});

describe("content service: POST /api/delete-cache-item (ADMIN_SECRET) and the content cache", () => {
  it("GET is a 405 with Allow: POST", async () => {
    const response = await callRoute(deleteCacheItem.loader, new Request(`${ORIGIN}/api/delete-cache-item`));
    const answer = await errorOf(response);
    expect(answer.status).toBe(405);
    expect(answer.headers.get("Allow")).toBe("POST");
  });

  it("without the admin secret, or with a wrong one, it is a 401 and forgets nothing", async () => {
    await navigation("DTC", "main");
    expect(content.cacheKeys()).toContain("DTC:navigation:main");
    for (const authorization of [
      null,
      "",
      "Bearer wrong-secret-wrong-secret",
      `Bearer ${ADMIN_SECRET}x`,
      `Basic ${ADMIN_SECRET}x`,
    ]) {
      const answer = await errorOf(await deleteCache({ cacheKey: "DTC:navigation:main" }, authorization));
      expect(answer.status, String(authorization)).toBe(401);
      expect(answer.error.code).toBe("UNAUTHORIZED");
      expect(answer.headers.get("WWW-Authenticate")).toBe("Bearer");
    }
    expect(content.cacheKeys()).toContain("DTC:navigation:main");
  });

  it("a missing, blank or non-string cacheKey is a 400 with fields.cacheKey; malformed JSON a 400", async () => {
    for (const body of [{}, { cacheKey: "  " }, { cacheKey: 7 }]) {
      const answer = await errorOf(await deleteCache(body));
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.error.fields?.cacheKey).toBeTruthy();
    }
    const malformed = await errorOf(await deleteCache("{cacheKey", undefined, true));
    expect(malformed.status).toBe(400);
    expect(malformed.error.code).toBe("MALFORMED_JSON");
  });

  it('cacheKey "redirects" forgets the redirect table: { deleted: true }', async () => {
    const response = await deleteCache({ cacheKey: "redirects" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ deleted: true, cacheKey: "redirects" });
  });

  it("a key not cached answers { deleted: false }", async () => {
    const response = await deleteCache({ cacheKey: `DTC:navigation:${SUFFIX}-never-read` });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ deleted: false });
  });

  it("end to end: an edited entry stays cached until its cache item is deleted, then the new value is served", async () => {
    const where = { site_type_key: { site: "DTC", type: "navigation", key: "main" } };
    const row = await prisma.contentEntry.findUniqueOrThrow({ where });
    const original = await navigation("DTC", "main");
    const hpsfOriginal = await navigation("HPSF", "main");
    const edited = { items: [{ text: `Edited ${SUFFIX}`, url: "/products", children: [] }] };
    try {
      await prisma.contentEntry.update({ where, data: { data: JSON.stringify(edited) } });
      // Still cached: the old value.
      expect(await navigation("DTC", "main")).toEqual(original);

      const response = await deleteCache({ cacheKey: "DTC:navigation:main" });
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      expect(await response.json()).toEqual({ deleted: true, cacheKey: "DTC:navigation:main" });

      expect(await navigation("DTC", "main")).toEqual(edited);
      // v2.0 get-header resolves the same navigation, so it shows the edit too.
      const header = await dataOf<{ navigation: NavItem[] }>("get-header", { version: "v2.0", method: "GET" });
      expect(header.navigation).toEqual(edited.items);
      // The other site's cached menu is its own key and is untouched.
      expect(await navigation("HPSF", "main")).toEqual(hpsfOriginal);
    } finally {
      await prisma.contentEntry.update({ where, data: { data: row.data } });
      await deleteCache({ cacheKey: "DTC:navigation:main" });
    }
    expect(await navigation("DTC", "main")).toEqual(original);
  });
});

describe("catalogue spec section 3: content image assets at GET /cms/{id} are served as webp", () => {
  let assetId: string;
  let assetWidth: number;
  let createdFile: string | null = null;
  const missingId = `missing-file-${SUFFIX}`;

  beforeAll(async () => {
    // A source wider than 320 so ?w=320 really resizes it.
    const asset = await prisma.contentAsset.findFirstOrThrow({ where: { width: { gt: 320 } }, orderBy: { id: "asc" } });
    assetId = asset.id;
    assetWidth = asset.width;
    // The tests' seed does not draw the pictures: make a small source if it is missing.
    const target = path.join(ASSET_DIR, asset.file);
    if (!fs.existsSync(target)) {
      fs.mkdirSync(path.dirname(target), { recursive: true });
      const image = sharp({ create: { width: asset.width, height: asset.height, channels: 3, background: "#0054AA" } });
      await (asset.format === "jpeg" ? image.jpeg() : image.png()).toFile(target);
      createdFile = target;
    }
    await prisma.contentAsset.create({
      data: {
        id: missingId,
        format: "png",
        width: 400,
        height: 300,
        alt: "",
        description: "",
        file: `${missingId}.png`,
      },
    });
  });

  afterAll(async () => {
    if (createdFile) fs.rmSync(createdFile, { force: true });
    await prisma.contentAsset.deleteMany({ where: { id: missingId } });
  });

  const asset = (id: string, query = "") =>
    callRoute(cmsAsset.loader, new Request(`${ORIGIN}/cms/${id}${query}`), undefined, { params: { id } });

  async function webp(response: Response) {
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/webp");
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 4).toString("latin1")).toBe("RIFF");
    expect(bytes.subarray(8, 12).toString("latin1")).toBe("WEBP");
    const metadata = await sharp(bytes).metadata();
    expect(metadata.format).toBe("webp");
    return { metadata, headers: response.headers };
  }

  it("?w=320 is a webp at most 320 pixels wide, cached for a week", async () => {
    const { metadata, headers } = await webp(await asset(assetId, "?w=320"));
    expect(metadata.width).toBeGreaterThan(0);
    expect(metadata.width).toBeLessThanOrEqual(320);
    expect(headers.get("Cache-Control")).toBe("public, max-age=604800");
  });

  it("without w it is a webp no wider than the source", async () => {
    const { metadata } = await webp(await asset(assetId));
    expect(metadata.width).toBeLessThanOrEqual(assetWidth);
  });

  it("an unknown or malformed id is a 404; a row whose file is missing is a 404, not a 500", async () => {
    for (const id of [`no-such-asset-${SUFFIX}`, "..%2Fsecrets", "UPPER-case"]) {
      const response = await asset(id);
      expect(response.status, id).toBe(404);
    }
    // The missing file is our failure: logged once, as an error with its stack.
    const { result, lines } = await captureLogs(() => asset(missingId));
    expect(result.status).toBe(404);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: LEVEL.error, reqId: "test-request", assetId: missingId });
    expect(lines[0].err?.stack).toMatch(/\n\s+at /);
  });

  it("a w that is not a width in pixels (abc, -5, 12345, 1.5) is a 400", async () => {
    for (const w of ["abc", "-5", "12345", "1.5", ""]) {
      const response = await asset(assetId, `?w=${w}`);
      expect(response.status, `w=${w}`).toBe(400);
      expect(await response.text()).toMatch(/width/);
    }
  });
});
