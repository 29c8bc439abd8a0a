// The back office's catalogue rules (docs/rules.md "Back office: catalogue"): what a
// merchandiser may set on a product and a variant, the list's filter, the badge tags a
// variant stores, and whether a variant can be ordered per stock destination. Pure.
import { z } from "zod";
import { defineIntents } from "./admin-intents";
import { BADGE_LABELS, BADGE_PRIORITY, type BadgeKey } from "./badges";
import { BRAND_LABELS } from "./brands";
import { AssetFieldsSchema, MAX_UPLOAD_BYTES } from "./content-editor";
import { NutritionFormSchema, flattenNutritionForm } from "./nutrition";
import { SEO_DESCRIPTION_MAX, SEO_TITLE_MAX } from "./seo-limits";
import { SPECIES } from "./species";
import { SITE_IDS, type SiteId } from "./site";

/** How the back office names each site's publication ("sales channel"). */
export const SITE_CHANNEL_LABELS: Record<SiteId, string> = {
  DTC: "Consumer shop",
  HPSF: "Staff program",
};

/** The smallest price a variant may have: one cent (a free variant is not sold through the catalogue). */
export const MIN_PRICE_CENTS = 1;
/** The largest price or compare-at price: $10,000.00. */
export const MAX_PRICE_CENTS = 1_000_000;
/** The most units one SKU may hold in the embedded stock provider. */
export const MAX_STOCK_UNITS = 1_000_000;
/** Featured ranks run from 1 (first) to this; empty = not featured. */
export const MAX_FEATURED_RANK = 9999;
export const MAX_TITLE_LENGTH = 200;
export const MAX_DESCRIPTION_LENGTH = 10_000;
export const ADMIN_PRODUCTS_PAGE_SIZE = 25;

/**
 * The badges a merchandiser sets by tag (catalogue spec section 9): every badge but the two
 * stock badges, which follow the units (`variantBadgeKeys` in app/models/badges.ts).
 */
export const TAGGABLE_BADGES = BADGE_PRIORITY.filter(
  (key): key is Exclude<BadgeKey, "out-of-stock" | "limited-stock"> =>
    key !== "out-of-stock" && key !== "limited-stock",
);
export type TaggableBadge = (typeof TAGGABLE_BADGES)[number];
export const TAGGABLE_BADGE_LABELS = Object.fromEntries(
  TAGGABLE_BADGES.map((key) => [key, BADGE_LABELS[key]]),
) as Record<TaggableBadge, string>;

const TAG_PREFIX = "badge::";
/** The tag name of a badge: brand-new is written "new" (catalogue spec section 3: 'new' maps to brand-new). */
const tagName = (key: TaggableBadge) => (key === "brand-new" ? "new" : key);

/** The badges a stored tag list sets (tags that name no taggable badge are not badges). */
export function badgesOfTags(tags: readonly string[]): TaggableBadge[] {
  const keys = new Set<string>();
  for (const tag of tags) {
    if (!tag.startsWith(TAG_PREFIX)) continue;
    const name = tag.slice(TAG_PREFIX.length).trim().toLowerCase();
    keys.add(name === "new" ? "brand-new" : name);
  }
  return TAGGABLE_BADGES.filter((key) => keys.has(key));
}

/**
 * The stored `badgeTags` (comma-separated "badge::{name}") after a merchandiser chose `badges`:
 * tags that are not taggable badges (a stock badge written by hand, another system's tag) are kept
 * in place; the chosen badges follow in priority order.
 */
export function badgeTagsWith(stored: readonly string[], badges: readonly TaggableBadge[]): string {
  const others = stored.filter((tag) => badgesOfTags([tag]).length === 0);
  const chosen = TAGGABLE_BADGES.filter((key) => badges.includes(key)).map((key) => `${TAG_PREFIX}${tagName(key)}`);
  return [...others, ...chosen].join(",");
}

/** Where a variant can be ordered (catalogue spec section 5): home delivery also needs a covered zip. */
export interface DestinationAvailability {
  home: boolean;
  clinic: boolean;
}

/**
 * One unit pool per SKU serves both destinations in the embedded stock provider
 * (docs/decisions.md "Back office: catalogue"): HOME is orderable with units and at least one
 * covered zip range, CLINIC with units (clinic deliveries do not depend on a zip).
 */
export function destinationAvailability(units: number, homeZipRanges: number): DestinationAvailability {
  return { home: units > 0 && homeZipRanges > 0, clinic: units > 0 };
}

/** The lowest variant price: what `Product.minPriceCents` holds for price sorting (as the seed computes it). */
export function minPriceOf(variants: readonly { priceCents: number }[]): number {
  return variants.length === 0 ? 0 : Math.min(...variants.map((v) => v.priceCents));
}

