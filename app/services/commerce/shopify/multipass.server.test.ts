// The Multipass token as Shopify's Multipass reference lays it out (docs/rules.md "Checkout
// hand-off on Shopify"), read back here step by step with node:crypto.
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { multipassToken, multipassUrl } from "./multipass.server";

const SECRET = "0123456789abcdef0123456789abcdef";
const AT = new Date("2026-11-29T15:04:05.000Z");

function read(token: string) {
  const keys = crypto.createHash("sha256").update(SECRET).digest();
  const raw = Buffer.from(token, "base64url");
  const ciphertext = raw.subarray(0, raw.length - 32);
  const signature = raw.subarray(raw.length - 32);
  const signed = crypto.createHmac("sha256", keys.subarray(16, 32)).update(ciphertext).digest();
  const decipher = crypto.createDecipheriv("aes-128-cbc", keys.subarray(0, 16), ciphertext.subarray(0, 16));
  const plain = Buffer.concat([decipher.update(ciphertext.subarray(16)), decipher.final()]).toString("utf8");
  return { signatureValid: signature.equals(signed), data: JSON.parse(plain) as Record<string, string>, raw };
}

describe("multipassToken (Shopify's Multipass)", () => {
  it("encrypts the customer, created_at and return_to under the first half of SHA-256(secret), signed with the second", () => {
    const token = multipassToken(
      SECRET,
      { email: "robin@example.com", firstName: "Robin", lastName: "Shopper", identifier: "c1" },
      "https://shop.example/cart/c/abc?key=1",
      AT,
    );
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    const { signatureValid, data, raw } = read(token);
    expect(signatureValid).toBe(true);
    // IV, whole AES blocks, then the 32-byte HMAC.
    expect((raw.length - 32) % 16).toBe(0);
    expect(data).toEqual({
      email: "robin@example.com",
      created_at: "2026-11-29T15:04:05.000Z",
      return_to: "https://shop.example/cart/c/abc?key=1",
      identifier: "c1",
      first_name: "Robin",
      last_name: "Shopper",
    });
  });

  it("uses a new IV each time and leaves out names it does not have", () => {
    const customer = { email: "sam@example.com", firstName: "", lastName: null };
    const one = multipassToken(SECRET, customer, "/", AT);
    const two = multipassToken(SECRET, customer, "/", AT);
    expect(one).not.toBe(two);
    expect(read(one).data).toEqual({ email: "sam@example.com", created_at: AT.toISOString(), return_to: "/" });
  });

  it("is not valid under another secret", () => {
    const raw = Buffer.from(multipassToken(SECRET, { email: "robin@example.com" }, "/", AT), "base64url");
    const otherKey = crypto.createHash("sha256").update("another-secret-0123456789abcdef").digest().subarray(16, 32);
    const ciphertext = raw.subarray(0, raw.length - 32);
    expect(
      crypto
        .createHmac("sha256", otherKey)
        .update(ciphertext)
        .digest()
        .equals(raw.subarray(raw.length - 32)),
    ).toBe(false);
  });

  it("is sent to the store's Multipass sign-in path", () => {
    expect(multipassUrl("https://pet-food.myshopify.com", "tok")).toBe(
      "https://pet-food.myshopify.com/account/login/multipass/tok",
    );
  });
});
