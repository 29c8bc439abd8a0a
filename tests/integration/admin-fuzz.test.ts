// No 5xx on any input, in the back office (docs/rules.md "No 5xx on any input"; docs/security.md
// "Malformed input"): every /admin route file found in app/routes, its loader and action called
// directly, signed in as the owner (who may do everything), with malformed inputs: object-method
// intents (toString, constructor, __proto__, valueOf, hasOwnProperty, then), prototype keys as field
// names, odd values in every field and query parameter, odd route parameters, bodies of the wrong
// type. On a database of its own, so its posts disturb no other test. It fails on any 5xx (or a
// thrown error, which Remix answers 500), naming route, request and status.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// Before the app's modules load: this file's own database.
const { url } = await vi.hoisted(async () => {
  const { newTestDatabaseUrl } = await import("../helpers/migrations");
  const url = await newTestDatabaseUrl("admin_fuzz");
  process.env.DATABASE_URL = url;
  return { url };
});

import { vi } from "vitest";
import { prisma } from "~/db.server";
import { ADMIN_ROLES } from "~/models/admin-roles";
import { seedDatabase } from "../../prisma/seed/index";
import { newAdmin, type TestAdmin } from "../helpers/admin";
import { orderOfVariant } from "../helpers/orders";
import { callRoute, type Jar, ORIGIN, type RouteHandler } from "../helpers/routes";

/** Intents that name what every plain object has: a lookup by them must be an unknown intent. */
const OBJECT_METHOD_INTENTS = ["toString", "constructor", "__proto__", "valueOf", "hasOwnProperty", "then"];

// ---------------------------------------------------------------------------
// The routes, found from the files in app/routes, so a new back-office route is fuzzed too.

type Segment = { kind: "static"; value: string } | { kind: "param"; name: string };

interface AdminRoute {
  file: string;
  segments: Segment[];
  loader?: RouteHandler;
  action?: RouteHandler;
  /** Field names the route (and the models it imports) reads. */
  fields: string[];
  /** The `intent` values its forms send and its action tells apart. */
  intents: string[];
}

const ROUTES_DIR = path.resolve("app", "routes");

function segmentsOf(name: string): Segment[] {
  return name
    .split(".")
    .filter((part) => part !== "_index")
    .map((part) => part.replace(/_$/, ""))
    .map((part) => (part.startsWith("$") ? { kind: "param", name: part.slice(1) } : { kind: "static", value: part }));
}

/** The route's source with the app models it imports (where its schemas and intents live). */
function sourceOf(own: string): string {
  const models = [...own.matchAll(/from "~\/models\/([\w.-]+)"/g)].map((m) =>
    fs.readFileSync(path.resolve("app", "models", `${m[1]}.ts`), "utf8"),
  );
  return [own, ...models].join("\n");
}

const found = (source: string, patterns: RegExp[]) =>
  [...new Set(patterns.flatMap((pattern) => [...source.matchAll(pattern)].map((m) => m[1])))].sort();

/** Most fields a route's posts fill (each gets every odd value in turn). */
const MAX_FIELDS = 12;

