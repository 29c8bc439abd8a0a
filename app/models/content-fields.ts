// The content editor's fields, derived from each content type's schema (docs/decisions.md
// "Back office: content"): one control per kind of field (text, rich text, number, yes/no,
// choice, date-time in the shop's time zone, link, image from the library, group, list of items,
// a list item of several kinds), named by the data's own paths under `data.` so a schema error
// (`items[2].link.url`) lands beside its control (`data.items[2].link.url`). `formValuesOf` turns
// an entry's data into the form's values and `entryDataOf` the posted values back into data;
// the type's schema then validates it as it validates the JSON view.
import { z } from "zod";
import { CONTENT_SCHEMAS, ImageRefSchema, LinkSchema, type ContentType } from "./content";
import { formatIssuePath } from "./content-editor";
import { parseShopDateTimeInput, shopDateTimeInput } from "./shop-time";

interface Base {
  /** The key in its parent object ("" for a list's item). */
  name: string;
  label: string;
  required: boolean;
}

export type FieldNode =
  | (Base & { kind: "text"; rich: boolean })
  | (Base & { kind: "number" })
  | (Base & { kind: "boolean" })
  | (Base & { kind: "choice"; options: string[] })
  | (Base & { kind: "datetime" })
  | (Base & { kind: "link" })
  /**
   * An image of the library: its id, and its alt text (`alt`, or the 404 image's `description`);
   * an `alt` of "" (a decorative image) is the form's `decorative` box.
   */
  | (Base & { kind: "image"; altKey: string })
  | (Base & { kind: "group"; fields: FieldNode[] })
  | (Base & { kind: "list"; item: FieldNode; min: number; max: number | null })
  /** A list item of one of several kinds (a page's blocks), told apart by `key`. */
  | (Base & { kind: "variants"; key: string; variants: Record<string, FieldNode[]> });

/**
 * The text fields the shop renders with inline links (`[text](url)`, `parseInline` in
 * app/models/content-links.ts, drawn by app/components/content-blocks.tsx): a rich-text control
 * with a preview. Paths are the schema's: `[]` a list's item, `(paragraph)` a kind of item.
 */
export const RICH_TEXT_FIELDS: Partial<Record<ContentType, readonly string[]>> = {
  page: ["blocks[](paragraph).text", "blocks[](list).items[]", "blocks[](questions).items[].answer"],
};

const LABELS: Record<string, string> = {
  bg_color: "Background colour",
  copyColor: "Text colour",
  cta: "Button",
  secondary_cta: "Second button",
  starts_at: "Starts",
  ends_at: "Ends",
  sku: "SKU",
  skus: "SKUs",
  url: "Address",
  site_404_cta: "404 page buttons",
  site_404_image: "404 page image",
  site_404_title: "404 page title",
  site_404_message: "404 page message",
  isLastComponent: "Last section of its page",
};