// ---------------------------------------------------------------------------
// Form schemas. Money is typed in dollars ("24.99"), held in cents.

const MONEY_PATTERN = /^\d{1,7}(\.\d{1,2})?$/;

/** Dollars as typed → cents, or null when not a money amount. */
export function parseDollars(text: string): number | null {
  const value = text.trim().replace(/^\$/, "").replace(/,/g, "");
  if (!MONEY_PATTERN.test(value)) return null;
  const [whole, fraction = ""] = value.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** Cents as the form shows them: 2499 → "24.99". */
export const dollarsOf = (cents: number): string => (cents / 100).toFixed(2);

const money = (label: string) =>
  z
    .string({ required_error: `Enter the ${label}.` })
    .transform((text, ctx) => {
      const cents = parseDollars(text);
      if (cents === null) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `Enter the ${label} in dollars, like 24.99.` });
        return z.NEVER;
      }
      return cents;
    })
    .pipe(
      z
        .number()
        .min(MIN_PRICE_CENTS, `The ${label} must be at least $0.01.`)
        .max(MAX_PRICE_CENTS, `The ${label} can be at most $10,000.00.`),
    );

const checkbox = z
  .union([z.literal("on"), z.literal("true"), z.literal("1")])
  .optional()
  .transform((value) => value !== undefined);

const wholeNumber = (message: string) =>
  z
    .string({ required_error: message })
    .trim()
    .regex(/^-?\d{1,9}$/, message)
    .transform(Number);

const trimmedOrNull = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => value || null);

/** Pictures a product shows (its own and its variants'). */
export const MAX_PRODUCT_IMAGES = 12;
/** Alt text, as the image library takes it (`AssetFieldsSchema`). */
export const MAX_ALT_LENGTH = 300;

/** An image chosen from the library: an asset id (`AssetFieldsSchema`), never a URL or a path. */
const libraryImageId = z
  .string()
  .trim()
  .refine((id) => AssetFieldsSchema.shape.id.safeParse(id).success, "Choose an image from the library.");

const altText = z
  .string({ required_error: "Describe the picture for people who cannot see it." })
  .trim()
  .min(1, "Describe the picture for people who cannot see it.")
  .max(MAX_ALT_LENGTH, `Alt text has at most ${MAX_ALT_LENGTH} characters.`);

/** One of the product's pictures as the editor lists it: its row, alt text and place in the order. */
const ImageRowSchema = z.object({
  id: z.string({ required_error: "Reload the page and try again." }).trim().min(1).max(100),
  alt: altText,
  position: wholeNumber("Enter the picture's place as a whole number.").pipe(
    z
      .number()
      .min(1, `Enter a place from 1 to ${MAX_PRODUCT_IMAGES}.`)
      .max(MAX_PRODUCT_IMAGES, `Enter a place from 1 to ${MAX_PRODUCT_IMAGES}.`),
  ),
});

/** A variant's picture: empty keeps the one it has; an asset id puts that library image in its place. */
const VariantImageSchema = z.object({
  id: z.string({ required_error: "Reload the page and try again." }).trim().min(1).max(100),
  image: libraryImageId.optional(),
});

/** An upload in the product's form: a JPEG or PNG of at most MAX_UPLOAD_BYTES (the library's limit). */
const uploadFile = z
  .instanceof(File, { message: "Choose a JPEG or PNG image." })
  .refine((file) => file.size <= MAX_UPLOAD_BYTES, `An image may be at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`)
  .optional();

/**
 * The product editor's one save (docs/decisions.md "Back office: catalogue"): the product's own
 * fields, its search-engine title and description (`SEO_TITLE_MAX`, `SEO_DESCRIPTION_MAX`: the
 * lengths the product page's meta uses; empty = the title and description), its pictures in
 * order with their alt text, one more from the library or an upload (which joins the library),
 * each variant's picture, and its label facts (`NutritionFormSchema` under `nutrition.`: null
 * for none, undefined when the form carries none). Publication and removing a picture are
 * intents of their own, since they ask first.
 */
