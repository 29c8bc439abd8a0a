import { describe, expect, it } from "vitest";
import { BRAND_LABEL, buildCatalogue } from "../../prisma/seed/catalogue";
import {
  BRAND_PALETTE,
  flavorColor,
  packArtFor,
  type PackArt,
  packSize,
  productImageSvg,
} from "../../prisma/seed/images";
import { fitText, type Measure, measureWith, missingGlyphs, packFont, wrapText } from "../../prisma/seed/pack-text";

// docs/rules.md "Pictures and their ratios".

/** Every character half an em wide: boundaries are exact. */
const halfEm: Measure = (text, size) => text.length * size * 0.5;

const art: PackArt = {
  brand: "science-diet",
  pack: "bag",
  species: "dog",
  name: "Adult Chicken & Barley Dry Dog Food",
  flavor: "Chicken & Barley",
  size: "15.5 lb",
};

function pictures() {
  return buildCatalogue().flatMap((product) => product.variants.map((variant) => packArtFor(product, variant)));
}

describe("fitting words on a pack", () => {
  it("keeps a text that exactly fits the width on one line at the largest size, and wraps one a character longer", () => {
    // 10 characters x 10 px = 100 px: exactly the width.
    expect(fitText("abcde fghi", { maxWidth: 100, maxLines: 3, maxSize: 20, minSize: 10 }, halfEm)).toEqual({
      lines: ["abcde fghi"],
      size: 20,
    });
    expect(fitText("abcde fghij", { maxWidth: 100, maxLines: 3, maxSize: 20, minSize: 10 }, halfEm)).toEqual({
      lines: ["abcde", "fghij"],
      size: 20,
    });
  });

  it("shrinks the size until the text fits the number of lines", () => {
    const fitted = fitText("aaaa bbbb cccc", { maxWidth: 40, maxLines: 2, maxSize: 20, minSize: 8 }, halfEm);
    // At 20 px each word (40 px) needs a line of its own, three lines: too many; 10 px fits "aaaa bbbb" (45 > 40), no; 8 px: 36.
    expect(fitted.lines.length).toBeLessThanOrEqual(2);
    for (const line of fitted.lines) expect(halfEm(line, fitted.size)).toBeLessThanOrEqual(40);
    expect(fitted.size).toBeLessThan(20);
    expect(fitted.size).toBeGreaterThanOrEqual(8);
  });

  it("balances the lines instead of leaving one word alone on the last", () => {
    expect(
      fitText("Kitten Dry Cat Food", { maxWidth: 80, maxLines: 3, maxSize: 10, minSize: 10 }, halfEm).lines,
    ).toEqual(["Kitten Dry", "Cat Food"]);
  });

  it("never goes below the smallest size: a text still too long ends its last line in an ellipsis within the width", () => {
    const fitted = fitText(
      "one two three four five six seven eight nine ten",
      { maxWidth: 60, maxLines: 2, maxSize: 12, minSize: 10 },
      halfEm,
    );
    expect(fitted.size).toBe(10);
    expect(fitted.lines).toHaveLength(2);
    expect(fitted.lines[1]).toMatch(/…$/);
    for (const line of fitted.lines) expect(halfEm(line, 10)).toBeLessThanOrEqual(60);
  });

  it("refuses a wrap when a single word is wider than the line", () => {
    expect(wrapText("Supercalifragilistic", 50, 3, halfEm, 10)).toBeNull();
  });

  it("prints the apostrophe as a typographic one", () => {
    expect(wrapText("Hill's Treats", 1000, 1, halfEm, 10)).toEqual(["Hill\u2019s Treats"]);
  });

  it("fits every seeded product's name into three lines at a readable size, in glyphs the font has", () => {
    const font = packFont(800);
    for (const picture of pictures()) {
      const fitted = fitText(picture.name, { maxWidth: 186, maxLines: 3, maxSize: 26, minSize: 13 }, measureWith(font));
      expect(fitted.lines.join(" "), picture.name).not.toMatch(/…/);
      expect(
        missingGlyphs(font, `${picture.name} ${picture.flavor} ${picture.size} ${BRAND_LABEL[picture.brand]}`),
      ).toEqual([]);
    }
  });
});

