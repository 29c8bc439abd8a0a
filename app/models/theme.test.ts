import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BREAKPOINTS, GRID_WIDTHS, THEME_COLORS } from "./theme";

// docs/rules.md "Brand, type and header": the stylesheet's tokens and the constants code reads agree.
const css = readFileSync(path.resolve(import.meta.dirname, "../styles/app.css"), "utf8");

/** The custom properties of the stylesheet's first :root block. */
function rootVariables(source: string): Map<string, string> {
  const block = /:root\s*\{([^}]*)\}/.exec(source)?.[1] ?? "";
  return new Map([...block.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)].map((m) => [m[1], m[2].trim()]));
}

/** Every width a media query in the stylesheet names: `min-width: 768px` gives ["min", 768]. */
function mediaWidths(source: string): ["min" | "max", number][] {
  return [...source.matchAll(/@media[^{]*/g)].flatMap(([query]) =>
    [...query.matchAll(/(min|max)-width:\s*(\d+)px/g)].map((m): ["min" | "max", number] => [
      m[1] as "min" | "max",
      Number(m[2]),
    ]),
  );
}

describe("theme tokens", () => {
  const vars = rootVariables(css);

  it("the theme colours are the spec's (catalogue spec section 9) in both places", () => {
    expect(THEME_COLORS).toEqual({
      primary: "#0054aa",
      secondary: "#003672",
      error: "#c4132a",
      success: "#60c150",
      warning: "#efaa00",
      disabled: "#c6c7cc",
    });
    for (const [name, value] of Object.entries(THEME_COLORS)) {
      expect(vars.get(`--color-${name}`)?.toLowerCase(), name).toBe(value);
    }
  });

  it("the breakpoints and grid widths are the spec's, and :root documents each", () => {
    expect(BREAKPOINTS).toEqual({ xs: 0, sm: 480, md: 768, lg: 960, xl: 1280, xxl: 1440 });
    expect(GRID_WIDTHS).toEqual({ sm: 480, md: 768, lg: 992, xl: 1132, xxl: 1440 });
    for (const [name, px] of Object.entries(BREAKPOINTS)) {
      expect(vars.get(`--breakpoint-${name}`), name).toBe(px === 0 ? "0" : `${px}px`);
    }
    for (const [name, px] of Object.entries(GRID_WIDTHS)) {
      expect(vars.get(`--grid-${name}`), name).toBe(`${px}px`);
    }
  });

  it("every media query in app.css sits on a breakpoint (min-width at one, max-width one pixel below)", () => {
    const edges = new Set<number>(Object.values(BREAKPOINTS).filter((px) => px > 0));
    const widths = mediaWidths(css);
    expect(widths.length).toBeGreaterThan(0);
    const off = widths.filter(([kind, px]) => !edges.has(kind === "min" ? px : px + 1));
    expect(off).toEqual([]);
  });

  it("reads media queries at their boundaries", () => {
    const sample = "@media (min-width: 768px) {} @media (max-width: 959px) {} @media (min-width: 770px) {}";
    expect(mediaWidths(sample)).toEqual([
      ["min", 768],
      ["max", 959],
      ["min", 770],
    ]);
  });

  it("the type and spacing scales are complete and ascending", () => {
    const sizes = ["xs", "sm", "base", "md", "lg", "xl", "2xl", "3xl", "4xl"].map((step) =>
      parseFloat(vars.get(`--font-size-${step}`) ?? "NaN"),
    );
    expect(sizes.every((size, i) => i === 0 || size > sizes[i - 1])).toBe(true);
    const spaces = [1, 2, 3, 4, 5, 6, 7, 8].map((step) => parseFloat(vars.get(`--space-${step}`) ?? "NaN"));
    expect(spaces).toEqual([4, 8, 12, 16, 24, 32, 48, 64]);
  });
});
