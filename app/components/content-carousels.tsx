import type { SerializeFrom } from "@remix-run/node";
import type { LoadedCarousel } from "~/models/content";
import type { SiteId } from "~/models/site";
import { ProductCard } from "./product-card";
import { ProductCarousel } from "./product-carousel";

/** Product carousels configured in content, each with its product cards. */
export function ContentCarousels({
  carousels,
  site,
  freeShippingMinimumCents,
  idPrefix,
}: {
  carousels: SerializeFrom<LoadedCarousel>[];
  site: SiteId;
  freeShippingMinimumCents: number;
  idPrefix: string;
}) {
  return (
    <>
      {carousels.map((carousel, index) => (
        <ProductCarousel
          key={`${carousel.config.page}-${index}`}
          id={`${idPrefix}-carousel-${index}`}
          headline={carousel.config.headline}
          paragraph={carousel.config.paragraph}
          bgColor={carousel.config.bg_color}
          copyColor={carousel.config.copyColor}
          items={carousel.products}
          getKey={(product) => product.id}
          renderItem={(product) => (
            <ProductCard product={product} site={site} freeShippingMinimumCents={freeShippingMinimumCents} />
          )}
        />
      ))}
    </>
  );
}
