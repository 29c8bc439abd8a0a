// Donation logos drawn as SVG (docs/rules.md "Donations"; catalogue spec section 9: each of
// the 26 charity categories has a default logo). Pure text: the donation-logos route serves
// the category logos, the seed draws each charity's own logo with the same hand.
import { CHARITY_CATEGORIES } from "./donations";

/** The side of a logo's square, in SVG units. */
const SIZE = 120;

/** A paw print, for the animal category and animal charities. */
const PAW = `<g fill="#fff">
    <ellipse cx="60" cy="74" rx="19" ry="16"/><ellipse cx="36" cy="52" rx="7.5" ry="9.5"/>
    <ellipse cx="51" cy="38" rx="7.5" ry="9.5"/><ellipse cx="69" cy="38" rx="7.5" ry="9.5"/>
    <ellipse cx="84" cy="52" rx="7.5" ry="9.5"/>
  </g>`;

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Up to two initials of a name: the first letters of its first two words, "&", "and",
 * "of", "the" and "for" skipped ("Arts, Culture & Humanities" → "AC", "Animal-Related" →
 * "AR"); a single word gives its first two letters ("Education" → "Ed").
 */
export function initialsOf(name: string): string {
  const words = name
    .split(/[\s,&/-]+/)
    .filter((word) => word && !/^(and|of|the|for)$/i.test(word) && /^[a-z0-9]/i.test(word));
  // One word gives its first two letters, so Education, Employment and Environment differ.
  if (words.length === 1) return words[0][0].toUpperCase() + (words[0][1] ?? "").toLowerCase();
  return words
    .slice(0, 2)
    .map((word) => word[0].toUpperCase())
    .join("");
}

/**
 * A logo: a rounded square in `hue` with either a paw print or `label` (at most three
 * characters kept) in white; `title` is its accessible name.
 */
export function logoSvg(input: { title: string; hue: number; label: string; paw?: boolean }): string {
  const hue = ((Math.round(input.hue) % 360) + 360) % 360;
  const label = escapeXml(input.label.slice(0, 3));
  const glyph = input.paw
    ? PAW
    : `<text x="60" y="61" text-anchor="middle" dominant-baseline="central" fill="#fff" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="${label.length > 2 ? 34 : 44}">${label}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}" role="img" aria-label="${escapeXml(input.title)}">
  <title>${escapeXml(input.title)}</title>
  <rect width="${SIZE}" height="${SIZE}" rx="24" fill="hsl(${hue} 55% 40%)"/>
  <rect x="8" y="8" width="${SIZE - 16}" height="${SIZE - 16}" rx="18" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="3"/>
  ${glyph}
</svg>
`;
}

/** The category of a default-logo file name, "category-N.svg" with N from 0 to 25 (no leading zero), or null. */
export function categoryOfLogoName(name: string): number | null {
  const match = /^category-(0|[1-9]\d?)\.svg$/.exec(name);
  if (!match) return null;
  const id = Number(match[1]);
  return id < CHARITY_CATEGORIES.length ? id : null;
}

/** A category's default logo: its initials (a paw for Animal-Related) on a colour of its own. */
export function categoryLogoSvg(categoryId: number): string {
  const name = CHARITY_CATEGORIES[categoryId] ?? CHARITY_CATEGORIES[25];
  // 26 hues spread round the wheel, neighbours far apart (7 is prime to 26).
  const hue = ((categoryId * 7) % CHARITY_CATEGORIES.length) * (360 / CHARITY_CATEGORIES.length);
  return logoSvg({ title: name, hue, label: categoryId === 25 ? "?" : initialsOf(name), paw: categoryId === 3 });
}
