import { describe, expect, it } from "vitest";
import { checkRequest, LARGE_BODY_PATHS, MAX_REQUEST_BODY_BYTES } from "./request-guard";
import { confirmedIntents, intentPermissions } from "./admin-intents";
import {
  CONTENT_LIST_INTENTS,
  ENTRY_INTENTS,
  EntryTitleSchema,
  IMAGE_INTENTS,
  restoreQuestion,
  statusBadge,
  statusCounts,
  unpublishQuestion,
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

  it("the entry page's actions, whole: their permissions and the two that ask first", () => {
    expect(intentPermissions(ENTRY_INTENTS)).toEqual({
      save: "content.edit",
      "list-add": "content.edit",
      "list-remove": "content.edit",
      "list-up": "content.edit",
      publish: "content.publish",
      unpublish: "content.publish",
      restore: "content.edit",
    });
    expect(confirmedIntents(ENTRY_INTENTS)).toEqual(["unpublish", "restore"]);
    expect(ENTRY_INTENTS.save.schema.parse({ intent: "save", title: " T ", data: { a: "1" } })).toEqual({
      intent: "save",
      title: "T",
      mode: "fields",
      data: { a: "1" },
    });
    expect(ENTRY_INTENTS.save.schema.safeParse({ intent: "save" }).error?.issues[0].message).toBe("Enter a title.");
    expect(ENTRY_INTENTS.restore.schema.safeParse({ intent: "restore" }).success).toBe(false);
    expect(intentPermissions(CONTENT_LIST_INTENTS)).toEqual({ create: "content.edit" });
    expect(confirmedIntents(CONTENT_LIST_INTENTS)).toEqual([]);
    expect(intentPermissions(IMAGE_INTENTS)).toEqual({ upload: "assets.upload" });
    expect(confirmedIntents(IMAGE_INTENTS)).toEqual([]);
  });

  it("asks before unpublishing or restoring, naming the effect", () => {
    expect(
      unpublishQuestion({ title: "Summer feeding guide", site: "DTC", type: "page", key: "summer-feeding-guide" }),
    ).toBe("Unpublish \u201cSummer feeding guide\u201d? Shoppers get a 404 at /summer-feeding-guide.");
    expect(
      unpublishQuestion({ title: "Banners", site: "ALL", type: "sitewide-banners", key: "sitewide-banners" }),
    ).toBe("Unpublish \u201cBanners\u201d? The shop stops showing it on either site (the sitewide-banners entry).");
    expect(
      restoreQuestion(
        { title: "Guide", draftPending: true },
        { action: "saved", createdAt: "2026-06-03T14:05:09.000Z", actorEmail: "ed@example.com", title: "Old guide" },
      ),
    ).toBe(
      "Restore the version saved 2026-06-03 14:05 UTC by ed@example.com (\u201cOld guide\u201d) over \u201cGuide\u201d? It replaces the unpublished draft; the shop changes only when you publish.",
    );
  });

  it("shows each entry's status as a badge, and counts every status", () => {
    expect(statusBadge({ status: "published", draftPending: false })).toEqual({ tone: "ok", label: "Published" });
    expect(statusBadge({ status: "published", draftPending: true })).toEqual({
      tone: "warn",
      label: "Published, draft pending",
    });
    expect(statusBadge({ status: "draft", draftPending: true })).toEqual({ tone: "warn", label: "Draft" });
    expect(statusBadge({ status: "archived", draftPending: false })).toEqual({ tone: "off", label: "Archived" });
    expect(statusCounts([{ status: "draft" }, { status: "draft" }, { status: "published" }])).toEqual({
      published: 1,
      draft: 2,
      archived: 0,
    });
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
