// Database backups (docs/rules.md "Backups"): where a snapshot goes when no path is given.

/** The default backup folder, relative to the working directory. */
export const BACKUP_DIR = "data/backups";

/** A backup's file name from its UTC time: shop-20261123T221500Z.db (sorts by time). */
export function backupFileName(at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "");
  return `shop-${stamp}.db`;
}
