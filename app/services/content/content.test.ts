import { describe, expect, it, vi } from "vitest";
import type { SiteId } from "~/models/site";
import { cacheKeyOf, createContentService, MAX_CACHE_ENTRIES } from "./content.server";
import type { ContentProvider, ContentRecord } from "./types";

function fakeProvider(records: ContentRecord[]) {
  const provider: ContentProvider = {
    findEntries: vi.fn(async (site: SiteId, type: string, key?: string) =>
      records.filter(
        (r) => r.type === type && (r.site === site || r.site === "ALL") && (key === undefined || r.key === key),
      ),
    ),
    getAsset: vi.fn(async () => null),
  };
  return provider;
}

const record = (over: Partial<ContentRecord>): ContentRecord => ({
  site: "ALL",
  type: "navigation",
  key: "main",
  status: "published",
  title: "Main",
  data: { items: [{ text: "Dog Food", url: "/products/dog" }] },
  updatedAt: new Date("2026-11-01T00:00:00Z"),
  ...over,
});

describe("content cache (in-process TTL cache, delete-cache-item)", () => {
  it("reuses an answer within the TTL and reads again after it", async () => {
    let now = 1_000;
    const provider = fakeProvider([record({})]);
    const service = createContentService(provider, { ttlMs: 60_000, now: () => now });
    await service.getNavigation("DTC", "main");
    await service.getNavigation("DTC", "main");
    expect(provider.findEntries).toHaveBeenCalledTimes(1);
    now += 60_001;
    await service.getNavigation("DTC", "main");
    expect(provider.findEntries).toHaveBeenCalledTimes(2);
  });

  it("forgets exactly one entry when its cache key is deleted", async () => {
    const records = [record({})];
    const provider = fakeProvider(records);
    const service = createContentService(provider, { ttlMs: 60_000 });
    await service.getNavigation("DTC", "main");
    await service.getNavigation("HPSF", "main");
    records[0] = record({ data: { items: [{ text: "Cat Food", url: "/products/cat" }] } });
    expect((await service.getNavigation("DTC", "main"))?.items[0].text).toBe("Dog Food");

    expect(service.deleteCacheItem(cacheKeyOf("DTC", "navigation", "main"))).toBe(true);
    expect(service.deleteCacheItem("DTC:navigation:main")).toBe(false);
    expect((await service.getNavigation("DTC", "main"))?.items[0].text).toBe("Cat Food");
    // The other site's answer is still the cached one.
    expect((await service.getNavigation("HPSF", "main"))?.items[0].text).toBe("Dog Food");
  });

  it("never caches preview reads or a failed read", async () => {
    const page = { description: "d", blocks: [{ type: "paragraph", text: "Hi" }] };
    const provider = fakeProvider([record({ type: "page", key: "faq", status: "draft", data: page })]);
    const service = createContentService(provider, { ttlMs: 60_000 });
    await service.getPage("DTC", "faq", { preview: true });
    await service.getPage("DTC", "faq", { preview: true });
    expect(provider.findEntries).toHaveBeenCalledTimes(2);

    const failing: ContentProvider = {
      findEntries: vi
        .fn()
        .mockRejectedValueOnce(new Error("down"))
        .mockResolvedValue([record({})]),
      getAsset: vi.fn(),
    };
    const second = createContentService(failing, { ttlMs: 60_000 });
    await expect(second.getNavigation("DTC", "main")).rejects.toThrow("down");
    expect((await second.getNavigation("DTC", "main"))?.items).toHaveLength(1);
  });
});

describe("publish filtering in the service", () => {
  const records = [
    record({
      type: "page",
      key: "faq",
      title: "FAQ",
      data: { description: "d", blocks: [{ type: "paragraph", text: "Hi" }] },
    }),
    record({
      type: "page",
      key: "gift-guide",
      status: "draft",
      title: "Gifts",
      data: { description: "d", blocks: [{ type: "paragraph", text: "Hi" }] },
    }),
    record({
      type: "page",
      key: "summer",
      status: "archived",
      title: "Summer",
      data: { description: "d", blocks: [{ type: "paragraph", text: "Hi" }] },
    }),
  ];

  it("serves only published pages, a draft in preview, an archived page never", async () => {
    const service = createContentService(fakeProvider(records), { ttlMs: 0 });
    expect((await service.listPages("DTC")).map((p) => p.slug)).toEqual(["faq"]);
    expect(await service.getPage("DTC", "gift-guide")).toBeNull();
    expect((await service.getPage("DTC", "gift-guide", { preview: true }))?.title).toBe("Gifts");
    expect(await service.getPage("DTC", "summer", { preview: true })).toBeNull();
  });

  it("refuses an entry whose data does not match its type, and says why", async () => {
    const warn = vi.fn();
    const service = createContentService(fakeProvider([record({ data: { items: [] } })]), { ttlMs: 0, warn });
    expect(await service.getNavigation("DTC", "main")).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("ALL/navigation/main refused"));
  });

  it("falls back to a $50 free-shipping minimum and the 404 defaults without globals (catalogue spec section 9)", async () => {
    const service = createContentService(fakeProvider([]), { ttlMs: 0 });
    const globals = await service.getGlobals("DTC");
    expect(globals.freeShippingMinimumCents).toBe(5000);
    expect(globals.notFound.title).toBe("404 Error");
  });
});

describe("the content cache stays bounded", () => {
  it("never holds more than MAX_CACHE_ENTRIES answers, whatever keys callers choose", async () => {
    const service = createContentService(fakeProvider([]), { ttlMs: 60_000 });
    for (let i = 0; i < MAX_CACHE_ENTRIES + 50; i++) await service.getNavigation("DTC", `junk-${i}`);
    expect(service.cacheKeys()).toHaveLength(MAX_CACHE_ENTRIES);
  });
});
