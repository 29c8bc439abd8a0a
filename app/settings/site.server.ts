// The shop's and its sites' settings: which site a host serves, the brand, the public origins,
// the hosts answered, maintenance and the support address (docs/rules.md "Public origins",
// "Site access"). Settings about the shop as a whole belong here.
import { z } from "zod";
import { DEFAULT_SHOP_TIME_ZONE, isTimeZone } from "~/models/shop-time";
import { BRAND_NAME_PATTERN, DEFAULT_BRAND_NAME, DEFAULT_STAFF_HOSTS, SITE_IDS } from "~/models/site";
import { flag, hostList, optional, originUrl } from "./core.server";

export const siteFields = {
  SITE_ID: optional(
    z.preprocess(
      (v) => (typeof v === "string" ? v.toUpperCase() : v),
      z.enum(SITE_IDS, { errorMap: () => ({ message: "must be DTC or HPSF" }) }),
    ),
  ),
  STAFF_HOSTS: hostList([...DEFAULT_STAFF_HOSTS]),
  // The brand the consumer site's titles name: "Shop {BRAND_NAME} Pet Nutrition" (docs/decisions.md "Brand name").
  BRAND_NAME: optional(
    z
      .string()
      .trim()
      .regex(BRAND_NAME_PATTERN, "must be 1 to 40 letters, digits, spaces or ' & . - (such as Hollowbrook)"),
  ).transform((v) => v ?? DEFAULT_BRAND_NAME),
  // Public origins per site (docs/rules.md "Public origins"): every absolute URL (email links,
  // canonical and Open Graph URLs, sitemaps, JSON-LD, OpenID redirect URIs) is built from these,
  // never from the Host header. Defaults: http://localhost:PORT and http://staff.localhost:PORT.
  PUBLIC_URL: originUrl,
  STAFF_PUBLIC_URL: originUrl,
  // Further Host names answered in production besides the two public origins' hosts.
  ALLOWED_HOSTS: hostList([]),
  // Maintenance (docs/rules.md "Site access"): every shop page goes to /maintenance (503), JSON
  // calls answer 503 with Retry-After; the back office and the probes stay open.
  MAINTENANCE_MODE: flag(false),
  SUPPORT_EMAIL: optional(z.string().email("must be an email address")).transform((v) => v ?? "support@example.com"),
  // The shop's time zone (docs/rules.md "Shop time"): every date shown or reasoned about.
  SHOP_TIME_ZONE: optional(
    z.string().refine(isTimeZone, 'must be an IANA time zone such as "America/New_York" or "America/Chicago"'),
  ).transform((v) => v ?? DEFAULT_SHOP_TIME_ZONE),
};

/**
 * The public origins, by default on the process's PORT, and the staff hosts: a configured staff
 * origin's host serves the staff site, so configuring the origin is enough.
 */
export function siteOrigins(settings: {
  PORT: number;
  PUBLIC_URL?: string;
  STAFF_PUBLIC_URL?: string;
  STAFF_HOSTS: string[];
}) {
  const PUBLIC_URL = settings.PUBLIC_URL ?? `http://localhost:${settings.PORT}`;
  const STAFF_PUBLIC_URL = settings.STAFF_PUBLIC_URL ?? `http://staff.localhost:${settings.PORT}`;
  const staffHost = settings.STAFF_PUBLIC_URL ? new URL(settings.STAFF_PUBLIC_URL).hostname : null;
  const STAFF_HOSTS =
    staffHost && !settings.STAFF_HOSTS.includes(staffHost)
      ? [...settings.STAFF_HOSTS, staffHost]
      : settings.STAFF_HOSTS;
  return { PUBLIC_URL, STAFF_PUBLIC_URL, STAFF_HOSTS };
}
