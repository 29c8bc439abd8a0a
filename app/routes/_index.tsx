import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ProductCard } from "~/components/product-card";
import { listingCard } from "~/models/product";
import { websiteSeo } from "~/models/seo";
import { sitePolicy } from "~/models/site-policy";
import { commerce } from "~/services/commerce/index.server";
import { getGlobals } from "~/services/content/index.server";
import { loadHome } from "~/services/storefront/index.server";
import { Hero, HomeSections } from "~/components/content-sections";
import { getSite, publicOrigin } from "~/services/site/index.server";
import { pageMeta } from "~/utils/meta";

const FEATURED_LIMIT = 8;

// The description comes from the content globals (site_description), else the site default.
export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  pageMeta(matches, { description: data?.description ?? undefined }, data ? websiteSeo(data.site, data.origin) : []);

export async function loader({ request }: LoaderFunctionArgs) {
  const site = getSite(request);
  const [home, globals] = await Promise.all([loadHome(site), getGlobals(site)]);
  // Without home content (a database seeded before content existed) the page still sells: featured products.
  const featured = home.hero ? [] : await commerce.getFeaturedProducts(site, FEATURED_LIMIT);
  // Cache-Control is the one page policy (models/cache-policy.ts), applied in entry.server.tsx.
  return json({
    site,
    origin: publicOrigin(site),
    description: globals.siteDescription,
    home,
    featured: featured.map((card) => listingCard(card, site)),
    freeShippingMinimumCents: globals.freeShippingMinimumCents,
  });
}

export default function HomePage() {
  const { site, featured, freeShippingMinimumCents, home } = useLoaderData<typeof loader>();
  const { homeIntro } = sitePolicy(site);
  if (home.hero) {
    return (
      <>
        <Hero hero={home.hero} assets={home.images} />
        <HomeSections home={home} site={site} freeShippingMinimumCents={freeShippingMinimumCents} />
      </>
    );
  }
  return (
    <>
      <section className="hero">
        <div className="container hero__inner">
          <h1>{homeIntro.heading}</h1>
          <p>{homeIntro.text}</p>
          <Link to="/products" className="button button--primary button--large">
            Shop All Pet Food
          </Link>
        </div>
      </section>

      <section className="container section" aria-labelledby="shop-by-pet">
        <h2 id="shop-by-pet">Shop by pet</h2>
        <ul className="pet-tiles">
          <li>
            <Link to="/products/dog" className="pet-tile pet-tile--dog">
              Dog Food
            </Link>
          </li>
          <li>
            <Link to="/products/cat" className="pet-tile pet-tile--cat">
              Cat Food
            </Link>
          </li>
        </ul>
      </section>

      <section className="container section" aria-labelledby="featured-products">
        <h2 id="featured-products">Featured products</h2>
        {featured.length > 0 ? (
          <ul className="product-grid">
            {featured.map((product) => (
              <li key={product.id}>
                <ProductCard product={product} site={site} freeShippingMinimumCents={freeShippingMinimumCents} />
              </li>
            ))}
          </ul>
        ) : (
          <p>Our featured products are being restocked. Browse all products instead.</p>
        )}
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
