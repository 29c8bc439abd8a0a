// The forms of My Autoships / My Subscriptions (shop-core spec sections 3 and 9): one
// schema per change, each naming its subscription, joined on `intent` into the one
// schema the page action parses (docs/architecture.md "Forms and the JSON API"). The
// same schemas validate in the browser through conform. The answers the page gives after
// a change live here too, so each form's parsing, validation and messages sit together.
import { z } from "zod";
import { MAX_AUTOSHIP_PER_LINE, MIN_QUANTITY } from "./cart-limits";
import { formatShopLongDate, isCalendarDay, startOfShopDay } from "./shop-time";

/** The reasons a customer picks from when cancelling. */
export const CANCEL_REASONS = [
  "Too much food",
  "My pet doesn't like it",
  "Switching products",
  "Too expensive",
  "Moving",
  "Other",
] as const;

const subscriptionId = z
  .string({ required_error: "Missing subscription." })
  .trim()
  .min(1, "Missing subscription.")
  .max(100);

const quantityMessage = `Choose a quantity from ${MIN_QUANTITY} to ${MAX_AUTOSHIP_PER_LINE}.`;

export const FrequencySchema = z.object({
  intent: z.literal("change-frequency"),
  subscriptionId,
  sellingPlanId: z.string({ required_error: "Choose how often to deliver." }).trim().max(64),
});

/** 1 to 5 per autoship line (docs/rules.md "Autoship"). */
export const QuantitySchema = z.object({
  intent: z.literal("change-quantity"),
  subscriptionId,
  quantity: z
    .number({ required_error: "Choose a quantity.", invalid_type_error: quantityMessage })
    .int(quantityMessage)
    .min(MIN_QUANTITY, quantityMessage)
    .max(MAX_AUTOSHIP_PER_LINE, quantityMessage),
});

const DATE_FORMAT = /^\d{4}-\d{2}-\d{2}$/;

/** True for a YYYY-MM-DD that names a day of the calendar (not 2026-02-31, not 2026-13-45). */
const isRealDate = (value: string) => !DATE_FORMAT.test(value) || isCalendarDay(value); // the format check reports a bad one

/** A real calendar date as YYYY-MM-DD; the service judges the range (`isAllowedNextDate`). */
export const DateSchema = z.object({
  intent: z.literal("change-date"),
  subscriptionId,
  nextOrderDate: z
    .string({ required_error: "Choose a date." })
    .regex(DATE_FORMAT, "Enter the date as YYYY-MM-DD.")
    .refine(isRealDate, "Enter a real date."),
});

/** The longest note a customer may add to a cancel reason. */
export const CANCEL_NOTE_MAX = 300;

/** A reason from the list, and an optional note in the customer's words. */
export const CancelSchema = z.object({
  intent: z.literal("cancel"),
  subscriptionId,
  cancelReason: z.enum(CANCEL_REASONS, { errorMap: () => ({ message: "Choose why you are cancelling." }) }),
  cancelNote: z.string().trim().max(CANCEL_NOTE_MAX, `Keep the note under ${CANCEL_NOTE_MAX} characters.`).optional(),
});

/** True for one of the listed cancel reasons (the service checks it again, whatever posted it). */
export const isCancelReason = (value: string): value is (typeof CANCEL_REASONS)[number] =>
  (CANCEL_REASONS as readonly string[]).includes(value);

/** The stored cancel reason: the listed reason, then the customer's note after a colon. */
export const cancelReasonText = (reason: string, note?: string | null) =>
  note?.trim() ? `${reason}: ${note.trim()}` : reason;

/** Delivers to another address of the customer's address book. */
export const ChangeAddressSchema = z.object({
  intent: z.literal("change-address"),
  subscriptionId,
  addressId: z.string({ required_error: "Choose an address." }).trim().min(1, "Choose an address.").max(100),
});

/** Swaps to another size or flavor of the same product. */
export const SwapVariantSchema = z.object({
  intent: z.literal("swap-variant"),
  subscriptionId,
  variantId: z
    .string({ required_error: "Choose a size or flavor." })
    .trim()
    .min(1, "Choose a size or flavor.")
    .max(100),
});