describe("the words on a pack", () => {
  it("are the product's name without the brand, and the variant's own flavor, pack and net weight", () => {
    const product = buildCatalogue().find((p) => p.variants.some((v) => v.packType === "can"))!;
    const variant = product.variants.find((v) => v.packType === "can")!;
    const can = packArtFor(product, variant);
    expect(can.name).toBe(product.title.replace(`${BRAND_LABEL[product.brand]} `, ""));
    expect(can).toMatchObject({ flavor: variant.flavor, pack: "can", size: packSize(variant.size) });
    // Each size of a bag line prints its own weight: a 30 lb bag's picture says 30 lb, not the first size.
    const bags = buildCatalogue().find((p) => new Set(p.variants.map((v) => v.size)).size > 1)!;
    expect(bags.variants.map((v) => packArtFor(bags, v).size)).toEqual(bags.variants.map((v) => packSize(v.size)));
    expect(packSize("12.8 oz can, case of 12")).toBe("12.8 oz");
    expect(packSize("15.5 lb bag")).toBe("15.5 lb");
    expect(packSize("156 g can, case of 24")).toBe("156 g");
  });

  it("take the flavor band's colour from the theme, never the pack's own colour", () => {
    expect(flavorColor("Chicken & Barley", BRAND_PALETTE["science-diet"])).toBe("#EFAA00");
    expect(flavorColor("Lamb Meal & Brown Rice", BRAND_PALETTE["science-diet"])).toBe("#C4132A");
    expect(flavorColor("Garden Vegetable", BRAND_PALETTE["science-diet"])).toBe("#60C150");
    // Salmon is blue, and blue is Science Diet's own colour: the band takes the brand's accent.
    expect(flavorColor("Salmon & Vegetable", BRAND_PALETTE["science-diet"])).toBe("#EFAA00");
    expect(flavorColor("Beef & Potatoes", BRAND_PALETTE["hills-treats"])).toBe("#EFAA00");
  });
});

describe("product picture SVG", () => {
  it("draws every word as a path: no <text>, no font needed, and no NaN that would stop librsvg mid-word", () => {
    for (const picture of pictures()) {
      const svg = productImageSvg(picture);
      expect(svg).not.toMatch(/<text|font-family/);
      expect(svg).not.toMatch(/NaN|undefined|Infinity/);
    }
  });

  it("is square, in the brand's colour, with a dog or a cat by species", () => {
    const dog = productImageSvg(art);
    expect(dog).toMatch(/width="600" height="600" viewBox="0 0 600 600"/);
    expect(dog).toContain('stop-color="#0054AA"');
    expect(dog).toContain('data-species="dog"');
    expect(dog).not.toContain('data-species="cat"');

    const cat = productImageSvg({ ...art, species: "cat", brand: "hills-treats", pack: "pouch" });
    expect(cat).toContain('stop-color="#C4132A"');
    expect(cat).toContain('data-species="cat"');
    expect(cat).not.toContain('data-species="dog"');
  });

  it("prints more ink for a longer name (the words are really there)", () => {
    const ink = (svg: string) => svg.match(/d="[^"]*"/g)!.reduce((sum, d) => sum + d.length, 0);
    expect(ink(productImageSvg({ ...art, name: "Adult Chicken & Barley Dry Dog Food" }))).toBeGreaterThan(
      ink(productImageSvg({ ...art, name: "Adult" })) + 1000,
    );
  });

  it("draws each pack type differently", () => {
    const shapes = new Set(
      (["bag", "can", "tray", "pouch"] as const).map((pack) => productImageSvg({ ...art, pack }).slice(0, 4000)),
    );
    expect(shapes.size).toBe(4);
  });
});
