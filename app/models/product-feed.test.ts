// The Google Merchant Center feed (docs/rules.md "Search engines"): one item per variant, its
// availability, price and shipping, and XML that stays well-formed whatever the text holds.
import { describe, expect, it } from "vitest";
import type { MerchantTerms } from "./merchant";
import type { ProductDetail } from "./product";
import { feedItems, feedTitle, GOOGLE_NAMESPACE, googleFeedXml } from "./product-feed";
import { escapeXml } from "./sitemap";

const ORIGIN = "https://shop.example";
const TERMS: MerchantTerms = {
  freeShippingMinimumCents: 5000,
  shippingRateCents: 799,
  deliveryBusinessDays: 5,
  returnWindowDays: 30,
  priceValidUntil: "2026-04-01",
};

const variant = (id: string, overrides: Partial<ProductDetail["variants"][number]> = {}) => ({
  id,
  sku: `SKU-${id}`,
  url: `science-diet/adult/chicken/${id}`,
  size: "4 lb bag",
  flavor: "Chicken",
  productForm: "Dry",
  priceCents: 2399,
  compareAtPriceCents: null,
  inventory: 5,
  badgeTags: [],
  title: "4 lb bag / Chicken",
  packType: "bag",
  weightValue: 4,
  weightUnit: "lbs",
  ...overrides,
});

const product = (overrides: Partial<ProductDetail> = {}): ProductDetail => ({
  id: "p1",
  handle: "science-diet-adult",
  title: "Science Diet Adult",
  description: "Balanced food.",
  brand: "science-diet",
  productType: "Dry",
  species: "dog",
  lifestage: "adult",
  foodForm: "dry",
  autoshipEligible: true,
  images: [
    { url: "/images/products/a.png", alt: "a", width: 800, height: 800, variantId: null },
    { url: "/images/products/b.png", alt: "b", width: 800, height: 800, variantId: "v2" },
  ],
  variants: [variant("v1"), variant("v2", { size: "15.5 lb bag", priceCents: 6299, inventory: 0 })],
  nutrition: null,
  ...overrides,
});

describe("feedItems", () => {
  it("gives one item per variant with its SKU, page, picture, availability, price, brand and group", () => {
    const [small, large] = feedItems(ORIGIN, [product()], TERMS);
    expect(small).toEqual({
      id: "SKU-v1",
      title: "Science Diet Adult, 4 lb bag",
      description: "Balanced food.",
      link: `${ORIGIN}/products/science-diet/adult/chicken/v1`,
      imageLink: `${ORIGIN}/images/products/a.png`,
      availability: "in_stock",
      price: "23.99 USD",
      brand: "Science Diet",
      condition: "new",
      itemGroupId: "science-diet-adult",
      mpn: "SKU-v1",
      shipping: [
        { country: "US", price: "7.99 USD" },
        { country: "US", region: "AK", price: "11.99 USD" },
        { country: "US", region: "HI", price: "11.99 USD" },
      ],
    });
    expect(large).toMatchObject({
      id: "SKU-v2",
      imageLink: `${ORIGIN}/images/products/b.png`,
      availability: "out_of_stock",
      price: "62.99 USD",
      shipping: [{ country: "US", price: "0.00 USD" }, { price: "4.00 USD" }, { price: "4.00 USD" }],
    });
  });

  it("leaves out variants without a retail price (a site that hides them has no items)", () => {
    const hidden = product({ variants: [variant("v1", { priceCents: undefined })] });
    expect(feedItems(ORIGIN, [hidden], TERMS)).toEqual([]);
  });

  it("names the flavor only when the product has several, and has no picture when the product has none", () => {
    const flavors = product({ variants: [variant("v1"), variant("v3", { flavor: "Lamb" })], images: [] });
    expect(feedTitle(flavors, flavors.variants[1])).toBe("Science Diet Adult, Lamb, 4 lb bag");
    expect(feedItems(ORIGIN, [flavors], TERMS)[0].imageLink).toBeNull();
  });
});

describe("googleFeedXml", () => {
  it("is RSS 2.0 with the g: namespace, one item per variant, every text escaped", () => {
    const nasty = product({ title: `Tom & Jerry's <"Best">`, description: "Fish\u0000 & chips\u0008" });
    const xml = googleFeedXml(
      { title: "Pet Nutrition", link: `${ORIGIN}/`, description: "Food & more" },
      feedItems(ORIGIN, [nasty], TERMS),
    );
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="')).toBe(true);
    expect(xml).toContain(`xmlns:g="${GOOGLE_NAMESPACE}"`);
    expect(xml.match(/<item>/g)).toHaveLength(2);
    expect(xml).toContain("<title>Tom &amp; Jerry&apos;s &lt;&quot;Best&quot;&gt;, 4 lb bag</title>");
    expect(xml).toContain("<description>Fish &amp; chips</description>");
    expect(xml).toContain("<g:availability>out_of_stock</g:availability>");
    expect(xml).toContain(
      "<g:shipping><g:country>US</g:country><g:region>AK</g:region><g:price>11.99 USD</g:price></g:shipping>",
    );
    expect([...xml].some((char) => char.charCodeAt(0) < 9)).toBe(false);
  });
});

describe("escapeXml", () => {
  it("drops characters XML 1.0 forbids and keeps tab, newline, return and astral characters", () => {
    expect(escapeXml("a\u0000b\u0008c\td\ne\rf\uFFFEg\uD800h🐶")).toBe("abc\td\ne\rfgh🐶");
  });
});
