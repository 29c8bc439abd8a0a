// The back office's content editor, its pure parts (docs/rules.md "Back office: content"): which
// types an editor may create, how an entry's data is read from the JSON textarea or the banner
// form and validated by its type's schema, with every error named by its path
// ("items[2].link.url: must be …") so the page can show it beside its field.
import { z } from "zod";
import type { Permission } from "./admin-roles";
import { CONTENT_SCHEMAS, CONTENT_SITES, CONTENT_STATUSES, SlugSchema, type ContentType } from "./content";

/** An entry's path as an editor reads it: `items[2].link.url`. */
export function formatIssuePath(path: readonly (string | number)[]): string {
  let out = "";
  for (const part of path) out += typeof part === "number" ? `[${part}]` : out ? `.${part}` : part;
  return out;
}

/** Errors by field path ("" for the whole data); each path keeps its first message. */
export type FieldErrors = Record<string, string>;

export type EditorResult = { ok: true; data: unknown } | { ok: false; errors: FieldErrors; messages: string[] };

/** Validates data against its type's schema; the errors name their paths. */
export function validateEntryData(type: ContentType, data: unknown): EditorResult {
  const parsed = CONTENT_SCHEMAS[type].safeParse(data);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: FieldErrors = {};
  const messages: string[] = [];
  for (const issue of parsed.error.issues) {
    const path = formatIssuePath(issue.path);
    messages.push(`${path || "(data)"}: ${issue.message}`);
    if (!(path in errors)) errors[path] = issue.message;
  }
  return { ok: false, errors, messages };
}

/** Most characters of JSON an editor may post for one entry. */
export const MAX_ENTRY_JSON = 200_000;

/** The JSON textarea's text, parsed and validated; a syntax error is the error of the whole data. */
export function parseEntryJson(type: ContentType, text: string): EditorResult {
  if (text.length > MAX_ENTRY_JSON) {
    const message = `The data is longer than ${MAX_ENTRY_JSON} characters.`;
    return { ok: false, errors: { "": message }, messages: [message] };
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    const message = `This is not valid JSON (${(error as Error).message}).`;
    return { ok: false, errors: { "": message }, messages: [message] };
  }
  return validateEntryData(type, data);
}

/** Types whose entries have a form with a labelled field per property (the others: JSON). */
export const FORM_TYPES = ["sitewide-banners"] as const satisfies readonly ContentType[];
export const hasForm = (type: string): type is (typeof FORM_TYPES)[number] =>
  (FORM_TYPES as readonly string[]).includes(type);

export const BANNER_TONES = ["info", "promo", "warning"] as const;
export const BANNER_FIELDS = ["id", "text", "linkText", "linkUrl", "tone", "starts_at", "ends_at"] as const;
export type BannerRow = Record<(typeof BANNER_FIELDS)[number], string>;

/** The banner form's rows from an entry's data (plus nothing: the page adds one empty row). */
export function bannerRows(data: unknown): BannerRow[] {
  const items = (data as { items?: unknown })?.items;
  if (!Array.isArray(items)) return [];
  return items.map((raw) => {
    const item = (raw ?? {}) as Record<string, unknown>;
    const link = (item.link ?? {}) as Record<string, unknown>;
    const str = (value: unknown) => (typeof value === "string" ? value : "");
    return {
      id: str(item.id),
      text: str(item.text),
      linkText: str(link.text),
      linkUrl: str(link.url),
      tone: str(item.tone) || "info",
      starts_at: str(item.starts_at),
      ends_at: str(item.ends_at),
    };
  });
}

/** Most banner rows one form posts. */
export const MAX_BANNERS = 50;

/**
 * The sitewide-banners data a banner form posts: fields `items[i].text` … for rows 0..count-1.
 * A row whose id and text are both empty is left out (the form's spare row), as is a row with
 * `items[i].remove` ticked. Optional fields left empty are left out.
 */
export function bannersFromForm(get: (name: string) => string | null, count: number): unknown {
  const items: Record<string, unknown>[] = [];
  for (let i = 0; i < Math.min(count, MAX_BANNERS); i++) {
    const field = (name: string) => (get(`items[${i}].${name}`) ?? "").trim();
    if (field("remove")) continue;
    if (!field("id") && !field("text")) continue;
    const item: Record<string, unknown> = { id: field("id"), text: field("text"), tone: field("tone") || "info" };
    if (field("linkText") || field("linkUrl")) item.link = { text: field("linkText"), url: field("linkUrl") };
    if (field("starts_at")) item.starts_at = field("starts_at");
    if (field("ends_at")) item.ends_at = field("ends_at");
    items.push(item);
  }
  return { items };
}

/** Where the banner form shows an error of the data's path: `items[0].link.url` → `items[0].linkUrl`. */
export function bannerFieldOf(path: string): string {
  return path
    .replace(/\.link\.text$/, ".linkText")
    .replace(/\.link\.url$/, ".linkUrl")
    .replace(/\.link$/, ".linkUrl");
}

/**
 * The entry page's submits, told apart by `intent` (docs/rules.md "Forms and inputs"). Any other
 * intent, "toString" or "__proto__" included, is not one of them: a 400, never a lookup.
 */
