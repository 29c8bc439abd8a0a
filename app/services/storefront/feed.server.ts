// The Google Merchant Center feed of a site (docs/rules.md "Search engines"): every variant
// of every product it sells, with the shop's shipping terms, on its configured public origin.
import { feedItems, googleFeedXml } from "~/models/product-feed";
import { SITE_DESCRIPTION } from "~/models/seo";
import { SITE_NAME, type SiteId } from "~/models/site";
import { sitePolicy } from "~/models/site-policy";
import { commerce } from "~/services/commerce/index.server";
import { publicOrigin } from "~/services/site/index.server";
import { merchantTerms } from "./merchant.server";

/** /feeds/google.xml of a site, or null where the site publishes no feed (`publishesProductFeed`). */
export async function loadGoogleFeed(site: SiteId): Promise<string | null> {
  if (!sitePolicy(site).publishesProductFeed) return null;
  const origin = publicOrigin(site);
  const [products, terms] = await Promise.all([commerce.listFeedProducts(site), merchantTerms(site)]);
  return googleFeedXml(
    { title: SITE_NAME[site], link: `${origin}/`, description: SITE_DESCRIPTION[site] },
    feedItems(origin, products, terms),
  );
}
