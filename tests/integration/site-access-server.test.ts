// Site access at the boundary (docs/rules.md "Site access"; docs/security.md "Site access at the
// boundary"): the production server, locked by password protection, holds every kind of
// request — pages, `?_data=` loads, form posts, JSON calls, feeds, the sitemap, images — and
// a second process in maintenance answers 503 everywhere but the maintenance page, the back
// office and the probes. The guards once ran only in the root loader, which `?_data=`
// requests, actions and resource routes never reach.
import http from "node:http";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpGet, type HttpAnswer } from "../helpers/http";
import { removeDatabaseFile, seededDatabaseFile, startShopServer, type ShopServer } from "../helpers/shop-server";

const PASSWORD = "pawsome-preview";
let databaseFile = "";
let locked: ShopServer;
let maintenance: ShopServer;
let assetId = "";
let productImage = "";

beforeAll(async () => {
  databaseFile = await seededDatabaseFile("site-access");
  const db = new Database(databaseFile);
  const row = db.prepare(`SELECT id, data FROM "ContentEntry" WHERE type = 'password-protect'`).get() as {
    id: string;
    data: string;
  };
  db.prepare(`UPDATE "ContentEntry" SET data = ? WHERE id = ?`).run(
    JSON.stringify({ ...JSON.parse(row.data), enabled: true, password: PASSWORD }),
    row.id,
  );
  assetId = (db.prepare(`SELECT id FROM "ContentAsset" LIMIT 1`).get() as { id: string }).id;
  productImage = (db.prepare(`SELECT url FROM "ProductImage" LIMIT 1`).get() as { url: string }).url;
  db.close();
  [locked, maintenance] = await Promise.all([
    startShopServer(databaseFile),
    // A mutation limit of 1 a minute: only what the gate lets through counts (the webhook below).
    startShopServer(databaseFile, { MAINTENANCE_MODE: "on", MUTATION_RATE_LIMIT_PER_MINUTE: "1" }),
  ]);
}, 300_000);

afterAll(() => {
  locked?.kill();
  maintenance?.kill();
  removeDatabaseFile(databaseFile);
});

