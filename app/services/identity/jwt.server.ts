// The identity provider's JWT (shop-core spec section 7: "the identity provider
// is asked for ... a JWT"): a short-lived HS256 token naming the signed-in
// customer and site, sent with the staff-feeding calls next to the session
// token. The key is derived from SESSION_SECRET, so no extra secret to manage.
import crypto from "node:crypto";
import { jwtVerify, SignJWT } from "jose";

/** How long a JWT works. */
export const JWT_TTL_SECONDS = 10 * 60;
const ISSUER = "embedded-identity";
const AUDIENCE = "pet-nutrition-shop";

export function createJwtIssuer(secret: string, now: () => Date = () => new Date()) {
  const key = crypto.createHmac("sha256", secret).update("identity-jwt").digest();

  return {
    /** A signed JWT for a customer on a site. */
    async issue(customerId: string, site: string): Promise<string> {
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT({ site })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(customerId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + JWT_TTL_SECONDS)
        .sign(key);
    },

    /** The customer and site of a valid, unexpired JWT, or null. */
    async verify(token: string): Promise<{ customerId: string; site: string } | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ["HS256"],
          currentDate: now(),
        });
        return typeof payload.sub === "string" && typeof payload.site === "string"
          ? { customerId: payload.sub, site: payload.site }
          : null;
      } catch {
        return null;
      }
    },
  };
}
