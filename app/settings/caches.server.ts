// Caches and the image optimiser (docs/operations.md "Caches"): the content hosts images may be
// fetched from, bytes the in-process page cache keeps (0: off), bytes of transformed images kept
// in memory and on disk, and the folder the latter live in.
import { z } from "zod";
import { hostList, optional } from "./core.server";

export const cacheFields = {
  // Content hosts the image optimiser may fetch from (catalogue spec section 7); local paths always work.
  IMAGE_HOSTS: hostList([]),
  PAGE_CACHE_MAX_BYTES: optional(z.coerce.number().int().min(0, "must be 0 (off) or more")).transform(
    (v) => v ?? 64 * 1024 * 1024,
  ),
  IMAGE_CACHE_MEMORY_BYTES: optional(z.coerce.number().int().min(0, "must be 0 (off) or more")).transform(
    (v) => v ?? 32 * 1024 * 1024,
  ),
  IMAGE_CACHE_DISK_BYTES: optional(z.coerce.number().int().min(0, "must be 0 (off) or more")).transform(
    (v) => v ?? 512 * 1024 * 1024,
  ),
  IMAGE_CACHE_DIR: optional(z.string().min(1)).transform((v) => v ?? "data/image-cache"),
};
