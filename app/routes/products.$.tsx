import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { defer, json, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ListingView } from "~/components/listing-view";
import { ProductView } from "~/components/product-view";
import { RememberCategory } from "~/components/remembered-category";
import { parseCategoryPath } from "~/models/category";
import { listingSeo, productSeo } from "~/models/seo";
import { sitePolicy } from "~/models/site-policy";
import { commerce } from "~/services/commerce/index.server";
import { loadListingPage, loadProductPage, RELATED_LIMIT } from "~/services/storefront/index.server";
import { getSite, publicOrigin } from "~/services/site/index.server";
import { listingHref } from "~/utils/listing-href";
import { siteFromMatches } from "~/utils/meta";

const SPECIES = new Set(["dog", "cat"]);

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const site = siteFromMatches(matches);
  if (!data) return [];
  return data.kind === "product" ? productSeo(site, data) : listingSeo(site, data);
};

/**
 * /products, /products/{species}/{category?}/{detail?}, /products/{handle} and
 * /products/{brand}/{handle}/{flavor}/{size} (shop-core spec section 2).
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
    if (category === null) throw new Response("Not Found", { status: 404 });
    const data = await loadListingPage({ site, url, category });
    return json({ kind: "listing" as const, ...data });
  }

  if (segments.length === 1 || segments.length === 4) {
    const [brand, handle, flavor, size] = segments.length === 4 ? segments : [undefined, segments[0]];
    const page = await loadProductPage({
      site,
      handle,
      brand,
      flavor,
      size,
      // Catalogue spec section 2: a query value 'search' (like 'sku') picks the variant with that sku.
      sku: url.searchParams.get("sku") ?? url.searchParams.get("search"),
    });
    if (!page) throw new Response("Not Found", { status: 404 });
    const related = commerce.getRelatedProducts(site, page.product, RELATED_LIMIT);
    return defer({ kind: "product" as const, ...page, origin: publicOrigin(site), related });
  }
  throw new Response("Not Found", { status: 404 });
}

export default function ProductsRoute() {
  const data = useLoaderData<typeof loader>();
  if (data.kind === "product") return <ProductView {...data} />;
  const hrefFor = listingHref(data.pathname, { site: data.site, species: data.species, defaultSort: data.defaultSort });
  // Home customers' breadcrumbs remember the last category page (shop-core spec section 2).
  const remembers = sitePolicy(data.site).breadcrumbTrail === "home";
  const lastCrumb = remembers && data.species ? data.crumbs[data.crumbs.length - 1] : undefined;
  return (
    <>
      {lastCrumb?.to && data.species ? (
        <RememberCategory species={data.species} label={lastCrumb.label} path={lastCrumb.to} />
      ) : null}
      <ListingView {...data} hrefFor={hrefFor} />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
