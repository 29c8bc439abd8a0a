import type { AssetSizes, ImageRef } from "~/models/content";
import { IMAGE_WIDTH_LADDER, IMAGE_FALLBACK_WIDTH, DEFAULT_IMAGE_SIZES } from "~/models/images";

/** A content image asset, served as webp from /cms/{id} at the ladder widths up to its own. */
export function ContentImage({
  id,
  alt,
  width,
  height,
  sizes = DEFAULT_IMAGE_SIZES,
  priority = false,
  className,
}: {
  id: string;
  alt: string;
  width: number;
  height: number;
  sizes?: string;
  priority?: boolean;
  className?: string;
}) {
  const widths = [...IMAGE_WIDTH_LADDER, IMAGE_FALLBACK_WIDTH].filter((w) => w <= width);
  const src = `/cms/${id}?w=${widths.at(-1) ?? width}`;
  return (
    <img
      src={src}
      srcSet={widths.map((w) => `/cms/${id}?w=${w} ${w}w`).join(", ")}
      sizes={sizes}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      decoding="async"
      className={className}
    />
  );
}

/** An image an editor placed (an asset id), drawn only when the asset is known. */
export function ContentPicture({
  image,
  assets,
  sizes,
  priority,
}: {
  image?: ImageRef;
  assets: AssetSizes;
  sizes?: string;
  priority?: boolean;
}) {
  const asset = image ? assets[image.id] : undefined;
  if (!image || !asset) return null;
  return (
    <ContentImage
      id={image.id}
      alt={image.alt ?? asset.alt}
      width={asset.width}
      height={asset.height}
      sizes={sizes}
      priority={priority}
      className="content-picture"
    />
  );
}
