// The content-service calls under /api/cms/{version}/ (catalogue spec section 7):
// method, versions, body schema and answer of each. The route only dispatches.
import { z } from "zod";
import type { SiteId } from "~/models/site";
import { content } from "./index.server";

/** Versions the content API answers; v1.0 is the default, get-header lives in v2.0. */
export const CMS_VERSIONS = ["v1.0", "v2.0"] as const;

const EmptyBody = z.object({}).passthrough();

interface CmsCall<S extends z.ZodTypeAny = z.ZodTypeAny> {
  method: "GET" | "POST";
  versions: readonly string[];
  body: S;
  answer(site: SiteId, body: z.output<S>): Promise<unknown>;
  /**
   * When the caller names the entry (a handle), no entry is a 404 naming that field;
   * other calls answer `{ data: null }` for a site without the entry.
   */
  notFound?: { field: string; message: string };
}

const call = <S extends z.ZodTypeAny>(definition: CmsCall<S>) => definition;
const post = (answer: (site: SiteId) => Promise<unknown>) =>
  call({ method: "POST", versions: ["v1.0"], body: EmptyBody, answer });
const get = (answer: (site: SiteId) => Promise<unknown>, versions: readonly string[] = ["v1.0"]) =>
  call({ method: "GET", versions, body: EmptyBody, answer });

/** Field names get-globals returns; `free_shipping_minimum` is always a number (default 50). */
export const GLOBAL_FIELDS = [
  "free_shipping_minimum",
  "site_title",
  "site_description",
  "site_404_title",
  "site_404_message",
  "site_404_image",
  "site_404_cta",
] as const;

export const CMS_CALLS: Record<string, CmsCall> = {
  "get-contact": post((site) => content.getContact(site)),
  "get-globals": call({
    method: "POST",
    versions: CMS_VERSIONS,
    body: z.object({
      fields: z
        .array(z.enum(GLOBAL_FIELDS, { errorMap: () => ({ message: `must be one of ${GLOBAL_FIELDS.join(", ")}` }) }))
        .optional(),
    }),
    async answer(site, body) {
      const globals = await content.getGlobals(site);
      const all: Record<string, unknown> = {
        ...globals.raw,
        free_shipping_minimum: globals.freeShippingMinimumCents / 100,
      };
      const fields = body.fields ?? GLOBAL_FIELDS;
      return Object.fromEntries(fields.map((field) => [field, all[field] ?? null]));
    },
  }),
  "get-account-pages-settings": post((site) => content.getAccountPagesSettings(site)),
  "get-navigation": call({
    method: "POST",
    versions: ["v1.0"],
    body: z.object({ handle: z.string().trim().min(1, "is required").max(100) }),
    answer: (site, body) => content.getNavigation(site, body.handle),
    notFound: { field: "handle", message: "There is no navigation with that handle." },
  }),
  "get-announcements": post((site) => content.getAnnouncements(site)),
  "get-header": get((site) => content.getHeader(site), ["v2.0"]),
  "get-sitewide-banners": post((site) => content.getSitewideBanners(site)),
  "get-highlight-content-block": post((site) => content.getHighlightContentBlock(site)),
  "get-two-column-section": post((site) => content.getTwoColumnSection(site)),
  "get-product-carousel": call({
    method: "POST",
    versions: ["v1.0"],
    body: z.object({ page: z.string().trim().min(1).max(100).default("home") }),
    answer: (site, body) => content.getProductCarousels(site, body.page),
  }),
  "get-goodness-box-badge": post((site) => content.getGoodnessBoxBadge(site)),
  "get-promotion-banners": post((site) => content.getPromotionBanners(site)),
  "get-skus-with-deal": post((site) => content.getSkusWithDeal(site)),
  "get-no-results-suggestions": get((site) => content.getNoResultsSuggestions(site)),
  "get-footer": get((site) => content.getFooter(site)),
  "get-password-protect": get(async (site) => {
    const settings = await content.getPasswordProtect(site);
    // The password itself never leaves the server.
    return settings ? { enabled: settings.enabled, heading: settings.heading, message: settings.message } : null;
  }),
};
