// What each site may see of the catalogue, by every path a browser can take:
// staff mode sends no retail price (catalogue spec section 1; the site policy's
// `showsRetailPrices`, applied by priceForSite), and the consumer site knows nothing
// of Prescription Diet (the policy's `soldOnFlag`: pages, search, predictive search,
// the stock and product APIs).
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { loader as homeLoader } from "~/routes/_index";
import * as predictive from "~/routes/api.predictive-search";
import * as filteredProducts from "~/routes/api.cms.v1[.]0.get-filtered-products";
import * as cmsProducts from "~/routes/api.cms.v1[.]0.get-products";
import * as listingProductByHandle from "~/routes/api.ecom.v1[.]0.get-listing-product-by-handle";
import * as listingProductsByHandles from "~/routes/api.ecom.v1[.]0.get-listing-products-by-handles";
import * as productByHandle from "~/routes/api.ecom.v1[.]0.get-product-by-handle";
import * as productsByHandles from "~/routes/api.ecom.v1[.]0.get-products-by-handles";
import * as ordergroove from "~/routes/api.get-ordergroove-product-by-sku";
import * as productsStock from "~/routes/api.get-products-stock";
import { loader as productsLoader } from "~/routes/products.$";
import { loader as searchLoader } from "~/routes/search";
import { ensureSeeded } from "../helpers/seeded";

type Site = "DTC" | "HPSF";
const ORIGIN: Record<Site, string> = { DTC: "http://localhost:3000", HPSF: "http://staff.localhost:3000" };

// Any JSON key that carries a retail price: priceCents, price (ordergroove), never compareAtPriceCents
// (nor the listing's price-range filter state, an object).
const RETAIL_PRICE_KEY = /"(priceCents|price)":\d/;
const hasRetailPrice = (answer: unknown) => RETAIL_PRICE_KEY.test(JSON.stringify(answer));

type Handler = (args: never) => unknown;

/** Calls a loader or action; thrown Responses are answers. DeferredData is resolved to plain data. */
async function call(handler: Handler, request: Request, params: Record<string, string> = {}): Promise<unknown> {
  let result: unknown;
  try {
    result = await handler({ request, params, context: {} } as never);
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    result = thrown;
  }
  if (result instanceof Response) {
    const text = await result.text();
    return {
      status: result.status,
      body: result.headers.get("Content-Type")?.includes("json") ? JSON.parse(text) : text,
    };
  }
  // defer(): { data: { ...critical, related: Promise } }
  const deferred = result as { data: Record<string, unknown> };
  const data: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(deferred.data)) data[key] = await value;
  return { status: 200, body: data };
}

const get = (site: Site, path: string) => new Request(`${ORIGIN[site]}${path}`);
const post = (site: Site, path: string, body: unknown) =>
  new Request(`${ORIGIN[site]}${path}`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json" },
  });
const products = (site: Site, path: string) =>
  call(productsLoader, get(site, path), { "*": new URL(`http://x${path}`).pathname.replace(/^\/products\/?/, "") });

let pd: { handle: string; sku: string; title: string };
let sd: { handle: string; sku: string };

beforeAll(async () => {
  await ensureSeeded();
  const pdProduct = await prisma.product.findFirstOrThrow({
    where: { brand: "prescription-diet", soldOnDtc: false, soldOnHpsf: true },
    orderBy: { handle: "asc" },
    select: { handle: true, title: true, variants: { select: { sku: true }, take: 1 } },
  });
  pd = { handle: pdProduct.handle, sku: pdProduct.variants[0].sku, title: pdProduct.title };
  const sdProduct = await prisma.product.findFirstOrThrow({
    where: { brand: "science-diet", soldOnDtc: true, soldOnHpsf: true, variants: { some: { inventory: { gt: 0 } } } },
    orderBy: { handle: "asc" },
    select: { handle: true, variants: { where: { inventory: { gt: 0 } }, select: { sku: true }, take: 1 } },
  });
  sd = { handle: sdProduct.handle, sku: sdProduct.variants[0].sku };
});