/** A key as an editor reads it: `free_shipping_minimum` → "Free shipping minimum". */
export function labelOf(key: string): string {
  if (LABELS[key]) return LABELS[key];
  const words = key
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function unwrap(schema: z.ZodTypeAny): { inner: z.ZodTypeAny; required: boolean } {
  let inner = schema;
  let required = true;
  for (;;) {
    if (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable) {
      required = false;
      inner = inner.unwrap();
    } else if (inner instanceof z.ZodDefault) {
      required = false;
      inner = inner.removeDefault();
    } else if (inner instanceof z.ZodEffects) inner = inner.innerType();
    else return { inner, required };
  }
}

function nodeOf(type: ContentType, name: string, schema: z.ZodTypeAny, path: string): FieldNode {
  const { inner, required } = unwrap(schema);
  const base = { name, label: labelOf(name), required };
  if (inner === LinkSchema) return { ...base, kind: "link" };
  if (inner instanceof z.ZodObject && inner.shape.id === ImageRefSchema.shape.id) {
    return { ...base, kind: "image", altKey: "alt" in inner.shape ? "alt" : "description" };
  }
  if (inner instanceof z.ZodObject) {
    const shape = inner.shape as Record<string, z.ZodTypeAny>;
    const prefix = path ? `${path}.` : "";
    return {
      ...base,
      kind: "group",
      fields: Object.entries(shape).map(([key, field]) => nodeOf(type, key, field, `${prefix}${key}`)),
    };
  }
  if (inner instanceof z.ZodArray) {
    const def = inner._def as z.ZodArrayDef;
    const exact = def.exactLength?.value ?? null;
    return {
      ...base,
      kind: "list",
      item: nodeOf(type, "", inner.element, `${path}[]`),
      min: exact ?? def.minLength?.value ?? 0,
      max: exact ?? def.maxLength?.value ?? null,
    };
  }
  if (inner instanceof z.ZodDiscriminatedUnion) {
    const key = inner.discriminator as string;
    const variants: Record<string, FieldNode[]> = {};
    for (const option of inner.options as z.ZodObject<z.ZodRawShape>[]) {
      const value = String((option.shape[key] as z.ZodLiteral<string>).value);
      variants[value] = Object.entries(option.shape)
        .filter(([field]) => field !== key)
        .map(([field, fieldSchema]) => nodeOf(type, field, fieldSchema, `${path}(${value}).${field}`));
    }
    return { ...base, kind: "variants", key, variants };
  }
  if (inner instanceof z.ZodString) {
    if (inner._def.checks.some((check) => check.kind === "datetime")) return { ...base, kind: "datetime" };
    return { ...base, kind: "text", rich: RICH_TEXT_FIELDS[type]?.includes(path) ?? false };
  }
  if (inner instanceof z.ZodNumber) return { ...base, kind: "number" };
  if (inner instanceof z.ZodBoolean) return { ...base, kind: "boolean" };
  if (inner instanceof z.ZodEnum) return { ...base, kind: "choice", options: [...(inner.options as string[])] };
  throw new Error(`The content editor has no field for ${type} ${path || "(data)"}.`);
}

/** The fields of a content type's form: its schema's object, field by field. */
export function entryFields(type: ContentType): FieldNode[] {
  const node = nodeOf(type, "", CONTENT_SCHEMAS[type], "");
  if (node.kind !== "group") throw new Error(`The ${type} schema is not an object.`);
  return node.fields;
}

// ─── Data ↔ form values ──────────────────────────────────────────────────────

type Values = Record<string, unknown>;
const record = (value: unknown): Values =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Values) : {};
const text = (value: unknown): string =>
  typeof value === "string" ? value : typeof value === "number" ? String(value) : "";
/** conform reads `a[0]`, `a[2]` as an array, and one value of a list as that value. */
const list = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === undefined || value === null || value === "" ? [] : [value];

function valueOf(node: FieldNode, value: unknown, zone: string): unknown {
  switch (node.kind) {
    case "text":
    case "choice":
    case "number":
      return text(value);
    case "boolean":
      if (node.required) return value === true ? "on" : undefined;
      return value === true ? "true" : value === false ? "false" : "";
    case "datetime":
      return typeof value === "string" ? shopDateTimeInput(value, zone) || value : "";
    case "link":
      return { text: text(record(value).text), url: text(record(value).url) };
    case "image": {
      const image = record(value);
      // An empty alt is a decorative image; no alt takes the library's.
      const decorative = node.altKey === "alt" && image.alt === "" ? { decorative: "on" } : {};
      return { id: text(image.id), [node.altKey]: text(image[node.altKey]), ...decorative };
    }
    case "group":
      return groupValues(node.fields, value, zone);
    case "list":
      return list(value).map((item) => valueOf(node.item, item, zone));
    case "variants": {
      const kind = text(record(value)[node.key]);
      return { [node.key]: kind, ...groupValues(node.variants[kind] ?? [], value, zone) };
    }
  }
}

function groupValues(fields: readonly FieldNode[], value: unknown, zone: string): Values {
  return Object.fromEntries(fields.map((field) => [field.name, valueOf(field, record(value)[field.name], zone)]));
}

/** An entry's data as its form's values (date-times as wall times in `zone`). */
export function formValuesOf(type: ContentType, data: unknown, zone: string): Values {
  return groupValues(entryFields(type), data, zone);
}

/** A problem the form's values have before the schema sees them (a time the zone skips). */
export type ValueProblems = Record<string, string>;

