// Shopify's Multipass (Shopify Plus): a URL that signs a customer in on the store and goes on to
// `return_to`, here the cart's checkoutUrl (docs/decisions.md "Checkout hand-off on Shopify").
// Made as Shopify's Multipass reference describes it: SHA-256 of the secret gives a 16-byte
// encryption key (first half) and a 16-byte signing key (second half); the customer's JSON,
// with created_at, is encrypted with AES-128-CBC under a random IV that leads the ciphertext;
// an HMAC-SHA256 of that ciphertext follows it; the whole is URL-safe Base64. node:crypto does
// it in a few lines; the npm "multipassify" depends on a deprecated "crypto" shim package.
import crypto from "node:crypto";

export interface MultipassCustomer {
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  /** Our id for the customer: Shopify keys the customer on it as well as on the email. */
  identifier?: string;
}

/** The Multipass token for a customer, going on to `returnTo`, made at `now`. */
export function multipassToken(secret: string, customer: MultipassCustomer, returnTo: string, now: Date): string {
  const keys = crypto.createHash("sha256").update(secret, "utf8").digest();
  const data = {
    email: customer.email,
    created_at: now.toISOString(),
    return_to: returnTo,
    ...(customer.identifier ? { identifier: customer.identifier } : {}),
    ...(customer.firstName ? { first_name: customer.firstName } : {}),
    ...(customer.lastName ? { last_name: customer.lastName } : {}),
  };
  const iv = crypto.randomBytes(16);
  const cipher = crypto.createCipheriv("aes-128-cbc", keys.subarray(0, 16), iv);
  const ciphertext = Buffer.concat([iv, cipher.update(JSON.stringify(data), "utf8"), cipher.final()]);
  const signature = crypto.createHmac("sha256", keys.subarray(16, 32)).update(ciphertext).digest();
  return Buffer.concat([ciphertext, signature]).toString("base64url");
}

/** The store's Multipass sign-in URL for the token: {store}/account/login/multipass/{token}. */
export function multipassUrl(storeOrigin: string, token: string): string {
  return `${storeOrigin}/account/login/multipass/${token}`;
}
