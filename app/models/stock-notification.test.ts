import { describe, expect, it } from "vitest";
import { NOTIFY_ME_INTENT, notifyMeConfirmation, notifyMeSchema } from "./stock-notification";

const fieldErrors = (error: { flatten(): { fieldErrors: object } } | undefined) =>
  (error?.flatten().fieldErrors ?? {}) as Record<string, string[] | undefined>;

describe('"notify me" form (docs/rules.md "Back in stock")', () => {
  it("a guest must give a valid address, kept trimmed and lower-cased", () => {
    const guest = notifyMeSchema(false);
    expect(guest.parse({ intent: NOTIFY_ME_INTENT, variantId: "v1", email: "  Pat@Example.COM " })).toEqual({
      intent: NOTIFY_ME_INTENT,
      variantId: "v1",
      email: "pat@example.com",
    });
    const missing = guest.safeParse({ intent: NOTIFY_ME_INTENT, variantId: "v1" });
    expect(missing.success).toBe(false);
    expect(fieldErrors(missing.error).email).toEqual(["Enter your email address."]);
    const bad = guest.safeParse({ intent: NOTIFY_ME_INTENT, variantId: "v1", email: "pat@" });
    expect(fieldErrors(bad.error).email).toEqual(["Enter an email address like name@example.com."]);
    expect(
      guest.safeParse({ intent: NOTIFY_ME_INTENT, variantId: "v1", email: `${"a".repeat(250)}@x.io` }).success,
    ).toBe(false);
  });

  it("a signed-in shopper's form carries no address: one posted with it is dropped", () => {
    const parsed = notifyMeSchema(true).parse({ intent: NOTIFY_ME_INTENT, variantId: "v1", email: "someone@else.com" });
    expect(parsed).toEqual({ intent: NOTIFY_ME_INTENT, variantId: "v1" });
    expect("email" in parsed).toBe(false);
  });

  it("takes only its own intent and a variant id of 1 to 100 characters", () => {
    for (const signedIn of [true, false]) {
      const schema = notifyMeSchema(signedIn);
      const email = signedIn ? {} : { email: "pat@example.com" };
      expect(schema.safeParse({ intent: "add", variantId: "v1", ...email }).success).toBe(false);
      expect(schema.safeParse({ intent: NOTIFY_ME_INTENT, variantId: "", ...email }).success).toBe(false);
      expect(schema.safeParse({ intent: NOTIFY_ME_INTENT, variantId: "x".repeat(101), ...email }).success).toBe(false);
      expect(schema.safeParse({ intent: NOTIFY_ME_INTENT, variantId: "x".repeat(100), ...email }).success).toBe(true);
    }
  });

  it("confirms with the address the email will go to", () => {
    expect(notifyMeConfirmation("pat@example.com")).toBe("We'll email you at pat@example.com when it's back.");
  });
});