function dataOf(
  node: FieldNode,
  raw: unknown,
  zone: string,
  path: (string | number)[],
  problems: ValueProblems,
): unknown {
  switch (node.kind) {
    case "text":
    case "choice": {
      const value = text(raw);
      return value.trim() === "" && !node.required ? undefined : value;
    }
    case "number": {
      const value = text(raw).trim();
      if (value === "") return undefined;
      const number = Number(value);
      return Number.isFinite(number) ? number : value;
    }
    case "boolean":
      if (node.required) return raw === "on" || raw === "true";
      return raw === "true" ? true : raw === "false" ? false : undefined;
    case "datetime": {
      const value = text(raw).trim();
      if (value === "") return undefined;
      const instant = parseShopDateTimeInput(value, zone);
      if (!instant) {
        problems[formatIssuePath(path)] =
          `${value.replace("T", " ")} is not a time on the shop's clock (${zone}): choose another.`;
      }
      return instant ?? value;
    }
    case "link": {
      const linkText = text(record(raw).text);
      const url = text(record(raw).url);
      return !linkText.trim() && !url.trim() && !node.required ? undefined : { text: linkText, url };
    }
    case "image": {
      const id = text(record(raw).id).trim();
      const alt = text(record(raw)[node.altKey]);
      if (!id && !node.required) return undefined;
      if (node.altKey === "alt" && record(raw).decorative === "on") return { id, alt: "" };
      return alt.trim() ? { id, [node.altKey]: alt } : { id };
    }
    case "group": {
      const value = groupData(node.fields, raw, zone, path, problems);
      return Object.keys(value).length === 0 && !node.required ? undefined : value;
    }
    case "list": {
      const items: unknown[] = list(raw).map((item, index) =>
        dataOf(node.item, item, zone, [...path, index], problems),
      );
      return items.length === 0 && !node.required ? undefined : items;
    }
    case "variants": {
      const kind = text(record(raw)[node.key]);
      return { [node.key]: kind, ...groupData(node.variants[kind] ?? [], raw, zone, path, problems) };
    }
  }
}

function groupData(
  fields: readonly FieldNode[],
  raw: unknown,
  zone: string,
  path: (string | number)[],
  problems: ValueProblems,
): Values {
  const out: Values = {};
  for (const field of fields) {
    const value = dataOf(field, record(raw)[field.name], zone, [...path, field.name], problems);
    if (value !== undefined) out[field.name] = value;
  }
  return out;
}

/**
 * The posted form's values (`data.*`, as conform reads them) as the entry's data, for its
 * type's schema to validate; `problems` are values no schema could read (by data path).
 */
export function entryDataOf(
  type: ContentType,
  values: unknown,
  zone: string,
): { data: Values; problems: ValueProblems } {
  const problems: ValueProblems = {};
  return { data: groupData(entryFields(type), values, zone, [], problems), problems };
}

/** The form field of a data path: `items[2].link.url` → `data.items[2].link.url`. */
export const formFieldOf = (path: string): string => (path ? `data.${path}` : "data");

// ─── Lists without JavaScript ────────────────────────────────────────────────

/** A list operation named by a button's form action: `?list=data.items&at=2&kind=paragraph`. */
export const ListTargetSchema = z.object({
  list: z
    .string()
    .max(200)
    .regex(/^data(?:\.[A-Za-z_]\w{0,60}|\[\d{1,3}\])+$/, "Unknown list."),
  at: z.coerce.number().int().min(0).max(999).optional(),
  kind: z
    .string()
    .max(40)
    .regex(/^[a-z-]+$/)
    .optional(),
});
export type ListTarget = z.infer<typeof ListTargetSchema>;

/** Most items a list may grow to by the add button. */
export const MAX_LIST_ITEMS = 100;

const steps = (name: string): (string | number)[] =>
  [...name.matchAll(/([A-Za-z_]\w*)|\[(\d+)\]/g)].map((m) => (m[1] !== undefined ? m[1] : Number(m[2])));

/**
 * The form's values after a list button without JavaScript: add an item at the end (`kind`
 * names a block's kind), remove item `at`, or move item `at` up one. The values are a copy.
 */
export function applyListOp(values: Values, op: "list-add" | "list-remove" | "list-up", target: ListTarget): Values {
  const copy = structuredClone(values);
  const path = steps(target.list);
  let parent: Record<string | number, unknown> = copy;
  path.slice(0, -1).forEach((step, i) => {
    if (!parent[step] || typeof parent[step] !== "object") parent[step] = typeof path[i + 1] === "number" ? [] : {};
    parent = parent[step] as Record<string | number, unknown>;
  });
  const last = path[path.length - 1];
  const items = list(parent[last]);
  const at = target.at ?? -1;
  if (op === "list-add" && items.length < MAX_LIST_ITEMS) items.push(target.kind ? { type: target.kind } : {});
  if (op === "list-remove" && at >= 0 && at < items.length) items.splice(at, 1);
  if (op === "list-up" && at > 0 && at < items.length) [items[at - 1], items[at]] = [items[at], items[at - 1]];
  parent[last] = items;
  return copy;
}