const fieldsIn = (source: string) =>
  found(source, [
    /\.get(?:All)?\("([\w-]+)"\)/g,
    /name="([\w-]+)"/g,
    /name=\{`([\w-]+)/g,
    /^\s+(\w+): (?:z\b|text\(|[A-Z]\w*Schema)/gm,
  ]).filter((field) => field !== "intent");

async function discoverRoutes(): Promise<AdminRoute[]> {
  const files = fs
    .readdirSync(ROUTES_DIR)
    .filter((file) => /^admin[._].*\.tsx?$|^admin\.tsx$/.test(file) && !file.includes(".test."))
    .sort();
  return Promise.all(
    files.map(async (file) => {
      const module = (await import(path.join(ROUTES_DIR, file))) as { loader?: RouteHandler; action?: RouteHandler };
      const own = fs.readFileSync(path.join(ROUTES_DIR, file), "utf8");
      const source = sourceOf(own);
      return {
        file,
        segments: segmentsOf(file.replace(/\.tsx?$/, "")),
        loader: module.loader,
        action: module.action,
        // The route's own names first, then its schemas' (a content model names dozens).
        fields: [...new Set([...fieldsIn(own), ...fieldsIn(source)])].slice(0, MAX_FIELDS),
        intents: found(source, [
          /name="intent"\s+value="([\w-]+)"/g,
          /intent === "([\w-]+)"/g,
          /intent: z\.literal\("([\w-]+)"\)/g,
          /case "([\w-]+)":/g,
        ]),
      };
    }),
  );
}

// ---------------------------------------------------------------------------
// Known rows, so requests reach past "not found" into the code behind it.

interface Known {
  byParent: Record<string, string>;
  fields: Record<string, string>;
}

async function knownRows(other: TestAdmin): Promise<Known> {
  const customer = await prisma.customer.findFirstOrThrow({ orderBy: { createdAt: "asc" } });
  const variant = await prisma.productVariant.findFirstOrThrow({ orderBy: { sku: "asc" } });
  const order = await orderOfVariant(prisma, customer.id, variant.id);
  const entry = await prisma.contentEntry.findFirstOrThrow({ where: { type: "page" }, orderBy: { key: "asc" } });
  const review = await prisma.review.findFirstOrThrow({ orderBy: { id: "asc" } });
  const redirect = await prisma.redirect.findFirstOrThrow({ orderBy: { id: "asc" } });
  const revision = await prisma.contentRevision.findFirst({ where: { entryId: entry.id } });
  return {
    byParent: { content: entry.id, customers: customer.id, orders: String(order.number), products: variant.productId },
    fields: {
      id: redirect.id,
      orderId: order.id,
      reviewId: review.id,
      variantId: variant.id,
      userId: other.id,
      revisionId: revision?.id ?? "x",
      site: "DTC",
      type: "page",
      status: "301",
      // Empty, so a sign-in (a quarter second of password hashing) is tried only when the fuzz fills it.
      password: "",
    },
  };
}

// ---------------------------------------------------------------------------
// Fuzz values.

/** Odd values for a field or query parameter, percent-encoded as a form body carries them. */
const VALUES = [
  ...OBJECT_METHOD_INTENTS,
  "prototype",
  "%ED%A0%80",
  "%FF",
  "%",
  "%zz",
  "%00",
  "%E2%80%AE",
  "1e309",
  "-1e309",
  "9007199254740993",
  "-0",
  "NaN",
  "-1",
  "0",
  "",
  "%20",
  "%2F%2Fevil.test",
  "javascript%3Aalert(1)",
  "2026-13-45",
  "%5B%5D",
  "%7B%7D",
  "x".repeat(3_000),
];

/**
 * Route parameters as Remix hands them over: decoded, or as sent when they do not decode
 * ("%ED%A0%80", "%FF"), so never a lone surrogate.
 */
const PARAM_VALUES = [
  ...OBJECT_METHOD_INTENTS,
  "prototype",
  "%ED%A0%80",
  "\u202e",
  "\u0000",
  "%FF",
  "../../etc/passwd",
  "a/b",
  "1e309",
  "9007199254740993",
  "-1",
  "0",
  "NaN",
  "",
  " ",
  "x".repeat(3_000),
];

interface Case {
  route: string;
  method: string;
  path: string;
  params: Record<string, string>;
  headers?: Record<string, string>;
  body?: string;
  note?: string;
}

const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
const BOUNDARY = "----adminfuzz";

function pathOf(route: AdminRoute, params: Record<string, string>): string {
  return (
    "/" +
    route.segments.map((s) => (s.kind === "static" ? s.value : encodeURIComponent(params[s.name] ?? ""))).join("/")
  );
}

/** The route's parameters filled with known rows, and each one fuzzed in turn. */
function paramSets(route: AdminRoute, known: Known): Record<string, string>[] {
  const good: Record<string, string> = {};
  route.segments.forEach((segment, i) => {
    if (segment.kind !== "param") return;
    const parent = route.segments[i - 1];
    good[segment.name] = parent?.kind === "static" ? (known.byParent[parent.value] ?? "x") : "x";
  });
  const fuzzed = Object.keys(good).flatMap((name) => PARAM_VALUES.map((value) => ({ ...good, [name]: value })));
  return [good, ...fuzzed];
}

/** Every `step`-th case, so a capped list keeps each kind of request. */
function spread<T>(cases: T[], cap: number): T[] {
  if (cases.length <= cap) return cases;
  const step = cases.length / cap;
  return Array.from({ length: cap }, (_, i) => cases[Math.floor(i * step)]);
}

/** Requests per loader beyond the fixed ones (every odd route parameter, prototype keys). */
const LOADER_SPREAD = 14;
/** Requests per action beyond the fixed ones (bodies, object-method intents, each intent with good fields). */
const ACTION_SPREAD = 36;
/**
 * Fewer for the sign-in: each attempt that reaches the password check hashes one (scrypt, a tenth
 * to half a second here), and the storefront fuzz (tests/e2e/fuzz.spec.ts) posts to it as well.
 */
const ACTION_SPREAD_OF: Record<string, number> = { "admin_.login.tsx": 6 };

function loaderCases(route: AdminRoute, known: Known): Case[] {
  const [good, ...fuzzedParams] = paramSets(route, known);
  const base = pathOf(route, good);
  const get = (query: string, params = good, note?: string): Case => ({
    route: route.file,
    method: "GET",
    path: `${params === good ? base : pathOf(route, params)}${query ? `?${query}` : ""}`,
    params,
    note,
  });
  const names = [...new Set([...route.fields, "q", "page", "status", "site", "edit", "redirect"])];
  return [
    get(""),
    ...fuzzedParams.map((params) => get("", params)),
    get(OBJECT_METHOD_INTENTS.map((key, i) => `${key}=${i}&${key}[x]=1`).join("&")),
    get(names.map((name) => `${name}=1&${name}=2&${name}[]=3`).join("&"), good, "every name duplicated"),
    // A NUL character in every name at once (PostgreSQL takes no NUL in text).
    get(names.map((name) => `${name}=a%00b`).join("&")),
    ...spread(
      VALUES.flatMap((value) => names.map((name) => get(`${name}=${value}`))),
      LOADER_SPREAD,
    ),
  ];
}

function multipart(parts: [string, string][], file?: [string, string]): string {
  const text = parts.map(([n, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${n}"\r\n\r\n${v}\r\n`);
  if (file) {
    text.push(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file[0]}"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n${file[1]}\r\n`,
    );
  }
  return `${text.join("")}--${BOUNDARY}--\r\n`;
}

