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
  COVERAGE_INTENTS,
  MAX_PRODUCT_IMAGES,
  PRODUCT_INTENTS,
  ProductSaveSchema,
  ProductFilterSchema,
  removeImageQuestion,
  removeRangeQuestion,
  TAGGABLE_BADGES,
  unpublishQuestion,
  uploadAssetId,
  VariantEditSchema,
} from "./admin-catalogue";
import { confirmedIntents, intentPermissions } from "./admin-intents";
import { variantBadgeKeys } from "./badges";
import { SEO_DESCRIPTION_MAX, SEO_TITLE_MAX } from "./seo";

const variant = (fields: Record<string, unknown>) =>
  VariantEditSchema.safeParse({ price: "24.99", inventory: "10", ...fields });
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
    expect(variant({ price: "0.01" }).data?.priceCents).toBe(1);
    expect(errorOf(variant({ price: "0" }), "price")).toBe("The price must be at least $0.01.");
    expect(errorOf(variant({ price: "0.00" }), "price")).toBe("The price must be at least $0.01.");
    expect(errorOf(variant({ price: "-1.00" }), "price")).toMatch(/in dollars/);
    expect(variant({ price: "10000.00" }).data?.priceCents).toBe(1_000_000);
    expect(errorOf(variant({ price: "10000.01" }), "price")).toBe("The price can be at most $10,000.00.");
    expect(errorOf(variant({ price: undefined }), "price")).toBe("Enter the price.");
  });

  it("takes a compare-at price only above the price, or empty", () => {
    expect(variant({ compareAtPrice: "" }).data?.compareAtPriceCents).toBeNull();
    expect(variant({ compareAtPrice: undefined }).data?.compareAtPriceCents).toBeNull();
    expect(variant({ compareAtPrice: "25.00" }).data?.compareAtPriceCents).toBe(2500);
    expect(errorOf(variant({ compareAtPrice: "24.99" }), "compareAtPrice")).toBe(
      "The compare-at price must be more than the price, or empty.",
    );
    expect(errorOf(variant({ compareAtPrice: "10.00" }), "compareAtPrice")).toMatch(/more than the price/);
    expect(errorOf(variant({ compareAtPrice: "10000.01" }), "compareAtPrice")).toMatch(/at most/);
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
  const save = (fields: Record<string, unknown>) =>
    ProductSaveSchema.safeParse({ intent: "product", title: "t", ...fields });
  const errorAt = (fields: Record<string, unknown>, ...path: (string | number)[]) => {
    const result = save(fields);
    return result.success ? undefined : result.error.issues.find((i) => i.path.join(".") === path.join("."))?.message;
  };

  it("needs a title of at most 200 characters; featured rank 1 to 9999 or empty", () => {
    const ok = ProductSaveSchema.parse({
      intent: "product",
      title: " Dog food ",
      autoshipEligible: "on",
      featuredRank: "",
    });
    expect(ok).toMatchObject({
      title: "Dog food",
      autoshipEligible: true,
      featuredRank: null,
      images: [],
      variants: [],
    });
    expect(save({ title: "" }).success).toBe(false);
    expect(save({ title: "x".repeat(200) }).success).toBe(true);
    expect(save({ title: "x".repeat(201) }).success).toBe(false);
    expect(save({ featuredRank: "1" }).data?.featuredRank).toBe(1);
    expect(save({ featuredRank: "9999" }).data?.featuredRank).toBe(9999);
    expect(save({ featuredRank: "0" }).success).toBe(false);
    expect(save({ featuredRank: "10000" }).success).toBe(false);
    expect(save({ featuredRank: "-1" }).success).toBe(false);
  });

  it("takes a search title of exactly SEO_TITLE_MAX and a description of exactly SEO_DESCRIPTION_MAX; one more is refused beside its field", () => {
    expect(SEO_TITLE_MAX).toBe(70);
    expect(SEO_DESCRIPTION_MAX).toBe(160);
    expect(
      save({ seoTitle: "t".repeat(SEO_TITLE_MAX), seoDescription: "d".repeat(SEO_DESCRIPTION_MAX) }).data,
    ).toMatchObject({
      seoTitle: "t".repeat(SEO_TITLE_MAX),
      seoDescription: "d".repeat(SEO_DESCRIPTION_MAX),
    });
    expect(errorAt({ seoTitle: "t".repeat(SEO_TITLE_MAX + 1) }, "seoTitle")).toBe(
      "A search title has at most 70 characters.",
    );
    expect(errorAt({ seoDescription: "d".repeat(SEO_DESCRIPTION_MAX + 1) }, "seoDescription")).toBe(
      "A search description has at most 160 characters.",
    );
    // Empty (or blank) is none: the page falls back to the title and description.
    expect(save({ seoTitle: "  ", seoDescription: undefined }).data).toMatchObject({
      seoTitle: null,
      seoDescription: null,
    });
  });

  it("chooses pictures from the library only: an asset id, never a URL or a path", () => {
    expect(save({ addImage: "summer-hero" }).data?.addImage).toBe("summer-hero");
    for (const bad of [
      "https://evil.example/x.png",
      "/images/products/a.png",
      "../secret",
      "Summer Hero",
      "x".repeat(81),
    ]) {
      expect(errorAt({ addImage: bad }, "addImage"), bad).toBe("Choose an image from the library.");
      expect(errorAt({ variants: [{ id: "v1", image: bad }] }, "variants", 0, "image"), bad).toBe(
        "Choose an image from the library.",
      );
    }
    expect(save({ variants: [{ id: "v1" }] }).data?.variants).toEqual([{ id: "v1", image: undefined }]);
  });

  it("orders pictures by a place from 1 to MAX_PRODUCT_IMAGES, each with alt text, and never more than the maximum", () => {
    const row = (position: string, alt = "A bag") => ({ id: "i1", alt, position });
    expect(save({ images: [row("1"), row(String(MAX_PRODUCT_IMAGES))] }).success).toBe(true);
    expect(errorAt({ images: [row("0")] }, "images", 0, "position")).toMatch(/from 1 to 12/);
    expect(errorAt({ images: [row(String(MAX_PRODUCT_IMAGES + 1))] }, "images", 0, "position")).toMatch(/from 1 to 12/);
    expect(errorAt({ images: [row("1", "")] }, "images", 0, "alt")).toMatch(/Describe the picture/);
    const full = Array.from({ length: MAX_PRODUCT_IMAGES }, () => row("1"));
    expect(save({ images: full }).success).toBe(true);
    expect(errorAt({ images: full, addImage: "one-more" }, "addImage")).toMatch(/at most 12 pictures/);
  });

  it("takes an upload with its alt text, up to the library's size", () => {
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "a.png", { type: "image/png" });
    expect(save({ upload: png, uploadAlt: "A bag" }).success).toBe(true);
    expect(errorAt({ upload: png }, "uploadAlt")).toMatch(/Describe the uploaded picture/);
    expect(errorAt({ upload: "not a file" }, "upload")).toBe("Choose a JPEG or PNG image.");
    expect(uploadAssetId("adult-chicken", 0)).toBe("adult-chicken-0");
    const long = uploadAssetId("X".repeat(120), Date.UTC(2027, 0, 1));
    expect(long.length).toBeLessThanOrEqual(80);
    expect(long).toMatch(/^[a-z0-9][a-z0-9-]*$/);
  });
});

