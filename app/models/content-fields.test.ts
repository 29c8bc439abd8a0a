// The content editor's generated fields (docs/rules.md "Back office: content"): every content
// type's schema gives a form, each field a control of its kind, and a post of that form reads back
// as the same entry; date-times are typed on New York's clock, across its DST changes.
import fs from "node:fs";
import path from "node:path";
import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { CONTENT_SCHEMAS, type ContentType } from "./content";
import { ENTRY_INTENTS, validateEntryData } from "./content-editor";
import {
  applyListOp,
  entryDataOf,
  entryFields,
  formFieldOf,
  formValuesOf,
  ListTargetSchema,
  type FieldNode,
} from "./content-fields";
import { DEFAULT_SHOP_TIME_ZONE, parseShopDateTimeInput, shopDateTimeInput } from "./shop-time";

const zone = DEFAULT_SHOP_TIME_ZONE;
const TYPES = Object.keys(CONTENT_SCHEMAS) as ContentType[];

/** Every content file's data by type (content/{site}/{type}/{key}.json). */
function contentFiles(): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  for (const site of fs.readdirSync("content")) {
    const dir = path.join("content", site);
    if (!fs.statSync(dir).isDirectory()) continue;
    for (const type of fs.readdirSync(dir)) {
      for (const file of fs.readdirSync(path.join(dir, type))) {
        const entry = JSON.parse(fs.readFileSync(path.join(dir, type, file), "utf8")) as { data: unknown };
        (out[type] ??= []).push(entry.data);
      }
    }
  }
  return out;
}

/** The form's values as the browser posts them: one `name=value` per control. */
function formOf(values: unknown, prefix = "data", form = new FormData()): FormData {
  if (Array.isArray(values)) values.forEach((item, i) => formOf(item, `${prefix}[${i}]`, form));
  else if (values && typeof values === "object")
    for (const [key, value] of Object.entries(values)) formOf(value, `${prefix}.${key}`, form);
  else if (typeof values === "string") form.append(prefix, values);
  return form;
}

/** The server's reading of a posted save: conform's payload, then the entry's data. */
function postBack(type: ContentType, values: unknown) {
  const form = formOf(values);
  form.set("intent", "save");
  form.set("title", "T");
  const submission = parseWithZod(form, { schema: ENTRY_INTENTS.save.schema });
  expect(submission.status).toBe("success");
  return entryDataOf(type, submission.status === "success" ? submission.value.data : undefined, zone);
}

/** Each field's path and kind: `items[].link` → "link". */
function kinds(fields: readonly FieldNode[], prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of fields) {
    const at = prefix && field.name ? `${prefix}.${field.name}` : prefix || field.name;
    out[at] = field.kind === "text" && field.rich ? "rich text" : field.kind;
    if (field.kind === "group") Object.assign(out, kinds(field.fields, at));
    if (field.kind === "list") Object.assign(out, kinds([field.item], `${at}[]`));
    if (field.kind === "variants")
      for (const [kind, variant] of Object.entries(field.variants))
        Object.assign(out, kinds(variant, `${at}(${kind})`));
  }
  return out;
}

