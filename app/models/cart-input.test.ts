// The cart's input schemas at their limits (docs/rules.md "Forms and inputs").
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  CART_INPUT_MESSAGES as M,
  CartAttributeKeySchema,
  CartAttributesSchema,
  CartIntentSchema,
  DiscountCodeSchema,
  DiscountCodesSchema,
  ItemIdSchema,
  MAX_ATTRIBUTE_KEY_LENGTH,
  MAX_ATTRIBUTE_VALUE_LENGTH,
  MAX_DISCOUNT_CODE_LENGTH,
  MAX_DISCOUNT_CODES,
  MAX_ID_LENGTH,
  MAX_NOTE_LENGTH,
  MAX_QUANTITY_INPUT,
  NoteSchema,
  quantitySchema,
  SellingPlanIdSchema,
} from "./cart-input";
import { DONATION_INPUT_MESSAGES as D } from "./donation-forms";
import { DONATION_EXTRA_ATTRIBUTE } from "./donations";

/** The first message a schema gives for a value, or "ok". */
function verdict(schema: z.ZodTypeAny, value: unknown): string {
  const result = schema.safeParse(value);
  return result.success ? "ok" : result.error.issues[0].message;
}

describe("quantities", () => {
  it("takes whole numbers from 1 (to add) or 0 (to set) to 999", () => {
    expect(MAX_QUANTITY_INPUT).toBe(999);
    expect(verdict(quantitySchema(1), 1)).toBe("ok");
    expect(verdict(quantitySchema(1), 999)).toBe("ok");
    expect(verdict(quantitySchema(1), 0)).toBe(M.atLeast(1));
    expect(verdict(quantitySchema(1), 1000)).toBe(M.atMost);
    expect(verdict(quantitySchema(0), 0)).toBe("ok");
    expect(verdict(quantitySchema(0), -1)).toBe(M.wholeNumber);
  });

  it("refuses what is not a whole number with one message", () => {
    for (const value of [1.5, Number.NaN, Number.POSITIVE_INFINITY, "3", null, {}]) {
      expect(verdict(quantitySchema(1), value), String(value)).toBe(M.wholeNumber);
    }
    expect(verdict(quantitySchema(1), undefined)).toBe(M.enterQuantity);
  });
});

