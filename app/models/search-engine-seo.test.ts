// Structured data and share tags for search engines (docs/rules.md "Search engines"):
// BreadcrumbList, the Offer's terms, og:image and the Twitter card on every page.
import { describe, expect, it } from "vitest";
import type { MerchantTerms } from "./merchant";
import { offerTerms } from "./offer-shipping";
import { productJsonLd } from "./product-json-ld";
import { breadcrumbJsonLd, listingSeo, pageSeo, productSeo, SHARE_IMAGE, socialMeta } from "./seo";

const ORIGIN = "https://shop.example";
const STAFF = "https://staff.shop.example";

type Meta = Record<string, unknown>[];
/** The parts of the Product and BreadcrumbList entries these tests read. */
type JsonLd = Record<string, unknown> & {
  itemListElement: { name: string; item: string }[];
  offers?: Record<string, unknown> & { availability: string; shippingDetails: { shippingRate: { value: string } }[] };
};
const content = (meta: Meta, key: string) =>
  meta.filter((d) => d.property === key || d.name === key).map((d) => d.content);
const jsonLd = (meta: Meta, type: string) =>
  meta
    .map((d) => d["script:ld+json"] as Record<string, unknown> | undefined)
    .filter((data) => data?.["@type"] === type) as JsonLd[];

const TERMS: MerchantTerms = {
  freeShippingMinimumCents: 5000,
  shippingRateCents: 799,
  deliveryBusinessDays: 5,
  returnWindowDays: 30,
  priceValidUntil: "2026-04-01",
};

const variant = (overrides: Record<string, unknown> = {}) => ({
  id: "v2",
  sku: "SKU-2",
  url: "science-diet/adult/chicken/15lb",
  size: "15 lb bag",
  flavor: "Chicken",
  productForm: "dry",
  priceCents: 6299,
  compareAtPriceCents: null,
  inventory: 3,
  badgeTags: [],
  weightValue: 15,
  weightUnit: "lbs",
  ...overrides,
});

const PRODUCT = {
  title: "Adult Chicken",
  description: "Balanced food.",
  brand: "science-diet",
  productType: "Dry",
  images: [
    { url: "/images/products/a.png", alt: "Adult Chicken, 4 lb bag", variantId: "v1" },
    { url: "/images/products/b.png", alt: "Adult Chicken, 15 lb bag", variantId: "v2" },
  ],
};

const CRUMBS = [
  { label: "Home", to: "/" },
  { label: "All Products", to: "/products" },
  { label: "Dog", to: "/products/dog" },
  { label: "Adult Chicken" },
];

/** A product page's input as the loader builds it: the JSON-LD made from the same data. */
function productInput(overrides: Record<string, unknown> = {}) {
  const shown = (overrides.variant as ReturnType<typeof variant> | undefined) ?? variant();
  const input = {
    origin: ORIGIN,
    canonicalPath: "/products/science-diet/adult/chicken/15lb",
    product: PRODUCT,
    variant: shown,
    crumbs: CRUMBS,
    merchant:
      shown.priceCents === undefined ? null : offerTerms(TERMS, { priceCents: shown.priceCents, productType: "Dry" }),
    ...overrides,
  } as Parameters<typeof productJsonLd>[0] & Parameters<typeof productSeo>[1];
  return { ...input, productJsonLd: productJsonLd(input) };
}

const product = (overrides: Record<string, unknown> = {}) => productSeo("DTC", productInput(overrides));

describe("breadcrumbJsonLd", () => {
  it("lists every crumb in order, linked ones absolute, the last one the page's URL", () => {
    const [data] = breadcrumbJsonLd(ORIGIN, CRUMBS, `${ORIGIN}/products/x`).map((d) => d["script:ld+json"]);
    expect(data).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: `${ORIGIN}/` },
        { "@type": "ListItem", position: 2, name: "All Products", item: `${ORIGIN}/products` },
        { "@type": "ListItem", position: 3, name: "Dog", item: `${ORIGIN}/products/dog` },
        { "@type": "ListItem", position: 4, name: "Adult Chicken", item: `${ORIGIN}/products/x` },
      ],
    });
  });

  it("gives an unlinked crumb before the last (a filter chip) the page's URL, and a linked last crumb too", () => {
    const crumbs = [{ label: "Catalog", to: "/products" }, { label: "Dry" }, { label: "Adult", to: "/products?x=1" }];
    const [data] = breadcrumbJsonLd(STAFF, crumbs, `${STAFF}/products?lifestage=adult`).map(
      (d) => d["script:ld+json"] as { itemListElement: { item: string }[] },
    );
    expect(data.itemListElement.map((item) => item.item)).toEqual([
      `${STAFF}/products`,
      `${STAFF}/products?lifestage=adult`,
      `${STAFF}/products?lifestage=adult`,
    ]);
  });

  it("publishes nothing for an empty trail", () => {
    expect(breadcrumbJsonLd(ORIGIN, [], `${ORIGIN}/`)).toEqual([]);
  });
});