describe("fields derived from each content type's schema", () => {
  const files = contentFiles();

  it.each(TYPES)("%s: a control for every field of its schema, and a post reads back as the same entry", (type) => {
    const fields = entryFields(type);
    const shape = CONTENT_SCHEMAS[type].shape as Record<string, unknown>;
    expect(fields.map((field) => field.name)).toEqual(Object.keys(shape));
    expect(files[type]?.length).toBeGreaterThan(0);
    for (const data of files[type] ?? []) {
      const stored = validateEntryData(type, data);
      expect(stored.ok).toBe(true);
      const values = formValuesOf(type, stored.ok ? stored.data : null, zone);
      const { data: back, problems } = postBack(type, values);
      expect(problems).toEqual({});
      expect(validateEntryData(type, back)).toEqual(stored);
    }
  });

  it("gives each kind of field its control", () => {
    expect(kinds(entryFields("sitewide-banners"))).toEqual({
      items: "list",
      "items[]": "group",
      "items[].id": "text",
      "items[].text": "text",
      "items[].link": "link",
      "items[].tone": "choice",
      "items[].starts_at": "datetime",
      "items[].ends_at": "datetime",
    });
    expect(kinds(entryFields("page"))).toMatchObject({
      description: "text",
      blocks: "list",
      "blocks[]": "variants",
      "blocks[](heading).text": "text",
      "blocks[](paragraph).text": "rich text",
      "blocks[](list).items[]": "rich text",
      "blocks[](questions).items[].answer": "rich text",
      "blocks[](questions).items[].question": "text",
      "blocks[](image).image": "image",
      "blocks[](cta).link": "link",
    });
    expect(kinds(entryFields("globals"))).toMatchObject({
      free_shipping_minimum: "number",
      site_404_image: "image",
      site_404_cta: "list",
      "site_404_cta[]": "link",
    });
    expect(kinds(entryFields("password-protect")).enabled).toBe("boolean");
    expect(kinds(entryFields("home"))["sections[]"]).toBe("choice");
    expect(kinds(entryFields("highlight-content-block")).image).toBe("image");
    const columns = entryFields("two-column-section").find((field) => field.name === "columns");
    expect(columns).toMatchObject({ kind: "list", min: 2, max: 2 });
  });

  it("reads every kind back: empty optional fields left out, numbers and yes/no typed, images with alt text", () => {
    const values = {
      free_shipping_minimum: "49.5",
      site_title: "",
      site_404_image: { id: "lost-dog", description: "" },
      site_404_cta: [{ text: "Home", url: "/" }],
    };
    expect(entryDataOf("globals", values, zone).data).toEqual({
      free_shipping_minimum: 49.5,
      site_404_image: { id: "lost-dog" },
      site_404_cta: [{ text: "Home", url: "/" }],
    });
    expect(entryDataOf("password-protect", { enabled: "on", heading: "H", message: "M" }, zone).data).toMatchObject({
      enabled: true,
    });
    expect(entryDataOf("password-protect", { heading: "H", message: "M" }, zone).data.enabled).toBe(false);
  });

  it("lands each schema error on its control's path", () => {
    const values = {
      items: [
        { id: "a", text: "A", tone: "info", link: { text: "", url: "" } },
        { id: "b", text: "", tone: "loud", link: { text: "Go", url: "javascript:x" } },
      ],
    };
    const { data } = entryDataOf("sitewide-banners", values, zone);
    const result = validateEntryData("sitewide-banners", data);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(Object.keys(result.errors).map(formFieldOf).sort()).toEqual([
        "data.items[1].link.url",
        "data.items[1].text",
        "data.items[1].tone",
      ]);
    }
    const page = entryDataOf(
      "page",
      { description: "D", blocks: [{ type: "cta", link: { text: "x", url: "" } }] },
      zone,
    );
    const refused = validateEntryData("page", page.data);
    expect(refused.ok ? [] : Object.keys(refused.errors).map(formFieldOf)).toEqual(["data.blocks[0].link.url"]);
  });
});

