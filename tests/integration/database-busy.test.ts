// Database busy (docs/rules.md): another process holds SQLite's write lock on this
// worker's database file (BEGIN IMMEDIATE on its own connection), as a second shop
// process or an operator's sqlite3 session would.
import http from "node:http";
import Database from "better-sqlite3";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { DATABASE_BUSY_CODE, DATABASE_BUSY_MESSAGE, DATABASE_BUSY_RETRY_AFTER_SECONDS } from "~/models/database-busy";
import type * as Db from "~/db.server";
import type * as CreateCartRoute from "~/routes/api.ecom.v1[.]0.create-cart";
import type * as CartRoute from "~/routes/cart";
import type * as ProductsRoute from "~/routes/products.$";
import type * as Observability from "~/services/observability/index.server";
import { createTestDatabase } from "../helpers/db";
import { httpGet, type HttpAnswer } from "../helpers/http";
import { removeDatabaseFile, seededDatabaseFile, startShopServer, type ShopServer } from "../helpers/shop-server";
import { callRoute, Jar } from "../helpers/routes";

const TIMEOUT_MS = 300;
const ORIGIN = "http://localhost:3000";

type App = {
  prisma: typeof Db.prisma;
  cart: typeof CartRoute;
  products: typeof ProductsRoute;
  createCart: typeof CreateCartRoute;
  metrics: typeof Observability.metrics;
};
let app: App;
let variantId: string;
let locker: Database.Database;

beforeAll(async () => {
  // A short timeout for this file: a fresh module graph and Prisma client read it.
  vi.resetModules();
  process.env.DATABASE_BUSY_TIMEOUT_MS = String(TIMEOUT_MS);
  delete (globalThis as { __prisma?: unknown }).__prisma;
  const { ensureSeeded } = await import("../helpers/seeded");
  await ensureSeeded();
  app = {
    prisma: (await import("~/db.server")).prisma,
    cart: await import("~/routes/cart"),
    products: await import("~/routes/products.$"),
    createCart: await import("~/routes/api.ecom.v1[.]0.create-cart"),
    metrics: (await import("~/services/observability/index.server")).metrics,
  };
  variantId = (await app.prisma.productVariant.findUniqueOrThrow({ where: { sku: "SD00402" } })).id;
  // The catalogue snapshot is built once; build it before any lock is taken.
  await listing();
  locker = new Database(process.env.DATABASE_URL!.replace(/^file:/, ""));
});

afterEach(() => {
  if (locker.inTransaction) locker.exec("ROLLBACK");
});

afterAll(() => {
  locker.close();
  delete process.env.DATABASE_BUSY_TIMEOUT_MS;
});

const holdWriteLock = () => locker.exec("BEGIN IMMEDIATE");

function listing() {
  const request = new Request(`${ORIGIN}/products/dog`);
  return callRoute(app.products.loader, request, undefined, { params: { "*": "dog" } });
}

function addToCart(jar = new Jar()) {
  const request = new Request(`${ORIGIN}/cart`, {
    method: "POST",
    body: new URLSearchParams({ intent: "add", variantId, quantity: "1" }),
    headers: {
      Cookie: jar.header,
      Referer: `${ORIGIN}/products/dog`,
      "Content-Type": "application/x-www-form-urlencoded",
    },
  });
  return callRoute(app.cart.action, request, jar);
}

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const startedAt = performance.now();
  const value = await run();
  return { value, ms: performance.now() - startedAt };
}

const busyTotal = async () => (await app.metrics.databaseBusy.get()).values.reduce((sum, v) => sum + v.value, 0);

