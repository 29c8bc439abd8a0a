import { describe, expect, it } from "vitest";
import { checkRequest, LARGE_BODY_PATHS, MAX_REQUEST_BODY_BYTES } from "./request-guard";
import {
  bannerFieldOf,
  bannerRows,
  bannersFromForm,
  ENTRY_INTENT_PERMISSION,
  EntryActionSchema,
  EntryTitleSchema,
  formatIssuePath,
  imageIdsOf,
  MAX_ENTRY_TITLE,
  MAX_UPLOAD_BYTES,
  NewEntrySchema,
  parseEntryJson,
  sniffImageType,
} from "./content-editor";

describe("the content editor's validation", () => {
  it("names each error by its path as an editor reads it", () => {
    expect(formatIssuePath(["links", 2, "url"])).toBe("links[2].url");
    expect(formatIssuePath(["items", 0, "link", "text"])).toBe("items[0].link.text");
    expect(formatIssuePath([])).toBe("");
  });

  it("checks JSON against the type's schema, with paths", () => {
    const bad = parseEntryJson(
      "footer",
      JSON.stringify({
        legal: "©",
        columns: [{ heading: "Help", links: [{ text: "x", url: "javascript:alert(1)" }] }],
      }),
    );
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(Object.keys(bad.errors)).toEqual(["columns[0].links[0].url"]);
      expect(bad.messages[0]).toMatch(/^columns\[0\]\.links\[0\]\.url: must be a path/);
    }
    const broken = parseEntryJson("footer", "{ nope");
    expect(broken.ok).toBe(false);
    if (!broken.ok) expect(broken.errors[""]).toMatch(/not valid JSON/);
    expect(parseEntryJson("announcements", '{"items":[]}').ok).toBe(true);
  });

  it("reads the banner form: spare and removed rows left out, empty optional fields dropped", () => {
    const fields: Record<string, string> = {
      "items[0].id": "a",
      "items[0].text": "Hello",
      "items[0].tone": "promo",
      "items[0].linkText": "More",
      "items[0].linkUrl": "/more",
      "items[1].id": "b",
      "items[1].text": "Gone",
      "items[1].remove": "1",
      "items[2].id": "",
      "items[2].text": "",
    };
    const data = bannersFromForm((name) => fields[name] ?? null, 3);
    expect(data).toEqual({ items: [{ id: "a", text: "Hello", tone: "promo", link: { text: "More", url: "/more" } }] });
    expect(bannerRows(data)[0]).toMatchObject({ id: "a", linkUrl: "/more", starts_at: "" });
    expect(bannerFieldOf("items[0].link.url")).toBe("items[0].linkUrl");
    expect(bannerFieldOf("items[0].link.text")).toBe("items[0].linkText");
  });

  it("a new page needs a slug; a banner entry is named by its type", () => {
    expect(NewEntrySchema.safeParse({ type: "page", site: "DTC", title: "T", key: "Bad Slug" }).success).toBe(false);
    expect(NewEntrySchema.parse({ type: "sitewide-banners", site: "DTC", title: "B" }).key).toBe("sitewide-banners");
    expect(NewEntrySchema.safeParse({ type: "home", site: "DTC", title: "T" }).success).toBe(false);
  });

  it("an entry's title has at most 200 characters, on creation and on every draft", () => {
    expect(MAX_ENTRY_TITLE).toBe(200);
    const at = "t".repeat(200);
    const over = "t".repeat(201);
    expect(EntryTitleSchema.parse(` ${at} `)).toBe(at);
    expect(EntryTitleSchema.safeParse(over).error?.issues[0].message).toBe("Enter a title of at most 200 characters.");
    expect(EntryTitleSchema.safeParse("  ").error?.issues[0].message).toBe("Enter a title.");
    expect(NewEntrySchema.parse({ type: "sitewide-banners", site: "DTC", title: at }).title).toBe(at);
    expect(NewEntrySchema.safeParse({ type: "sitewide-banners", site: "DTC", title: over }).success).toBe(false);
  });

  it("tells the entry page's submits apart by intent; any other intent is none of them", () => {
    expect(EntryActionSchema.parse({ intent: "save", title: "T", data: "{}", other: "x" })).toEqual({
      intent: "save",
      title: "T",
      data: "{}",
    });
    expect(EntryActionSchema.parse({ intent: "restore", revisionId: "r1" })).toEqual({
      intent: "restore",
      revisionId: "r1",
    });
    for (const intent of ["toString", "constructor", "__proto__", "valueOf", "hasOwnProperty", "then", "", "Save"]) {
      expect([intent, EntryActionSchema.safeParse({ intent }).success]).toEqual([intent, false]);
    }
    expect(Object.keys(ENTRY_INTENT_PERMISSION).sort()).toEqual(["publish", "restore", "save", "unpublish"]);
  });

  it("finds the images an entry names", () => {
    expect(imageIdsOf({ hero: { image: { id: "a" } }, blocks: [{ type: "image", image: { id: "b" } }] })).toEqual([
      "a",
      "b",
    ]);
  });
});

describe("image uploads", () => {
  it("knows JPEG and PNG by their first bytes, nothing else", () => {
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpeg");
    expect(sniffImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe("png");
    expect(sniffImageType(new TextEncoder().encode("GIF89a"))).toBeNull();
    expect(sniffImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
  });

  it("the same-origin guard lets the largest upload through, and only on the upload path", () => {
    expect(LARGE_BODY_PATHS["/admin/images"]).toBeGreaterThanOrEqual(MAX_UPLOAD_BYTES + 64 * 1024);
    expect(MAX_REQUEST_BODY_BYTES).toBeLessThan(MAX_UPLOAD_BYTES);
    const upload = (pathname: string, length: number) =>
      checkRequest(
        {
          method: "POST",
          host: "shop.example.com",
          origin: "https://shop.example.com",
          pathname,
          headers: {
            origin: "https://shop.example.com",
            secFetchSite: "same-origin",
            contentType: "multipart/form-data; boundary=x",
            contentLength: String(length),
          },
        },
        { enforceHosts: true, allowedHosts: ["shop.example.com"], siteOrigin: "https://shop.example.com" },
      );
    const largest = LARGE_BODY_PATHS["/admin/images"];
    expect(upload("/admin/images", largest)).toBeNull();
    expect(upload("/admin/images", largest + 1)).toMatchObject({ status: 413 });
    expect(upload("/admin/content", MAX_REQUEST_BODY_BYTES + 1)).toMatchObject({ status: 413 });
  });
});
