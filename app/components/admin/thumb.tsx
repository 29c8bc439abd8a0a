// A picture's thumbnail in the back office (the products list, the product editor): `src` is the
// optimiser's URL the server worked out (`AdminImage.src`, so the optimiser's rules stay out of
// the back office's scripts and the shop's chunks stay as they are), kept at its own ratio.

export function AdminThumb({
  image,
  size = 64,
}: {
  image: { src: string; alt: string; width: number; height: number };
  size?: number;
}) {
  const wide = image.width >= image.height;
  const width = wide ? size : Math.max(1, Math.round((size * image.width) / image.height));
  const height = wide ? Math.max(1, Math.round((size * image.height) / image.width)) : size;
  return (
    <img
      className="admin-thumb"
      src={image.src}
      alt={image.alt}
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
    />
  );
}
