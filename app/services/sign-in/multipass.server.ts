// Multipass (catalogue spec section 7, POST /api/multipass): a short-lived,
// signed URL that signs a customer in on arrival and continues to checkout.
// The token is HMAC-SHA256 over its payload with a key derived from
// SESSION_SECRET; it names the customer, the site and the path to land on.
import crypto from "node:crypto";
import { env } from "~/env.server";
import { isLocalPath } from "~/models/redirect-param";

/** How long a multipass URL works. */
export const MULTIPASS_TTL_MS = 2 * 60_000;

const key = crypto.createHmac("sha256", env.SESSION_SECRET).update("multipass").digest();

interface Payload {
  c: string;
  s: string;
  p: string;
  e: number;
}

const sign = (body: string) => crypto.createHmac("sha256", key).update(body).digest("base64url");

/** A token for the customer to arrive signed in at `path` on `site`. */
export function createMultipassToken(customerId: string, site: string, path: string, now = Date.now()): string {
  if (!isLocalPath(path)) throw new RangeError("multipass paths are same-origin paths");
  const body = Buffer.from(JSON.stringify({ c: customerId, s: site, p: path, e: now + MULTIPASS_TTL_MS })).toString(
    "base64url",
  );
  return `${body}.${sign(body)}`;
}

/** The token's customer and path when its signature holds, it has not expired and it is for this site. */
export function readMultipassToken(
  token: string,
  site: string,
  now = Date.now(),
): { customerId: string; path: string } | null {
  const [body, signature, extra] = token.split(".");
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  let payload: Payload;
  try {
    payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Payload;
  } catch {
    return null;
  }
  if (payload.s !== site || typeof payload.e !== "number" || payload.e < now || !isLocalPath(payload.p)) return null;
  return { customerId: payload.c, path: payload.p };
}
