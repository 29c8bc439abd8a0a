// The cart's input schemas at their limits (docs/rules.md "Forms and inputs").
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  CART_INPUT_MESSAGES as M,
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
});

describe("the /cart page's intents", () => {
  it("adds one of an item when no quantity is given, and refuses an unknown intent", () => {
    expect(CartIntentSchema.parse({ intent: "add", variantId: "v1" })).toMatchObject({ quantity: 1 });
    expect(CartIntentSchema.safeParse({ intent: "explode" }).success).toBe(false);
  });
});
