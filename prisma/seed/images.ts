// Product pictures drawn as SVG and rasterised with sharp at seed time: no network,
// deterministic, and real PNG files that the image optimiser can resize later.
// Each pack type (bag, can, tray, pouch) is drawn as a shaded pack in its brand's palette with
// the brand, product name, flavor and size printed as paths from the self-hosted font, and a
// dog or cat by species (docs/rules.md "Pictures and their ratios").
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { BRAND_LABEL, type Brand, type PackType, type SeedProduct, type SeedVariant } from "./catalogue";
import { type Align, fitText, type FontWeight, measureWith, packFont, textBlock } from "./pack-text";

export const IMAGE_SIZE = 600;
/** Folder under public/ (git-ignored) that holds the generated images. */
export const IMAGE_DIR = path.join("public", "images", "products");
/**
 * The drawing's version, kept in IMAGE_DIR: when it changes, pictures drawn by an older seed are
 * drawn again (their file names stay, and the image cache is keyed by the file's mtime).
 */
export const PICTURE_STYLE = "packs-3";
const STYLE_FILE = ".style";

/** The theme colours (catalogue spec section 9) each brand prints its packs in. */
interface Palette {
  main: string;
  dark: string;
  light: string;
  accent: string;
}

export const BRAND_PALETTE: Record<Brand, Palette> = {
  "science-diet": { main: "#0054AA", dark: "#003672", light: "#2F7BD0", accent: "#EFAA00" },
  "prescription-diet": { main: "#003672", dark: "#00214A", light: "#1D5A9E", accent: "#C4132A" },
  "hills-treats": { main: "#C4132A", dark: "#8A0B1C", light: "#E04A5E", accent: "#EFAA00" },
};

/** Theme colours dark enough for white print on them (4.5:1 or better). */
const WHITE_INK = new Set(["#0054AA", "#003672", "#C4132A"]);
const DARK_INK = "#1B2430";

/** What a pack says: one picture per variant, so its own flavor, size and pack. */
export interface PackArt {
  brand: Brand;
  pack: PackType;
  species: "dog" | "cat";
  /** The product's name without the brand ("Adult Chicken & Barley Dry Dog Food"). */
  name: string;
  flavor: string;
  /** The net weight of one pack ("15.5 lb", "5.5 oz"). */
  size: string;
}

/** The net weight printed on one pack, from a variant's size ("12.8 oz can, case of 12" → "12.8 oz"). */
export function packSize(size: string): string {
  const net = size.match(/^([\d.]+)\s*(lb|oz|kg|g)\b/);
  return net ? `${net[1]} ${net[2]}` : size;
}

/** The words on the picture of one of a product's variants. */
export function packArtFor(product: SeedProduct, variant: SeedVariant): PackArt {
  const pack = variant.packType;
  const brand = BRAND_LABEL[product.brand];
  const name = product.title.startsWith(brand) ? product.title.slice(brand.length).trim() : product.title;
  return {
    brand: product.brand,
    pack,
    species: product.species === "cat" ? "cat" : "dog",
    name,
    flavor: variant.flavor,
    size: packSize(variant.size),
  };
}

/** The band colour of a flavor: poultry gold, red meat red, fish blue, vegetables green (theme colours). */
export function flavorColor(flavor: string, palette: Palette): string {
  const text = flavor.toLowerCase();
  const color = /salmon|tuna|fish|pollock|ocean|whitefish/.test(text)
    ? "#0054AA"
    : /beef|lamb|liver|pork|venison/.test(text)
      ? "#C4132A"
      : /vegetable|pea|garden|pumpkin|apple|carrot/.test(text)
        ? "#60C150"
        : "#EFAA00";
  return color === palette.main ? palette.accent : color;
}

function inkOn(color: string): string {
  return WHITE_INK.has(color) ? "#FFFFFF" : DARK_INK;
}