export const ProductSaveSchema = z
  .object({
    intent: z.literal("product"),
    title: z
      .string({ required_error: "Enter a title." })
      .trim()
      .min(1, "Enter a title.")
      .max(MAX_TITLE_LENGTH, `A title has at most ${MAX_TITLE_LENGTH} characters.`),
    description: z
      .string()
      .trim()
      .max(MAX_DESCRIPTION_LENGTH, `A description has at most ${MAX_DESCRIPTION_LENGTH} characters.`)
      .default(""),
    autoshipEligible: checkbox,
    featuredRank: z
      .string()
      .trim()
      .optional()
      .transform((value, ctx) => {
        if (!value) return null;
        if (!/^\d{1,4}$/.test(value) || Number(value) < 1) {
          ctx.addIssue({
            code: z.ZodIssueCode.custom,
            message: `Enter a rank from 1 to ${MAX_FEATURED_RANK}, or leave it empty.`,
          });
          return z.NEVER;
        }
        return Number(value);
      }),
    seoTitle: trimmedOrNull(SEO_TITLE_MAX, `A search title has at most ${SEO_TITLE_MAX} characters.`),
    seoDescription: trimmedOrNull(
      SEO_DESCRIPTION_MAX,
      `A search description has at most ${SEO_DESCRIPTION_MAX} characters.`,
    ),
    images: z
      .array(ImageRowSchema)
      .max(MAX_PRODUCT_IMAGES, `A product shows at most ${MAX_PRODUCT_IMAGES} pictures.`)
      .default([]),
    addImage: libraryImageId.optional(),
    upload: uploadFile,
    uploadAlt: z.string().trim().max(MAX_ALT_LENGTH, `Alt text has at most ${MAX_ALT_LENGTH} characters.`).optional(),
    variants: z.array(VariantImageSchema).max(200).default([]),
    nutrition: z.unknown().transform(flattenNutritionForm).pipe(NutritionFormSchema),
  })
  .superRefine((value, ctx) => {
    if (value.upload && !value.uploadAlt) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["uploadAlt"],
        message: "Describe the uploaded picture for people who cannot see it.",
      });
    }
    const added = (value.addImage ? 1 : 0) + (value.upload ? 1 : 0);
    if (value.images.length + added > MAX_PRODUCT_IMAGES) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: [value.upload ? "upload" : "addImage"],
        message: `A product shows at most ${MAX_PRODUCT_IMAGES} pictures: remove one first.`,
      });
    }
  });
export type ProductSave = z.output<typeof ProductSaveSchema>;
/** What the catalogue service saves: the form's fields without the intent and the upload's file. */
export type ProductEdit = Omit<ProductSave, "intent" | "upload" | "uploadAlt">;

/** A variant's price, compare-at price (greater than the price, or empty), units and badges, by form field. */
export const VariantEditSchema = z
  .object({
    price: money("price"),
    compareAtPrice: z
      .string()
      .optional()
      .transform((value) => value?.trim() || undefined)
      .pipe(money("compare-at price").optional())
      .transform((value) => value ?? null),
    inventory: wholeNumber("Enter the units in stock as a whole number.").pipe(
      z
        .number()
        .min(0, "Units in stock cannot be negative.")
        .max(MAX_STOCK_UNITS, `Units in stock can be at most ${MAX_STOCK_UNITS.toLocaleString("en-US")}.`),
    ),
    badges: z
      .union([z.string(), z.array(z.string())])
      .optional()
      .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]))
      .pipe(
        z
          .array(
            z.enum(TAGGABLE_BADGES as unknown as [TaggableBadge, ...TaggableBadge[]], {
              errorMap: () => ({ message: "Choose badges from the list." }),
            }),
          )
          .max(TAGGABLE_BADGES.length),
      ),
  })
  .superRefine((value, ctx) => {
    // A compare-at price is the "was" price of a sale: only above the price (catalogue spec section 3).
    if (value.compareAtPrice !== null && value.compareAtPrice <= value.price) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["compareAtPrice"],
        message: "The compare-at price must be more than the price, or empty.",
      });
    }
  })
  .transform(({ price, compareAtPrice, inventory, badges }) => ({
    priceCents: price,
    compareAtPriceCents: compareAtPrice,
    inventory,
    badges,
  }));
export type VariantEdit = z.output<typeof VariantEditSchema>;

const site = z.enum(SITE_IDS, { errorMap: () => ({ message: "Choose a shop." }) });

/**
 * The product page's actions (docs/rules.md "Back office: catalogue"): the one save, a variant's
 * save, publishing on a site, and the two that ask first: unpublishing (the product leaves that
 * shop) and removing a picture.
 */
export const PRODUCT_INTENTS = defineIntents({
  product: { schema: ProductSaveSchema, permission: "catalogue.edit" },
  variant: {
    schema: z.intersection(
      z.object({
        intent: z.literal("variant"),
        variantId: z.string({ required_error: "Choose a variant." }).trim().min(1).max(100),
      }),
      VariantEditSchema,
    ),
    permission: "catalogue.edit",
  },
  publish: { schema: z.object({ intent: z.literal("publish"), site }), permission: "catalogue.edit" },
  unpublish: {
    schema: z.object({ intent: z.literal("unpublish"), site }),
    permission: "catalogue.edit",
    confirm: { label: "Unpublish" },
  },
  removeImage: {
    schema: z.object({
      intent: z.literal("removeImage"),
      imageId: z.string({ required_error: "Choose a picture." }).trim().min(1).max(100),
    }),
    permission: "catalogue.edit",
    confirm: { label: "Remove the picture" },
  },
});

