// GET /sitemap.xml: the site's home, listings, products, content
// pages, Contact Us and /sitemap as absolute URLs on the site's configured public origin.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { sitemapUrls, sitemapXml } from "~/models/sitemap";
import { loadSitemapData } from "~/services/storefront/index.server";
import { getSite, publicOrigin } from "~/services/site/index.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const site = getSite(request);
  const data = await loadSitemapData(site);
  return new Response(sitemapXml(publicOrigin(site), sitemapUrls(data)), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