/** Object-method intents posted alone and with every field good. */
function objectMethodCases(route: AdminRoute, known: Known): Case[] {
  const [good] = paramSets(route, known);
  const body = (intent: string) =>
    [
      `intent=${intent}`,
      ...route.fields.map((field) => `${field}=${encodeURIComponent(known.fields[field] ?? "x")}`),
    ].join("&");
  const post = (text: string, note?: string): Case => ({
    route: route.file,
    method: "POST",
    path: pathOf(route, good),
    params: good,
    headers: FORM,
    body: text,
    note,
  });
  return OBJECT_METHOD_INTENTS.flatMap((intent) => [
    post(`intent=${intent}`),
    post(body(intent), `intent=${intent}, every field good`),
  ]);
}

function actionCases(route: AdminRoute, known: Known): Case[] {
  const [good, ...fuzzedParams] = paramSets(route, known);
  const url = pathOf(route, good);
  const post = (
    body: string | undefined,
    headers: Record<string, string> = FORM,
    note?: string,
    params = good,
  ): Case => ({
    route: route.file,
    method: "POST",
    path: params === good ? url : pathOf(route, params),
    params,
    headers,
    body,
    note,
  });
  const intents = route.intents.length ? route.intents : ["x"];
  const fields = route.fields;
  const goodOf = (field: string) => encodeURIComponent(known.fields[field] ?? "x");
  const form = (intent: string, value: (field: string) => string) =>
    [`intent=${intent}`, ...fields.map((field) => `${field}=${value(field)}`)].join("&");
  const multipartType = { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` };
  const fixed: Case[] = [
    // Bodies of the wrong type or broken.
    post(undefined, {}, "no body, no content type"),
    post(""),
    post('{"intent":"toString"}', { "Content-Type": "application/json" }),
    post("intent=toString", { "Content-Type": "text/plain" }),
    post("garbage", multipartType, "multipart, garbage"),
    post(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsave`, multipartType, "multipart, cut"),
    post("intent=save", { "Content-Type": "multipart/form-data" }, "multipart without a boundary"),
    post(multipart([["intent", intents[0]]], ["file", "not an image"]), multipartType, "a file"),
    post(multipart(fields.map((f) => [f, "\ud800"])), multipartType, "multipart, lone surrogates"),
    { ...post(form(intents[0], goodOf)), method: "PUT" },
    ...objectMethodCases(route, known),
    post(OBJECT_METHOD_INTENTS.map((intent) => `intent[]=${intent}`).join("&")),
    post(OBJECT_METHOD_INTENTS.map((intent) => `intent=${intent}`).join("&"), FORM, "every object-method intent"),
    ...["", "%ED%A0%80", "%FF", "prototype"].map((intent) => post(form(intent, goodOf))),
    // Each real intent: every field good, every field with a NUL character (PostgreSQL takes no NUL
    // in text), then prototype keys as field names besides the good fields.
    ...intents.flatMap((intent) => [
      post(form(intent, goodOf)),
      post(form(intent, (f) => `${goodOf(f)}%00`)),
      post(`${form(intent, goodOf)}&${OBJECT_METHOD_INTENTS.map((key) => `${key}=1`).join("&")}`),
    ]),
  ];
  // Then each odd value in every field at once, and in each field alone (the others good), with each intent.
  const varied: Case[] = [];
  for (const value of VALUES) {
    for (const intent of intents) {
      varied.push(post(form(intent, () => value)));
      for (const field of fields) varied.push(post(form(intent, (f) => (f === field ? value : goodOf(f)))));
    }
  }
  for (const params of fuzzedParams) varied.push(post(form(intents[0], goodOf), FORM, undefined, params));
  return [...fixed, ...spread(varied, ACTION_SPREAD_OF[route.file] ?? ACTION_SPREAD)];
}