// Silhouettes in a 100x100 box, sitting and facing left: a dog's snout and hanging ear, a cat's
// pointed ears and raised tail, so the two read apart at thumbnail size.
const SILHOUETTE: Record<"dog" | "cat", { shapes: string; tail: string }> = {
  dog: {
    shapes:
      '<circle cx="38" cy="24" r="14"/>' +
      '<path d="M28 17 Q12 18 7 27 Q5 35 14 37 L32 37 Z"/>' +
      '<path d="M42 12 Q56 10 55 26 Q53 40 46 42 Q43 28 42 12 Z"/>' +
      '<path d="M30 33 Q25 56 29 72 L28 95 L39 95 L42 74 Q52 68 60 72 Q63 86 58 95 L86 95 Q90 80 84 64 Q78 48 62 44 Q50 42 46 33 Z"/>',
    tail: "M82 66 Q93 58 95 44",
  },
  cat: {
    shapes:
      '<circle cx="38" cy="32" r="14"/>' +
      '<path d="M25 27 L25 9 L37 19 Z"/>' +
      '<path d="M39 19 L51 9 L51 27 Z"/>' +
      '<path d="M31 42 Q22 62 26 82 Q28 95 39 95 L70 95 Q81 95 80 82 Q79 60 62 47 Q52 41 45 43 Z"/>',
    tail: "M76 91 Q97 88 93 67 Q91 57 83 54",
  },
};

/** The species silhouette (dog or cat) drawn into a square of `size` at (x, y). */
export function silhouette(species: "dog" | "cat", x: number, y: number, size: number, color: string): string {
  const art = SILHOUETTE[species];
  const scale = size / 100;
  return `<g data-species="${species}" transform="translate(${x} ${y}) scale(${scale})" fill="${color}">${art.shapes}<path d="${art.tail}" fill="none" stroke="${color}" stroke-width="7" stroke-linecap="round"/></g>`;
}

/** Text fitted into a box and drawn as paths (see pack-text.ts). */
function words(
  text: string,
  box: {
    x: number;
    y: number;
    maxWidth: number;
    maxLines: number;
    maxSize: number;
    minSize: number;
    weight: FontWeight;
    fill: string;
    align?: Align;
    /** Centre the block vertically on y instead of starting the first baseline there. */
    middle?: boolean;
  },
): string {
  const font = packFont(box.weight);
  const fitted = fitText(text, box, measureWith(font));
  const lineHeight = fitted.size * 1.12;
  // Cap height of Nunito Sans is about 0.7 em: centre the lines' ink, not their boxes.
  const first = box.middle ? box.y - ((fitted.lines.length - 1) * lineHeight) / 2 + fitted.size * 0.35 : box.y;
  return textBlock(font, fitted.lines, {
    x: box.x,
    y: first,
    size: fitted.size,
    lineHeight,
    align: box.align,
    fill: box.fill,
  });
}

function defs(palette: Palette, background: string): string {
  return `<defs>
    <radialGradient id="backdrop" cx="50%" cy="42%" r="70%"><stop offset="0" stop-color="#FFFFFF"/><stop offset="1" stop-color="${background}"/></radialGradient>
    <radialGradient id="floor" cx="50%" cy="50%" r="50%"><stop offset="0" stop-color="#000" stop-opacity="0.28"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
    <linearGradient id="body" x1="0" x2="1" y1="0" y2="0">
      <stop offset="0" stop-color="${palette.dark}"/><stop offset="0.14" stop-color="${palette.main}"/>
      <stop offset="0.38" stop-color="${palette.light}"/><stop offset="0.62" stop-color="${palette.main}"/>
      <stop offset="1" stop-color="${palette.dark}"/></linearGradient>
    <linearGradient id="sheen" x1="0" x2="0" y1="0" y2="1">
      <stop offset="0" stop-color="#FFF" stop-opacity="0"/><stop offset="0.3" stop-color="#FFF" stop-opacity="0.22"/>
      <stop offset="0.75" stop-color="#FFF" stop-opacity="0.12"/><stop offset="1" stop-color="#FFF" stop-opacity="0"/></linearGradient>
    <linearGradient id="metal" x1="0" x2="1" y1="0" y2="0">
      <stop offset="0" stop-color="#8E98A5"/><stop offset="0.3" stop-color="#EEF1F5"/>
      <stop offset="0.55" stop-color="#C3CAD3"/><stop offset="1" stop-color="#7D8794"/></linearGradient>
    <linearGradient id="lid" x1="0" x2="1" y1="0" y2="1">
      <stop offset="0" stop-color="${palette.light}"/><stop offset="0.55" stop-color="${palette.main}"/>
      <stop offset="1" stop-color="${palette.dark}"/></linearGradient>
    <linearGradient id="panel" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="#FFFFFF"/><stop offset="1" stop-color="#EEF2F7"/></linearGradient>
  </defs>`;
}