export const EntryActionSchema = z.discriminatedUnion("intent", [
  // The title is checked by `EntryTitleSchema` where the draft is saved; the data by its type's schema.
  z.object({
    intent: z.literal("save"),
    title: z.string().default(""),
    mode: z.string().optional(),
    data: z.string().default(""),
  }),
  z.object({ intent: z.literal("restore"), revisionId: z.string().max(100).default("") }),
  z.object({ intent: z.literal("publish") }),
  z.object({ intent: z.literal("unpublish") }),
]);
export type EntryAction = z.infer<typeof EntryActionSchema>;

/** The permission each submit of the entry page needs (`GRANTS` in app/models/admin-roles.ts). */
export const ENTRY_INTENT_PERMISSION: Record<EntryAction["intent"], Permission> = {
  save: "content.edit",
  restore: "content.edit",
  publish: "content.publish",
  unpublish: "content.publish",
};

/** Types an editor may create a new entry of, with the data a new entry starts from. */
export const CREATABLE_TYPES = {
  page: () => ({ description: "Describe the page.", blocks: [{ type: "paragraph", text: "Write the page here." }] }),
  "sitewide-banners": () => ({ items: [] }),
  "promotion-banners": () => ({ items: [] }),
} as const satisfies Partial<Record<ContentType, () => unknown>>;
export type CreatableType = keyof typeof CREATABLE_TYPES;

/** A type with one entry per site: its key is the type's name. */
const ONE_PER_SITE: readonly CreatableType[] = ["sitewide-banners", "promotion-banners"];

/** The longest title an entry (its draft included) may have, in characters: 200 is taken, 201 refused. */
export const MAX_ENTRY_TITLE = 200;

/** An entry's title, on creation and on every saved draft: trimmed, 1 to `MAX_ENTRY_TITLE` characters. */
export const EntryTitleSchema = z
  .string()
  .trim()
  .min(1, "Enter a title.")
  .max(MAX_ENTRY_TITLE, `Enter a title of at most ${MAX_ENTRY_TITLE} characters.`);

export const NewEntrySchema = z
  .object({
    type: z.enum(Object.keys(CREATABLE_TYPES) as [CreatableType, ...CreatableType[]], {
      errorMap: () => ({ message: "Choose a type." }),
    }),
    site: z.enum(CONTENT_SITES, { errorMap: () => ({ message: "Choose a site." }) }),
    title: EntryTitleSchema,
    key: z.string().trim().max(100).optional(),
  })
  .transform((value, ctx) => {
    if (ONE_PER_SITE.includes(value.type)) return { ...value, key: value.type as string };
    const slug = SlugSchema.safeParse(value.key ?? "");
    if (!slug.success) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["key"], message: "Enter a slug such as shipping-faq." });
      return z.NEVER;
    }
    return { ...value, key: slug.data };
  });
export type NewEntry = z.infer<typeof NewEntrySchema>;

export const ContentListFilterSchema = z.object({
  type: z
    .string()
    .optional()
    .transform((v) => (v && Object.hasOwn(CONTENT_SCHEMAS, v) ? (v as ContentType) : undefined))
    .catch(undefined),
  site: z.enum(CONTENT_SITES).optional().catch(undefined),
  status: z.enum(CONTENT_STATUSES).optional().catch(undefined),
});
export type ContentListFilter = z.infer<typeof ContentListFilterSchema>;

/** The revision actions the history records. */
export const REVISION_ACTIONS = ["saved", "published", "unpublished", "restored"] as const;
export type RevisionAction = (typeof REVISION_ACTIONS)[number];

/** How an entry is named in lists and the audit log: "DTC / sitewide-banners / sitewide-banners". */
export const entryLabel = (entry: { site: string; type: string; key: string; title: string }) =>
  `${entry.title} (${entry.site} ${entry.type}${entry.key === entry.type ? "" : ` ${entry.key}`})`;

// ─── Image uploads ───────────────────────────────────────────────────────────

/** The largest image an editor may upload: exactly this many bytes is accepted, one more refused. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** The largest side of an uploaded image (the asset schema's limit). */
export const MAX_IMAGE_SIDE = 4000;

/** The image type its first bytes say (magic numbers), whatever its name or declared type claims. */
export function sniffImageType(bytes: Uint8Array): "jpeg" | "png" | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return "png";
  return null;
}

/** The fields that come with an uploaded image. */
export const AssetFieldsSchema = z.object({
  id: z
    .string()
    .trim()
    .min(1, "Enter an id such as summer-hero.")
    .max(80, "Use at most 80 characters.")
    .regex(/^[a-z0-9][a-z0-9-]*$/, "Use lower-case letters, digits and hyphens, such as summer-hero."),
  alt: z.string().trim().min(1, "Describe the image for people who cannot see it.").max(300),
  description: z.string().trim().max(1000).default(""),
});

/** The asset ids an entry's data names (every `image.id`), for its preview. */
export function imageIdsOf(data: unknown): string[] {
  const ids: string[] = [];
  const walk = (value: unknown, key: string) => {
    if (Array.isArray(value)) value.forEach((v) => walk(v, key));
    else if (value && typeof value === "object") {
      const record = value as Record<string, unknown>;
      if (/image$/.test(key) && typeof record.id === "string") ids.push(record.id);
      for (const [k, v] of Object.entries(record)) walk(v, k);
    }
  };
  walk(data, "");
  return ids;
}
