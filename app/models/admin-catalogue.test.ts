import { describe, expect, it } from "vitest";
import {
  badgesOfTags,
  badgeTagsWith,
  COVERAGE_DESTINATIONS,
  CoverageRangeSchema,
  destinationAvailability,
  MAX_STOCK_UNITS,
  minPriceOf,
  parseDollars,
  ProductEditSchema,
  ProductFilterSchema,
  TAGGABLE_BADGES,
  VariantEditSchema,
} from "./admin-catalogue";
import { variantBadgeKeys } from "./badges";

const variant = (fields: Record<string, unknown>) =>
  VariantEditSchema.safeParse({ priceCents: "24.99", inventory: "10", ...fields });
const errorOf = (result: ReturnType<typeof variant>, field: string) =>
  result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === field)?.message;

describe("variant edit boundaries", () => {
  it("reads dollars as cents", () => {
    expect(parseDollars("24.99")).toBe(2499);
    expect(parseDollars("24.9")).toBe(2490);
    expect(parseDollars("$1,024")).toBe(102_400);
    expect(parseDollars("0.01")).toBe(1);
    expect(parseDollars("24.999")).toBeNull();
    expect(parseDollars("-1")).toBeNull();
    expect(parseDollars("abc")).toBeNull();
    expect(parseDollars("")).toBeNull();
  });

  it("takes a price from $0.01 to $10,000.00, refusing $0, negatives and more", () => {
    expect(variant({ priceCents: "0.01" }).data?.priceCents).toBe(1);
    expect(errorOf(variant({ priceCents: "0" }), "priceCents")).toBe("The price must be at least $0.01.");
    expect(errorOf(variant({ priceCents: "0.00" }), "priceCents")).toBe("The price must be at least $0.01.");
    expect(errorOf(variant({ priceCents: "-1.00" }), "priceCents")).toMatch(/in dollars/);
    expect(variant({ priceCents: "10000.00" }).data?.priceCents).toBe(1_000_000);
    expect(errorOf(variant({ priceCents: "10000.01" }), "priceCents")).toBe("The price can be at most $10,000.00.");
    expect(errorOf(variant({ priceCents: undefined }), "priceCents")).toBe("Enter the price.");
  });

  it("takes a compare-at price only above the price, or empty", () => {
    expect(variant({ compareAtPriceCents: "" }).data?.compareAtPriceCents).toBeNull();
    expect(variant({ compareAtPriceCents: undefined }).data?.compareAtPriceCents).toBeNull();
    expect(variant({ compareAtPriceCents: "25.00" }).data?.compareAtPriceCents).toBe(2500);
    expect(errorOf(variant({ compareAtPriceCents: "24.99" }), "compareAtPriceCents")).toBe(
      "The compare-at price must be more than the price, or empty.",
    );
    expect(errorOf(variant({ compareAtPriceCents: "10.00" }), "compareAtPriceCents")).toMatch(/more than the price/);
    expect(errorOf(variant({ compareAtPriceCents: "10000.01" }), "compareAtPriceCents")).toMatch(/at most/);
  });

  it("takes units from 0 to the maximum, whole numbers only", () => {
    expect(variant({ inventory: "0" }).data?.inventory).toBe(0);
    expect(variant({ inventory: String(MAX_STOCK_UNITS) }).data?.inventory).toBe(MAX_STOCK_UNITS);
    expect(errorOf(variant({ inventory: "-1" }), "inventory")).toBe("Units in stock cannot be negative.");
    expect(errorOf(variant({ inventory: String(MAX_STOCK_UNITS + 1) }), "inventory")).toMatch(/at most 1,000,000/);
    expect(errorOf(variant({ inventory: "1.5" }), "inventory")).toMatch(/whole number/);
    expect(errorOf(variant({ inventory: "" }), "inventory")).toMatch(/whole number/);
  });

  it("takes badges from the taggable list only", () => {
    expect(variant({ badges: "deal" }).data?.badges).toEqual(["deal"]);
    expect(variant({ badges: ["deal", "brand-new"] }).data?.badges).toEqual(["deal", "brand-new"]);
    expect(variant({}).data?.badges).toEqual([]);
    expect(errorOf(variant({ badges: ["out-of-stock"] }), "badges")).toBe("Choose badges from the list.");
    expect(errorOf(variant({ badges: ["nonsense"] }), "badges")).toBe("Choose badges from the list.");
  });
});

