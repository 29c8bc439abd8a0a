import { describe, expect, it } from "vitest";
import {
  cardForSite,
  cardVariantInStock,
  defaultVariant,
  isVetSupervised,
  imagesForVariant,
  listingCard,
  priceForSite,
  soldOnSite,
  type ProductCardData,
} from "./product";
import { sitePolicy } from "./site-policy";

const variant = {
  id: "v1",
  sku: "SD1",
  url: "science-diet/x/chicken/4lb",
  size: "4 lb bag",
  flavor: "Chicken",
  productForm: "Dry",
  priceCents: 1999,
  compareAtPriceCents: 2399,
  inventory: 3,
  badgeTags: [],
  weightValue: 4,
  weightUnit: "lbs",
};
const card: ProductCardData = {
  id: "p1",
  handle: "x",
  title: "X",
  description: "",
  brand: "science-diet",
  productType: "Dry Dog Food",
  autoshipEligible: true,
  image: null,
  variant,
  variants: [variant],
  rating: null,
};

describe("retail prices per site (catalogue spec section 1: staff mode hides prices)", () => {
  it("the consumer site shows them, the staff site does not", () => {
    expect(sitePolicy("DTC").showsRetailPrices).toBe(true);
    expect(sitePolicy("HPSF").showsRetailPrices).toBe(false);
  });

  it("drops priceCents from every variant of a staff card and keeps the compare-at price", () => {
    const staff = cardForSite("HPSF", card);
    expect("priceCents" in staff.variant).toBe(false);
    expect(staff.variants.some((v) => "priceCents" in v)).toBe(false);
    expect(staff.variant.compareAtPriceCents).toBe(2399);
    expect(cardForSite("DTC", card)).toBe(card);
    expect(priceForSite("DTC", variant).priceCents).toBe(1999);
  });
});

describe("which site sells a product (catalogue spec section 1: Prescription Diet staff only)", () => {
  it("reads the site's own flag", () => {
    const pd = { soldOnDtc: false, soldOnHpsf: true };
    expect(soldOnSite("DTC", pd)).toBe(false);
    expect(soldOnSite("HPSF", pd)).toBe(true);
    const treats = { soldOnDtc: true, soldOnHpsf: false };
    expect(soldOnSite("DTC", treats)).toBe(true);
    expect(soldOnSite("HPSF", treats)).toBe(false);
  });
});

describe("a variant's pictures (the picture is the variant)", () => {
  const at = (url: string, variantId: string | null) => ({ url, variantId });
  it("are its own, then the product's shared ones; never another variant's", () => {
    const images = [at("/4lb.png", "v4"), at("/box.png", null), at("/30lb.png", "v30")];
    expect(imagesForVariant(images, "v30").map((i) => i.url)).toEqual(["/30lb.png", "/box.png"]);
    expect(imagesForVariant(images, "v4").map((i) => i.url)).toEqual(["/4lb.png", "/box.png"]);
    // A variant without its own picture shows the shared ones only.
    expect(imagesForVariant(images, "v15").map((i) => i.url)).toEqual(["/box.png"]);
  });

  it("fall back to the product's pictures as they are when none is its own or shared", () => {
    const images = [at("/4lb.png", "v4"), at("/30lb.png", "v30")];
    expect(imagesForVariant(images, "v15")).toEqual(images);
    expect(imagesForVariant([], "v15")).toEqual([]);
  });
});

