import { Await } from "@remix-run/react";
import { lazy, memo, Suspense } from "react";
import type { CardView } from "~/models/product";
import type { ProductReviewsData } from "~/models/review-pages";
import type { SiteId } from "~/models/site";
import { ProductCard } from "./product-card";
import { ProductCarousel } from "./product-carousel";

// The reviews section loads with its own chunk (docs/rules.md "Client JavaScript budget").
const ProductReviews = lazy(() => import("./product-reviews").then((m) => ({ default: m.ProductReviews })));

/**
 * The product page's sections below the buy box that hydrate late: the reviews (their own
 * chunk) and the related products (deferred data). Memoised on props that stay the same
 * while the shopper chooses on the page, so a choice (Autoship, the quantity) never re-renders
 * a Suspense boundary that is still the server's HTML: React throws error 421 on an urgent
 * update that reaches one (docs/rules.md "Catalogue and product pages").
 */
export const ProductExtras = memo(function ProductExtras({
  site,
  related,
  reviews,
  freeShippingMinimumCents,
}: {
  site: SiteId;
  related: Promise<CardView[]> | CardView[];
  reviews: ProductReviewsData;
  freeShippingMinimumCents: number;
}) {
  return (
    <>
      <Suspense fallback={null}>
        <ProductReviews reviews={reviews} />
      </Suspense>

      <Suspense fallback={null}>
        <Await resolve={related} errorElement={null}>
          {(items) => (
            <ProductCarousel
              id="related-products"
              headline="You may also like"
              bgColor="light blue"
              items={items}
              getKey={(item) => item.id}
              renderItem={(item) => (
                <ProductCard product={item} site={site} freeShippingMinimumCents={freeShippingMinimumCents} />
              )}
            />
          )}
        </Await>
      </Suspense>
    </>
  );
});
