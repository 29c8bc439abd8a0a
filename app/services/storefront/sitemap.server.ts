// Gathers what the sitemaps list (shop-core spec section 2): the site's products, its
// species and category listings that have products, and its published content pages.
import { categoryListings } from "~/models/category";
import { SITEMAP_LIMITS, sitemapFile, sitemapUrls, type SitemapData, type SitemapLimits } from "~/models/sitemap";
import type { SiteId } from "~/models/site";
import { commerce } from "~/services/commerce/index.server";
import { content } from "~/services/content/index.server";
import { publicOrigin } from "~/services/site/index.server";

/** The products, listings and content pages of a site's sitemaps. */
export async function loadSitemapData(site: SiteId): Promise<SitemapData> {
  const listings = categoryListings(site);
  const species = [...new Set(listings.map((listing) => listing.species))];
  const [products, pages, ...counts] = await Promise.all([
    commerce.listSitemapProducts(site),
    content.listPages(site),
    ...species.map((one) =>
      commerce.getFacetCounts({
        site,
        fixed: { species: [one] },
        state: { filters: {}, price: {}, sort: "featured", page: 1 },
      }),
    ),
  ]);
  const countsOf = new Map(species.map((one, i) => [one, counts[i]]));
  const stocked = new Set(products.map((product) => product.species));
  // An empty listing is not worth a search engine's visit.
  const categories = listings.filter((listing) =>
    listing.facet
      ? (countsOf.get(listing.species)?.[listing.facet.field]?.[listing.facet.slug] ?? 0) > 0
      : stocked.has(listing.species),
  );
  return { categories, products, pages };
}

/**
 * /sitemap.xml (`page` null) or the numbered sitemap file `page` of a site, with absolute URLs
 * on its configured public origin (never the request's Host); null when there is no such file.
 */
export async function loadSitemapFile(
  site: SiteId,
  page: number | null,
  limits: SitemapLimits = SITEMAP_LIMITS,
): Promise<string | null> {
  return sitemapFile(publicOrigin(site), sitemapUrls(await loadSitemapData(site)), page, limits);
}