describe("product and listing pages", () => {
  it("publish a BreadcrumbList matching the trail the page shows", () => {
    const [trail] = jsonLd(product(), "BreadcrumbList");
    expect(trail.itemListElement.map((item) => item.name)).toEqual(CRUMBS.map((c) => c.label));
    expect(trail.itemListElement.at(-1)!.item).toBe(`${ORIGIN}/products/science-diet/adult/chicken/15lb`);

    const listing = listingSeo("DTC", {
      title: "Dog Food",
      origin: ORIGIN,
      pathname: "/products/dog",
      canonicalSearch: "page=2",
      total: 40,
      crumbs: CRUMBS.slice(0, 3).concat({ label: "Dog Food" }),
    });
    const [listed] = jsonLd(listing, "BreadcrumbList");
    expect(listed.itemListElement).toHaveLength(4);
    expect(listed.itemListElement.at(-1)!.item).toBe(`${ORIGIN}/products/dog?page=2`);
  });

  it("give the Offer priceValidUntil, new condition, shipping of one unit and the return policy", () => {
    const [data] = jsonLd(product(), "Product");
    expect(data.offers).toMatchObject({
      "@type": "Offer",
      price: "62.99",
      priceCurrency: "USD",
      availability: "https://schema.org/InStock",
      itemCondition: "https://schema.org/NewCondition",
      priceValidUntil: "2026-04-01",
      hasMerchantReturnPolicy: { merchantReturnDays: 30 },
    });
    // $62.99 is over the $50 minimum: free to the country, the service charge to Alaska and Hawaii.
    expect(data.offers!.shippingDetails.map((d) => d.shippingRate.value)).toEqual(["0.00", "4.00", "4.00"]);

    const [cheap] = jsonLd(product({ variant: variant({ priceCents: 2399, inventory: 0 }) }), "Product");
    expect(cheap.offers!.availability).toBe("https://schema.org/OutOfStock");
    expect(cheap.offers!.shippingDetails[0].shippingRate.value).toBe("7.99");
  });

  it("publish no offer where the site hides retail prices", () => {
    const [data] = jsonLd(
      productSeo("HPSF", productInput({ origin: STAFF, variant: variant({ priceCents: undefined }) })),
      "Product",
    );
    expect(data.offers).toBeUndefined();
  });

  it("share a product page with the variant's own picture, else the product's first", () => {
    expect(content(product(), "og:image")).toEqual([`${ORIGIN}/images/products/b.png`]);
    expect(content(product(), "og:image:alt")).toEqual(["Adult Chicken, 15 lb bag"]);
    expect(content(product(), "twitter:image")).toEqual([`${ORIGIN}/images/products/b.png`]);
    const other = product({ variant: variant({ id: "v9" }) });
    expect(content(other, "og:image")).toEqual([`${ORIGIN}/images/products/a.png`]);
  });
});

describe("og:image and the Twitter card on every page", () => {
  it("gives a page without a picture the site's brand picture, absolute on the configured origin", () => {
    const dtc = pageSeo("DTC", { pathname: "/contact-us", origin: ORIGIN, title: "Contact Us" });
    expect(content(dtc, "og:image")).toEqual([`${ORIGIN}${SHARE_IMAGE.DTC.path}`]);
    expect(content(dtc, "og:image:width")).toEqual(["1200"]);
    expect(content(dtc, "og:image:height")).toEqual(["630"]);
    expect(content(dtc, "twitter:card")).toEqual(["summary_large_image"]);
    expect(content(dtc, "twitter:title")).toEqual(["Contact Us"]);
    expect(content(dtc, "twitter:description")).toEqual(content(dtc, "description"));
    expect(content(dtc, "twitter:image")).toEqual([`${ORIGIN}${SHARE_IMAGE.DTC.path}`]);
    const hpsf = listingSeo("HPSF", {
      title: "Catalog",
      origin: STAFF,
      pathname: "/products",
      canonicalSearch: "",
      total: 3,
    });
    expect(content(hpsf, "og:image")).toEqual([`${STAFF}${SHARE_IMAGE.HPSF.path}`]);
  });

  it("publishes no picture and a summary card without an origin (an error before the root loaded)", () => {
    const meta = socialMeta("DTC", { title: "Oops", description: "d", url: null });
    expect(content(meta, "og:image")).toEqual([]);
    expect(content(meta, "twitter:image")).toEqual([]);
    expect(content(meta, "twitter:card")).toEqual(["summary"]);
  });

  it("keeps an image URL that is already absolute", () => {
    const meta = socialMeta("DTC", {
      title: "t",
      description: "d",
      url: null,
      origin: ORIGIN,
      image: { url: "https://cdn.example/a.png", alt: "A" },
    });
    expect(content(meta, "og:image")).toEqual(["https://cdn.example/a.png"]);
    expect(content(meta, "og:image:width")).toEqual([]);
  });
});
