// Image sizes and the URLs of the image optimiser under /_ipx (catalogue spec sections 7 and 9).

/** Widths content images are requested at (catalogue spec section 9); anything wider gets the fallback. */
export const IMAGE_WIDTH_LADDER = [50, 100, 150, 180, 320, 480, 640, 900] as const;

/** The ladder's "else" width for anything wider than its last rung. */
export const IMAGE_FALLBACK_WIDTH = 1200;

/** Screen widths in CSS pixels (catalogue spec section 9). */
export const SCREEN_WIDTHS = { xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, xxl: 1536 } as const;

/** Pixel densities images are prepared for (catalogue spec section 9). */
export const IMAGE_DENSITIES = [1, 2] as const;

/** Output format when none is asked for (catalogue spec section 9). */
export const DEFAULT_IMAGE_FORMAT = "webp";

/** 100vw on small screens, 80vw on medium ones, 800px on large ones (catalogue spec section 9). */
export const DEFAULT_IMAGE_SIZES = `(max-width: ${SCREEN_WIDTHS.sm}px) 100vw, (max-width: ${SCREEN_WIDTHS.md}px) 80vw, 800px`;

/** Where the image optimiser is mounted (server.js). */
export const IPX_PREFIX = "/_ipx";

/**
 * Where the image library's assets are served (`/cms/{id}`, app/routes/cms.$id.ts): already as
 * webp, resized by `?w=` to the ladder. A product picture chosen from the library is stored as
 * this URL (docs/decisions.md "Back office: catalogue").
 */
export const LIBRARY_IMAGE_PREFIX = "/cms/";

/** The URL of a library image (its asset id is checked by the form that chose it). */
export const libraryImageUrl = (assetId: string): string => `${LIBRARY_IMAGE_PREFIX}${assetId}`;

export type ImageFit = "cover" | "contain" | "fill" | "inside" | "outside";
export type ImageFormat = "webp" | "avif" | "png" | "jpeg";

export type IpxOptions = {
  width?: number;
  height?: number;
  fit?: ImageFit;
  format?: ImageFormat;
  /** 1 to 100 */
  quality?: number;
  /** A hex colour ("#fff", "ffffff") or a CSS colour name, used by fit contain. */
  background?: string;
};

/** The ladder width to request for an image shown `width` pixels wide (smallest rung that covers it). */
export function ladderWidth(width: number): number {
  if (!Number.isFinite(width)) return IMAGE_FALLBACK_WIDTH;
  return IMAGE_WIDTH_LADDER.find((rung) => rung >= width) ?? IMAGE_FALLBACK_WIDTH;
}

/** The ladder widths worth offering for a source `intrinsicWidth` pixels wide: every rung up to the one covering it. */
export function imageWidths(intrinsicWidth: number): number[] {
  const top = ladderWidth(intrinsicWidth);
  return [...IMAGE_WIDTH_LADDER, IMAGE_FALLBACK_WIDTH].filter((rung) => rung <= top);
}

const px = (n: number) => Math.max(1, Math.round(n));

/**
 * The optimiser URL for `src`, e.g. `/_ipx/w_320,f_webp,q_80/images/a.png` (`_` when no
 * modifiers). data:, blob: and already optimised URLs come back unchanged.
 */
export function ipxUrl(src: string, options: IpxOptions = {}): string {
  if (!src || /^(data|blob):/i.test(src) || src.startsWith(`${IPX_PREFIX}/`)) return src;
  const { width, height, fit, format, quality, background } = options;
  // A library image is served by its own route, as webp at a width; the box keeps its shape (CSS).
  if (src.startsWith(LIBRARY_IMAGE_PREFIX)) return width ? `${src}?w=${px(width)}` : src;
  const modifiers: string[] = [];
  // ipx applies fit and background only in its resize (s_) step, so both sides go there together.
  if (width && height) modifiers.push(`s_${px(width)}x${px(height)}`);
  else if (width) modifiers.push(`w_${px(width)}`);
  else if (height) modifiers.push(`h_${px(height)}`);
  if (fit) modifiers.push(`fit_${fit}`);
  if (format) modifiers.push(`f_${format}`);
  if (quality) modifiers.push(`q_${Math.min(100, px(quality))}`);
  // "#" would start the URL fragment; ipx reads a bare hex value as a colour.
  if (background) modifiers.push(`b_${background.replace(/^#/, "")}`);
  const path = /^https?:\/\//i.test(src)
    ? `/${src.replace(/[?#]/g, encodeURIComponent)}`
    : `/${src.replace(/^\/+/, "")}`;
  return `${IPX_PREFIX}/${modifiers.join(",") || "_"}${path}`;
}

/**
 * A srcset with one optimiser URL per width. With `aspectRatio` (width / height) each
 * candidate is cut to that shape, so `fit` applies.
 */
export function imageSrcSet(
  src: string,
  widths: readonly number[],
  options: Omit<IpxOptions, "width" | "height"> & { aspectRatio?: number } = {},
): string {
  const { aspectRatio, ...rest } = options;
  return [...new Set(widths.map(px))]
    .sort((a, b) => a - b)
    .map((w) => {
      const height = aspectRatio ? px(w / aspectRatio) : undefined;
      return `${ipxUrl(src, { ...rest, width: w, height })} ${w}w`;
    })
    .join(", ");
}
