// The stock service (embedded provider) and its two calls: get-stock-object (shop-core
// spec section 7) and get-products-stock (catalogue spec section 7).
import type { ActionFunctionArgs } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import type { PrismaClient } from "~/generated/prisma/client";
import { isHomeDeliveryZip, parseZipRanges } from "~/models/zip";
import { action as cartAction } from "~/routes/cart";
import * as productsStock from "~/routes/api.get-products-stock";
import * as stockObject from "~/routes/api.get-stock-object";
import { zipCovered } from "~/services/checkout/index.server";
import { createEmbeddedStock } from "~/services/stock/embedded.server";
import { stock } from "~/services/stock/index.server";
import type { ProductStock, StockRecord } from "~/services/stock/types";
import { HOME_ZIP_RANGES } from "../../prisma/seed/fixtures";
import { callRoute, formRequest, Jar } from "../helpers/routes";
import { ensureSeeded } from "../helpers/seeded";

type Handler = (args: ActionFunctionArgs) => Promise<Response>;
interface ApiError {
  error: { code: string; message: string; fields?: Record<string, string> };
}

const COVERED_ZIP = "80011";
const UNCOVERED_ZIP = "30301";

async function call(handler: Handler, body: string): Promise<Response> {
  const request = new Request("http://localhost:3000/api/x", {
    method: "POST",
    body,
    headers: { "Content-Type": "application/json" },
  });
  try {
    return await handler({ request, params: {}, context: {} });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

async function postJson<T>(handler: Handler, body: unknown) {
  const response = await call(handler, JSON.stringify(body));
  return { status: response.status, body: (await response.json()) as T };
}

let inStockSku: string;
let inStockUnits: number;
let outOfStockSku: string;

beforeAll(async () => {
  await ensureSeeded();
  const stocked = await prisma.productVariant.findFirstOrThrow({
    where: { inventory: { gt: 0 }, product: { soldOnDtc: true } },
    orderBy: { sku: "asc" },
    select: { sku: true, inventory: true },
  });
  inStockSku = stocked.sku;
  inStockUnits = stocked.inventory;
  outOfStockSku = (
    await prisma.productVariant.findFirstOrThrow({
      where: { inventory: 0, product: { soldOnDtc: true } },
      orderBy: { sku: "asc" },
      select: { sku: true },
    })
  ).sku;
});

describe("get-stock-object (shop-core spec sections 3 and 7)", () => {
  it('answers { data } for destination "HOME": stock records whose all_zips are the seeded "start-end" ranges', async () => {
    const { status, body } = await postJson<{ data: StockRecord[] }>(stockObject.action, { destination: "HOME" });
    expect(status).toBe(200);
    expect(body.data.length).toBeGreaterThan(0);
    for (const record of body.data) expect(record.destination).toBe("HOME");
    const zips = body.data.flatMap((r) => r.all_zips);
    expect([...zips].sort()).toEqual([...HOME_ZIP_RANGES].sort());
    for (const range of zips) expect(range).toMatch(/^\d{5}-\d{5}$/);
  });

  it("coverage read with the zip rules holds the default guest zip 80011 and not 30301 (shop-core spec section 5)", async () => {
    const { body } = await postJson<{ data: StockRecord[] }>(stockObject.action, { destination: "HOME" });
    const ranges = parseZipRanges(body.data.flatMap((r) => r.all_zips));
    expect(isHomeDeliveryZip(COVERED_ZIP, ranges)).toBe(true);
    expect(isHomeDeliveryZip(UNCOVERED_ZIP, ranges)).toBe(false);
  });

  it("is a 400 with fields for a missing or unknown destination, 400 for malformed JSON, 405 for GET", async () => {
    const missing = await postJson<ApiError>(stockObject.action, {});
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toHaveProperty("destination");
    const unknown = await postJson<ApiError>(stockObject.action, { destination: "MOON" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields).toHaveProperty("destination");
    const malformed = await call(stockObject.action, "{destination:");
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as ApiError).error.code).toBe("MALFORMED_JSON");
    const get = await stockObject.loader();
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("POST");
  });
});

describe("get-products-stock (catalogue spec section 7)", () => {
  const ask = (skus: unknown, zipCode: unknown, destination: unknown) =>
    postJson<{ products: ProductStock[] }>(productsStock.action, { skus, zipCode, destination });

  it("HOME to a covered zip (80011): in stock when units are available, with the units", async () => {
    const { status, body } = await ask([inStockSku, outOfStockSku], COVERED_ZIP, "HOME");
    expect(status).toBe(200);
    expect(body.products).toEqual([
      { sku: inStockSku, inStock: true, available: inStockUnits },
      { sku: outOfStockSku, inStock: false, available: 0 },
    ]);
  });

  it("HOME to an uncovered zip (30301): nothing is in stock, units are still given", async () => {
    const { status, body } = await ask([inStockSku, outOfStockSku], UNCOVERED_ZIP, "HOME");
    expect(status).toBe(200);
    expect(body.products).toEqual([
      { sku: inStockSku, inStock: false, available: inStockUnits },
      { sku: outOfStockSku, inStock: false, available: 0 },
    ]);
  });

  it("CLINIC does not depend on home coverage: in stock when units are available", async () => {
    const { body } = await ask([outOfStockSku, inStockSku], UNCOVERED_ZIP, "CLINIC");
    expect(body.products).toEqual([
      { sku: outOfStockSku, inStock: false, available: 0 },
      { sku: inStockSku, inStock: true, available: inStockUnits },
    ]);
  });

  it("answers unknown SKUs as not in stock, in the order asked, repeats once", async () => {
    const { body } = await ask(["NO-SUCH-SKU", inStockSku, "NO-SUCH-SKU"], COVERED_ZIP, "HOME");
    expect(body.products).toEqual([
      { sku: "NO-SUCH-SKU", inStock: false, available: 0 },
      { sku: inStockSku, inStock: true, available: inStockUnits },
    ]);
  });

  it("answers 100 SKUs in the order asked", async () => {
    const rows = await prisma.productVariant.findMany({ take: 100, orderBy: { sku: "asc" }, select: { sku: true } });
    const { status, body } = await ask(
      rows.map((r) => r.sku),
      COVERED_ZIP,
      "HOME",
    );
    expect(status).toBe(200);
    expect(body.products.map((p) => p.sku)).toEqual(rows.map((r) => r.sku));
  });

  it("a zip that is not 5 digits is a 400 with fields", async () => {
    for (const zip of ["8001", "800111", "8001a", "80011-1234", "", 80011]) {
      const { status, body } = await postJson<ApiError>(productsStock.action, {
        skus: [inStockSku],
        zipCode: zip,
        destination: "HOME",
      });
      expect(status, String(zip)).toBe(400);
      expect(body.error.code).toBe("INVALID_REQUEST");
      expect(body.error.fields).toHaveProperty("zipCode");
    }
  });

  it("is a 400 with fields for no SKUs, over 100 SKUs, non-string SKUs and an unknown destination", async () => {
    const cases: [unknown, unknown, string][] = [
      [[], "HOME", "skus"],
      [Array.from({ length: 101 }, (_, i) => `S${i}`), "HOME", "skus"],
      [[inStockSku, 7], "HOME", "skus.1"],
      ["SKU", "HOME", "skus"],
      [[inStockSku], "OFFICE", "destination"],
    ];
    for (const [skus, destination, field] of cases) {
      const { status, body } = await postJson<ApiError>(productsStock.action, {
        skus,
        zipCode: COVERED_ZIP,
        destination,
      });
      expect(status).toBe(400);
      expect(body.error.fields).toHaveProperty([field]);
    }
    const malformed = await call(productsStock.action, '{"skus": [');
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as ApiError).error.code).toBe("MALFORMED_JSON");
    expect((await productsStock.loader()).status).toBe(405);
  });
});

