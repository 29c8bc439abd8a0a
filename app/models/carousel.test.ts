import { describe, expect, it } from "vitest";
import {
  AUTOPLAY_DELAY_MS,
  CAROUSEL_PALETTE,
  CONTENT_CAROUSEL_DEFAULTS,
  PRODUCT_CAROUSEL_GAP_PX,
  carouselBackground,
  carouselCopyColor,
  carouselTextColor,
  productSlidesPerView,
  shouldLoop,
} from "./carousel";

/** WCAG 2.x contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe("carousel background palette (catalogue spec section 3; theme in catalogue spec section 9)", () => {
  it("maps the seven palette names to theme colours", () => {
    expect(carouselBackground("white")).toBe("#ffffff");
    expect(carouselBackground("blue")).toBe("#0054aa");
    expect(carouselBackground("light blue")).toBe("#e6f0fa");
    expect(carouselBackground("dark blue")).toBe("#003672");
    expect(carouselBackground("gray")).toMatch(/^#[0-9a-f]{6}$/);
    expect(carouselBackground("light gray")).toMatch(/^#[0-9a-f]{6}$/);
    expect(carouselBackground("dark gray")).toMatch(/^#[0-9a-f]{6}$/);
    expect(Object.keys(CAROUSEL_PALETTE)).toHaveLength(7);
  });

  it("accepts the names in any case and with hyphens, underscores, camelCase or 'grey'", () => {
    expect(carouselBackground("Light Blue")).toBe("#e6f0fa");
    expect(carouselBackground("light-blue")).toBe("#e6f0fa");
    expect(carouselBackground("dark_blue")).toBe("#003672");
    expect(carouselBackground("lightBlue")).toBe("#e6f0fa");
    expect(carouselBackground("dark grey")).toBe(carouselBackground("dark gray"));
  });

  it("falls back to white for an unknown or missing name", () => {
    expect(carouselBackground("chartreuse")).toBe("#ffffff");
    // An editor's text, never a lookup of what every object has.
    for (const name of ["constructor", "__proto__", "toString", "valueOf", "hasOwnProperty"]) {
      expect([name, carouselBackground(name), carouselTextColor(name)]).toEqual([
        name,
        "#ffffff",
        carouselTextColor("white"),
      ]);
      expect(carouselCopyColor(name, "blue")).toBe(carouselTextColor("blue"));
    }
    expect(carouselBackground("")).toBe("#ffffff");
    expect(carouselBackground(null)).toBe("#ffffff");
    expect(carouselBackground(undefined)).toBe("#ffffff");
  });

  it("gives every background a default text colour that passes WCAG AA (4.5:1)", () => {
    for (const name of Object.keys(CAROUSEL_PALETTE)) {
      expect(contrast(carouselBackground(name), carouselTextColor(name)), name).toBeGreaterThanOrEqual(4.5);
    }
    expect(carouselTextColor("unknown")).toBe(carouselTextColor("white"));
  });
});

describe("carousel copy colour (catalogue spec section 3 'copyColor'; theme in catalogue spec section 9)", () => {
  it("uses a palette name or a hex colour from the config", () => {
    expect(carouselCopyColor("white", "dark blue")).toBe("#ffffff");
    expect(carouselCopyColor("Dark Blue", "white")).toBe("#003672");
    expect(carouselCopyColor("#FFF", "blue")).toBe("#fff");
    expect(carouselCopyColor(" #1d1d21 ", "white")).toBe("#1d1d21");
  });

  it("falls back to the background's readable default for a missing or unsafe value", () => {
    expect(carouselCopyColor(undefined, "dark blue")).toBe("#ffffff");
    expect(carouselCopyColor(null, "light blue")).toBe(carouselTextColor("light blue"));
    expect(carouselCopyColor("red; background: url(x)", "blue")).toBe("#ffffff");
    expect(carouselCopyColor("#12", "white")).toBe(carouselTextColor("white"));
  });
});

describe("product carousel (catalogue spec section 9)", () => {
  it("autoplays every 5000 ms with a 12 px gap (catalogue spec section 9)", () => {
    expect(AUTOPLAY_DELAY_MS).toBe(5000);
    expect(PRODUCT_CAROUSEL_GAP_PX).toBe(12);
  });

  it("shows 1 slide below 780 px, 2 from 780, 2.5 from 960 and 3 from 1200 (catalogue spec section 9)", () => {
    expect(productSlidesPerView(320)).toBe(1);
    expect(productSlidesPerView(779)).toBe(1);
    expect(productSlidesPerView(780)).toBe(2);
    expect(productSlidesPerView(959)).toBe(2);
    expect(productSlidesPerView(960)).toBe(2.5);
    expect(productSlidesPerView(1199)).toBe(2.5);
    expect(productSlidesPerView(1200)).toBe(3);
    expect(productSlidesPerView(2560)).toBe(3);
  });

  it("loops only with at least 3 items on very wide (>= 1440 px) screens (catalogue spec section 9)", () => {
    expect(shouldLoop(3, 1440)).toBe(true);
    expect(shouldLoop(10, 1920)).toBe(true);
    expect(shouldLoop(2, 1920)).toBe(false);
    expect(shouldLoop(0, 1920)).toBe(false);
    expect(shouldLoop(3, 1439)).toBe(false);
    expect(shouldLoop(10, 1200)).toBe(false);
  });
});

describe("content carousel defaults (catalogue spec section 9)", () => {
  it("uses spacing 16, one slide per view, no loop and no autoplay (catalogue spec section 9)", () => {
    expect(CONTENT_CAROUSEL_DEFAULTS).toEqual({ spacing: 16, slidesPerView: 1, loop: false, autoplay: false });
  });
});