describe("ids, codes, notes and attributes", () => {
  it("ids have 1 to 100 characters", () => {
    expect(verdict(ItemIdSchema, "x".repeat(MAX_ID_LENGTH))).toBe("ok");
    expect(verdict(ItemIdSchema, "x".repeat(MAX_ID_LENGTH + 1))).toBe(M.idTooLong);
    expect(verdict(ItemIdSchema, " ")).toBe(M.missingItem);
    expect(verdict(SellingPlanIdSchema, "p".repeat(MAX_ID_LENGTH + 1))).toBe(M.idTooLong);
    expect(verdict(SellingPlanIdSchema, null)).toBe("ok");
  });

  it("discount codes have at most 40 characters, at most 20 of them", () => {
    expect(MAX_DISCOUNT_CODE_LENGTH).toBe(40);
    expect(verdict(DiscountCodeSchema, "C".repeat(40))).toBe("ok");
    expect(verdict(DiscountCodeSchema, "C".repeat(41))).toBe(M.codeTooLong);
    expect(verdict(DiscountCodesSchema, Array(MAX_DISCOUNT_CODES).fill("A"))).toBe("ok");
    expect(verdict(DiscountCodesSchema, Array(MAX_DISCOUNT_CODES + 1).fill("A"))).toBe(M.tooManyCodes);
  });

  it("a note has at most 500 characters", () => {
    expect(MAX_NOTE_LENGTH).toBe(500);
    expect(verdict(NoteSchema, "n".repeat(500))).toBe("ok");
    expect(verdict(NoteSchema, "n".repeat(501))).toBe(M.noteTooLong);
  });

  it("attributes: keys up to 255, values up to 1000 characters, none only checkout sets", () => {
    const attrs = (key: string, value = "v") => [{ key, value }];
    expect(verdict(CartAttributesSchema, attrs("k".repeat(MAX_ATTRIBUTE_KEY_LENGTH)))).toBe("ok");
    expect(verdict(CartAttributesSchema, attrs("k".repeat(MAX_ATTRIBUTE_KEY_LENGTH + 1)))).toBe(M.keyTooLong);
    expect(verdict(CartAttributesSchema, attrs("k", "v".repeat(MAX_ATTRIBUTE_VALUE_LENGTH)))).toBe("ok");
    expect(verdict(CartAttributesSchema, attrs("k", "v".repeat(MAX_ATTRIBUTE_VALUE_LENGTH + 1)))).toBe(M.valueTooLong);
    expect(verdict(CartAttributesSchema, attrs(""))).toBe(M.enterKey);
    expect(verdict(CartAttributesSchema, attrs("SALES_ORG"))).toBe(M.checkoutKey("SALES_ORG"));
  });

  it("refuses the donation extra's attribute, which only the donation choice sets, on the page and in JSON", () => {
    expect(DONATION_EXTRA_ATTRIBUTE).toBe("donation_extra");
    const message = M.donationKey("donation_extra");
    expect(verdict(CartAttributesSchema, [{ key: "donation_extra", value: "add-on:500" }])).toBe(message);
    expect(verdict(CartAttributesSchema, [{ key: " donation_extra ", value: "round-up" }])).toBe(message);
    expect(verdict(CartAttributesSchema, [{ key: "donation_tracking_id", value: "t" }])).toBe(
      M.checkoutKey("donation_tracking_id"),
    );
    expect(verdict(CartAttributeKeySchema, "donation_extra")).toBe(message);
    expect(verdict(CartAttributeKeySchema, "donation_extra_note")).toBe("ok");
    expect(verdict(CartIntentSchema, { intent: "attributes", key: "donation_extra", value: "add-on:500" })).toBe(
      message,
    );
  });
});

describe("the /cart page's intents", () => {
  it("adds one of an item when no quantity is given, and refuses an unknown intent", () => {
    expect(CartIntentSchema.parse({ intent: "add", variantId: "v1" })).toMatchObject({ quantity: 1 });
    expect(CartIntentSchema.safeParse({ intent: "explode" }).success).toBe(false);
  });

  it("reads the donation choice: a cause id of 1 to 64 characters, an extra of none, round-up or an add-on amount", () => {
    expect(CartIntentSchema.parse({ intent: "donation-cause", causeId: " 530196605 " })).toEqual({
      intent: "donation-cause",
      causeId: "530196605",
    });
    expect(verdict(CartIntentSchema, { intent: "donation-cause", causeId: "c".repeat(64) })).toBe("ok");
    expect(verdict(CartIntentSchema, { intent: "donation-cause", causeId: "c".repeat(65) })).toBe(D.causeTooLong);
    expect(verdict(CartIntentSchema, { intent: "donation-cause" })).toBe(D.chooseCause);
    expect(CartIntentSchema.parse({ intent: "donation-extra" })).toEqual({ intent: "donation-extra", extra: null });
    expect(CartIntentSchema.parse({ intent: "donation-extra", extra: "round-up" })).toEqual({
      intent: "donation-extra",
      extra: { kind: "round-up" },
    });
    expect(CartIntentSchema.parse({ intent: "donation-extra", extra: "add-on:300" })).toEqual({
      intent: "donation-extra",
      extra: { kind: "add-on", cents: 300 },
    });
    for (const extra of ["add-on:250", "add-on:", "add-on:-100", "round-down", "add-on:3.00", "ROUND-UP"]) {
      expect(verdict(CartIntentSchema, { intent: "donation-extra", extra }), extra).toBe(D.extra);
    }
  });
});