/** Pays the autoship with another of the customer's saved cards (docs/rules.md "Saved cards"). */
export const ChangeCardSchema = z.object({
  intent: z.literal("change-card"),
  subscriptionId,
  tokenId: z.string({ required_error: "Choose a card." }).trim().min(1, "Choose a card.").max(100),
});

const SkipSchema = z.object({ intent: z.literal("skip-next"), subscriptionId });
const OrderNowSchema = z.object({ intent: z.literal("order-now"), subscriptionId });
const ReactivateSchema = z.object({ intent: z.literal("reactivate"), subscriptionId });

/** Every change of the page, told apart by `intent`. */
export const AutoshipActionSchema = z.discriminatedUnion("intent", [
  FrequencySchema,
  QuantitySchema,
  DateSchema,
  CancelSchema,
  SkipSchema,
  OrderNowSchema,
  ReactivateSchema,
  ChangeCardSchema,
  ChangeAddressSchema,
  SwapVariantSchema,
]);

export type AutoshipIntent = z.infer<typeof AutoshipActionSchema>["intent"];

/**
 * "Monday, March 2, 2026": how the page and its notices write an order date, a moment or a
 * calendar day ("2026-03-02", as the page's data carries it), in the shop's time zone.
 */
export const longDate = (value: Date | string, zone: string) =>
  formatShopLongDate(typeof value === "string" ? (startOfShopDay(value, zone) ?? value) : value, zone);

/** Why "order now" placed nothing: the status and what the customer is told. */
export const ORDER_NOW_REFUSALS = {
  out_of_stock: {
    status: 409,
    message: "This product is out of stock right now, so no order was placed. Try again later.",
  },
  declined: {
    status: 402,
    message: "Your saved card was declined, so no order was placed. Update your card and try again.",
  },
  over_quota: {
    status: 422,
    message: "This order is over what is left of your monthly program allowance, so no order was placed.",
  },
} as const;

/** The subscription as it is after a change, for the notice. */
export interface ChangedSubscription {
  productTitle: string;
  frequency: string;
  quantity: number;
  nextOrderDate: Date;
  /** The card it is paid with ("Visa ending 4242"), for the card change's notice. */
  cardLabel?: string | null;
  /** The variant it now delivers ("15.5 lb bag"), for the swap's notice. */
  variantTitle?: string;
  /** The delivery address on one line, for the address change's notice. */
  addressLine?: string | null;
}

/**
 * The notice after a change. `noun` is the site's name for a subscription (site policy
 * `autoshipNoun`); `alreadyOrdered` is "order now" finding today's order already placed.
 */
export function changedNotice(
  intent: AutoshipIntent,
  s: ChangedSubscription,
  noun: string,
  zone: string,
  alreadyOrdered = false,
): { tone: "success" | "info"; message: string } {
  const success = (message: string) => ({ tone: "success" as const, message });
  const day = (value: Date | string) => longDate(value, zone);
  switch (intent) {
    case "change-frequency":
      return success(`${s.productTitle} now comes ${s.frequency.toLowerCase()}.`);
    case "change-quantity":
      return success(`${s.productTitle}: each order is now ${s.quantity}.`);
    case "skip-next":
      return success(`Skipped. The next order of ${s.productTitle} is on ${day(s.nextOrderDate)}.`);
    case "change-date":
      return success(`The next order of ${s.productTitle} is on ${day(s.nextOrderDate)}.`);
    case "order-now":
      return alreadyOrdered
        ? { tone: "info", message: `You already ordered ${s.productTitle} today.` }
        : success(`Order placed for ${s.productTitle}. The next one is on ${day(s.nextOrderDate)}.`);
    case "cancel":
      return success(`Your ${noun} of ${s.productTitle} is cancelled.`);
    case "reactivate":
      return success(`Your ${noun} of ${s.productTitle} is active again. Next order ${day(s.nextOrderDate)}.`);
    case "change-card":
      return success(`Your ${noun} of ${s.productTitle} is now paid with ${s.cardLabel ?? "the card you chose"}.`);
    case "change-address":
      return success(`Your ${noun} of ${s.productTitle} now goes to ${s.addressLine ?? "the address you chose"}.`);
    case "swap-variant":
      return success(`Your ${noun} of ${s.productTitle} is now ${s.variantTitle ?? "the size you chose"}.`);
  }
}
