// /sitemap (shop-core spec section 2 content pages): every page a
// shopper may want, as plain links, from the same data as /sitemap.xml. A static
// route, so it wins over the /{slug} content pages.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { routeTitle } from "~/models/page-titles";
import { sitemapPage, type SitemapLink } from "~/models/sitemap";
import { features } from "~/services/commerce/index.server";
import { loadSitemapData } from "~/services/storefront/index.server";
import { getSite } from "~/services/site/index.server";
import { pageMeta, siteFromMatches } from "~/utils/meta";

export const meta: MetaFunction<typeof loader> = ({ matches }) =>
  pageMeta(matches, {
    title: routeTitle(siteFromMatches(matches), "/sitemap"),
    description: "Every product, category, help page and account page of the shop, in one list.",
  });

export async function loader({ request }: LoaderFunctionArgs) {
  const site = getSite(request);
  const page = sitemapPage(site, await loadSitemapData(site), features);
  // The same for every visitor: a public page (models/cache-policy.ts).
  return json({ site, ...page });
}

export default function Sitemap() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="container sitemap-page">
      <h1>{routeTitle(data.site, "/sitemap")}</h1>
      <LinkSection id="sitemap-shop" heading="Shop" links={data.shop} />
      <section aria-labelledby="sitemap-products">
        <h2 id="sitemap-products">Products</h2>
        {data.products.length === 0 ? <p>No products are available right now.</p> : null}
        {data.products.map((group) => (
          <section key={group.species} aria-labelledby={`sitemap-products-${group.species}`}>
            <h3 id={`sitemap-products-${group.species}`}>{group.heading}</h3>
            <LinkList links={group.links} />
          </section>
        ))}
      </section>
      <LinkSection id="sitemap-help" heading="Help & information" links={data.help} />
      <LinkSection id="sitemap-account" heading="Account" links={data.account} />
    </div>
  );
}

function LinkSection({ id, heading, links }: { id: string; heading: string; links: SitemapLink[] }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      <LinkList links={links} />
    </section>
  );
}

function LinkList({ links }: { links: SitemapLink[] }) {
  return (
    <ul className="sitemap-page__links">
      {links.map((link) => (
        <li key={link.path}>
          <Link to={link.path}>{link.label}</Link>
        </li>
      ))}
    </ul>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
