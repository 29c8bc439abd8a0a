import crypto from "node:crypto";

/**
 * Constant-time comparison of a presented secret with the configured one; false when
 * either is missing. Both are hashed first, so their lengths leak nothing either.
 */
export function secretMatches(presented: string | null | undefined, configured: string | null | undefined): boolean {
  if (!configured || !presented) return false;
  const a = crypto.createHash("sha256").update(presented).digest();
  const b = crypto.createHash("sha256").update(configured).digest();
  return crypto.timingSafeEqual(a, b);
}