describe("listing cards (catalogue spec sections 1 and 9)", () => {
  it("keep the variant list only where cards have a size selector, and cut the description", () => {
    const long = { ...card, description: "A description longer than twenty-five characters" };
    const shown = {
      id: "v1",
      href: "/products/science-diet/x/chicken/4lb?sku=SD1",
      size: "4 lb bag",
      priceCents: 1999,
      unitPrice: "$5.00/lb",
      compareAtPriceCents: 2399,
      badges: ["limited-stock"],
    };
    expect(listingCard(long, "HPSF").variants).toEqual([shown]);
    expect(listingCard(long, "DTC").variants).toBeUndefined();
    expect(listingCard(long, "DTC").description).toBe("A description longer than…");
  });

  it('carry only what the card renders (docs/rules.md "Listing hydration data")', () => {
    const pictured = { ...card, image: { url: "/i.png", alt: "X, bag", width: 600, height: 600 } };
    expect(listingCard(pictured, "DTC")).toEqual({
      id: "p1",
      title: "X",
      // The data layer's item_brand, only where the site tracks analytics (docs/rules.md "Analytics").
      brand: "science-diet",
      description: "",
      autoshipEligible: true,
      // The card's picture is decorative (alt=""): no alt text is sent.
      image: { url: "/i.png", width: 600, height: 600 },
      variant: {
        id: "v1",
        href: "/products/science-diet/x/chicken/4lb?sku=SD1",
        size: "4 lb bag",
        priceCents: 1999,
        // The price per lb (unitPriceLabel: $19.99 / 4 lb, half up).
        unitPrice: "$5.00/lb",
        compareAtPriceCents: 2399,
        badges: ["limited-stock"],
      },
    });
    // No price, no price per unit: the staff site's cards (cardForSite drops the price).
    expect(listingCard(cardForSite("HPSF", card), "HPSF").variant).not.toHaveProperty("unitPrice");
    const soldOut = { ...variant, inventory: 0, compareAtPriceCents: null, badgeTags: ["badge::deal"] };
    const pd = { ...card, brand: "prescription-diet", autoshipEligible: false, variant: soldOut };
    const staff = listingCard(pd, "HPSF");
    expect(staff).toMatchObject({ vetSupervised: true, variant: { badges: ["out-of-stock", "deal"] } });
    expect(staff).not.toHaveProperty("autoshipEligible");
    expect(staff).not.toHaveProperty("brand");
    expect(staff.variant).not.toHaveProperty("compareAtPriceCents");
    expect(cardVariantInStock(staff.variant)).toBe(false);
    expect(cardVariantInStock(listingCard(card, "DTC").variant)).toBe(true);
  });

  it('show the rating figures on both sites, and none without reviews (docs/rules.md "Reviews")', () => {
    const rated = { ...card, rating: { average: 4.3, count: 12 } };
    expect(listingCard(rated, "DTC").rating).toEqual({ average: 4.3, count: 12 });
    expect(listingCard(rated, "HPSF").rating).toEqual({ average: 4.3, count: 12 });
    expect(listingCard(card, "DTC")).not.toHaveProperty("rating");
  });

  it("name a size option's flavor only where the product's flavors differ", () => {
    const beef = { ...variant, id: "v2", flavor: "Beef" };
    expect(listingCard({ ...card, variants: [variant, beef] }, "HPSF").variants?.map((v) => v.flavor)).toEqual([
      "Chicken",
      "Beef",
    ]);
    expect(
      listingCard({ ...card, variants: [variant, { ...variant, id: "v3" }] }, "HPSF").variants?.[0],
    ).not.toHaveProperty("flavor");
  });
});

describe("card description length (catalogue spec section 9: 25 characters)", () => {
  it("keeps a description of exactly 25 characters and cuts a 26th with an ellipsis", () => {
    const exactly = "a".repeat(25);
    expect(listingCard({ ...card, description: exactly }, "DTC").description).toBe(exactly);
    expect(listingCard({ ...card, description: `${exactly}b` }, "DTC").description).toBe(`${exactly}…`);
  });
});

describe("default variant (catalogue spec section 2: the first in stock)", () => {
  it("shows the first variant in stock, else the first", () => {
    const out = { ...variant, id: "out", inventory: 0 };
    const inStock = { ...variant, id: "in", inventory: 1 };
    expect(defaultVariant([out, inStock])?.id).toBe("in");
    expect(defaultVariant([out, { ...out, id: "out2" }])?.id).toBe("out");
    expect(defaultVariant([])).toBeUndefined();
  });
});

describe("vet-supervised label (catalogue spec section 1)", () => {
  it("marks Prescription Diet only", () => {
    expect(isVetSupervised("prescription-diet")).toBe(true);
    expect(isVetSupervised("science-diet")).toBe(false);
    expect(isVetSupervised("hills-treats")).toBe(false);
  });
});
