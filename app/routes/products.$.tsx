import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { defer, json, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PRIVATE_NO_STORE } from "~/models/cache-policy";
import { parseCategoryPath } from "~/models/category";
import { listingCard } from "~/models/product";
import { DataLayerEvent } from "~/components/data-layer-event";
import { productJsonLd } from "~/models/product-json-ld";
import { listingSeo, productSeo } from "~/models/seo";
import { readProductSegments } from "~/models/variant-picking";
import { commerce } from "~/services/commerce/index.server";
import {
  canonicalProductPath,
  deliveryEstimateFor,
  loadListingPage,
  loadProductPage,
  notFoundResponse,
  RELATED_LIMIT,
} from "~/services/storefront/index.server";
import { getSite, publicOrigin } from "~/services/site/index.server";
import { productReviewsFor } from "~/utils/reviews.server";
import { listingHref } from "~/utils/listing-href";
import { preloadableView, type HydrationHandle } from "~/utils/preloadable-view";
import { brandFromMatches, errorMeta, siteFromMatches } from "~/utils/meta";

const SPECIES = new Set(["dog", "cat"]);

export const meta: MetaFunction<typeof loader> = ({ data, matches, error }) => {
  // An unknown product or category is the 404 page, with its title (catalogue spec section 2).
  if (!data) return errorMeta(matches, error);
  const site = siteFromMatches(matches);
  const brand = brandFromMatches(matches);
  return data.kind === "product" ? productSeo(site, { ...data, brand }) : listingSeo(site, { ...data, brand });
};

/**
 * /products, /products/{species}/{category?}/{detail?}, /products/{handle} and
 * /products/{brand}/{handle}/{flavor}/{size} (shop-core spec section 2);
 * /products/{handle}/{flavor}/{size} redirects to its variant's canonical page
 * (catalogue spec section 2).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  // Catalogue spec section 2: /products/products/... is redirected to the corrected path.
  if (/\/products\/products(\/|$)/.test(url.pathname)) {
    const fixed = url.pathname.replace(/(\/products)+(?=\/|$)/g, "/products");
    throw redirect(`${fixed}${url.search}`, 301);
  }
  const site = getSite(request);
  const segments = (params["*"] ?? "").split("/").filter(Boolean);
  // Shop-core spec section 2 lists /products/cart and /products/logout; send shoppers where they mean.
  if (segments.length === 1 && (segments[0] === "cart" || segments[0] === "logout")) {
    throw redirect(`/${segments[0]}`);
  }

  if (segments.length === 0 || (segments.length <= 3 && SPECIES.has(segments[0].toLowerCase()))) {
    const category = segments.length ? parseCategoryPath(segments, site) : undefined;
    if (category === null) throw await notFoundResponse(site);
    const data = await loadListingPage({ site, url, category });
    return json({ kind: "listing" as const, ...data });
  }

  const wanted = readProductSegments(segments);
  if (!wanted) throw await notFoundResponse(site);
  // Catalogue spec section 2: a query value 'search' (like 'sku') picks the variant with that sku.
  const sku = url.searchParams.get("sku") ?? url.searchParams.get("search");
  if (wanted.redirect) {
    const path = await canonicalProductPath({ site, ...wanted, sku });
    if (!path) throw await notFoundResponse(site);
    // Not kept by caches, as no redirect is (docs/rules.md "Cache policy"): the pick follows stock.
    throw redirect(`${path}${url.search}`, { status: 301, headers: { "Cache-Control": PRIVATE_NO_STORE } });
  }
  const page = await loadProductPage({ site, ...wanted, sku });
  if (!page) throw await notFoundResponse(site);
  // Trimmed like a listing's cards (docs/rules.md "Listing hydration data").
  const related = commerce
    .getRelatedProducts(site, page.product, RELATED_LIMIT)
    .then((cards) => cards.map((card) => listingCard(card, site)));
  // Reviews only with functional consent (docs/rules.md "Reviews on pages").
  const reviews = await productReviewsFor(request, page.product);
  // The shopper's delivery line, in the HTML so it shows without JavaScript. Public only for a
  // visitor without a session, who gets the default zip's line like every such visitor
  // (docs/rules.md "Delivery estimate before checkout").
  const deliveryEstimate = await deliveryEstimateFor(request);
  const origin = publicOrigin(site);
  // The Product JSON-LD is built here, so its rules stay out of the page's JavaScript; `meta` emits it.
  const { merchant: _terms, ...shown } = page;
  const structured = productJsonLd({ ...page, origin, reviews });
  return defer({
    kind: "product" as const,
    ...shown,
    origin,
    related,
    reviews,
    deliveryEstimate,
    productJsonLd: structured,
  });
}

// "Notify me when it's back" (docs/rules.md "Back in stock"), the one form a product page posts to
// itself; in a server module, so its schema (zod) stays out of the page's scripts.
export { notifyMeAction as action } from "~/utils/notify-me.server";

// One route renders listings and product pages: each page loads only its own view
// (docs/rules.md "Client JavaScript budget"). Outside any Suspense boundary, so the
// server's first render (the shell) waits for the view; the browser loads the page's view
// before it hydrates (the handle), and client navigations (transitions) keep what is shown
// until the next one has loaded.
const ListingView = preloadableView(() => import("~/components/listing-view").then((m) => m.ListingView));
const ProductView = preloadableView(() => import("~/components/product-view").then((m) => m.ProductView));

export const handle: HydrationHandle = {
  beforeHydration: (data) =>
    ((data as { kind?: string } | undefined)?.kind === "product" ? ProductView : ListingView).preload(),
};

export default function ProductsRoute() {
  const data = useLoaderData<typeof loader>();
  if (data.kind === "product") {
    return (
      <>
        <DataLayerEvent build={(a) => a.ecommerceEvent("view_item", [a.productItem(data.product, data.variant)])} />
        <ProductView {...data} />
      </>
    );
  }
  const hrefFor = listingHref(data.pathname, { groups: data.groups, defaultSort: data.defaultSort });
  return <ListingView {...data} hrefFor={hrefFor} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