/** The label every pack carries: medallion with the species, a white name panel, the flavor band. */
function label(
  art: PackArt,
  palette: Palette,
  layout: {
    brandY: number;
    medallion: { x: number; y: number; r: number };
    panel: { x: number; y: number; width: number; height: number };
    band: { x: number; y: number; width: number; height: number };
    sizeY: number;
    width: number;
    centerX: number;
  },
): string {
  const band = flavorColor(art.flavor, palette);
  const { medallion: m, panel: p, band: b } = layout;
  return [
    words(BRAND_LABEL[art.brand], {
      x: layout.centerX,
      y: layout.brandY,
      maxWidth: layout.width,
      maxLines: 1,
      maxSize: 34,
      minSize: 18,
      weight: 800,
      fill: "#FFFFFF",
    }),
    `<path d="M${layout.centerX - layout.width * 0.32} ${layout.brandY + 12} Q${layout.centerX} ${layout.brandY + 4} ${layout.centerX + layout.width * 0.32} ${layout.brandY + 12}" fill="none" stroke="${palette.accent}" stroke-width="4" stroke-linecap="round"/>`,
    `<circle cx="${m.x}" cy="${m.y}" r="${m.r + 4}" fill="${palette.accent}"/><circle cx="${m.x}" cy="${m.y}" r="${m.r}" fill="#FFFFFF"/>`,
    silhouette(art.species, m.x - m.r * 0.68, m.y - m.r * 0.72, m.r * 1.36, palette.main),
    `<rect x="${p.x}" y="${p.y}" width="${p.width}" height="${p.height}" rx="14" fill="url(#panel)"/>`,
    words(art.name, {
      x: p.x + p.width / 2,
      y: p.y + p.height / 2,
      middle: true,
      maxWidth: p.width - 22,
      maxLines: 3,
      maxSize: 26,
      minSize: 13,
      weight: 800,
      fill: palette.dark,
    }),
    `<rect x="${b.x}" y="${b.y}" width="${b.width}" height="${b.height}" rx="${b.height / 2}" fill="${band}"/>`,
    words(art.flavor, {
      x: b.x + b.width / 2,
      y: b.y + b.height / 2,
      middle: true,
      maxWidth: b.width - 24,
      maxLines: 1,
      maxSize: Math.min(20, b.height * 0.62),
      minSize: 11,
      weight: 700,
      fill: inkOn(band),
    }),
    words(art.size, {
      x: layout.centerX,
      y: layout.sizeY,
      maxWidth: layout.width,
      maxLines: 1,
      maxSize: 24,
      minSize: 14,
      weight: 800,
      fill: "#FFFFFF",
    }),
  ].join("\n  ");
}

function bag(art: PackArt, palette: Palette): string {
  const crimp = Array.from({ length: 28 }, (_, i) => `M${166 + i * 10} 90v20`).join("");
  return `<path d="M160 112 L440 112 C452 220 456 400 450 505 Q449 523 431 524 L169 524 Q151 523 150 505 C144 400 148 220 160 112 Z" fill="url(#body)"/>
  <path d="M158 84 L442 84 L442 118 L158 118 Z" fill="${palette.dark}"/>
  <path d="${crimp}" stroke="#FFFFFF" stroke-opacity="0.18" stroke-width="3"/>
  <path d="M174 122 C168 240 166 400 170 508 M426 122 C432 240 434 400 430 508" fill="none" stroke="#000" stroke-opacity="0.18" stroke-width="3"/>
  <path d="M170 500 Q300 482 430 500" fill="none" stroke="#FFFFFF" stroke-opacity="0.25" stroke-width="3"/>
  <path d="M196 124 L232 124 L226 510 L192 510 Z" fill="url(#sheen)"/>
  ${label(art, palette, {
    brandY: 166,
    medallion: { x: 300, y: 234, r: 42 },
    panel: { x: 180, y: 290, width: 240, height: 132 },
    band: { x: 172, y: 434, width: 256, height: 34 },
    sizeY: 504,
    width: 250,
    centerX: 300,
  })}`;
}