/** What unpublishing does, asked before it is done. */
export function unpublishQuestion(title: string, site: SiteId): string {
  return `Unpublish ${title} from the ${SITE_CHANNEL_LABELS[site]}? It leaves that shop's listings and search, and its pages answer 404 until it is published again.`;
}

/** What removing a picture does, asked before it is done: a variant's own picture, or one of the product's. */
export function removeImageQuestion(title: string, image: { alt: string; variantSku: string | null }): string {
  return image.variantSku
    ? `Remove the picture of ${image.variantSku} ("${image.alt}") from ${title}? That variant then shows the product's pictures.`
    : `Remove the picture "${image.alt}" from ${title}? The shop stops showing it; a picture from the library stays there.`;
}

/**
 * The library id an upload in the product's form gets: the product's handle and a time stamp,
 * in the library's id shape (`AssetFieldsSchema`: lower-case letters, digits, hyphens, at most 80).
 */
export function uploadAssetId(handle: string, now: number): string {
  const stamp = now.toString(36);
  const base =
    handle
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 80 - stamp.length - 1) || "product";
  return `${base}-${stamp}`;
}

const optionalText = z
  .string()
  .trim()
  .max(200)
  .optional()
  .catch(undefined)
  .transform((value) => value || undefined);

export const PUBLISHED_FILTERS = ["DTC", "HPSF", "none"] as const;

/** The products list's filter, from the query string; unknown values are ignored. */
export const ProductFilterSchema = z.object({
  q: optionalText,
  brand: z
    .string()
    .optional()
    .catch(undefined)
    .transform((value) => (value && value in BRAND_LABELS ? value : undefined)),
  species: z
    .string()
    .optional()
    .catch(undefined)
    .transform((value) => ((SPECIES as readonly string[]).includes(value ?? "") ? value : undefined)),
  published: z.enum(PUBLISHED_FILTERS).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type ProductFilter = z.infer<typeof ProductFilterSchema>;

// ---------------------------------------------------------------------------
// Zip coverage per destination (shop-core spec section 3: ranges "start-end" per destination).

/** The stock destinations a zip range covers (the stock provider's `STOCK_DESTINATIONS`). */
export const COVERAGE_DESTINATIONS = ["HOME", "CLINIC"] as const;
export const COVERAGE_DESTINATION_LABELS: Record<(typeof COVERAGE_DESTINATIONS)[number], string> = {
  HOME: "Home delivery",
  CLINIC: "Clinic delivery",
};

const fiveDigits = (label: string) =>
  z
    .string({ required_error: `Enter the ${label} zip.` })
    .trim()
    .regex(/^\d{5}$/, `Enter the ${label} zip as 5 digits.`);

/** A zip range a merchandiser adds: 5-digit ends, start at or before end. */
export const CoverageRangeSchema = z
  .object({
    destination: z.enum(COVERAGE_DESTINATIONS, { errorMap: () => ({ message: "Choose a destination." }) }),
    startZip: fiveDigits("first"),
    endZip: fiveDigits("last"),
  })
  .superRefine((value, ctx) => {
    if (value.startZip > value.endZip) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["endZip"],
        message: "The last zip must be the same as or after the first.",
      });
    }
  });
export type CoverageRange = z.infer<typeof CoverageRangeSchema>;

/** The coverage page's actions: adding a range, and removing one, which asks first. */
export const COVERAGE_INTENTS = defineIntents({
  add: {
    schema: z.intersection(z.object({ intent: z.literal("add") }), CoverageRangeSchema),
    permission: "catalogue.edit",
  },
  remove: {
    schema: z.object({
      intent: z.literal("remove"),
      id: z
        .string({ required_error: "Choose a range." })
        .trim()
        .regex(/^\d{1,9}$/, "Choose a range.")
        .transform(Number)
        .pipe(z.number().min(1, "Choose a range.")),
    }),
    permission: "catalogue.edit",
    confirm: { label: "Remove the range" },
  },
});

/** What removing a zip range does, asked before it is done. */
export function removeRangeQuestion(range: {
  destination: (typeof COVERAGE_DESTINATIONS)[number];
  startZip: string;
  endZip: string;
}): string {
  const what = COVERAGE_DESTINATION_LABELS[range.destination].toLowerCase();
  const effect =
    range.destination === "HOME"
      ? "Home delivery stops for zips no other home range covers."
      : "Clinic orders do not depend on a zip, so they go on.";
  return `Remove the ${what} range ${range.startZip}–${range.endZip}? ${effect}`;
}
