import { z } from "zod";

/** The two audiences: consumers (DTC) and the staff-feeding program (HPSF). */
export const SITE_IDS = ["DTC", "HPSF"] as const;
export const SiteIdSchema = z.enum(SITE_IDS);
export type SiteId = z.infer<typeof SiteIdSchema>;

/**
 * The consumer site: what every host not configured as a staff host serves, and
 * the site of a page whose root data is missing (an error page).
 */
export const DEFAULT_SITE: SiteId = "DTC";

/** The site of a stored record (an order, a customer): its `site` column, the consumer site when unknown. */
export function storedSite(site: string): SiteId {
  return SiteIdSchema.catch(DEFAULT_SITE).parse(site);
}

/** Hosts that serve the staff-feeding site unless configured otherwise. */
export const DEFAULT_STAFF_HOSTS: readonly string[] = ["staff.localhost"];

/** Title suffix per site (catalogue spec section 2, "site title template"). */
export const SITE_TITLE_SUFFIX: Record<SiteId, string> = {
  DTC: "Shop the brand's Pet Nutrition",
  HPSF: "Pro Staff Feeding",
};

/** Short human name per site, for the logo and footer. */
export const SITE_NAME: Record<SiteId, string> = {
  DTC: "Pet Nutrition",
  HPSF: "Pet Nutrition Pro",
};

export interface SiteResolutionOptions {
  /** SITE_ID: forces one site for the whole deployment. */
  forcedSite?: SiteId;
  /** Host names (without port) that serve the staff-feeding site. */
  staffHosts: readonly string[];
}

/** Host name without port, lower-cased; handles IPv6 literals. */
export function hostnameOf(host: string | null | undefined): string {
  if (!host) return "";
  const trimmed = host.trim().toLowerCase();
  if (trimmed.startsWith("[")) return trimmed.slice(0, trimmed.indexOf("]") + 1);
  return trimmed.replace(/:\d+$/, "").replace(/\.$/, "");
}

/**
 * Which site a request is for (docs/architecture.md "Two sites"): SITE_ID wins; otherwise a
 * staff host serves HPSF and every other host serves DTC.
 */
export function resolveSite(host: string | null | undefined, options: SiteResolutionOptions): SiteId {
  if (options.forcedSite) return options.forcedSite;
  const hostname = hostnameOf(host);
  return options.staffHosts.some((staffHost) => hostnameOf(staffHost) === hostname) ? "HPSF" : DEFAULT_SITE;
}

/** Page title with the site's suffix: "Shop All Pet Food | Pro Staff Feeding". */
export function pageTitle(site: SiteId, title?: string): string {
  const suffix = SITE_TITLE_SUFFIX[site];
  return title ? `${title} | ${suffix}` : suffix;
}