function can(art: PackArt, palette: Palette): string {
  return `<path d="M168 150 L432 150 L432 490 A132 26 0 0 1 168 490 Z" fill="url(#body)"/>
  <path d="M168 150 L432 150 L432 168 A132 26 0 0 1 168 168 Z" fill="url(#metal)"/>
  <path d="M168 472 L432 472 L432 490 A132 26 0 0 1 168 490 Z" fill="url(#metal)"/>
  <ellipse cx="300" cy="150" rx="132" ry="26" fill="url(#metal)"/>
  <ellipse cx="300" cy="151" rx="118" ry="21" fill="#D5DBE2" stroke="#9AA4B0" stroke-width="2"/>
  <ellipse cx="300" cy="151" rx="96" ry="15" fill="none" stroke="#B4BCC6" stroke-width="2"/>
  <path d="M284 146 Q300 136 316 146 Q318 156 300 157 Q282 156 284 146 Z" fill="#A9B2BD" stroke="#8A94A0" stroke-width="2"/>
  <path d="M206 178 L232 178 L232 468 L206 468 Z" fill="url(#sheen)"/>
  ${label(art, palette, {
    brandY: 214,
    medallion: { x: 300, y: 264, r: 34 },
    panel: { x: 186, y: 306, width: 228, height: 100 },
    band: { x: 180, y: 414, width: 240, height: 28 },
    sizeY: 465,
    width: 224,
    centerX: 300,
  })}`;
}

function tray(art: PackArt, palette: Palette): string {
  const band = flavorColor(art.flavor, palette);
  return `<path d="M112 392 L488 392 L462 454 Q458 462 448 462 L152 462 Q142 462 138 454 Z" fill="${palette.dark}"/>
  <path d="M124 420 L476 420" stroke="#FFFFFF" stroke-opacity="0.2" stroke-width="3"/>
  <rect x="88" y="196" width="424" height="206" rx="30" fill="url(#metal)"/>
  <rect x="98" y="206" width="404" height="186" rx="24" fill="url(#lid)"/>
  <path d="M98 236 Q98 206 128 206 L150 206 L98 258 Z" fill="#E9EDF2" opacity="0.9"/>
  <path d="M120 214 L480 214" stroke="#FFFFFF" stroke-opacity="0.3" stroke-width="4" stroke-linecap="round"/>
  <circle cx="178" cy="288" r="58" fill="${palette.accent}"/><circle cx="178" cy="288" r="53" fill="#FFFFFF"/>
  ${silhouette(art.species, 178 - 36, 288 - 38, 72, palette.main)}
  ${words(art.size, { x: 178, y: 376, maxWidth: 130, maxLines: 1, maxSize: 22, minSize: 12, weight: 800, fill: "#FFFFFF" })}
  ${words(BRAND_LABEL[art.brand], { x: 252, y: 250, align: "start", maxWidth: 236, maxLines: 1, maxSize: 30, minSize: 16, weight: 800, fill: "#FFFFFF" })}
  <rect x="246" y="262" width="244" height="84" rx="12" fill="url(#panel)"/>
  ${words(art.name, { x: 368, y: 304, middle: true, maxWidth: 224, maxLines: 3, maxSize: 24, minSize: 12, weight: 800, fill: palette.dark })}
  <rect x="246" y="354" width="244" height="28" rx="14" fill="${band}"/>
  ${words(art.flavor, { x: 368, y: 368, middle: true, maxWidth: 222, maxLines: 1, maxSize: 17, minSize: 10, weight: 700, fill: inkOn(band) })}`;
}