describe("staff mode sends no retail price (catalogue spec section 1)", () => {
  const paths: [string, (site: Site) => Promise<unknown>][] = [
    ["the listing", (site) => products(site, "/products")],
    ["a category listing", (site) => products(site, "/products/dog/dry")],
    ["a product page (with its related carousel)", (site) => products(site, `/products/${sd.handle}`)],
    ["search", (site) => call(searchLoader, get(site, "/search?search=adult"))],
    ["predictive search", (site) => call(predictive.loader, get(site, "/api/predictive-search?q=adult"))],
    ["the home page", (site) => call(homeLoader, get(site, "/"))],
    ["get-product-by-handle", (site) => call(productByHandle.loader, get(site, `/api/x?handle=${sd.handle}`))],
    [
      "get-products-by-handles",
      (site) => call(productsByHandles.action, post(site, "/api/x", { handles: [sd.handle] })),
    ],
    [
      "get-listing-products-by-handles",
      (site) => call(listingProductsByHandles.action, post(site, "/api/x", { handles: [sd.handle] })),
    ],
    [
      "get-listing-product-by-handle",
      (site) => call(listingProductByHandle.action, post(site, "/api/x", { handle: sd.handle })),
    ],
    ["cms get-products", (site) => call(cmsProducts.action, post(site, "/api/x", {}))],
    ["cms get-filtered-products", (site) => call(filteredProducts.action, post(site, "/api/x", { limit: 50 }))],
    ["get-ordergroove-product-by-sku", (site) => call(ordergroove.action, post(site, "/api/x", { sku: sd.sku }))],
  ];

  for (const [name, load] of paths) {
    it(`${name}: prices on the consumer site, none on the staff site`, async () => {
      const dtc = (await load("DTC")) as { status: number };
      expect(dtc.status, name).toBe(200);
      expect(hasRetailPrice(dtc), `${name} on DTC has prices`).toBe(true);
      const staff = (await load("HPSF")) as { status: number };
      expect(staff.status, name).toBe(200);
      expect(hasRetailPrice(staff), `${name} on HPSF has no price`).toBe(false);
    });
  }

  it("keeps the compare-at price the staff card shows", async () => {
    const staff = (await call(cmsProducts.action, post("HPSF", "/api/x", { limit: 100 }))) as {
      body: { products: { variant: { compareAtPriceCents: number | null } }[] };
    };
    expect(staff.body.products.some((p) => typeof p.variant.compareAtPriceCents === "number")).toBe(true);
  });
});

describe("Prescription Diet is unknown on the consumer site (the site policy's soldOnFlag)", () => {
  it("has no product page on DTC, one on the staff site", async () => {
    expect(((await products("DTC", `/products/${pd.handle}`)) as { status: number }).status).toBe(404);
    expect(((await products("HPSF", `/products/${pd.handle}`)) as { status: number }).status).toBe(200);
  });

  it("is not found by search or predictive search on DTC", async () => {
    const word = pd.title.split(" ").slice(0, 3).join(" ");
    const search = JSON.stringify(await call(searchLoader, get("DTC", `/search?search=${encodeURIComponent(word)}`)));
    expect(search).not.toContain(pd.handle);
    expect(search).not.toContain("prescription-diet");
    const typed = JSON.stringify(await call(predictive.loader, get("DTC", `/api/predictive-search?q=${word}`)));
    expect(typed).not.toContain(pd.handle);
    const staffTyped = JSON.stringify(await call(predictive.loader, get("HPSF", `/api/predictive-search?q=${word}`)));
    expect(staffTyped).toContain(pd.handle);
  });

  it("get-products-stock answers a PD sku on DTC as it answers an unknown sku", async () => {
    const body = { skus: [pd.sku, "NO-SUCH-SKU"], zipCode: "80011", destination: "HOME" };
    const dtc = (await call(productsStock.action, post("DTC", "/api/get-products-stock", body))) as {
      body: { products: unknown[] };
    };
    expect(dtc.body.products).toEqual([
      { sku: pd.sku, inStock: false, available: 0 },
      { sku: "NO-SUCH-SKU", inStock: false, available: 0 },
    ]);
    const staff = (await call(productsStock.action, post("HPSF", "/api/get-products-stock", body))) as {
      body: { products: { available: number }[] };
    };
    expect(staff.body.products[0].available).toBeGreaterThan(0);
  });

  it("every product API answers a PD product on DTC as not found", async () => {
    const answers = {
      productByHandle: await call(productByHandle.loader, get("DTC", `/api/x?handle=${pd.handle}`)),
      listingProductByHandle: await call(listingProductByHandle.action, post("DTC", "/api/x", { handle: pd.handle })),
      ordergroove: await call(ordergroove.action, post("DTC", "/api/x", { sku: pd.sku })),
    };
    for (const [name, answer] of Object.entries(answers)) expect((answer as { status: number }).status, name).toBe(404);
    const byHandles = (await call(productsByHandles.action, post("DTC", "/api/x", { handles: [pd.handle] }))) as {
      body: { products: unknown[] };
    };
    expect(byHandles.body.products).toEqual([]);
    const filtered = JSON.stringify(
      await call(cmsProducts.action, post("DTC", "/api/x", { filters: { brand: ["prescription-diet"] }, limit: 100 })),
    );
    expect(filtered).not.toContain(pd.handle);
    expect(
      ((await call(ordergroove.action, post("HPSF", "/api/x", { sku: pd.sku }))) as { status: number }).status,
    ).toBe(200);
  });
});
