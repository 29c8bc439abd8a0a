/** Carousel rules (catalogue spec sections 3, 4 and 9). Pure: shared by server and browser. */

/** Brand palette names a carousel background may use (catalogue spec section 3). */
export const CAROUSEL_PALETTE = {
  white: { background: "#ffffff", text: "#1d1d21" },
  blue: { background: "#0054aa", text: "#ffffff" },
  "light blue": { background: "#e6f0fa", text: "#1d1d21" },
  "dark blue": { background: "#003672", text: "#ffffff" },
  gray: { background: "#dcdde2", text: "#1d1d21" },
  "light gray": { background: "#f4f5f7", text: "#1d1d21" },
  "dark gray": { background: "#3a3c44", text: "#ffffff" },
} as const satisfies Record<string, { background: string; text: string }>;

/** One of the brand palette names. */
export type CarouselPaletteName = keyof typeof CAROUSEL_PALETTE;

/** Time each product view stays before autoplay moves on (catalogue spec section 9). */
export const AUTOPLAY_DELAY_MS = 5000;

/** Space between product slides (catalogue spec section 9). */
export const PRODUCT_CAROUSEL_GAP_PX = 12;

/** Slides per view from each minimum viewport width, widest first (catalogue spec section 9). */
export const PRODUCT_SLIDES_PER_VIEW: readonly { minWidth: number; slides: number }[] = [
  { minWidth: 1200, slides: 3 },
  { minWidth: 960, slides: 2.5 },
  { minWidth: 780, slides: 2 },
];

/** "Very wide" screens, where a product carousel may loop: the xxl breakpoint. */
export const LOOP_MIN_WIDTH_PX = 1440;

/** Fewest products a product carousel needs before it loops (catalogue spec section 9). */
export const LOOP_MIN_ITEMS = 3;

/** Content carousel defaults (catalogue spec section 9). */
export const CONTENT_CAROUSEL_DEFAULTS = {
  spacing: 16,
  slidesPerView: 1,
  loop: false,
  autoplay: false,
} as const;

/** Normalises "Light Blue", "light-blue", "light_blue" and "lightBlue" to "light blue". */
function paletteName(name: string | null | undefined): CarouselPaletteName | null {
  if (!name) return null;
  const key = name
    .trim()
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/[-_\s]+/g, " ")
    .replace(/grey/gi, "gray")
    .toLowerCase();
  // An editor's text: "constructor" or "__proto__" is an unknown name, never the object's own.
  return Object.hasOwn(CAROUSEL_PALETTE, key) ? (key as CarouselPaletteName) : null;
}

/** CSS colour for a palette name; anything unknown is white. */
export function carouselBackground(name: string | null | undefined): string {
  return CAROUSEL_PALETTE[paletteName(name) ?? "white"].background;
}

/** Readable default text colour for a palette background. */
export function carouselTextColor(backgroundName: string | null | undefined): string {
  return CAROUSEL_PALETTE[paletteName(backgroundName) ?? "white"].text;
}

const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/**
 * Text colour from the config: a palette name or a hex colour. Anything else falls back
 * to the background's default, so a CMS value can never inject other CSS into a style.
 */
export function carouselCopyColor(copyColor: string | null | undefined, backgroundName: string | null | undefined) {
  const named = paletteName(copyColor);
  if (named) return CAROUSEL_PALETTE[named].background;
  const value = copyColor?.trim() ?? "";
  return HEX_COLOUR.test(value) ? value.toLowerCase() : carouselTextColor(backgroundName);
}

/** Product slides visible at a viewport width: 1, then 2 from 780, 2.5 from 960, 3 from 1200 px. */
export function productSlidesPerView(viewportWidth: number): number {
  return PRODUCT_SLIDES_PER_VIEW.find((b) => viewportWidth >= b.minWidth)?.slides ?? 1;
}

/** Whether a product carousel loops: only with 3 or more items on very wide (xxl) screens. */
export function shouldLoop(itemCount: number, viewportWidth: number): boolean {
  return itemCount >= LOOP_MIN_ITEMS && viewportWidth >= LOOP_MIN_WIDTH_PX;
}
