import { siteSettings } from "~/env.server";
import { resolveSite, type SiteId } from "~/models/site";

/** The site (DTC or HPSF) a request is for, from its host or SITE_ID. */
export function getSite(request: Request): SiteId {
  return siteForHost(new URL(request.url).host);
}

/** The site a Host name serves (docs/architecture.md "Two sites"). */
export function siteForHost(host: string): SiteId {
  return resolveSite(host, { forcedSite: siteSettings.SITE_ID, staffHosts: siteSettings.STAFF_HOSTS });
}

/**
 * The configured public origin of a site (PUBLIC_URL, STAFF_PUBLIC_URL): every
 * absolute URL the shop writes is built from it, never from the Host header
 * (docs/rules.md "Public origins").
 */
export function publicOrigin(site: SiteId): string {
  return PUBLIC_ORIGINS[site];
}

const PUBLIC_ORIGINS: Record<SiteId, string> = { DTC: siteSettings.PUBLIC_URL, HPSF: siteSettings.STAFF_PUBLIC_URL };

/** An absolute URL on a site's public origin: `publicUrl("DTC", "/cart")`. */
export function publicUrl(site: SiteId, path: string): string {
  return `${publicOrigin(site)}${path.startsWith("/") ? path : `/${path}`}`;
}

/** Host names (with port) the shop answers in production: both public origins' and ALLOWED_HOSTS. */
export function allowedHosts(): string[] {
  return [
    ...new Set([
      new URL(siteSettings.PUBLIC_URL).host,
      new URL(siteSettings.STAFF_PUBLIC_URL).host,
      ...siteSettings.ALLOWED_HOSTS,
    ]),
  ];
}

/** The brand the consumer site's titles name (BRAND_NAME; docs/decisions.md "Brand name"). */
export function brandName(): string {
  return siteSettings.BRAND_NAME;
}

/**
 * The shop's time zone (SHOP_TIME_ZONE, docs/rules.md "Shop time"): every date the server shows
 * or reasons about is a day in this zone; the browser reads the same value (useShopTimeZone).
 */
export function shopTimeZone(): string {
  return siteSettings.SHOP_TIME_ZONE;
}
