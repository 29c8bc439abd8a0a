import type { PrismaClient } from "~/generated/prisma/client";
import type { ContentType } from "~/models/content";
import type { SiteId } from "~/models/site";
import type { AssetRecord, ContentProvider, ContentRecord } from "./types";

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The embedded content provider: typed entries and assets in our own database. */
export function createEmbeddedContent(db: PrismaClient): ContentProvider {
  return {
    async findEntries(site: SiteId, type: ContentType, key?: string): Promise<ContentRecord[]> {
      const rows = await db.contentEntry.findMany({
        where: { type, site: { in: [site, "ALL"] }, ...(key === undefined ? {} : { key }) },
        orderBy: { key: "asc" },
      });
      return rows.map((row) => ({ ...row, data: parseJson(row.data) }));
    },
    async getAsset(id: string): Promise<AssetRecord | null> {
      const row = await db.contentAsset.findUnique({ where: { id } });
      if (!row || (row.format !== "jpeg" && row.format !== "png")) return null;
      return { ...row, format: row.format };
    },
  };
}
