// The back office's content editor, its pure parts (docs/rules.md "Back office: content"): which
// types an editor may create, how an entry's data is read from the JSON view or the generated
// fields (app/models/content-fields.ts) and validated by its type's schema, with every error named by its path
// ("items[2].link.url: must be …") so the page can show it beside its field; the pages' intent
// tables (entry, list, images); date-time fields typed in the shop's time zone.
import { z } from "zod";
import { defineIntents } from "./admin-intents";
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

const NewEntryFields = z.object({
  type: z.enum(Object.keys(CREATABLE_TYPES) as [CreatableType, ...CreatableType[]], {
    errorMap: () => ({ message: "Choose a type." }),
  }),
  site: z.enum(CONTENT_SITES, { errorMap: () => ({ message: "Choose a site." }) }),
  title: EntryTitleSchema,
  key: z.string().trim().max(100).optional(),
});

export const NewEntrySchema = NewEntryFields.transform((value, ctx) => {
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

// ─── The entry page's actions ─────────────────────────────────────────────────

/** The page's saves: the generated fields (`data.*`) or the JSON view (`json`). */
export const ENTRY_EDIT_MODES = ["fields", "json"] as const;

/** The list operations of the generated form without JavaScript (with it, conform's own). */
export const LIST_OPS = ["list-add", "list-remove", "list-up"] as const;
export type ListOp = (typeof LIST_OPS)[number];

const listOp = <Op extends ListOp>(op: Op) => ({
  // The list and the item are named in the button's form action (`?list=data.items&at=2`), since
  // a button posts one value; the rest of the form comes back as it was typed.
  schema: z.object({ intent: z.literal(op) }).passthrough(),
  permission: "content.edit" as const,
});

/**
 * The entry page's actions (docs/rules.md "Back office: content"): each names its schema and
 * permission; unpublish and restore ask first. The title is checked here, the data by its type's
 * schema where the draft is saved (its paths land on the generated fields).
 */
export const ENTRY_INTENTS = defineIntents({
  save: {
    schema: z.object({
      intent: z.literal("save"),
      title: z.preprocess((value) => value ?? "", EntryTitleSchema),
      mode: z.enum(ENTRY_EDIT_MODES).default("fields"),
      json: z.string().max(MAX_ENTRY_JSON, `The data is longer than ${MAX_ENTRY_JSON} characters.`).optional(),
      data: z.unknown().optional(),
    }),
    permission: "content.edit",
  },
  "list-add": listOp("list-add"),
  "list-remove": listOp("list-remove"),
  "list-up": listOp("list-up"),
  publish: { schema: z.object({ intent: z.literal("publish") }), permission: "content.publish" },
  unpublish: {
    schema: z.object({ intent: z.literal("unpublish") }),
    permission: "content.publish",
    confirm: { label: "Unpublish" },
  },
  restore: {
    schema: z.object({ intent: z.literal("restore"), revisionId: z.string().trim().min(1).max(100) }),
    permission: "content.edit",
    confirm: { label: "Restore this version" },
  },
});

/** Where a published entry is seen: a page at /{slug}, any other type across its site(s). */
export function entryPlace(entry: { site: string; type: string; key: string }): string {
  if (entry.type === "page") return `Shoppers get a 404 at /${entry.key}.`;
  const where = entry.site === "ALL" ? "either site" : `the ${entry.site} site`;
  return `The shop stops showing it on ${where} (the ${entry.type} entry).`;
}

/** What unpublishing does, asked before it is done. */
export function unpublishQuestion(entry: { title: string; site: string; type: string; key: string }): string {
  return `Unpublish \u201c${entry.title}\u201d? ${entryPlace(entry)}`;
}

/** What restoring an old version does, asked before it is done. */
export function restoreQuestion(
  entry: { title: string; draftPending: boolean },
  revision: { action: string; createdAt: string; actorEmail: string | null; title: string },
): string {
  const when = `${revision.createdAt.slice(0, 16).replace("T", " ")} UTC`;
  const by = revision.actorEmail ? ` by ${revision.actorEmail}` : "";
  const over = entry.draftPending ? "It replaces the unpublished draft" : "It becomes the draft";
  return `Restore the version ${revision.action} ${when}${by} (\u201c${revision.title}\u201d) over \u201c${entry.title}\u201d? ${over}; the shop changes only when you publish.`;
}

/** The list page's one action: a new entry. */
export const CONTENT_LIST_INTENTS = defineIntents({
  create: {
    schema: z.object({
      intent: z.literal("create"),
      type: NewEntryFields.shape.type,
      site: NewEntryFields.shape.site,
      title: z.preprocess((value) => value ?? "", EntryTitleSchema),
      key: NewEntryFields.shape.key,
    }),
    permission: "content.edit",
  },
});

/** The images page's one action: an upload (its file read and checked by the upload reader). */
export const IMAGE_INTENTS = defineIntents({
  upload: {
    schema: z.object({
      intent: z.literal("upload"),
      id: AssetFieldsSchema.shape.id,
      alt: AssetFieldsSchema.shape.alt,
      description: AssetFieldsSchema.shape.description,
      /** The image itself: read, sized and checked by `readImageUpload` (its errors land here). */
      file: z.unknown().optional(),
    }),
    permission: "assets.upload",
  },
});

/** How an entry's status shows in the list: a badge tone and its words. */
export function statusBadge(entry: { status: string; draftPending: boolean }): {
  tone: "ok" | "warn" | "off";
  label: string;
} {
  if (entry.status === "published")
    return entry.draftPending
      ? { tone: "warn", label: "Published, draft pending" }
      : { tone: "ok", label: "Published" };
  if (entry.status === "archived") return { tone: "off", label: "Archived" };
  return { tone: "warn", label: "Draft" };
}

/** The list's counts by status, every status named (0 when none). */
export function statusCounts(
  entries: readonly { status: string }[],
): Record<(typeof CONTENT_STATUSES)[number], number> {
  const counts = Object.fromEntries(CONTENT_STATUSES.map((status) => [status, 0])) as Record<
    (typeof CONTENT_STATUSES)[number],
    number
  >;
  for (const entry of entries) if (Object.hasOwn(counts, entry.status)) counts[entry.status as keyof typeof counts]++;
  return counts;
}
