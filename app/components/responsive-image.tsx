import { useEffect, useRef, useState } from "react";
import {
  DEFAULT_IMAGE_FORMAT,
  DEFAULT_IMAGE_SIZES,
  type ImageFit,
  imageSrcSet,
  imageWidths,
  ipxUrl,
  ladderWidth,
} from "~/models/images";

/** The image component's states (catalogue spec section 9). */
export type ImageState = "idle" | "loading" | "loaded" | "error";

export type ResponsiveImageProps = {
  src: string;
  alt: string;
  /** Intrinsic size of the source, so the browser reserves the space before it loads. */
  width: number;
  height: number;
  sizes?: string;
  /** Candidate widths for the srcset; default: the ladder rungs up to the source's width. */
  widths?: readonly number[];
  /** Above the fold: load eagerly and early instead of lazily. */
  priority?: boolean;
  className?: string;
  /** Crop or pad every candidate to the intrinsic aspect ratio. */
  fit?: ImageFit;
};

/** The last answers of `imageSources`: a listing renders the same pictures again and again. */
const sourcesMemo = new Map<string, { url: string; srcSet: string }>();
const SOURCES_MEMO_SIZE = 2000;

/** The fallback URL and srcset of an image, memoised (pure: the same input gives the same URLs). */
function imageSources(src: string, width: number, height: number, widths?: readonly number[], fit?: ImageFit) {
  const key = `${src}\n${width}\n${height}\n${widths?.join(",") ?? ""}\n${fit ?? ""}`;
  let sources = sourcesMemo.get(key);
  if (sources) return sources;
  const aspectRatio = fit && width > 0 && height > 0 ? width / height : undefined;
  const fallbackWidth = ladderWidth(width);
  const url = ipxUrl(src, {
    width: fallbackWidth,
    height: aspectRatio ? fallbackWidth / aspectRatio : undefined,
    fit,
    format: DEFAULT_IMAGE_FORMAT,
  });
  const srcSet = imageSrcSet(src, widths ?? imageWidths(width), { aspectRatio, fit, format: DEFAULT_IMAGE_FORMAT });
  sources = { url, srcSet };
  if (sourcesMemo.size >= SOURCES_MEMO_SIZE) sourcesMemo.clear();
  sourcesMemo.set(key, sources);
  return sources;
}

/**
 * An image served through the optimiser (catalogue spec sections 7 and 9). The server
 * renders a plain <img> that shows without JavaScript; once hydrated, `data-state`
 * follows the load, and a failed image becomes a neutral box.
 */
export function ResponsiveImage({
  src,
  alt,
  width,
  height,
  sizes = DEFAULT_IMAGE_SIZES,
  widths,
  priority = false,
  className,
  fit,
}: ResponsiveImageProps) {
  const { url, srcSet } = imageSources(src, width, height, widths, fit);

  const [state, setState] = useState<ImageState>("idle");
  const [stateUrl, setStateUrl] = useState(url);
  if (stateUrl !== url) {
    // A new image starts over (React's "adjust state while rendering" pattern).
    setStateUrl(url);
    setState("idle");
  }

  const imgRef = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = imgRef.current;
    if (!img) return;
    // The image may have finished (or failed) before hydration attached onLoad and onError.
    if (img.complete) setState(img.naturalWidth > 0 ? "loaded" : "error");
    else setState("loading");
  }, [url]);

  const classes = (extra: string) => ["responsive-image", extra, className].filter(Boolean).join(" ");

  if (state === "error") {
    return (
      <span
        className={classes("responsive-image--error")}
        data-state="error"
        style={{ aspectRatio: `${width} / ${height}`, maxWidth: width }}
        aria-hidden={alt ? undefined : true}
      >
        {alt ? <span className="visually-hidden">{alt}</span> : null}
      </span>
    );
  }

  return (
    <img
      ref={imgRef}
      // `loading` before `src`, so the browser knows it is lazy before it starts fetching.
      loading={priority ? "eager" : "lazy"}
      // React 18 knows only the lower-case attribute.
      {...(priority ? { fetchpriority: "high" } : {})}
      decoding="async"
      src={url}
      srcSet={srcSet}
      sizes={sizes}
      width={width}
      height={height}
      alt={alt}
      className={classes("")}
      data-state={state}
      onLoad={() => setState("loaded")}
      onError={() => setState("error")}
    />
  );
}
