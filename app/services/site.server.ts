import { env } from "~/env.server";
import { resolveSite, type SiteId } from "~/models/site";

/** The site (DTC or HPSF) a request is for, from its host or SITE_ID. */
export function getSite(request: Request): SiteId {
  return resolveSite(new URL(request.url).host, { forcedSite: env.SITE_ID, staffHosts: env.STAFF_HOSTS });
}
