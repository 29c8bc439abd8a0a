// GET /sitemaps/{n}.xml: the n-th sitemap file a sitemap index at /sitemap.xml points at,
// when the site's URLs exceed one file (docs/rules.md "Titles and SEO"); 404 otherwise.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { PUBLIC_CRAWLER_FILE } from "~/models/cache-policy";
import { parseSitemapPage } from "~/models/sitemap";
import { loadSitemapFile } from "~/services/storefront/index.server";
import { getSite } from "~/services/site/index.server";
import { pageNotFound } from "~/utils/form.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const page = parseSitemapPage(params.page);
  const xml = page === null ? null : await loadSitemapFile(getSite(request), page);
  if (xml === null) return pageNotFound();
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": PUBLIC_CRAWLER_FILE },
  });
}
