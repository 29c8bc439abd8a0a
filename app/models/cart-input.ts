// The one home of the cart's input schemas (docs/rules.md "Forms and inputs"): the /cart page
// action (form posts, through conform's parseWithZod, which turns "" into undefined and
// digits into numbers) and the JSON cart calls (/api/ecom/v1.0/..., numbers only) build
// their bodies from these fields, so one mistake gets one message and one limit on both.
// The business limits on quantities (10 per order, 5 per autoship line, app/models/cart-limits.ts)
// are not input errors: the cart service trims to them with a notice (shop-core spec section 5).
import { z } from "zod";
import { CHECKOUT_ATTRIBUTE_KEYS } from "./cart";
import { MIN_QUANTITY } from "./cart-limits";
import { CauseIdSchema, DonationExtraInputSchema } from "./donation-forms";
import { DONATION_EXTRA_ATTRIBUTE } from "./donations";

/** The largest quantity one input may ask for; more is a typing mistake, not a wish to trim. */
export const MAX_QUANTITY_INPUT = 999;
/** Longest id (cart, line, variant, selling plan) an input may carry. */
export const MAX_ID_LENGTH = 100;
/** Longest discount code. */
export const MAX_DISCOUNT_CODE_LENGTH = 40;
/** Most discount codes one cart carries. */
export const MAX_DISCOUNT_CODES = 20;
/** Longest cart note. */
export const MAX_NOTE_LENGTH = 500;
/** Longest attribute key and value. */
export const MAX_ATTRIBUTE_KEY_LENGTH = 255;
export const MAX_ATTRIBUTE_VALUE_LENGTH = 1000;
/** Most attributes one input sets. */
export const MAX_ATTRIBUTES = 250;
/** Most line items (or line ids) one cart call takes. */
export const MAX_CART_LINES_PER_CALL = 100;

export const CART_INPUT_MESSAGES = {
  missingItem: "Missing item.",
  idTooLong: `An id has at most ${MAX_ID_LENGTH} characters.`,
  choosePlan: "Choose how often to deliver.",
  enterQuantity: "Enter a quantity.",
  wholeNumber: "Enter the quantity as a whole number.",
  atLeast: (min: number) => `Enter a quantity of at least ${min}.`,
  atMost: `Enter a quantity of at most ${MAX_QUANTITY_INPUT}.`,
  codeTooLong: `A discount code has at most ${MAX_DISCOUNT_CODE_LENGTH} characters.`,
  tooManyCodes: `Send at most ${MAX_DISCOUNT_CODES} discount codes.`,
  noteTooLong: `Keep the note to ${MAX_NOTE_LENGTH} characters or fewer.`,
  enterKey: "Enter a key.",
  keyTooLong: `A key has at most ${MAX_ATTRIBUTE_KEY_LENGTH} characters.`,
  valueTooLong: `Keep it to ${MAX_ATTRIBUTE_VALUE_LENGTH} characters or fewer.`,
  checkoutKey: (key: string) => `"${key}" is set at checkout and cannot be changed here.`,
  donationKey: (key: string) => `"${key}" is set by the donation choice and cannot be changed here.`,
} as const;

const M = CART_INPUT_MESSAGES;

/** A line's or variant's id. */
export const ItemIdSchema = z
  .string({ required_error: M.missingItem, invalid_type_error: M.missingItem })
  .trim()
  .min(1, M.missingItem)
  .max(MAX_ID_LENGTH, M.idTooLong);

/** A selling plan's id; null (or, in a form, empty) means a one-time purchase. */
export const SellingPlanIdSchema = z
  .string({ invalid_type_error: M.choosePlan })
  .trim()
  .min(1, M.choosePlan)
  .max(MAX_ID_LENGTH, M.idTooLong)
  .nullish();

/**
 * A quantity: a whole number from `min` (1 to add, 0 to set: 0 removes the line) to
 * MAX_QUANTITY_INPUT. A negative number is not a whole number a shopper types.
 */
export function quantitySchema(min: 0 | 1 = MIN_QUANTITY) {
  return z
    .number({ required_error: M.enterQuantity, invalid_type_error: M.wholeNumber })
    .int(M.wholeNumber)
    .nonnegative(M.wholeNumber)
    .min(min, M.atLeast(min))
    .max(MAX_QUANTITY_INPUT, M.atMost);
}

/** A discount code (an empty one on the page removes the code). */
export const DiscountCodeSchema = z.string().trim().max(MAX_DISCOUNT_CODE_LENGTH, M.codeTooLong);