describe("a held write lock (docs/rules.md 'Database busy')", () => {
  it("reads answer at once while another process holds the write lock", async () => {
    holdWriteLock();
    const page = await timed(listing);
    expect(page.value.status).toBe(200);
    const query = await timed(() => app.prisma.product.findMany({ take: 5 }));
    expect(query.value).toHaveLength(5);
    // Well under the timeout: reads never wait for the writer.
    expect(page.ms).toBeLessThan(TIMEOUT_MS / 2);
    expect(query.ms).toBeLessThan(TIMEOUT_MS / 2);
  });

  it("reads see the last committed state, not the lock holder's uncommitted rows", async () => {
    holdWriteLock();
    locker.prepare("UPDATE ProductVariant SET inventory = inventory + 1000 WHERE id = ?").run(variantId);
    const variant = await app.prisma.productVariant.findUniqueOrThrow({ where: { id: variantId } });
    expect(variant.inventory).toBeLessThan(1000);
  });

  it("a page action waits about DATABASE_BUSY_TIMEOUT_MS, then answers 503 with Retry-After and the busy message, not 500", async () => {
    const before = await busyTotal();
    holdWriteLock();
    const { value: response, ms } = await timed(() => addToCart());
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe(String(DATABASE_BUSY_RETRY_AFTER_SECONDS));
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await response.json()).toEqual({ error: { code: DATABASE_BUSY_CODE, message: DATABASE_BUSY_MESSAGE } });
    expect(ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
    expect(ms).toBeLessThan(TIMEOUT_MS + 700);
    expect(await busyTotal()).toBe(before + 1);
  });

  it("an API call answers 503 with the API's error shape", async () => {
    holdWriteLock();
    const request = new Request(`${ORIGIN}/api/ecom/v1.0/create-cart`, {
      method: "POST",
      body: JSON.stringify({ lineItems: [{ merchandiseId: variantId, quantity: 1 }] }),
      headers: { "Content-Type": "application/json" },
    });
    const response = await callRoute(app.createCart.action, request);
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe(String(DATABASE_BUSY_RETRY_AFTER_SECONDS));
    expect((await response.json()).error.code).toBe(DATABASE_BUSY_CODE);
  });

  it("several writes waiting together all answer within about one timeout, not one each", async () => {
    holdWriteLock();
    const { value: responses, ms } = await timed(() => Promise.all(Array.from({ length: 5 }, () => addToCart())));
    expect(responses.map((r) => r.status)).toEqual([503, 503, 503, 503, 503]);
    expect(ms).toBeLessThan(TIMEOUT_MS * 2.5);
  });

  it("reads stay prompt while writes are waiting for the lock", async () => {
    holdWriteLock();
    const writes = Promise.all([addToCart(), addToCart()]);
    const read = await timed(() => app.prisma.product.count());
    expect(read.ms).toBeLessThan(TIMEOUT_MS / 2);
    await writes;
  });

  it("recovers at once when the lock goes: the next write succeeds without waiting", async () => {
    holdWriteLock();
    expect((await addToCart()).status).toBe(503);
    locker.exec("COMMIT");
    const { value: response, ms } = await timed(() => addToCart());
    expect(response.status).toBe(302);
    expect(ms).toBeLessThan(TIMEOUT_MS / 2);
    holdWriteLock();
    const writing = addToCart();
    setTimeout(() => locker.exec("ROLLBACK"), TIMEOUT_MS / 3);
    // Released while the write waits: it goes through instead of failing.
    expect((await writing).status).toBe(302);
  });

  it("a process that opens the database while another holds it exclusively waits for it, as a write does", async () => {
    const { createPrismaClient } = await import("~/db.server");
    // A database of its own, with no connection open on it yet.
    const { db, url } = await createTestDatabase();
    await db.$disconnect();
    const file = url.replace(/^file:/, "");
    // An exclusive lock on the whole file, as SQLite takes for a moment to recover or
    // checkpoint the write-ahead log: even opening a connection is refused while it lasts.
    const exclusive = () => {
      const holder = new Database(file);
      holder.pragma("locking_mode = EXCLUSIVE");
      holder.exec("BEGIN EXCLUSIVE; COMMIT");
      return holder;
    };
    const fresh = createPrismaClient(url, { busyTimeoutMs: TIMEOUT_MS });
    const other = createPrismaClient(url, { busyTimeoutMs: TIMEOUT_MS });
    try {
      const long = exclusive();
      try {
        // Held past the timeout: the busy error, as for a write.
        await expect(other.product.count()).rejects.toThrow(/locked|busy|timed out|SocketTimeout/i);
      } finally {
        long.close();
      }
      const brief = exclusive();
      setTimeout(() => brief.close(), TIMEOUT_MS / 3);
      // Its first query opens the connections; released within the timeout, it goes through.
      expect(await fresh.product.count()).toBeGreaterThanOrEqual(0);
    } finally {
      await Promise.all([fresh.$disconnect(), other.$disconnect()]);
    }
  });
});