describe("stock service, embedded provider (catalogue spec section 7, shop-core spec section 3)", () => {
  it("getCoverage answers the HOME ranges and an empty record for CLINIC", async () => {
    const home = await stock.getCoverage("HOME");
    expect(home.flatMap((r) => r.all_zips)).toHaveLength(HOME_ZIP_RANGES.length);
    const clinic = await stock.getCoverage("CLINIC");
    expect(clinic.flatMap((r) => r.all_zips)).toEqual([]);
  });

  it("reads every SKU's stock with one variant query and one coverage query", async () => {
    const queries: string[] = [];
    // A counting stand-in for the two tables the provider reads (the database edge, not our modules).
    const db = {
      productVariant: {
        findMany: (args: Parameters<typeof prisma.productVariant.findMany>[0]) => {
          queries.push("productVariant");
          return prisma.productVariant.findMany(args);
        },
      },
      zipRange: {
        findMany: (args: Parameters<typeof prisma.zipRange.findMany>[0]) => {
          queries.push("zipRange");
          return prisma.zipRange.findMany(args);
        },
      },
    } as unknown as PrismaClient;
    const rows = await prisma.productVariant.findMany({ take: 50, orderBy: { sku: "asc" }, select: { sku: true } });
    const answer = await createEmbeddedStock(db).getProductsStock({
      site: "DTC",
      skus: rows.map((r) => r.sku),
      zipCode: COVERED_ZIP,
      destination: "HOME",
    });
    expect(answer).toHaveLength(50);
    expect(queries.sort()).toEqual(["productVariant", "zipRange"]);
  });

  it("follows inventory changes (a variant sold out is no longer in stock)", async () => {
    const before = await prisma.productVariant.findUniqueOrThrow({ where: { sku: inStockSku } });
    await prisma.productVariant.update({ where: { sku: inStockSku }, data: { inventory: 0 } });
    try {
      const [answer] = await stock.getProductsStock({
        site: "DTC",
        skus: [inStockSku],
        zipCode: COVERED_ZIP,
        destination: "HOME",
      });
      expect(answer).toEqual({ sku: inStockSku, inStock: false, available: 0 });
    } finally {
      await prisma.productVariant.update({ where: { sku: inStockSku }, data: { inventory: before.inventory } });
    }
  });
});

