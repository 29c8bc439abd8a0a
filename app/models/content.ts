// Content entries as editors write them (catalogue spec sections 3 and 7).
// Pure: the schemas validate content files at seed time and every entry the
// content service serves, so a malformed entry is refused, never rendered.
import { z } from "zod";
import type { CardView } from "./product";
import { DEFAULT_404_CTA, DEFAULT_404_TITLE, isSafeUrl, type ContentLink } from "./content-links";
import { SITE_IDS, type SiteId } from "./site";

/** Publish status values (catalogue spec section 3). */
export const CONTENT_STATUSES = ["published", "draft", "archived"] as const;

/** An entry belongs to one site or to both ("ALL"). */
export const CONTENT_SITES = [...SITE_IDS, "ALL"] as const;
export type ContentSite = (typeof CONTENT_SITES)[number];

/**
 * Whether an entry with this status may be served: published always, a draft
 * only to a preview (someone holding the preview secret), archived never.
 */
export function isServable(status: string, preview: boolean): boolean {
  return status === "published" || (preview && status === "draft");
}

/**
 * Of the servable entries for one key, the one a site sees: its own entry wins
 * over the shared one, and in preview a draft wins over the published version.
 */
export function pickEntry<T extends { site: string; status: string }>(
  entries: readonly T[],
  site: SiteId,
  preview: boolean,
): T | null {
  const servable = entries.filter((e) => (e.site === site || e.site === "ALL") && isServable(e.status, preview));
  const rank = (e: T) => (e.site === site ? 2 : 0) + (e.status === "draft" ? 1 : 0);
  return servable.sort((a, b) => rank(b) - rank(a))[0] ?? null;
}

/** A link target: a path in the shop or an http(s) address. Anything else (javascript:, data:) is refused. */
export const SafeUrlSchema = z
  .string()
  .trim()
  .min(1)
  .refine((url) => isSafeUrl(url), "must be a path starting with / or an http(s) address");

const text = z.string().trim().min(1);
export const LinkSchema = z.object({ text, url: SafeUrlSchema });

/** An image asset reference: the asset's id (served from /cms/{id}) and an optional alt override. */
export const ImageRefSchema = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, "must be an asset id such as hero-dog"),
  alt: z.string().optional(),
});
export type ImageRef = z.infer<typeof ImageRefSchema>;

/** Image asset from the content system (catalogue spec section 3). */
export const AssetSchema = z.object({
  id: ImageRefSchema.shape.id,
  format: z.enum(["jpeg", "png"]),
  width: z.number().int().min(1).max(4000),
  height: z.number().int().min(1).max(4000),
  alt: z.string(),
  description: z.string(),
});
export type ContentAsset = z.infer<typeof AssetSchema>;

/** Size and alt text of the assets a page uses, by id (loaded with the page). */
export type AssetSizes = Record<string, { width: number; height: number; alt: string }>;

/** A block of a content page's body. Paragraphs may hold inline links as [text](url). */
export const BlockSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("heading"), text }),
  z.object({ type: z.literal("paragraph"), text }),
  z.object({ type: z.literal("list"), items: z.array(text).min(1) }),
  z.object({
    type: z.literal("questions"),
    heading: z.string().optional(),
    items: z.array(z.object({ question: text, answer: text })).min(1),
  }),
  z.object({ type: z.literal("image"), image: ImageRefSchema }),
  z.object({ type: z.literal("cta"), link: LinkSchema }),
]);
export type ContentBlock = z.infer<typeof BlockSchema>;

const CtaListSchema = z.array(LinkSchema);

/** Product carousel config (catalogue spec section 3, "Carousel config"). */
export const CarouselConfigSchema = z.object({
  page: text,
  headline: text,
  paragraph: z.string().nullish(),
  handles: z.array(z.object({ handle: text })).min(1),
  bg_color: z.string().nullish(),
  copyColor: z.string().nullish(),
  isLastComponent: z.boolean().optional(),
});

/** A configured carousel with the cards of its products that the site sells. */
export interface LoadedCarousel {
  config: z.infer<typeof CarouselConfigSchema>;
  products: CardView[];
}

/** The home page's section kinds, in the order an editor lists them. */
export const HOME_SECTIONS = [
  "highlight-content-block",
  "product-carousel",
  "two-column-section",
  "promotion-banners",
] as const;
export type HomeSection = (typeof HOME_SECTIONS)[number];

