import type { SerializeFrom } from "@remix-run/node";
import type { LoadedCarousel } from "~/models/content";
import type { SiteId } from "~/models/site";
import { useLocation } from "@remix-run/react";
import { DataLayerEvent } from "./data-layer-event";
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
  // Carousels are named by their page (catalogue spec section 2: / is "HomePage", /cart is "Cart").
  const { pathname } = useLocation();
  return (
    <>
      {carousels.map((carousel, index) => (
        <DataLayerEvent
          key={`event-${carousel.config.page}-${index}`}
          build={(a) => a.itemListEvent(carousel.products, a.listNameOf(pathname))}
        />
      ))}
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
            <ProductCard
              product={product}
              site={site}
              freeShippingMinimumCents={freeShippingMinimumCents}
              list={{ pathname, index: carousel.products.indexOf(product) }}
            />
          )}
        />
      ))}
    </>
  );
}