/** The cart's discount codes, replacing the ones it has. */
export const DiscountCodesSchema = z.array(DiscountCodeSchema).max(MAX_DISCOUNT_CODES, M.tooManyCodes);

/** The cart note (empty clears it). */
export const NoteSchema = z.string().max(MAX_NOTE_LENGTH, M.noteTooLong);

/** An attribute key. */
export const AttributeKeySchema = z
  .string({ required_error: M.enterKey })
  .trim()
  .min(1, M.enterKey)
  .max(MAX_ATTRIBUTE_KEY_LENGTH, M.keyTooLong);

/** An attribute value. */
export const AttributeValueSchema = z.string().max(MAX_ATTRIBUTE_VALUE_LENGTH, M.valueTooLong);

/**
 * Why a shopper may not set a cart attribute by name, or null: the ones only checkout sets
 * (catalogue spec section 3) and the donation extra, which only the donation choice sets
 * (docs/rules.md "Donation choice": it is offered, and priced, by the donation service).
 */
function reservedAttributeMessage(key: string): string | null {
  if (CHECKOUT_ATTRIBUTE_KEYS.includes(key)) return M.checkoutKey(key);
  if (key === DONATION_EXTRA_ATTRIBUTE) return M.donationKey(key);
  return null;
}

/** A cart-level attribute key a shopper may set: any but the reserved ones (`reservedAttributeMessage`). */
export const CartAttributeKeySchema = AttributeKeySchema.superRefine((key, ctx) => {
  const reserved = reservedAttributeMessage(key);
  if (reserved) ctx.addIssue({ code: "custom", message: reserved });
});

/** Line attributes (`[{ key, value }]`); the cart service keeps its own private ones. */
export const AttributesSchema = z
  .array(z.object({ key: AttributeKeySchema, value: AttributeValueSchema }))
  .max(MAX_ATTRIBUTES);

/**
 * Cart attributes a client may set: none that only checkout or the donation choice sets (`reservedAttributeMessage`).
 * The refusal names the whole list, as the attributes are set together or not at all.
 */
export const CartAttributesSchema = AttributesSchema.superRefine((attributes, ctx) => {
  const reserved = attributes.map((a) => reservedAttributeMessage(a.key)).find((message) => message !== null);
  if (reserved) ctx.addIssue({ code: "custom", message: reserved });
});

/** A cart line input of the JSON calls (shop-core spec section 7: merchandiseId, quantity, attributes, sellingPlanId). */
export const CartLineInputSchema = z.object({
  merchandiseId: ItemIdSchema,
  quantity: quantitySchema(1),
  attributes: AttributesSchema.optional(),
  sellingPlanId: SellingPlanIdSchema,
});

/** A change to a cart line; quantity 0 removes it, sellingPlanId null makes it a one-time purchase. */
export const CartLineUpdateSchema = z.object({
  id: ItemIdSchema,
  quantity: quantitySchema(0).optional(),
  sellingPlanId: SellingPlanIdSchema,
  attributes: AttributesSchema.optional(),
});

/**
 * Every post of the /cart page: one form post with an intent (docs/architecture.md "Forms
 * and the JSON API"), read with conform's parseWithZod.
 */
export const CartIntentSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("add"),
    variantId: ItemIdSchema,
    quantity: quantitySchema(1).default(1),
    purchaseType: z.enum(["one-time", "autoship"]).default("one-time"),
    sellingPlanId: SellingPlanIdSchema,
  }),
  z.object({ intent: z.literal("update"), lineId: ItemIdSchema, quantity: quantitySchema(0) }),
  z.object({ intent: z.literal("remove"), lineId: ItemIdSchema }),
  z.object({ intent: z.literal("set-plan"), lineId: ItemIdSchema, sellingPlanId: SellingPlanIdSchema }),
  z.object({ intent: z.literal("discount"), code: DiscountCodeSchema.default("") }),
  z.object({ intent: z.literal("note"), note: NoteSchema.default("") }),
  z.object({ intent: z.literal("attributes"), key: CartAttributeKeySchema, value: AttributeValueSchema.default("") }),
  // The donation choice (docs/rules.md "Donation choice"): a cause, and the shopper's extra.
  z.object({ intent: z.literal("donation-cause"), causeId: CauseIdSchema }),
  z.object({ intent: z.literal("donation-extra"), extra: DonationExtraInputSchema }),
  z.object({
    intent: z.literal("zip"),
    zip: z
      .string({ required_error: "Enter a 5-digit zip code." })
      .trim()
      .regex(/^\d{5}$/, "Enter a 5-digit zip code."),
  }),
]);
