// The listing's hydration data carries only what the page uses (docs/rules.md "Listing
// hydration data"): cards hold what a card renders, and a listing's route data stays
// under a byte budget, on both sites.
import { beforeAll, describe, expect, it } from "vitest";
import { loader as productsLoader } from "~/routes/products.$";
import { callRoute, ORIGIN } from "../helpers/routes";
import { ensureSeeded } from "../helpers/seeded";

beforeAll(ensureSeeded);

const STAFF = "http://staff.localhost:3000";

/**
 * The keys a card may carry, and its variants' (optional ones may be absent). `brand` is
 * the data layer's item_brand, sent only where the site tracks analytics (docs/rules.md "Analytics").
 */
const CARD_KEYS = [
  "id",
  "title",
  "brand",
  "description",
  "vetSupervised",
  "autoshipEligible",
  "image",
  "variant",
  "variants",
  "rating",
];
/** `unitPrice` is the card's price per lb or oz (docs/rules.md "Catalogue and product pages"). */
const VARIANT_KEYS = ["id", "href", "size", "flavor", "priceCents", "unitPrice", "compareAtPriceCents", "badges"];
const IMAGE_KEYS = ["url", "width", "height"];
/** The average and count of published reviews (docs/rules.md "Reviews"); absent without any. */
const RATING_KEYS = ["average", "count"];

/** Route data of /products/dog (24 cards on seeded data), bytes as serialised into the page. */
const LISTING_BUDGET_BYTES = 18_000;

type Card = Record<string, unknown> & { variant: Record<string, unknown>; variants?: Record<string, unknown>[] };

async function listing(origin: string, path: string) {
  const response = await callRoute(productsLoader, new Request(`${origin}${path}`), undefined, {
    params: { "*": path.replace(/^\/products\/?/, "").split("?")[0] },
  });
  expect(response.status).toBe(200);
  const text = await response.text();
  return { bytes: Buffer.byteLength(text), data: JSON.parse(text) as { products: Card[] } };
}

function expectOnlyUsedFields(cards: Card[]) {
  expect(cards.length).toBeGreaterThan(0);
  for (const card of cards) {
    expect(Object.keys(card).filter((key) => !CARD_KEYS.includes(key))).toEqual([]);
    for (const variant of [card.variant, ...(card.variants ?? [])]) {
      expect(Object.keys(variant).filter((key) => !VARIANT_KEYS.includes(key))).toEqual([]);
      expect(variant.href).toMatch(/^\/products\/[^?]+\?sku=/);
    }
    if (card.image) expect(Object.keys(card.image).sort()).toEqual([...IMAGE_KEYS].sort());
    if (card.rating) expect(Object.keys(card.rating).sort()).toEqual([...RATING_KEYS].sort());
  }
  // The seed reviews most products: their cards carry the figures.
  expect(cards.some((card) => card.rating !== undefined)).toBe(true);
}

describe('listing hydration data (docs/rules.md "Listing hydration data")', () => {
  it("consumer listing: cards carry only what a card renders, the route data stays under budget", async () => {
    const { bytes, data } = await listing(ORIGIN, "/products/dog");
    expectOnlyUsedFields(data.products);
    // No size selector on the consumer site: no variant list, and so no flavors.
    expect(data.products.every((card) => card.variants === undefined && card.variant.flavor === undefined)).toBe(true);
    // The brand slug for the data layer's item_brand (docs/rules.md "Analytics").
    expect(data.products.every((card) => typeof card.brand === "string" && card.brand.length > 0)).toBe(true);
    // Every priced card gives its price per unit (the seed weighs every variant).
    expect(data.products.every((card) => /^\$\d+\.\d{2}\/(lb|oz)$/.test(String(card.variant.unitPrice)))).toBe(true);
    expect(bytes).toBeLessThanOrEqual(LISTING_BUDGET_BYTES);
  });

  it("staff listing: the size selector's variants are trimmed the same way", async () => {
    const { data } = await listing(STAFF, "/products/dog");
    expectOnlyUsedFields(data.products);
    expect(data.products.some((card) => (card.variants?.length ?? 0) > 0)).toBe(true);
    // The staff site tracks nothing: no brand for a data layer it does not have.
    expect(data.products.every((card) => card.brand === undefined)).toBe(true);
    // Retail prices never reach the staff site's pages (catalogue spec section 1).
    expect(JSON.stringify(data.products)).not.toContain('priceCents":');
    expect(JSON.stringify(data.products)).not.toContain('unitPrice":');
  });
});
