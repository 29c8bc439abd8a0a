// The back office's image library (docs/rules.md "Back office: content"): the uploaded image
// assets, listed, sized for a preview, and stored. An upload writes its audit entry and bumps the
// "content" DataVersion in its own transaction.
import fs from "node:fs/promises";
import path from "node:path";
import type { PrismaClient } from "~/generated/prisma/client";
import type { AuditActor } from "~/models/audit";
import { recordAudit } from "~/services/audit/index.server";
import { bumpDataVersion } from "~/services/freshness/index.server";
import { ASSET_DIR } from "./assets.server";
import { ContentEditError } from "./edit-error.server";
import { isUniqueViolation } from "~/models/unique-violation";

export interface AssetView {
  id: string;
  format: string;
  width: number;
  height: number;
  alt: string;
  description: string;
  updatedAt: string;
}

/** An image an editor uploads, already read and checked (content-editor model, upload reader). */
export interface AssetUpload {
  id: string;
  alt: string;
  description: string;
  format: "jpeg" | "png";
  width: number;
  height: number;
  bytes: Uint8Array;
}

/** Where uploaded sources go, inside the optimiser's directory (docs/decisions.md "Back office: content"). */
export const UPLOAD_SUBDIR = "uploads";

export function createAssetLibrary(db: PrismaClient) {
  return {
    /** Size and alt text of the assets a previewed entry names (the shop's components need them). */
    async assetSizes(ids: readonly string[]): Promise<Record<string, { width: number; height: number; alt: string }>> {
      const rows = await db.contentAsset.findMany({ where: { id: { in: [...new Set(ids)].slice(0, 200) } } });
      return Object.fromEntries(rows.map((r) => [r.id, { width: r.width, height: r.height, alt: r.alt }]));
    },

    async listAssets(): Promise<AssetView[]> {
      const rows = await db.contentAsset.findMany({ orderBy: { id: "asc" }, take: 500 });
      return rows.map(({ id, format, width, height, alt, description, updatedAt }) => ({
        id,
        format,
        width,
        height,
        alt,
        description,
        updatedAt: updatedAt.toISOString(),
      }));
    },

    /**
     * Stores an uploaded image under the optimiser's directory and its ContentAsset row; an id
     * already in use is refused (an asset's id is how content names it, so it never changes hands).
     */
    async uploadAsset(upload: AssetUpload, actor: AuditActor): Promise<void> {
      const file = `${UPLOAD_SUBDIR}/${upload.id}.${upload.format === "jpeg" ? "jpg" : "png"}`;
      const target = path.join(ASSET_DIR, file);
      if (await db.contentAsset.findUnique({ where: { id: upload.id } })) {
        throw new ContentEditError(`An image with the id ${upload.id} already exists.`, 409, "id");
      }
      await fs.mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${process.pid}.${Date.now()}.part`;
      await fs.writeFile(temporary, upload.bytes);
      try {
        await db.$transaction(async (tx) => {
          const row = await tx.contentAsset.create({
            data: {
              id: upload.id,
              format: upload.format,
              width: upload.width,
              height: upload.height,
              alt: upload.alt,
              description: upload.description,
              file,
            },
          });
          await recordAudit(tx, actor, {
            action: "asset.upload",
            subjectType: "asset",
            subjectId: row.id,
            subjectLabel: `Image ${row.id}`,
            before: null,
            after: {
              format: row.format,
              width: row.width,
              height: row.height,
              alt: row.alt,
              description: row.description,
              bytes: upload.bytes.byteLength,
            },
          });
          await bumpDataVersion(tx, "content");
          // The file takes its place before the row commits: /cms/{id} never finds a row without it.
          await fs.rename(temporary, target);
        });
      } catch (error) {
        await fs.rm(temporary, { force: true });
        if (isUniqueViolation(error)) {
          throw new ContentEditError(`An image with the id ${upload.id} already exists.`, 409, "id");
        }
        throw error;
      }
    },
  };
}
