// The back office's catalogue rules (docs/rules.md "Back office: catalogue"): what a
// merchandiser may set on a product and a variant, the list's filter, the badge tags a
// variant stores, and whether a variant can be ordered per stock destination. Pure.
import { z } from "zod";
import { BADGE_LABELS, BADGE_PRIORITY, type BadgeKey } from "./badges";
import { BRAND_LABELS } from "./brands";
import { NutritionFormSchema } from "./nutrition";
import { SPECIES } from "./species";
import type { SiteId } from "./site";

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

const ProductFieldsSchema = z.object({
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
  soldOnDtc: checkbox,
  soldOnHpsf: checkbox,
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
});

/**
 * A product's fields a merchandiser edits, saved together: `soldOnDtc`/`soldOnHpsf` are its
 * publication per site; `nutrition` its label facts (`NutritionFormSchema`, null for none).
 */
export const ProductEditSchema = z.intersection(
  ProductFieldsSchema,
  NutritionFormSchema.transform((nutrition) => ({ nutrition })),
);
export type ProductEdit = z.infer<typeof ProductEditSchema>;

/** A variant's price, compare-at price (greater than the price, or empty), units and badges. */
export const VariantEditSchema = z
  .object({
    priceCents: money("price"),
    compareAtPriceCents: z
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
    if (value.compareAtPriceCents !== null && value.compareAtPriceCents <= value.priceCents) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["compareAtPriceCents"],
        message: "The compare-at price must be more than the price, or empty.",
      });
    }
  });
export type VariantEdit = z.infer<typeof VariantEditSchema>;

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
