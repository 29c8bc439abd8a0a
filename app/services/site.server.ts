import { env } from "~/env.server";
import { resolveSite, type SiteId } from "~/models/site";

/** The site (DTC or HPSF) a request is for, from its host or SITE_ID. */
export function getSite(request: Request): SiteId {
  return resolveSite(new URL(request.url).host, { forcedSite: env.SITE_ID, staffHosts: env.STAFF_HOSTS });
}

/** The configured public origin of a site (never the Host header). */
export function publicOrigin(site: SiteId): string {
  return site === "HPSF" ? `http://staff.localhost:${env.PORT}` : `http://localhost:${env.PORT}`;
}