/** A request with a body on a connection of its own, sent as a same-origin browser would. */
function send(port: number, method: string, pathname: string, body: string, type: string, cookie = "") {
  return new Promise<HttpAnswer>((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        method,
        path: pathname,
        agent: false,
        headers: {
          Origin: `http://127.0.0.1:${port}`,
          "Content-Type": type,
          "Content-Length": String(Buffer.byteLength(body)),
          ...(cookie ? { Cookie: cookie } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/** A webhook delivery as Shopify's servers send it: JSON with its headers, no Origin and no cookie. */
function deliver(port: number, body: string) {
  return new Promise<HttpAnswer>((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/webhooks/shopify",
        agent: false,
        headers: {
          "Content-Type": "application/json",
          "Content-Length": String(Buffer.byteLength(body)),
          "X-Shopify-Topic": "products/delete",
          "X-Shopify-Hmac-Sha256": "c2lnbmVk",
          "X-Shopify-Webhook-Id": "b54557e4-bdd9-4b37-8a5f-bf7d70bcd043",
          "X-Shopify-Shop-Domain": "pet-food.myshopify.com",
          "X-Shopify-API-Version": "2026-04",
          "X-Shopify-Triggered-At": "2026-11-28T10:00:00.000Z",
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

const form = "application/x-www-form-urlencoded";
const json = "application/json";
const back = (path: string) => Buffer.from(path).toString("base64url");
const errorCode = (answer: HttpAnswer) =>
  (JSON.parse(answer.body.toString()) as { error: { code: string } }).error.code;

describe("a password-protected shop holds every kind of request", () => {
  it("sends pages, feeds, the sitemap and images to the password page, private and uncached", async () => {
    const paths = [
      "/",
      "/products/dog?page=2",
      "/feeds/google.xml",
      "/sitemap.xml",
      "/robots.txt",
      "/sitemap",
      `/cms/${assetId}`,
      `/_ipx/w_64${productImage}`,
      productImage,
      "/cart",
      "/checkout",
    ];
    for (const path of paths) {
      const answer = await httpGet(locked.port, path);
      expect({ path, status: answer.status }).toEqual({ path, status: 302 });
      expect(answer.headers.location).toBe(
        path === "/" ? "/password-protect" : `/password-protect?redirect=${back(path)}`,
      );
      expect(answer.headers["cache-control"]).toBe("private, no-store");
    }
  });

  it("answers a client navigation's data request with Remix's redirect, reloading the document", async () => {
    const answer = await httpGet(locked.port, "/products/dog?sort=name&_data=routes%2Fproducts.%24");
    expect(answer.status).toBe(204);
    expect(answer.headers["x-remix-redirect"]).toBe(`/password-protect?redirect=${back("/products/dog?sort=name")}`);
    expect(answer.headers["x-remix-reload-document"]).toBe("true");
    expect(answer.headers["cache-control"]).toBe("private, no-store");
  });

  it("sends form posts (the cart, the checkout) to the password page with 303, changing nothing", async () => {
    const added = await send(locked.port, "POST", "/cart", "intent=add&merchandiseId=x&quantity=1", form);
    expect(added.status).toBe(303);
    expect(added.headers.location).toBe(`/password-protect?redirect=${back("/cart")}`);
    expect(added.headers["set-cookie"]).toBeUndefined();
    const placed = await send(locked.port, "POST", "/checkout?_data=routes%2Fcheckout", "intent=place", form);
    expect(placed.status).toBe(204);
    expect(placed.headers["x-remix-redirect"]).toBe(`/password-protect?redirect=${back("/checkout")}`);
  });

  it("refuses the JSON API with 403 SITE_LOCKED", async () => {
    const created = await send(locked.port, "POST", "/api/ecom/v1.0/create-cart", '{"lineItems":[]}', json);
    expect(created.status).toBe(403);
    expect(errorCode(created)).toBe("SITE_LOCKED");
    const stock = await httpGet(locked.port, "/api/get-stock-object");
    expect(stock.status).toBe(403);
  });

  it("keeps open what the password page needs, the probes and the back office", async () => {
    const page = await httpGet(locked.port, "/password-protect");
    expect(page.status).toBe(200);
    const stylesheet = /href="(\/build\/[^"]+\.css)"/.exec(page.body.toString())![1];
    expect((await httpGet(locked.port, stylesheet)).status).toBe(200);
    for (const path of ["/favicon.svg", "/healthz", "/readyz", "/admin/login", "/maintenance"]) {
      expect({ path, status: (await httpGet(locked.port, path)).status }).toEqual({ path, status: 200 });
    }
  });

  it("lets Shopify's webhook post reach its route: no cookie, no Origin, JSON (docs/rules.md 'Shopify webhooks')", async () => {
    // As Shopify's servers post: nothing a browser sends. The route answers (this shop is not on
    // Shopify: its 404), not the password page, the guard or, in bursts, the per-client limit.
    for (const server of [locked, maintenance, maintenance, maintenance]) {
      const answer = await deliver(server.port, '{"id":632910392}');
      expect(answer.status).toBe(404);
      expect(answer.headers["cache-control"]).toBe("private, no-store");
      expect(JSON.parse(answer.body.toString()).error.message).toBe("This shop does not take Shopify webhooks.");
    }
  });

  it("opens everything to the browser that gave the password, and to it only", async () => {
    const unlocked = await send(
      locked.port,
      "POST",
      "/password-protect",
      `password=${PASSWORD}&redirect=${back("/faq")}`,
      form,
    );
    expect(unlocked.status).toBe(302);
    expect(unlocked.headers.location).toBe("/faq");
    const cookie = String(unlocked.headers["set-cookie"]).split(";")[0];
    expect((await httpGet(locked.port, "/faq", { Cookie: cookie })).status).toBe(200);
    expect((await httpGet(locked.port, "/feeds/google.xml", { Cookie: cookie })).status).toBe(200);
    expect(
      (await send(locked.port, "POST", "/api/ecom/v1.0/create-cart", '{"lineItems":[]}', json, cookie)).status,
    ).not.toBe(403);
    expect((await httpGet(locked.port, "/faq")).status).toBe(302);
  });
});

describe("maintenance mode holds every kind of request", () => {
  it("sends pages and form posts to /maintenance, which answers 503 with Retry-After", async () => {
    for (const path of ["/", "/products/dog", "/feeds/google.xml", "/password-protect"]) {
      const answer = await httpGet(maintenance.port, path);
      expect({ path, status: answer.status, location: answer.headers.location }).toEqual({
        path,
        status: 302,
        location: "/maintenance",
      });
      expect(answer.headers["retry-after"]).toBe("300");
    }
    expect((await send(maintenance.port, "POST", "/cart", "intent=add", form)).headers.location).toBe("/maintenance");
    const page = await httpGet(maintenance.port, "/maintenance");
    expect(page.status).toBe(503);
    expect(page.headers["retry-after"]).toBe("300");
    expect(page.body.toString()).toContain("<h1");
  });

  it("answers data requests with Remix's redirect and the JSON API with 503 MAINTENANCE", async () => {
    const data = await httpGet(maintenance.port, "/?_data=routes%2F_index");
    expect(data.status).toBe(204);
    expect(data.headers["x-remix-redirect"]).toBe("/maintenance");
    const api = await send(maintenance.port, "POST", "/api/ecom/v1.0/create-cart", '{"lineItems":[]}', json);
    expect(api.status).toBe(503);
    expect(api.headers["retry-after"]).toBe("300");
    expect(errorCode(api)).toBe("MAINTENANCE");
  });

  it("keeps the back office and the probes open", async () => {
    for (const path of ["/admin/login", "/healthz", "/readyz", "/favicon.svg"]) {
      expect({ path, status: (await httpGet(maintenance.port, path)).status }).toEqual({ path, status: 200 });
    }
  });
});
