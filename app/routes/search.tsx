import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ContentLinkTo } from "~/components/content-link";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ListingView } from "~/components/listing-view";
import { DataLayerEvent } from "~/components/data-layer-event";
import { listingSeo } from "~/models/seo";
import { content } from "~/services/content/index.server";
import { loadListingPage } from "~/services/storefront/index.server";
import { getSite } from "~/services/site/index.server";
import { listingHref } from "~/utils/listing-href";
import { brandFromMatches, siteFromMatches } from "~/utils/meta";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data ? listingSeo(siteFromMatches(matches), { ...data, brand: brandFromMatches(matches) }) : [];

/** /search?search=term: ranked results with the listing's filters and sort (shop-core spec section 2). */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const site = getSite(request);
  const data = await loadListingPage({ site, url, search: url.searchParams.get("search") ?? "" });
  // No-results suggestions come from content (catalogue spec section 7); none configured shows the tips alone.
  const suggestions = data.total === 0 ? await content.getNoResultsSuggestions(site) : null;
  return json({ ...data, suggestions });
}

export default function SearchPage() {
  const data = useLoaderData<typeof loader>();
  const hrefFor = listingHref(data.pathname, {
    groups: data.groups,
    search: data.search,
    defaultSort: data.defaultSort,
  });
  return (
    <ListingView {...data} hrefFor={hrefFor} relevanceSort>
      <DataLayerEvent build={(a) => (data.search?.trim() ? a.searchEvent(data.search) : null)} />
      {data.total === 0 ? (
        <section className="no-results" aria-labelledby="no-results-heading">
          <h2 id="no-results-heading">No products found{data.search ? ` for “${data.search}”` : ""}</h2>
          <p>Check the spelling or use fewer words.</p>
          {data.suggestions ? (
            <>
              <p>{data.suggestions.heading}</p>
              <ul className="no-results__suggestions">
                {data.suggestions.items.map((s) => (
                  <li key={s.url}>
                    <ContentLinkTo link={s} />
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
      ) : null}
    </ListingView>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