// ---------------------------------------------------------------------------

interface Failure {
  route: string;
  request: string;
  status: number | string;
}

function describeCase(c: Case): string {
  const body = c.note ?? (c.body === undefined ? "" : c.body.length > 200 ? `${c.body.slice(0, 200)}…` : c.body);
  const url = c.path.length > 200 ? `${c.path.slice(0, 200)}… (${c.path.length} chars)` : c.path;
  return `${c.method} ${url}${c.headers?.["Content-Type"] ? ` [${c.headers["Content-Type"]}]` : ""} ${body}`.trim();
}

let ip = 0;

async function send(route: AdminRoute, c: Case, jar: Jar): Promise<Failure | null> {
  const handler = c.method === "GET" ? route.loader : route.action;
  if (!handler) return null;
  const request = new Request(`${ORIGIN}${c.path}`, {
    method: c.method,
    headers: { Cookie: jar.header, ...c.headers },
    body: c.method === "GET" ? undefined : c.body,
  });
  // Each request from an address of its own: the sign-in rate limit must not hide what lies behind it.
  const clientIp = `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip++ & 255}`;
  try {
    // The cookies the answer sets are not kept: a fuzzed post never signs the owner out of the next one.
    const response = await callRoute(handler, request, undefined, { params: c.params, clientIp });
    if (response.status >= 500) return { route: c.route, request: describeCase(c), status: response.status };
    await response.body?.cancel();
    return null;
  } catch (error) {
    const message = error instanceof Error ? `${error.name}: ${error.message.split("\n")[0]}` : String(error);
    return { route: c.route, request: describeCase(c), status: `500 (thrown ${message.slice(0, 200)})` };
  }
}

