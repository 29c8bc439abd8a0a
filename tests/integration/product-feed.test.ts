// @vitest-environment jsdom
// GET /feeds/google.xml (docs/rules.md "Search engines"): the Google Merchant Center feed, parsed
// as XML: one item per variant of every product the consumer site sells, availability from
// stock, absolute links on the configured origin; none on the staff site; listed in robots.txt.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { GOOGLE_NAMESPACE } from "~/models/product-feed";
import { loader as robotsLoader } from "~/routes/[robots.txt]";
import { loader as feedLoader } from "~/routes/feeds.google[.]xml";
import { bumpDataVersion, freshness } from "~/services/freshness/index.server";
import { callRoute, getRequest, ORIGIN } from "../helpers/routes";
import { ensureSeeded } from "../helpers/seeded";

const STAFF = "http://staff.localhost:3000";
const staffRequest = (path: string) => new Request(`${STAFF}${path}`, { headers: { Cookie: "" } });

/** Every process serves a catalogue change within one freshness poll. */
const poll = async () => {
  await freshness.check();
  await freshness.check();
};

async function feed() {
  const response = await callRoute(feedLoader, getRequest("/feeds/google.xml"));
  expect(response.status).toBe(200);
  const text = await response.text();
  const doc = new DOMParser().parseFromString(text, "application/xml");
  expect(doc.getElementsByTagName("parsererror")).toHaveLength(0);
  const items = [...doc.getElementsByTagName("item")].map((item) => {
    const g = (name: string) => item.getElementsByTagNameNS(GOOGLE_NAMESPACE, name)[0]?.textContent ?? null;
    const plain = (name: string) => item.getElementsByTagName(name)[0]?.textContent ?? null;
    return {
      id: g("id")!,
      title: plain("title"),
      link: plain("link")!,
      image: g("image_link"),
      availability: g("availability"),
      price: g("price"),
      brand: g("brand"),
      condition: g("condition"),
      group: g("item_group_id"),
    };
  });
  return { response, doc, items };
}

// One product of the consumer site to take off it, and one of its variants to sell out.
let handle: string;
let productId: string;
let variantId: string;
let inventoryBefore: number;

beforeAll(async () => {
  await ensureSeeded();
  const product = await prisma.product.findFirstOrThrow({
    where: { soldOnDtc: true, variants: { some: { inventory: { gt: 0 } } } },
    orderBy: { handle: "asc" },
    include: { variants: true },
  });
  handle = product.handle;
  productId = product.id;
  const variant = product.variants.find((v) => v.inventory > 0)!;
  variantId = variant.id;
  inventoryBefore = variant.inventory;
});

afterAll(async () => {
  await prisma.$transaction(async (tx) => {
    await tx.product.update({ where: { id: productId }, data: { soldOnDtc: true, updatedAt: new Date() } });
    await tx.productVariant.update({
      where: { id: variantId },
      data: { inventory: inventoryBefore, updatedAt: new Date() },
    });
    await bumpDataVersion(tx, "catalogue");
  });
  await poll();
});

describe("GET /feeds/google.xml", () => {
  it("is RSS 2.0 with the g: namespace and one item per variant of every product sold on the consumer site", async () => {
    const { response, doc, items } = await feed();
    expect(response.headers.get("Content-Type")).toMatch(/^application\/xml/);
    // Cached like the sitemap: public for an hour, the page cache keyed by the data version.
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
    const rss = doc.documentElement;
    expect(rss.tagName).toBe("rss");
    expect(rss.getAttribute("version")).toBe("2.0");
    expect(rss.getAttribute("xmlns:g")).toBe(GOOGLE_NAMESPACE);

    const variants = await prisma.productVariant.findMany({
      where: { product: { soldOnDtc: true } },
      select: { sku: true, url: true, priceCents: true, inventory: true },
    });
    expect(items.map((item) => item.id).sort()).toEqual(variants.map((v) => v.sku).sort());
    const bySku = new Map(variants.map((v) => [v.sku, v]));
    for (const item of items) {
      const variant = bySku.get(item.id)!;
      expect(item.link).toBe(`${ORIGIN}/products/${variant.url}`);
      expect(item.price).toBe(`${(variant.priceCents / 100).toFixed(2)} USD`);
      expect(item.availability).toBe(variant.inventory > 0 ? "in_stock" : "out_of_stock");
      expect(item.condition).toBe("new");
      expect(item.title).toBeTruthy();
      expect(item.brand).toBeTruthy();
      expect(item.group).toBeTruthy();
      if (item.image) expect(item.image.startsWith(`${ORIGIN}/`)).toBe(true);
    }
    // Prescription Diet is the staff site's alone (catalogue spec section 1).
    expect(items.some((item) => item.brand === "Prescription Diet")).toBe(false);
  });

  it("says out_of_stock for a sold-out variant and leaves out a product taken off the consumer site", async () => {
    const sku = (await prisma.productVariant.findUniqueOrThrow({ where: { id: variantId } })).sku;
    expect((await feed()).items.find((item) => item.id === sku)?.availability).toBe("in_stock");

    await prisma.$transaction(async (tx) => {
      await tx.productVariant.update({ where: { id: variantId }, data: { inventory: 0, updatedAt: new Date() } });
      await bumpDataVersion(tx, "catalogue");
    });
    await poll();
    expect((await feed()).items.find((item) => item.id === sku)?.availability).toBe("out_of_stock");

    await prisma.$transaction(async (tx) => {
      await tx.product.update({ where: { id: productId }, data: { soldOnDtc: false, updatedAt: new Date() } });
      await bumpDataVersion(tx, "catalogue");
    });
    await poll();
    const { items } = await feed();
    expect(items.some((item) => item.link.includes(`/${handle}/`) || item.id === sku)).toBe(false);
    expect(items.length).toBeGreaterThan(0);
  });

  it("is not found on the staff site, whose retail prices are hidden", async () => {
    const response = await callRoute(feedLoader, staffRequest("/feeds/google.xml"));
    expect(response.status).toBe(404);
  });
});

describe("robots.txt names the feed", () => {
  it("on the consumer site only", async () => {
    const dtc = (await (await callRoute(robotsLoader, getRequest("/robots.txt"))).text()).split("\n");
    expect(dtc).toContain(`Sitemap: ${ORIGIN}/feeds/google.xml`);
    const hpsf = (await (await callRoute(robotsLoader, staffRequest("/robots.txt"))).text()).split("\n");
    expect(hpsf.some((line) => line.includes("/feeds/"))).toBe(false);
  });
});