describe("date-time fields on the shop's clock (America/New_York)", () => {
  it("shows an instant as New York's wall time, and reads it back", () => {
    // Midnight in New York is 05:00 UTC in winter, 04:00 in summer.
    expect(shopDateTimeInput("2026-01-15T05:00:00Z", zone)).toBe("2026-01-15T00:00");
    expect(parseShopDateTimeInput("2026-01-15T00:00", zone)).toBe("2026-01-15T05:00:00Z");
    expect(shopDateTimeInput("2026-07-01T04:00:00Z", zone)).toBe("2026-07-01T00:00");
    expect(parseShopDateTimeInput("2026-07-01T00:00", zone)).toBe("2026-07-01T04:00:00Z");
    // Midnight UTC on New Year's Day is still the old year in New York.
    expect(shopDateTimeInput("2026-01-01T00:00:00Z", zone)).toBe("2025-12-31T19:00");
    expect(shopDateTimeInput("2026-01-01T00:00:30Z", zone)).toBe("2025-12-31T19:00:30");
    expect(parseShopDateTimeInput("2025-12-31T19:00:30", zone)).toBe("2026-01-01T00:00:30Z");
  });

  it("on 2026-03-08 (clocks go forward at 2:00) 1:59 is EST, 3:00 is EDT, and 2:30 does not exist", () => {
    expect(parseShopDateTimeInput("2026-03-08T01:59", zone)).toBe("2026-03-08T06:59:00Z");
    expect(parseShopDateTimeInput("2026-03-08T03:00", zone)).toBe("2026-03-08T07:00:00Z");
    expect(parseShopDateTimeInput("2026-03-08T02:30", zone)).toBeNull();
    expect(shopDateTimeInput("2026-03-08T07:00:00Z", zone)).toBe("2026-03-08T03:00");
    const { problems } = entryDataOf(
      "sitewide-banners",
      { items: [{ id: "a", text: "A", starts_at: "2026-03-08T02:30" }] },
      zone,
    );
    expect(Object.keys(problems)).toEqual(["items[0].starts_at"]);
  });

  it("on 2026-11-01 (clocks go back at 2:00) 1:30 happens twice: the form means the first (EDT)", () => {
    expect(parseShopDateTimeInput("2026-11-01T01:30", zone)).toBe("2026-11-01T05:30:00Z");
    expect(shopDateTimeInput("2026-11-01T05:30:00Z", zone)).toBe("2026-11-01T01:30");
    expect(shopDateTimeInput("2026-11-01T06:30:00Z", zone)).toBe("2026-11-01T01:30");
    expect(parseShopDateTimeInput("2026-11-01T02:00", zone)).toBe("2026-11-01T07:00:00Z");
    expect(parseShopDateTimeInput("2026-11-01T00:00", zone)).toBe("2026-11-01T04:00:00Z");
  });

  it("refuses what is not a wall time", () => {
    for (const value of ["", "2026-02-30T10:00", "2026-01-01", "2026-01-01T25:00", "tomorrow"]) {
      expect([value, parseShopDateTimeInput(value, zone)]).toEqual([value, null]);
    }
  });
});

describe("list buttons without JavaScript", () => {
  const values = { items: [{ id: "a" }, { id: "b" }, { id: "c" }] };
  it("adds at the end, removes one, moves one up; the values are a copy", () => {
    expect(applyListOp(values, "list-add", { list: "items" }).items).toEqual([
      { id: "a" },
      { id: "b" },
      { id: "c" },
      {},
    ]);
    expect(applyListOp(values, "list-remove", { list: "items", at: 1 }).items).toEqual([{ id: "a" }, { id: "c" }]);
    expect(applyListOp(values, "list-up", { list: "items", at: 2 }).items).toEqual([
      { id: "a" },
      { id: "c" },
      { id: "b" },
    ]);
    expect(applyListOp(values, "list-up", { list: "items", at: 0 }).items).toEqual(values.items);
    expect(values.items).toHaveLength(3);
    const page = applyListOp({ blocks: [{ type: "heading", text: "H" }] }, "list-add", {
      list: "blocks",
      kind: "paragraph",
    });
    expect(page.blocks).toEqual([{ type: "heading", text: "H" }, { type: "paragraph" }]);
    expect(applyListOp({}, "list-add", { list: "columns[1].links" })).toEqual({
      columns: [undefined, { links: [{}] }],
    });
  });

  it("names a list only by a path of the data", () => {
    expect(ListTargetSchema.safeParse({ list: "data.items[2].links", at: "1" }).data).toEqual({
      list: "data.items[2].links",
      at: 1,
    });
    for (const list of ["items", "data", "data.__proto__x[", "data.a b", "data.constructor()"]) {
      expect([list, ListTargetSchema.safeParse({ list }).success]).toEqual([list, false]);
    }
  });
});