function pouch(art: PackArt, palette: Palette): string {
  return `<path d="M184 108 L416 108 C419 250 429 420 433 498 Q434 517 414 518 L186 518 Q166 517 167 498 C171 420 181 250 184 108 Z" fill="url(#body)"/>
  <path d="M184 108 L416 108 L417 140 L183 140 Z" fill="#FFFFFF" opacity="0.28"/>
  <path d="M183 124 l7 -4 v8 Z M417 124 l-7 -4 v8 Z" fill="${palette.dark}"/>
  <path d="M186 150 L414 150" stroke="${palette.dark}" stroke-width="3" stroke-dasharray="6 5"/>
  <path d="M172 494 Q300 470 428 494" fill="none" stroke="#FFFFFF" stroke-opacity="0.3" stroke-width="3"/>
  <path d="M214 156 L236 156 L230 500 L206 500 Z" fill="url(#sheen)"/>
  ${label(art, palette, {
    brandY: 196,
    medallion: { x: 300, y: 252, r: 36 },
    panel: { x: 194, y: 302, width: 212, height: 116 },
    band: { x: 186, y: 428, width: 228, height: 30 },
    sizeY: 494,
    width: 214,
    centerX: 300,
  })}`;
}

const PACKS: Record<PackType, (art: PackArt, palette: Palette) => string> = { bag, can, tray, pouch };

/** SVG for a product picture: the pack in its brand palette on a species tint, every word a path. */
export function productImageSvg(art: PackArt): string {
  const palette = BRAND_PALETTE[art.brand];
  const background = art.species === "cat" ? "#FCEBD0" : "#D9E8F7";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_SIZE}" height="${IMAGE_SIZE}" viewBox="0 0 600 600">
  ${defs(palette, background)}
  <rect width="600" height="600" fill="url(#backdrop)"/>
  <ellipse cx="300" cy="${art.pack === "tray" ? 468 : 524}" rx="230" ry="30" fill="url(#floor)"/>
  ${PACKS[art.pack](art, palette)}
</svg>`;
}

/** Public URL of a product picture. */
export function productImageUrl(fileName: string): string {
  return `/images/products/${fileName}`;
}

let styleChecked: Promise<void> | null = null;

/** Removes pictures an older drawing made (once per process), so they are drawn again. */
async function dropOlderPictures(): Promise<void> {
  const stamp = path.join(IMAGE_DIR, STYLE_FILE);
  const current = await fs.readFile(stamp, "utf8").catch(() => "");
  if (current.trim() === PICTURE_STYLE) return;
  const files = await fs.readdir(IMAGE_DIR).catch(() => [] as string[]);
  await Promise.all(
    files.filter((f) => f.endsWith(".png")).map((f) => fs.rm(path.join(IMAGE_DIR, f), { force: true })),
  );
  await fs.mkdir(IMAGE_DIR, { recursive: true });
  await fs.writeFile(stamp, `${PICTURE_STYLE}\n`);
}

/** Pictures rasterised at once: sharp works on libuv's threads, so a few in flight keep the cores busy. */
const DRAW_CONCURRENCY = 4;

/**
 * Writes each product PNG unless it already exists (the seed is idempotent and fast on re-runs);
 * the SVG is built only for a picture that is missing. A 256-colour palette PNG (quality 90):
 * 26 KiB a picture against 65 KiB in full colour, the gradients and lettering still clean, so
 * one picture per variant (289) weighs about what one per pack type (111) did.
 */
export async function ensureProductImages(pictures: { fileName: string; svg: () => string }[]): Promise<void> {
  styleChecked ??= dropOlderPictures();
  await styleChecked;
  for (let start = 0; start < pictures.length; start += DRAW_CONCURRENCY) {
    await Promise.all(
      pictures
        .slice(start, start + DRAW_CONCURRENCY)
        .map(({ fileName, svg }) => drawOnce(path.join(IMAGE_DIR, fileName), svg, "png-palette")),
    );
  }
}

/** Rasterises an SVG to a png or jpeg file unless the file already exists. */
export async function drawOnce(
  file: string,
  svg: string | (() => string),
  format: "png" | "png-palette" | "jpeg",
): Promise<void> {
  try {
    await fs.access(file);
    return;
  } catch {
    // missing: draw it
  }
  await fs.mkdir(path.dirname(file), { recursive: true });
  const image = sharp(Buffer.from(typeof svg === "function" ? svg() : svg));
  const encoded =
    format === "jpeg"
      ? image.jpeg({ quality: 85 })
      : image.png(
          format === "png-palette" ? { palette: true, quality: 90, compressionLevel: 9 } : { compressionLevel: 9 },
        );
  await encoded.toFile(file);
}
