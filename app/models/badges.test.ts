import { describe, expect, it } from "vitest";
import { badgeFromTag, BADGE_PRIORITY, variantBadges } from "./badges";

const labels = (inventory: number, tags: string[]) => variantBadges({ inventory, badgeTags: tags }).map((b) => b.label);

describe("card badges (catalogue spec sections 3 and 9)", () => {
  it("maps the tag badge::new to brand-new, shown as 'New'", () => {
    expect(badgeFromTag("badge::new")).toBe("brand-new");
    expect(labels(50, ["badge::new"])).toEqual(["New"]);
  });

  it("shows at most two badges, chosen by priority order", () => {
    expect(labels(50, ["badge::new-look", "badge::best-seller", "badge::deal"])).toEqual(["Deal", "Best Seller"]);
    expect(labels(50, ["badge::discontinued-soon", "badge::new-formula", "badge::featured"])).toEqual([
      "Featured",
      "New Formula",
    ]);
  });

  it("derives out-of-stock and limited-stock from inventory, ahead of every tag", () => {
    expect(labels(0, ["badge::deal", "badge::best-seller"])).toEqual(["Out of Stock", "Deal"]);
    expect(labels(3, ["badge::new"])).toEqual(["Limited Stock", "New"]);
    expect(labels(6, [])).toEqual([]);
  });

  it("ignores unknown tags and tags that try to fake stock badges", () => {
    expect(labels(50, ["badge::shiny", "sale", "badge::out-of-stock"])).toEqual([]);
  });

  it("uses every spec label, in the spec's priority order", () => {
    const all = BADGE_PRIORITY.filter((k) => !k.endsWith("stock") || k === "back-in-stock").map((k) =>
      k === "brand-new" ? "badge::new" : `badge::${k}`,
    );
    expect(variantBadges({ inventory: 0, badgeTags: all }, 12).map((b) => b.label)).toEqual([
      "Out of Stock",
      "Deal",
      "Best Seller",
      "Featured",
      "Back In Stock",
      "New",
      "New Innovation",
      "New Formula",
      "New Flavor",
      "New Look",
      "Discontinued Soon",
    ]);
  });
});

describe("limited stock boundary (catalogue spec section 9: LIMITED_STOCK_MAX)", () => {
  it("shows Limited Stock from 1 to exactly 5 units, nothing at 6, Out of Stock at 0", () => {
    expect(labels(5, [])).toEqual(["Limited Stock"]);
    expect(labels(1, [])).toEqual(["Limited Stock"]);
    expect(labels(6, [])).toEqual([]);
    expect(labels(0, [])).toEqual(["Out of Stock"]);
  });
});
