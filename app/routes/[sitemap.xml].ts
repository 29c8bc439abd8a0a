// GET /sitemap.xml: the site's home, listings, products, content pages, Contact Us and
// /sitemap as absolute URLs on the site's configured public origin; past one file's
// limits (50,000 URLs, 50 MB) a sitemap index of /sitemaps/{n}.xml (docs/rules.md "Titles and SEO").
import type { LoaderFunctionArgs } from "@remix-run/node";
import { PUBLIC_CRAWLER_FILE } from "~/models/cache-policy";
import { loadSitemapFile } from "~/services/storefront/index.server";
import { getSite } from "~/services/site/index.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const xml = await loadSitemapFile(getSite(request), null);
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": PUBLIC_CRAWLER_FILE },
  });
}
