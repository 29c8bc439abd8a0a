// The forms of My Order Details after the order (docs/rules.md "Order pages"): buy again,
// cancel and return, one schema per form joined on `intent` into the one schema the page
// action parses (docs/architecture.md "Forms and the JSON API"); conform validates the
// return form in the browser with the same schema. The page's texts (dates in the shop's time
// zone, the notices after a change) live here too, so server and browser render them alike.
import { z } from "zod";
import { formatMoney } from "./money";
import { formatShopDate } from "./shop-time";
import { RETURN_COMMENT_MAX, RETURN_REASONS } from "./order-lifecycle";

/** The most units of one line the quantity select offers; the service checks what is left. */
const MAX_RETURN_UNITS = 999;

/** The most lines one return form may name (an order has far fewer). */
const MAX_RETURN_LINES = 100;

export const BuyAgainSchema = z.object({ intent: z.literal("buy-again") });
export const CancelOrderSchema = z.object({ intent: z.literal("cancel") });

const quantity = z
  .string()
  .trim()
  .regex(/^\d{1,3}$/, "Choose how many to return.")
  .transform(Number)
  .refine((n) => n <= MAX_RETURN_UNITS, "Choose how many to return.");

/**
 * A return: the one-use `requestKey` the page was given, a quantity per line (`lines.<order
 * line id>`, 0 leaves the line out), a reason from RETURN_REASONS and an optional comment.
 */
export const ReturnSchema = z.object({
  intent: z.literal("return"),
  requestKey: z
    .string({ required_error: "This form is out of date. Reload the page and try again." })
    .trim()
    .min(1, "This form is out of date. Reload the page and try again.")
    .max(100, "This form is out of date. Reload the page and try again."),
  lines: z
    .record(z.string().min(1).max(100), quantity, { required_error: "Choose at least one item to return." })
    .refine((lines) => Object.keys(lines).length <= MAX_RETURN_LINES, "Choose items of this order.")
    .refine((lines) => Object.values(lines).some((n) => n > 0), "Choose at least one item to return."),
  reason: z.enum(RETURN_REASONS, { errorMap: () => ({ message: "Choose why you are returning these items." }) }),
  comment: z
    .string()
    .trim()
    .max(RETURN_COMMENT_MAX, `Keep the comment to ${RETURN_COMMENT_MAX} characters.`)
    .optional()
    .transform((value) => value || null),
});

/** Every post of My Order Details, told apart by `intent`. */
export const OrderActionSchema = z.discriminatedUnion("intent", [BuyAgainSchema, CancelOrderSchema, ReturnSchema]);
export type OrderIntent = z.infer<typeof OrderActionSchema>["intent"];
export const ORDER_INTENTS: readonly OrderIntent[] = ["buy-again", "cancel", "return"];

export function isOrderIntent(value: unknown): value is OrderIntent {
  return typeof value === "string" && (ORDER_INTENTS as readonly string[]).includes(value);
}

/** The lines of a parsed return as the lifecycle service takes them: those with a quantity. */
export const returnLinesOf = (lines: Record<string, number>) =>
  Object.entries(lines)
    .filter(([, n]) => n > 0)
    .map(([orderLineId, n]) => ({ orderLineId, quantity: n }));

// ─── Texts ──────────────────────────────────────────────────────────────────

/** "Returns accepted until June 3, 2027": the window's last day in the shop's time zone. */
export const returnWindowText = (endsAt: string, zone: string) =>
  `Returns accepted until ${formatShopDate(endsAt, zone)}`;

/** The cancel confirmation's question. */
export const cancelQuestion = (number: number, refundCents: number, currencyCode: string) =>
  refundCents > 0
    ? `Cancel order #${number}? The refund of ${formatMoney(refundCents, currencyCode)} goes back to your card.`
    : `Cancel order #${number}?`;

/** The notice after a cancel post: done, or it already was. */
export function cancelledNotice(
  number: number,
  result: { outcome: "cancelled" | "already"; refundCents: number },
  currencyCode: string,
): { tone: "success" | "info"; message: string } {
  if (result.outcome === "already") return { tone: "info", message: `Order #${number} is already cancelled.` };
  const refund =
    result.refundCents > 0
      ? ` The refund of ${formatMoney(result.refundCents, currencyCode)} goes back to your card.`
      : "";
  return { tone: "success", message: `Order #${number} is cancelled.${refund}` };
}

/** The notice after a return post (a replayed post answers the same). */
export function returnRequestedNotice(number: number, refundCents: number, currencyCode: string) {
  return {
    tone: "success" as const,
    message: `We have your return request for order #${number}. Once the items are back we refund ${formatMoney(refundCents, currencyCode)} to your card.`,
  };
}
