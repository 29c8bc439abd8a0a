// Seeds the embedded content service from the content files in content/:
// entries (validated against their type's schema), image assets drawn from their
// `art` description, and the redirect table imported through the import rules.
import fs from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import type { PrismaClient } from "~/generated/prisma/client";
import {
  AssetSchema,
  ContentFileSchema,
  isContentType,
  parseContentData,
  type ContentSite,
  type ContentType,
} from "~/models/content";
import { ASSET_DIR } from "~/services/content/assets.server";
import { importRedirects } from "~/services/content/redirects.server";
import { bumpDataVersion } from "~/services/freshness/index.server";
import { drawOnce } from "./images";

export const CONTENT_DIR = path.resolve("content");

const SITE_DIRS: Record<string, ContentSite> = { dtc: "DTC", hpsf: "HPSF", all: "ALL" };

const SeedAssetSchema = AssetSchema.extend({
  art: z.object({
    background: z.string().regex(/^#[0-9a-f]{6}$/i),
    accent: z.string().regex(/^#[0-9a-f]{6}$/i),
    motif: z.enum(["bowl", "paws", "truck", "clinic", "heart", "kibble"]),
  }),
});
type SeedAsset = z.infer<typeof SeedAssetSchema>;

export interface ContentFileEntry {
  site: ContentSite;
  type: ContentType;
  key: string;
  title: string;
  status: string;
  data: unknown;
}

/** Reads and validates every entry file; throws one error listing every bad file. */
export async function readContentFiles(dir = CONTENT_DIR): Promise<ContentFileEntry[]> {
  const entries: ContentFileEntry[] = [];
  const problems: string[] = [];
  for (const [siteDir, site] of Object.entries(SITE_DIRS)) {
    let types: string[];
    try {
      types = await fs.readdir(path.join(dir, siteDir));
    } catch {
      continue;
    }
    for (const type of types.sort()) {
      const where = `${siteDir}/${type}`;
      if (!isContentType(type)) {
        problems.push(`${where}: unknown content type`);
        continue;
      }
      for (const file of (await fs.readdir(path.join(dir, siteDir, type))).sort()) {
        if (!file.endsWith(".json")) continue;
        const name = `${where}/${file}`;
        let parsed;
        try {
          parsed = ContentFileSchema.safeParse(
            JSON.parse(await fs.readFile(path.join(dir, siteDir, type, file), "utf8")),
          );
        } catch (error) {
          problems.push(`${name}: ${(error as Error).message}`);
          continue;
        }
        if (!parsed.success) {
          problems.push(`${name}: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
          continue;
        }
        const data = parseContentData(type, parsed.data.data);
        if (!data.ok) {
          problems.push(`${name}: ${data.issues.join("; ")}`);
          continue;
        }
        entries.push({ site, type, key: file.slice(0, -".json".length), ...parsed.data, data: parsed.data.data });
      }
    }
  }
  if (problems.length) throw new Error(`Invalid content files:\n  ${problems.join("\n  ")}`);
  return entries;
}

async function readAssets(dir: string): Promise<SeedAsset[]> {
  let raw: string;
  try {
    raw = await fs.readFile(path.join(dir, "assets.json"), "utf8");
  } catch {
    return [];
  }
  return z.array(SeedAssetSchema).parse(JSON.parse(raw));
}

function motifSvg(motif: SeedAsset["art"]["motif"], accent: string): string {
  const paw = (x: number, y: number, s: number) =>
    `<g transform="translate(${x} ${y}) scale(${s})" fill="${accent}"><ellipse cx="40" cy="52" rx="18" ry="15"/><ellipse cx="17" cy="32" rx="7" ry="9"/><ellipse cx="31" cy="18" rx="7" ry="9"/><ellipse cx="49" cy="18" rx="7" ry="9"/><ellipse cx="63" cy="32" rx="7" ry="9"/></g>`;
  switch (motif) {
    case "paws":
      return [paw(20, 40, 1.4), paw(120, 10, 1.1), paw(90, 120, 1.6), paw(10, 170, 0.9)].join("");
    case "bowl":
      return `<path d="M20 120 H220 Q210 210 120 215 Q30 210 20 120 Z" fill="${accent}"/><g fill="${accent}" opacity="0.7"><circle cx="70" cy="108" r="16"/><circle cx="105" cy="98" r="17"/><circle cx="140" cy="106" r="15"/><circle cx="172" cy="110" r="13"/></g>`;
    case "truck":
      return `<g fill="${accent}"><rect x="10" y="80" width="140" height="90" rx="8"/><path d="M150 110 H200 L230 140 V170 H150 Z"/><circle cx="55" cy="180" r="20"/><circle cx="190" cy="180" r="20"/></g><g fill="#fff"><circle cx="55" cy="180" r="8"/><circle cx="190" cy="180" r="8"/></g>`;
    case "clinic":
      return `<g fill="${accent}"><path d="M20 110 L120 30 L220 110 Z"/><rect x="40" y="110" width="160" height="100"/></g><g fill="#fff"><rect x="105" y="125" width="30" height="70"/><rect x="85" y="145" width="70" height="30"/></g>`;
    case "heart":
      return `<path d="M120 210 C20 140 10 80 50 55 C85 35 115 55 120 80 C125 55 155 35 190 55 C230 80 220 140 120 210 Z" fill="${accent}"/>`;
    case "kibble":
      return `<g fill="${accent}">${Array.from({ length: 14 }, (_, i) => `<ellipse cx="${30 + ((i * 53) % 190)}" cy="${40 + ((i * 37) % 160)}" rx="${14 + (i % 3) * 3}" ry="${10 + (i % 2) * 3}" transform="rotate(${i * 25} ${30 + ((i * 53) % 190)} ${40 + ((i * 37) % 160)})"/>`).join("")}</g>`;
  }
}

/** A flat illustration: the background, soft circles and the motif on the right. */
export function assetSvg(asset: Pick<SeedAsset, "width" | "height" | "art">): string {
  const { width, height, art } = asset;
  const scale = Math.min(width, height) / 260;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="${width}" height="${height}" fill="${art.background}"/>
  <circle cx="${width * 0.15}" cy="${height * 0.85}" r="${height * 0.35}" fill="#fff" opacity="0.18"/>
  <circle cx="${width * 0.85}" cy="${height * 0.2}" r="${height * 0.25}" fill="#fff" opacity="0.14"/>
  <g transform="translate(${width - 250 * scale - width * 0.06} ${(height - 230 * scale) / 2}) scale(${scale})">${motifSvg(art.motif, art.accent)}</g>
</svg>`;
}

export interface ContentSeedSummary {
  entries: number;
  assets: number;
  redirects: number;
}

/** Seeds entries, assets and redirects from the content files. Idempotent. */
export async function seedContent(
  db: PrismaClient,
  options: { images: boolean; dir?: string },
): Promise<ContentSeedSummary> {
  const dir = options.dir ?? CONTENT_DIR;
  const entries = await readContentFiles(dir);
  const publishedAt = new Date("2026-11-01T00:00:00Z");
  await db.$transaction(async (tx) => {
    // The files are the source of the embedded content: an entry whose file is gone goes too.
    const wanted = new Set(entries.map((e) => `${e.site}/${e.type}/${e.key}`));
    const existing = await tx.contentEntry.findMany({ select: { id: true, site: true, type: true, key: true } });
    const stale = existing.filter((row) => !wanted.has(`${row.site}/${row.type}/${row.key}`)).map((row) => row.id);
    if (stale.length) await tx.contentEntry.deleteMany({ where: { id: { in: stale } } });
    for (const entry of entries) {
      const row = {
        title: entry.title,
        status: entry.status,
        data: JSON.stringify(entry.data),
        publishedAt: entry.status === "published" ? publishedAt : null,
      };
      await tx.contentEntry.upsert({
        where: { site_type_key: { site: entry.site, type: entry.type, key: entry.key } },
        create: { site: entry.site, type: entry.type, key: entry.key, ...row },
        update: row,
      });
    }
    // Every running shop process drops its cached content (docs/rules.md "Processes").
    await bumpDataVersion(tx, "content");
  });

  const assets = await readAssets(dir);
  for (const asset of assets) {
    const file = `${asset.id}.${asset.format === "jpeg" ? "jpg" : "png"}`;
    if (options.images) await drawOnce(path.join(ASSET_DIR, file), assetSvg(asset), asset.format);
    const { art: _art, ...row } = asset;
    await db.$transaction([
      db.contentAsset.upsert({ where: { id: asset.id }, create: { ...row, file }, update: { ...row, file } }),
      bumpDataVersion(db, "content"),
    ]);
  }

  let redirects = 0;
  for (const entry of entries.filter((e) => e.type === "redirects" && e.status === "published")) {
    const result = await importRedirects(db, entry.site, (entry.data as { items: [] }).items);
    for (const refused of result.refused) {
      console.warn(`redirect ${refused.from} -> ${refused.to} refused: ${refused.reason}`);
    }
    redirects += result.imported;
  }
  return { entries: entries.length, assets: assets.length, redirects };
}