/** Every entry type and the shape of its data. The key names one entry of a type. */
export const CONTENT_SCHEMAS = {
  globals: z.object({
    free_shipping_minimum: z.number().min(0).optional(),
    site_title: z.string().optional(),
    site_description: z.string().optional(),
    site_404_title: z.string().optional(),
    site_404_message: z.string().optional(),
    site_404_image: z.object({ id: ImageRefSchema.shape.id, description: z.string().optional() }).optional(),
    site_404_cta: CtaListSchema.optional(),
  }),
  contact: z.object({
    heading: text,
    intro: text,
    phone: text,
    email: z.string().email(),
    hours: z.array(text),
    topics: z.array(text).min(1),
  }),
  "account-pages-settings": z.object({
    dashboard_intro: text,
    orders_empty: text,
    autoships_empty: text,
    address_book_intro: text,
    help: z.object({ heading: text, body: text, link: LinkSchema }),
  }),
  navigation: z.object({
    items: z.array(z.object({ text, url: SafeUrlSchema, children: z.array(LinkSchema).default([]) })).min(1),
  }),
  announcements: z.object({
    items: z.array(z.object({ text, link: LinkSchema.optional() })),
  }),
  header: z.object({
    navigation_handle: text,
    tagline: z.string().optional(),
    utility_links: z.array(LinkSchema).default([]),
  }),
  "sitewide-banners": z.object({
    items: z.array(
      z.object({
        id: text,
        text,
        link: LinkSchema.optional(),
        tone: z.enum(["info", "promo", "warning"]).default("info"),
        starts_at: z.string().datetime().optional(),
        ends_at: z.string().datetime().optional(),
      }),
    ),
  }),
  "highlight-content-block": z.object({
    eyebrow: z.string().optional(),
    heading: text,
    body: text,
    image: ImageRefSchema.optional(),
    cta: LinkSchema.optional(),
  }),
  "two-column-section": z.object({
    heading: z.string().optional(),
    columns: z
      .array(z.object({ heading: text, body: text, image: ImageRefSchema.optional(), cta: LinkSchema.optional() }))
      .length(2),
  }),
  "product-carousel": CarouselConfigSchema,
  "goodness-box-badge": z.object({ label: text, text, image: ImageRefSchema.optional(), skus: z.array(text) }),
  "promotion-banners": z.object({
    items: z.array(
      z.object({
        id: text,
        heading: text,
        body: text,
        image: ImageRefSchema.optional(),
        cta: LinkSchema.optional(),
        bg_color: z.string().optional(),
      }),
    ),
  }),
  "skus-with-deal": z.object({
    items: z.array(z.object({ sku: text, label: text, ends_at: z.string().datetime().optional() })),
  }),
  "no-results-suggestions": z.object({ heading: text, items: z.array(LinkSchema).min(1) }),
  footer: z.object({
    columns: z.array(z.object({ heading: text, links: z.array(LinkSchema).min(1) })).min(1),
    legal: text,
  }),
  "password-protect": z.object({
    enabled: z.boolean(),
    heading: text,
    message: text,
    /** Never served: the password form compares against it on the server. */
    password: z.string().min(4).optional(),
  }),
  home: z.object({
    hero: z.object({
      heading: text,
      body: text,
      image: ImageRefSchema.optional(),
      cta: LinkSchema,
      secondary_cta: LinkSchema.optional(),
    }),
    sections: z.array(z.enum(HOME_SECTIONS)),
  }),
  page: z.object({
    description: text,
    heading: z.string().optional(),
    blocks: z.array(BlockSchema).min(1),
  }),
  redirects: z.object({
    items: z.array(z.object({ from: z.string(), to: z.string(), status: z.number().int().optional() })),
  }),
} as const;

export type ContentType = keyof typeof CONTENT_SCHEMAS;
export type ContentData<T extends ContentType> = z.infer<(typeof CONTENT_SCHEMAS)[T]>;

/** A page's slug: one lower-case path segment. */
export const SlugSchema = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be a lower-case slug such as faq");

/** An entry as a content file holds it (content/{site}/{type}/{key}.json). */
export const ContentFileSchema = z.object({
  title: text,
  status: z.enum(CONTENT_STATUSES).default("published"),
  data: z.unknown(),
});

/** Validates an entry's data against its type; the error lists the failing fields. */
export function parseContentData<T extends ContentType>(
  type: T,
  data: unknown,
): { ok: true; data: ContentData<T> } | { ok: false; issues: string[] } {
  const result = CONTENT_SCHEMAS[type].safeParse(data);
  if (result.success) return { ok: true, data: result.data as ContentData<T> };
  return { ok: false, issues: result.error.issues.map((i) => `${i.path.join(".") || "(data)"}: ${i.message}`) };
}

export const isContentType = (value: string): value is ContentType => Object.hasOwn(CONTENT_SCHEMAS, value);

/** A sitewide banner shows between its start and end times (either may be open). */
export function bannerIsLive(banner: { starts_at?: string; ends_at?: string }, now: Date): boolean {
  if (banner.starts_at && new Date(banner.starts_at) > now) return false;
  if (banner.ends_at && new Date(banner.ends_at) <= now) return false;
  return true;
}

/** The 404 page's content (catalogue spec sections 2 and 3), with the spec's defaults. */
export interface NotFoundContent {
  title: string;
  message: string;
  image: { id: string; description: string } | null;
  cta: ContentLink[];
}

export function notFoundContent(globals: ContentData<"globals"> | null): NotFoundContent {
  return {
    title: globals?.site_404_title?.trim() || DEFAULT_404_TITLE,
    message:
      globals?.site_404_message?.trim() ||
      "We couldn't find that page. It may have moved, or the link may be out of date.",
    image: globals?.site_404_image
      ? { id: globals.site_404_image.id, description: globals.site_404_image.description ?? "" }
      : null,
    cta: globals?.site_404_cta?.length ? globals.site_404_cta : [DEFAULT_404_CTA],
  };
}
