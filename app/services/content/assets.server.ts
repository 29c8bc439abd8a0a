// Content image assets, served from /cms/{id} through the image optimiser
// (catalogue spec section 3: jpeg and png are both served as webp).
import path from "node:path";
import { createIPX, ipxFSStorage } from "ipx";
import { ladderWidth } from "~/models/images";
import type { AssetRecord } from "./types";

/** Where the asset sources live: outside public/, so only the optimised versions are served. */
export const ASSET_DIR = path.resolve("data", "cms-assets");

const ipx = createIPX({ storage: ipxFSStorage({ dir: ASSET_DIR }) });

/** The asset as webp, at most `width` wide (snapped to the content image width ladder). */
export async function renderAsset(asset: AssetRecord, width: number | null): Promise<Buffer> {
  const modifiers: Record<string, string> = { f: "webp" };
  if (width !== null) modifiers.w = String(Math.min(ladderWidth(width), asset.width));
  const { data } = await ipx(asset.file, modifiers).process();
  return typeof data === "string" ? Buffer.from(data) : data;
}