describe("the product and coverage pages' intent tables", () => {
  it("are whole: every action needs catalogue.edit; unpublishing, removing a picture and removing a range ask first", () => {
    expect(intentPermissions(PRODUCT_INTENTS)).toEqual({
      product: "catalogue.edit",
      variant: "catalogue.edit",
      publish: "catalogue.edit",
      unpublish: "catalogue.edit",
      removeImage: "catalogue.edit",
    });
    expect(confirmedIntents(PRODUCT_INTENTS)).toEqual(["unpublish", "removeImage"]);
    expect(intentPermissions(COVERAGE_INTENTS)).toEqual({ add: "catalogue.edit", remove: "catalogue.edit" });
    expect(confirmedIntents(COVERAGE_INTENTS)).toEqual(["remove"]);
  });

  it("name the effect in each question", () => {
    expect(unpublishQuestion("Adult Chicken", "DTC")).toBe(
      "Unpublish Adult Chicken from the Consumer shop? It leaves that shop's listings and search, and its pages answer 404 until it is published again.",
    );
    expect(removeImageQuestion("Adult Chicken", { alt: "Front", variantSku: null })).toMatch(
      /^Remove the picture "Front" from Adult Chicken\? /,
    );
    expect(removeImageQuestion("Adult Chicken", { alt: "Bag", variantSku: "SKU-1" })).toMatch(
      /^Remove the picture of SKU-1 \("Bag"\) from Adult Chicken\? That variant then shows the product's pictures\.$/,
    );
    expect(removeRangeQuestion({ destination: "HOME", startZip: "80000", endZip: "80999" })).toBe(
      "Remove the home delivery range 80000–80999? Home delivery stops for zips no other home range covers.",
    );
  });

  it("refuses an unknown site and a range id that is not one", () => {
    expect(PRODUCT_INTENTS.unpublish.schema.safeParse({ intent: "unpublish", site: "MOON" }).success).toBe(false);
    expect(COVERAGE_INTENTS.remove.schema.safeParse({ intent: "remove", id: "0" }).success).toBe(false);
    expect(COVERAGE_INTENTS.remove.schema.safeParse({ intent: "remove", id: "x" }).success).toBe(false);
    expect(COVERAGE_INTENTS.remove.schema.parse({ intent: "remove", id: "12" }).id).toBe(12);
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