// The same rule on the production server (server.js over the build), as a shopper meets it:
// the action's 503 answer must survive Remix's document and data paths and the server in
// front, the page still rendered and every read answered meanwhile.
describe("a held write lock on the production server (docs/rules.md 'Database busy')", () => {
  const SERVER_TIMEOUT_MS = 1000;
  let file = "";
  let server: ShopServer;
  let serverLocker: Database.Database;
  let serverVariant = "";

  beforeAll(async () => {
    file = await seededDatabaseFile("busy-server");
    server = await startShopServer(file, { DATABASE_BUSY_TIMEOUT_MS: String(SERVER_TIMEOUT_MS), RUN_JOBS: "true" });
    serverLocker = new Database(file);
    serverVariant = (
      serverLocker.prepare(`SELECT id FROM "ProductVariant" WHERE sku = 'SD00402'`).get() as { id: string }
    ).id;
  }, 300_000);

  afterAll(() => {
    serverLocker?.close();
    server?.kill();
    removeDatabaseFile(file);
  });

  afterEach(() => {
    if (serverLocker?.inTransaction) serverLocker.exec("ROLLBACK");
  });

  const post = (path: string, body: string, type: string, cookie = "") =>
    new Promise<HttpAnswer & { ms: number }>((resolve, reject) => {
      const startedAt = performance.now();
      const request = http.request(
        {
          host: "127.0.0.1",
          port: server.port,
          method: "POST",
          path,
          agent: false,
          headers: {
            Origin: `http://127.0.0.1:${server.port}`,
            "Content-Type": type,
            "Content-Length": String(Buffer.byteLength(body)),
            ...(cookie ? { Cookie: cookie } : {}),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({
              status: response.statusCode!,
              headers: response.headers,
              body: Buffer.concat(chunks),
              ms: performance.now() - startedAt,
            }),
          );
        },
      );
      request.on("error", reject);
      request.end(body);
    });
  const form = "application/x-www-form-urlencoded";
  const add = (cookie = "", path = "/cart") =>
    post(path, `intent=add&variantId=${serverVariant}&quantity=1`, form, cookie);
  const cookieOf = (answer: HttpAnswer, name: string) =>
    ([answer.headers["set-cookie"] ?? []].flat().find((c) => c.startsWith(`${name}=`)) ?? "").split(";")[0];

  it("a shopper's add to cart answers 503 with Retry-After and the busy page, a data request and a JSON call the busy JSON; reads go on", async () => {
    // A cart already, so the page, data and JSON paths all write to an existing one too.
    const first = await add();
    expect(first.status).toBe(302);
    const cart = cookieOf(first, "col_cart_id");
    const cartId = (
      serverLocker.prepare(`SELECT id FROM "Cart" ORDER BY "createdAt" DESC LIMIT 1`).get() as { id: string }
    ).id;
    serverLocker.exec("BEGIN IMMEDIATE");

    const [page, data, api, read] = await Promise.all([
      add(cart),
      add(cart, "/cart?_data=routes%2Fcart"),
      post(
        "/api/ecom/v1.0/add-cart-line-items",
        JSON.stringify({
          cartId,
          lineItems: [{ merchandiseId: serverVariant, quantity: 1 }],
        }),
        "application/json",
      ),
      (async () => {
        const startedAt = performance.now();
        const answer = await httpGet(server.port, "/cart", { Cookie: cart });
        return { ...answer, ms: performance.now() - startedAt };
      })(),
    ]);
    expect(page.status).toBe(503);
    expect(page.headers["retry-after"]).toBe(String(DATABASE_BUSY_RETRY_AFTER_SECONDS));
    expect(page.headers["cache-control"]).toBe("private, no-store");
    expect(page.body.toString()).toContain(DATABASE_BUSY_MESSAGE);
    for (const answer of [data, api]) {
      expect(answer.status).toBe(503);
      expect(answer.headers["retry-after"]).toBe(String(DATABASE_BUSY_RETRY_AFTER_SECONDS));
      expect((JSON.parse(answer.body.toString()) as { error: { code: string } }).error.code).toBe(DATABASE_BUSY_CODE);
    }
    // Within the timeout and the bound of 3 s; the read never waited for the writer.
    for (const answer of [page, data, api]) expect(answer.ms).toBeLessThan(3000);
    expect(read.status).toBe(200);
    expect(read.ms).toBeLessThan(SERVER_TIMEOUT_MS);

    serverLocker.exec("ROLLBACK");
    expect((await add(cart)).status).toBe(302);
  }, 60_000);
});
