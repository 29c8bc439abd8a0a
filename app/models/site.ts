/** The two audiences: consumers (DTC) and the staff-feeding program (HPSF). */
export const SITE_IDS = ["DTC", "HPSF"] as const;
export type SiteId = (typeof SITE_IDS)[number];

// Checked without zod: every page loads this module (docs/rules.md "Client JavaScript budget").
const isSiteId = (value: string): value is SiteId => (SITE_IDS as readonly string[]).includes(value);

/** A site id that must be one: throws on any other value. */
export function siteIdOf(value: string): SiteId {
  if (!isSiteId(value)) throw new Error(`Unknown site id: ${JSON.stringify(value)}`);
  return value;
}

/**
 * The consumer site: what every host not configured as a staff host serves, and
 * the site of a page whose root data is missing (an error page).
 */
export const DEFAULT_SITE: SiteId = "DTC";

/** The site of a stored record (an order, a customer): its `site` column, the consumer site when unknown. */
export function storedSite(site: string): SiteId {
  return isSiteId(site) ? site : DEFAULT_SITE;
}

/** Hosts that serve the staff-feeding site unless configured otherwise. */
export const DEFAULT_STAFF_HOSTS: readonly string[] = ["staff.localhost"];

/**
 * The brand the consumer site's titles name when BRAND_NAME is unset (docs/decisions.md "Brand
 * name"): the spec's "the brand's" is its placeholder for a real brand, so the shop ships with an
 * invented one.
 */
export const DEFAULT_BRAND_NAME = "Hollowbrook";

/** What a brand name may hold: letters, digits, spaces and ' ’ & . - (1 to 40 characters, trimmed). */
export const BRAND_NAME_PATTERN = /^[\p{L}\p{N}](?:[\p{L}\p{N} '\u2019&.-]{0,38}[\p{L}\p{N}.'\u2019])?$/u;

/**
 * Title suffix per site (catalogue spec section 2, "site title template"): "Shop {brand} Pet
 * Nutrition" on the consumer site, "Pro Staff Feeding" on the staff site.
 */
export function titleSuffix(site: SiteId, brand: string = DEFAULT_BRAND_NAME): string {
  return TITLE_SUFFIX[site](brand);
}

const TITLE_SUFFIX: Record<SiteId, (brand: string) => string> = {
  DTC: (brand) => `Shop ${brand} Pet Nutrition`,
  HPSF: () => "Pro Staff Feeding",
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

/**
 * Page title with the site's suffix: "Shop All Pet Food | Pro Staff Feeding". `brand` is the
 * configured brand the root loader hands out (`brandName()` in app/services/site); the default
 * only where the root's data is missing (an error page).
 */
export function pageTitle(site: SiteId, title?: string, brand?: string): string {
  const suffix = titleSuffix(site, brand);
  return title ? `${title} | ${suffix}` : suffix;
}
