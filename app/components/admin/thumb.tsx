// A picture's thumbnail in the back office (the products list, the product editor): served
// through the optimiser at 2x its box (a library picture by /cms/{id}), kept at its own ratio.
import { ipxUrl } from "~/models/images";

export function AdminThumb({
  image,
  size = 64,
}: {
  image: { url: string; alt: string; width: number; height: number };
  size?: number;
}) {
  const wide = image.width >= image.height;
  const width = wide ? size : Math.max(1, Math.round((size * image.width) / image.height));
  const height = wide ? Math.max(1, Math.round((size * image.height) / image.width)) : size;
  return (
    <img
      className="admin-thumb"
      src={ipxUrl(image.url, { width: width * 2, format: "webp" })}
      alt={image.alt}
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
    />
  );
}
