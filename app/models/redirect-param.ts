// The ?redirect= parameter of the sign-in pages (shop-core spec section 2): the
// original path, base64-encoded. Only same-origin paths are ever followed.

// base64url with the web platform's btoa/atob and TextEncoder, not Node's Buffer: this
// model also runs in the browser (the staff cart's sign-in link is built while rendering).

/** Encodes a path for ?redirect=. */
export function encodeRedirect(path: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(path)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The path a ?redirect= value names, or null when it is missing, malformed or not a same-origin path. */
export function decodeRedirect(value: string | null | undefined): string | null {
  if (!value) return null;
  let path: string;
  try {
    const binary = atob(value.replace(/-/g, "+").replace(/_/g, "/"));
    path = new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
  return isLocalPath(path) ? path : null;
}

/**
 * "/checkout?x=1" yes; "//evil.example", "https://…", "/\\evil", spaces, control and
 * non-ASCII characters no: a local path is printable ASCII, as a URL's path and query
 * are once percent-encoded, so it can go into a Location header as it is.
 */
export function isLocalPath(path: string): boolean {
  return /^\/(?![/\\])[\x21-\x5b\x5d-\x7e]*$/.test(path);
}

/** A user-given redirect target when it is a local path (see isLocalPath), otherwise `fallback`. */
export function localPathOr(value: unknown, fallback: string): string {
  if (typeof value !== "string") return fallback;
  const path = value.trim();
  return isLocalPath(path) ? path : fallback;
}
