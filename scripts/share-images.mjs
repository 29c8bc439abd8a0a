// `node scripts/share-images.mjs`: draws the brand pictures pages without their own are shared
// with (og:image, Twitter's large card; SHARE_IMAGE in app/models/seo.ts, docs/rules.md "Search
// engines"): 1200 x 630 PNGs in public/brand/, one per site; and the emails' logo (email-logo.png,
// the paw at 96 px for a 48 px header, since mail clients do not show SVG; docs/rules.md "Emails"). The words are drawn as paths from the
// shop's self-hosted font, so the picture needs no system font. Run it again after a brand change
// and commit the files.
import { createRequire } from "node:module";
import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import opentype from "opentype.js";
import sharp from "sharp";

const require = createRequire(import.meta.url);
const WIDTH = 1200;
const HEIGHT = 630;
const PRIMARY = "#0054aa";
const SECONDARY = "#003672";

// The site names and lines (SITE_NAME in app/models/site.ts; the sites' home introductions).
const SITES = [
  { file: "share-dtc.png", name: "Pet Nutrition", line: "Science-led dog and cat food, delivered" },
  { file: "share-hpsf.png", name: "Pet Nutrition Pro", line: "The staff-feeding program" },
];

async function font(weight) {
  const file = require.resolve(`@fontsource/nunito-sans/files/nunito-sans-latin-${weight}-normal.woff`);
  const bytes = await readFile(file);
  return opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
}

/** A line of text as an SVG path, centred on x: glyph by glyph with kerning (no shaping: Latin text needs none). */
function centred(face, text, size, x, baseline) {
  const glyphs = [...text].map((char) => face.charToGlyph(char));
  const scale = size / face.unitsPerEm;
  const advances = glyphs.map(
    (glyph, i) => (glyph.advanceWidth + (glyphs[i + 1] ? face.getKerningValue(glyph, glyphs[i + 1]) : 0)) * scale,
  );
  let pen = x - advances.reduce((sum, advance) => sum + advance, 0) / 2;
  return glyphs
    .map((glyph, i) => {
      const data = glyph.getPath(pen, baseline, size).toPathData(2);
      pen += advances[i];
      return data;
    })
    .join("");
}

// The logo's paw (app/components/logo.tsx), on a 32-unit square.
const PAW = `<circle cx="16" cy="16" r="16" fill="#fff"/><g fill="${PRIMARY}"><ellipse cx="16" cy="20.5" rx="6" ry="5"/><ellipse cx="8.5" cy="14" rx="2.4" ry="3"/><ellipse cx="13" cy="9.5" rx="2.4" ry="3"/><ellipse cx="19" cy="9.5" rx="2.4" ry="3"/><ellipse cx="23.5" cy="14" rx="2.4" ry="3"/></g>`;

async function main() {
  const [bold, regular] = await Promise.all([font(800), font(400)]);
  const dir = path.resolve("public/brand");
  await mkdir(dir, { recursive: true });
  for (const site of SITES) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${PRIMARY}"/><stop offset="1" stop-color="${SECONDARY}"/></linearGradient></defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>
  <g transform="translate(${WIDTH / 2 - 80} 110) scale(5)">${PAW}</g>
  <path fill="#fff" d="${centred(bold, site.name, 96, WIDTH / 2, 400)}"/>
  <path fill="#fff" fill-opacity="0.9" d="${centred(regular, site.line, 44, WIDTH / 2, 480)}"/>
</svg>`;
    await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toFile(path.join(dir, site.file));
    console.log(`wrote public/brand/${site.file}`);
  }
  // The logo's own colours (public/favicon.svg): a blue disc with a white paw.
  const logo = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 32 32">${PAW.replace('fill="#fff"', `fill="${PRIMARY}"`).replace(`<g fill="${PRIMARY}">`, '<g fill="#fff">')}</svg>`;
  await sharp(Buffer.from(logo)).png({ compressionLevel: 9 }).toFile(path.join(dir, "email-logo.png"));
  console.log("wrote public/brand/email-logo.png");
}

await main();
