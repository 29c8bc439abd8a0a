// The ?redirect= parameter of the sign-in pages (shop-core spec section 2): the
// original path, base64-encoded. Only same-origin paths are ever followed.

/** Encodes a path for ?redirect=. */
export function encodeRedirect(path: string): string {
  return Buffer.from(path, "utf8").toString("base64url");
}

/** The path a ?redirect= value names, or null when it is missing, malformed or not a same-origin path. */
export function decodeRedirect(value: string | null | undefined): string | null {
  if (!value) return null;
  let path: string;
  try {
    path = Buffer.from(value, "base64url").toString("utf8");
  } catch {
    return null;
  }
  return isLocalPath(path) ? path : null;
}

/** "/checkout?x=1" yes; "//evil.example", "https://…", "/\\evil" and control characters no. */
export function isLocalPath(path: string): boolean {
  // \s already excludes tabs and newlines; other control characters are refused by code point.
  return /^\/(?![/\\])[^\s\\]*$/.test(path) && [...path].every((c) => c.charCodeAt(0) >= 0x20);
}