function report(failures: Failure[]): string {
  const byRoute = new Map<string, Failure[]>();
  for (const f of failures) byRoute.set(f.route, [...(byRoute.get(f.route) ?? []), f]);
  return [...byRoute]
    .map(([route, list]) => `${route} (${list.length}):\n${list.map((f) => `  ${f.status} ${f.request}`).join("\n")}`)
    .join("\n");
}

let routes: AdminRoute[];
let owner: TestAdmin;
let known: Known;

beforeAll(async () => {
  await seedDatabase(prisma, { images: false, syntheticProducts: 0 });
  owner = await newAdmin("owner", "fuzz-owner");
  known = await knownRows(await newAdmin("support", "fuzz-other"));
  routes = await discoverRoutes();
}, 120_000);

afterAll(async () => {
  await prisma.$disconnect();
  if (url.startsWith("file:")) {
    for (const suffix of ["", "-wal", "-shm", "-journal"]) fs.rmSync(url.slice(5) + suffix, { force: true });
  }
});

describe("no 5xx on any input, in the back office", () => {
  it("every /admin route answers malformed requests below 500, signed in as the owner", async () => {
    // Found from app/routes: the frame, the sign-in, every screen.
    expect(routes.length).toBeGreaterThanOrEqual(24);
    expect(routes.map((r) => r.file)).toEqual(
      expect.arrayContaining(["admin.tsx", "admin_.login.tsx", "admin.redirects.tsx"]),
    );
    expect(routes.filter((r) => !r.loader && !r.action)).toEqual([]);
    const started = Date.now();
    const failures: Failure[] = [];
    let count = 0;
    for (const route of routes) {
      // Signing out would end the session the others need: it runs with a session of its own.
      const jar = route.file === "admin_.logout.tsx" ? (await newAdmin("owner", "fuzz-logout")).jar : owner.jar;
      const cases = [
        ...(route.loader ? loaderCases(route, known) : []),
        ...(route.action ? actionCases(route, known) : []),
      ];
      count += cases.length;
      for (const c of cases) {
        const failure = await send(route, c, jar);
        if (failure) failures.push(failure);
      }
    }
    // Every other role too, with the object-method intents: a role's permission check is a lookup
    // as well, and the owner's passes before it looks.
    for (const role of ADMIN_ROLES.filter((r) => r !== "owner")) {
      const { jar } = await newAdmin(role, `fuzz-${role}`);
      for (const route of routes.filter((r) => r.action && r.file !== "admin_.logout.tsx")) {
        // Alone: the lookup comes before any field is read.
        const cases = objectMethodCases(route, known).filter((c) => !c.note);
        count += cases.length;
        for (const c of cases) {
          const failure = await send(route, c, jar);
          if (failure) failures.push({ ...failure, route: `${failure.route} as ${role}` });
        }
      }
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`admin fuzz: ${count} requests, ${routes.length} routes, ${failures.length} 5xx, ${seconds} s`);
    // Still signed in: nothing the fuzz posted ended the owner's session or role.
    const frame = routes.find((r) => r.file === "admin.tsx")!;
    const still = await callRoute(
      frame.loader!,
      new Request(`${ORIGIN}/admin`, { headers: { Cookie: owner.jar.header } }),
    );
    expect(still.status, "the owner is still signed in after the fuzz").toBe(200);
    expect(failures.length, `5xx answers:\n${report(failures)}`).toBe(0);
  }, 120_000);
});