describe("zip coverage has one owner (shop-core spec section 5: the stock service answers)", () => {
  // Both ends of every seeded range and the zips just outside them.
  const boundaryZips = HOME_ZIP_RANGES.flatMap((range) => {
    const [start, end] = range.split("-").map(Number);
    return [start - 1, start, end, end + 1].map((n) => String(n).padStart(5, "0"));
  });

  async function cartAccepts(zip: string): Promise<boolean> {
    const jar = new Jar();
    const response = await callRoute(
      cartAction,
      formRequest("/cart", { intent: "zip", zip, _response: "json" }, jar),
      jar,
    );
    // A refusal is the one reply shape (errors by field), without `ok`.
    return ((await response.json()) as { ok?: boolean }).ok === true;
  }

  async function stockCheckDelivers(zip: string): Promise<boolean> {
    const { body } = await postJson<{ products: ProductStock[] }>(productsStock.action, {
      skus: [inStockSku],
      zipCode: zip,
      destination: "HOME",
    });
    return body.products[0].inStock;
  }

  it("coversZip answers the range ends in and the zips beside them out", async () => {
    expect(await stock.coversZip("80001")).toBe(true);
    expect(await stock.coversZip("81658")).toBe(true);
    expect(await stock.coversZip("80000")).toBe(false);
    expect(await stock.coversZip("81659")).toBe(false);
    expect(await stock.coversZip(COVERED_ZIP)).toBe(true);
    expect(await stock.coversZip(UNCOVERED_ZIP)).toBe(false);
    expect(await stock.coversZip("8001")).toBe(false);
  });

  it("the cart's zip, checkout's address check and the stock check agree with it at every range boundary", async () => {
    for (const zip of boundaryZips) {
      const covered = await stock.coversZip(zip);
      expect(await cartAccepts(zip), `cart ${zip}`).toBe(covered);
      expect(await zipCovered(zip), `checkout ${zip}`).toBe(covered);
      expect(await stockCheckDelivers(zip), `stock check ${zip}`).toBe(covered);
    }
  });
});
