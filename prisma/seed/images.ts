// Product pictures drawn as SVG and rasterised with sharp at seed time: no network,
// deterministic, and real PNG files that the image optimiser can resize later.
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { stableHash, type Brand, type PackType } from "./catalogue";

export const IMAGE_SIZE = 600;
/** Folder under public/ (git-ignored) that holds the generated images. */
export const IMAGE_DIR = path.join("public", "images", "products");

const BRAND_COLOR: Record<Brand, string> = {
  "science-diet": "#0054AA",
  "prescription-diet": "#003672",
  "hills-treats": "#C4132A",
};

function packShape(pack: PackType, color: string, band: string): string {
  switch (pack) {
    case "bag":
      return `<path d="M170 120 L430 120 L455 500 Q300 530 145 500 Z" fill="${color}"/>
        <rect x="170" y="100" width="260" height="30" rx="6" fill="${color}" opacity="0.8"/>
        <rect x="185" y="260" width="230" height="120" rx="14" fill="#fff"/>
        <rect x="205" y="290" width="190" height="22" rx="11" fill="${band}"/>
        <rect x="205" y="330" width="130" height="14" rx="7" fill="${band}" opacity="0.6"/>`;
    case "can":
      return `<rect x="190" y="150" width="220" height="320" fill="${color}"/>
        <ellipse cx="300" cy="150" rx="110" ry="30" fill="#d9dde3"/>
        <ellipse cx="300" cy="470" rx="110" ry="30" fill="${color}"/>
        <rect x="190" y="250" width="220" height="120" fill="#fff"/>
        <rect x="215" y="285" width="170" height="20" rx="10" fill="${band}"/>
        <rect x="215" y="320" width="110" height="14" rx="7" fill="${band}" opacity="0.6"/>`;
    case "tray":
      return `<path d="M120 300 L480 300 L450 420 L150 420 Z" fill="${color}"/>
        <rect x="105" y="280" width="390" height="30" rx="10" fill="#d9dde3"/>
        <rect x="200" y="330" width="200" height="60" rx="10" fill="#fff"/>
        <rect x="220" y="352" width="160" height="16" rx="8" fill="${band}"/>`;
    case "pouch":
      return `<path d="M200 130 L400 130 L420 470 Q300 500 180 470 Z" fill="${color}"/>
        <rect x="200" y="130" width="200" height="24" fill="#fff" opacity="0.35"/>
        <rect x="215" y="270" width="170" height="110" rx="14" fill="#fff"/>
        <rect x="235" y="300" width="130" height="20" rx="10" fill="${band}"/>
        <rect x="235" y="335" width="90" height="14" rx="7" fill="${band}" opacity="0.6"/>`;
  }
}

/** SVG for a product picture: pack shape in the brand colour on a species tint. */
export function productImageSvg(seed: string, brand: Brand, pack: PackType, species: string): string {
  const hue = stableHash(seed) % 360;
  const band = `hsl(${hue} 70% 45%)`;
  const background = species === "cat" ? "#FFF4E0" : "#E6F0FA";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_SIZE}" height="${IMAGE_SIZE}" viewBox="0 0 600 600">
  <rect width="600" height="600" fill="${background}"/>
  <ellipse cx="300" cy="520" rx="200" ry="26" fill="#000" opacity="0.08"/>
  ${packShape(pack, BRAND_COLOR[brand], band)}
  <g fill="${BRAND_COLOR[brand]}" opacity="0.9" transform="translate(470 60)">
    <ellipse cx="40" cy="52" rx="18" ry="15"/><ellipse cx="17" cy="32" rx="7" ry="9"/>
    <ellipse cx="31" cy="18" rx="7" ry="9"/><ellipse cx="49" cy="18" rx="7" ry="9"/><ellipse cx="63" cy="32" rx="7" ry="9"/>
  </g>
</svg>`;
}

/** Public URL of a product picture. */
export function productImageUrl(fileName: string): string {
  return `/images/products/${fileName}`;
}

/** Writes a PNG unless it already exists (the seed is idempotent and fast on re-runs). */
export async function ensureProductImage(fileName: string, svg: string): Promise<void> {
  await drawOnce(path.join(IMAGE_DIR, fileName), svg, "png");
}

/** Rasterises an SVG to a png or jpeg file unless the file already exists. */
export async function drawOnce(file: string, svg: string, format: "png" | "jpeg"): Promise<void> {
  try {
    await fs.access(file);
    return;
  } catch {
    // missing: draw it
  }
  await fs.mkdir(path.dirname(file), { recursive: true });
  const image = sharp(Buffer.from(svg));
  await (format === "jpeg" ? image.jpeg({ quality: 85 }) : image.png({ compressionLevel: 9 })).toFile(file);
}
