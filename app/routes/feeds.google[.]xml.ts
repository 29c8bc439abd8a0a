// GET /feeds/google.xml: the Google Merchant Center product feed, RSS 2.0 with the g:
// namespace, one item per variant of every product the site sells, absolute on the site's
// configured public origin; 404 on a site that publishes none (docs/rules.md "Search engines").
import type { LoaderFunctionArgs } from "@remix-run/node";
import { PUBLIC_CRAWLER_FILE } from "~/models/cache-policy";
import { getSite } from "~/services/site/index.server";
import { loadGoogleFeed } from "~/services/storefront/index.server";
import { pageNotFound } from "~/utils/form.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const xml = await loadGoogleFeed(getSite(request));
  if (xml === null) return pageNotFound();
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": PUBLIC_CRAWLER_FILE },
  });
}
