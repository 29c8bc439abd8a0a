// Words on the seed's product pictures, drawn as SVG paths from the self-hosted Nunito Sans
// files (docs/rules.md "Pictures and their ratios"): librsvg (under sharp) would draw <text>
// with whatever system font the machine has, and nothing at all on a machine without one.
// Glyphs are laid out one by one (advance + kerning): opentype.js 1.3's shaper stops at a
// lookup type this font uses, and Latin product names need no shaping beyond kerning.
import fs from "node:fs";
import { createRequire } from "node:module";
import opentype, { type Font, type PathCommand } from "opentype.js";

export type FontWeight = 400 | 700 | 800;

const fonts = new Map<FontWeight, Font>();

/** The parsed Nunito Sans face of a weight, read once per process (parsing is the slow part). */
export function packFont(weight: FontWeight): Font {
  let font = fonts.get(weight);
  if (!font) {
    const file = createRequire(import.meta.url).resolve(
      `@fontsource/nunito-sans/files/nunito-sans-latin-${weight}-normal.woff`,
    );
    const bytes = fs.readFileSync(file);
    font = opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    fonts.set(weight, font);
  }
  return font;
}

/** Typographic apostrophes and quotes, as printed packs have them ("Hill’s"). */
export function printable(text: string): string {
  return text.replace(/'/g, "\u2019").replace(/\s+/g, " ").trim();
}

/** Width of a line of text at a font size, in pixels (advances plus kerning). */
export function textWidth(font: Font, text: string, size: number): number {
  const scale = size / font.unitsPerEm;
  let width = 0;
  let previous: ReturnType<Font["charToGlyph"]> | null = null;
  for (const char of text) {
    const glyph = font.charToGlyph(char);
    if (previous) width += font.getKerningValue(previous, glyph) * scale;
    width += (glyph.advanceWidth ?? 0) * scale;
    previous = glyph;
  }
  return width;
}

/** Characters of a text the font has no glyph for (they would print as an empty box). */
export function missingGlyphs(font: Font, text: string): string[] {
  return [...new Set([...text].filter((char) => char !== " " && font.charToGlyph(char).index === 0))];
}

export type Measure = (text: string, size: number) => number;

/** Splits text into at most `maxLines` lines no wider than `maxWidth`; null when it does not fit. */
export function wrapText(text: string, maxWidth: number, maxLines: number, measure: Measure, size: number) {
  const lines: string[] = [];
  for (const word of printable(text).split(" ")) {
    if (!word) continue;
    const last = lines.at(-1);
    if (last !== undefined && measure(`${last} ${word}`, size) <= maxWidth) {
      lines[lines.length - 1] = `${last} ${word}`;
    } else {
      if (measure(word, size) > maxWidth) return null;
      lines.push(word);
    }
  }
  return lines.length <= maxLines ? lines : null;
}

/**
 * The same number of lines at the narrowest width that still gives that number, so lines come out
 * even ("Kitten / Dry Cat Food", not "Kitten Dry Cat / Food").
 */
function balanced(text: string, lines: string[], maxWidth: number, measure: Measure, size: number): string[] {
  if (lines.length < 2) return lines;
  let best = lines;
  let low = 0;
  let high = maxWidth;
  while (high - low > 1) {
    const width = (low + high) / 2;
    const narrower = wrapText(text, width, lines.length, measure, size);
    if (narrower) {
      best = narrower;
      high = width;
    } else low = width;
  }
  return best;
}

export interface FittedText {
  lines: string[];
  size: number;
}

/**
 * The largest font size from `maxSize` down to `minSize` (whole pixels) at which the text
 * wraps into `maxLines` lines of `maxWidth`. Below `minSize` it would not be readable on a
 * 96 px thumbnail, so a text still too long keeps `minSize` and its last line ends in "…".
 */
export function fitText(
  text: string,
  box: { maxWidth: number; maxLines: number; maxSize: number; minSize: number },
  measure: Measure,
): FittedText {
  for (let size = box.maxSize; size >= box.minSize; size--) {
    const lines = wrapText(text, box.maxWidth, box.maxLines, measure, size);
    if (lines) return { lines: balanced(text, lines, box.maxWidth, measure, size), size };
  }
  const size = box.minSize;
  const words = printable(text).split(" ");
  const lines: string[] = [];
  for (const word of words) {
    const last = lines.at(-1);
    if (last !== undefined && measure(`${last} ${word}`, size) <= box.maxWidth)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  const kept = lines.slice(0, box.maxLines);
  let tail = kept.at(-1) ?? "";
  while (tail && measure(`${tail}…`, size) > box.maxWidth) tail = tail.slice(0, -1).trimEnd();
  kept[kept.length - 1] = `${tail}…`;
  return { lines: kept, size };
}

const round = (value: number) => String(Math.round(value * 10) / 10);

/**
 * SVG path data of glyph outline commands, one decimal. Not opentype.js's `toPathData`: its
 * rounding turns a tiny fraction such as 5e-7 into NaN, and librsvg stops drawing at a NaN.
 */
export function pathData(commands: readonly PathCommand[]): string {
  let d = "";
  for (const c of commands) {
    if (c.type === "Z") d += "Z";
    else if (c.type === "M" || c.type === "L") d += `${c.type}${round(c.x)} ${round(c.y)}`;
    else if (c.type === "Q") d += `Q${round(c.x1)} ${round(c.y1)} ${round(c.x)} ${round(c.y)}`;
    else d += `C${round(c.x1)} ${round(c.y1)} ${round(c.x2)} ${round(c.y2)} ${round(c.x)} ${round(c.y)}`;
  }
  return d;
}

/** SVG path data of one line of text whose left end of the baseline is at (x, y). */
export function textPathData(font: Font, text: string, x: number, y: number, size: number): string {
  const scale = size / font.unitsPerEm;
  let cursor = x;
  let previous: ReturnType<Font["charToGlyph"]> | null = null;
  const parts: string[] = [];
  for (const char of text) {
    const glyph = font.charToGlyph(char);
    if (previous) cursor += font.getKerningValue(previous, glyph) * scale;
    if (char !== " ") parts.push(pathData(glyph.getPath(cursor, y, size).commands));
    cursor += (glyph.advanceWidth ?? 0) * scale;
    previous = glyph;
  }
  return parts.join("");
}

export type Align = "start" | "middle" | "end";

/** A <path> drawing text lines, aligned on `x`, the first baseline at `y`. */
export function textBlock(
  font: Font,
  lines: readonly string[],
  options: { x: number; y: number; size: number; lineHeight?: number; align?: Align; fill: string },
): string {
  const lineHeight = options.lineHeight ?? options.size * 1.12;
  const d = lines
    .map((line, i) => {
      const width = textWidth(font, line, options.size);
      const align = options.align ?? "middle";
      const left = align === "start" ? options.x : align === "end" ? options.x - width : options.x - width / 2;
      return textPathData(font, line, left, options.y + i * lineHeight, options.size);
    })
    .join("");
  return `<path d="${d}" fill="${options.fill}"/>`;
}

/** A measure function for `wrapText` and `fitText` from a parsed font. */
export function measureWith(font: Font): Measure {
  return (text, size) => textWidth(font, text, size);
}
