import type { SiteId } from "./site";

/** A title per site. */
type SiteTitles = Record<SiteId, string>;

const both = (title: string): SiteTitles => ({ DTC: title, HPSF: title });

/**
 * Page titles of catalogue spec section 2 ("Page titles and descriptions, consumer
 * mode" and "Page titles, staff-feeding mode"), before the site suffix. A route
 * only one table lists keeps the same title on the other site. /terms-and-conditions
 * and /shipping are content pages: their entries' titles should read the same.
 */
export const PAGE_TITLES = {
  "/shelter/register": both("Create Account"),
  "/shelter/login": both("Log In"),
  "/account/dashboard": both("My Account"),
  "/account/orders": both("My Orders"),
  "/account/my-profile": both("My Profile"),
  "/account/address-book": both("Address Book"),
  "/account/autoships": { DTC: "My Subscriptions", HPSF: "My Autoships" },
  "/account/payment-methods": both("Payment Methods"),
  "/contact-us": both("Contact Us"),
  "/products": both("Shop All Pet Food"),
  "/terms-and-conditions": both("Terms & Conditions"),
  "/shipping": both("Shipping"),
  "/sitemap": both("Sitemap"),
} as const satisfies Record<string, SiteTitles>;

export type TitledRoute = keyof typeof PAGE_TITLES;

/** The title of a route in the spec's tables on a site, before the suffix. */
export function routeTitle(site: SiteId, route: TitledRoute): string {
  return PAGE_TITLES[route][site];
}