describe("product edit", () => {
  it("needs a title of at most 200 characters; featured rank 1 to 9999 or empty", () => {
    const ok = ProductEditSchema.parse({ title: " Dog food ", soldOnDtc: "on", featuredRank: "" });
    expect(ok).toMatchObject({ title: "Dog food", soldOnDtc: true, soldOnHpsf: false, featuredRank: null });
    expect(ProductEditSchema.safeParse({ title: "" }).success).toBe(false);
    expect(ProductEditSchema.safeParse({ title: "x".repeat(200) }).success).toBe(true);
    expect(ProductEditSchema.safeParse({ title: "x".repeat(201) }).success).toBe(false);
    expect(ProductEditSchema.parse({ title: "t", featuredRank: "1" }).featuredRank).toBe(1);
    expect(ProductEditSchema.parse({ title: "t", featuredRank: "9999" }).featuredRank).toBe(9999);
    expect(ProductEditSchema.safeParse({ title: "t", featuredRank: "0" }).success).toBe(false);
    expect(ProductEditSchema.safeParse({ title: "t", featuredRank: "10000" }).success).toBe(false);
    expect(ProductEditSchema.safeParse({ title: "t", featuredRank: "-1" }).success).toBe(false);
  });
});

describe("badge tags", () => {
  it("stores chosen badges as badge:: tags the shop reads back, keeping other tags", () => {
    expect(TAGGABLE_BADGES).not.toContain("out-of-stock");
    expect(TAGGABLE_BADGES).not.toContain("limited-stock");
    const tags = badgeTagsWith(["badge::deal", "other::x"], ["brand-new", "best-seller"]);
    expect(tags).toBe("other::x,badge::best-seller,badge::new");
    expect(badgesOfTags(tags.split(","))).toEqual(["best-seller", "brand-new"]);
    expect(variantBadgeKeys({ inventory: 50, badgeTags: tags.split(",") }, 12)).toEqual(["best-seller", "brand-new"]);
    expect(badgeTagsWith([], [])).toBe("");
  });
});

describe("stock per destination", () => {
  it("home needs units and a covered zip; clinic needs units", () => {
    expect(destinationAvailability(1, 1)).toEqual({ home: true, clinic: true });
    expect(destinationAvailability(1, 0)).toEqual({ home: false, clinic: true });
    expect(destinationAvailability(0, 5)).toEqual({ home: false, clinic: false });
  });

  it("keeps the lowest variant price", () => {
    expect(minPriceOf([{ priceCents: 300 }, { priceCents: 199 }])).toBe(199);
    expect(minPriceOf([])).toBe(0);
  });
});

describe("products filter", () => {
  it("ignores unknown values", () => {
    expect(ProductFilterSchema.parse({ brand: "nope", species: "horse", published: "x", page: "-3" })).toEqual({
      q: undefined,
      brand: undefined,
      species: undefined,
      published: undefined,
      page: 1,
    });
    expect(
      ProductFilterSchema.parse({ brand: "science-diet", species: "cat", published: "HPSF", page: "2" }),
    ).toMatchObject({ brand: "science-diet", species: "cat", published: "HPSF", page: 2 });
  });
});

describe("zip coverage ranges", () => {
  it("takes 5-digit ends with the start at or before the end", () => {
    expect(CoverageRangeSchema.parse({ destination: "HOME", startZip: "80000", endZip: "80000" })).toEqual({
      destination: "HOME",
      startZip: "80000",
      endZip: "80000",
    });
    expect(CoverageRangeSchema.safeParse({ destination: "CLINIC", startZip: "00000", endZip: "99999" }).success).toBe(
      true,
    );
    const refused = (fields: Record<string, string>) => {
      const result = CoverageRangeSchema.safeParse({
        destination: "HOME",
        startZip: "80000",
        endZip: "80999",
        ...fields,
      });
      return result.success ? undefined : result.error.issues[0].message;
    };
    expect(refused({ endZip: "79999" })).toBe("The last zip must be the same as or after the first.");
    expect(refused({ startZip: "8000" })).toBe("Enter the first zip as 5 digits.");
    expect(refused({ endZip: "800001" })).toBe("Enter the last zip as 5 digits.");
    expect(refused({ startZip: "8000a" })).toBe("Enter the first zip as 5 digits.");
    expect(refused({ destination: "MOON" })).toBe("Choose a destination.");
  });

  it("covers the stock provider's destinations", async () => {
    const { STOCK_DESTINATIONS } = await import("~/services/stock/types");
    expect([...COVERAGE_DESTINATIONS]).toEqual([...STOCK_DESTINATIONS]);
  });
});
