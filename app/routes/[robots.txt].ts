// GET /robots.txt: the same rules on both sites, each naming its own sitemap, and the product
// feed where the site publishes one (docs/rules.md "Search engines").
import type { LoaderFunctionArgs } from "@remix-run/node";
import { PUBLIC_CRAWLER_FILE } from "~/models/cache-policy";
import { sitePolicy } from "~/models/site-policy";
import { robotsTxt } from "~/models/sitemap";
import { getSite, publicOrigin } from "~/services/site/index.server";

export function loader({ request }: LoaderFunctionArgs) {
  const site = getSite(request);
  const body = robotsTxt(publicOrigin(site), { productFeed: sitePolicy(site).publishesProductFeed });
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": PUBLIC_CRAWLER_FILE },
  });
}
