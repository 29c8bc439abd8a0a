// GET /robots.txt: the same rules on both sites, each naming its own sitemap.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { robotsTxt } from "~/models/sitemap";
import { getSite, publicOrigin } from "~/services/site/index.server";

export function loader({ request }: LoaderFunctionArgs) {
  return new Response(robotsTxt(publicOrigin(getSite(request))), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
