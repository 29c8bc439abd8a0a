import { describe, expect, it } from "vitest";
import { cardForSite, listingCard, priceForSite, soldOnSite, type ProductCardData } from "./product";
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

describe("listing cards (catalogue spec sections 1 and 9)", () => {
  it("keep the variant list only where cards have a size selector, and cut the description", () => {
    const long = { ...card, description: "A description longer than twenty-five characters" };
    expect(listingCard(long, "HPSF").variants).toEqual([variant]);
    expect(listingCard(long, "DTC").variants).toEqual([]);
    expect(listingCard(long, "DTC").description).toBe("A description longer than…");
  });
});
