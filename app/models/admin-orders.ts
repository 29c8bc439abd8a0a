// The back office's orders and returns, the pure parts (docs/rules.md "Back office: orders"):
// the orders search from the query string (a malformed value is ignored, never a 500), the
// forms of the order page (ship, refund) and of the bulk ship page, and the refund's refusal
// (its limit, what is left to give back, is `refundLeftCents` in app/models/refunds.ts).
import { z } from "zod";
import type { Permission } from "./admin-roles";
import { type CARRIERS, isCarrier, normalizeTrackingNumber, ORDER_STATUSES, RETURN_STATUSES } from "./order-lifecycle";
import { formatMoney } from "./money";
import { isCalendarDay } from "./shop-time";

export const ADMIN_ORDERS_PAGE_SIZE = 50;

/** The statuses the search offers (a pending order is still being placed, never listed). */
export const ADMIN_ORDER_STATUSES = ORDER_STATUSES.filter((status) => status !== "pending");

/** The sites an order can be placed on, as the filter offers them. */
export const ADMIN_ORDER_SITES = ["DTC", "HPSF"] as const;

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .catch(undefined)
    .transform((value) => value || undefined);

const day = z
  .string()
  .trim()
  .optional()
  .catch(undefined)
  .transform((value) => (value && isCalendarDay(value) ? value : undefined));

/**
 * The orders search (a GET form, so bookmarkable): order number (with or without "#"), customer
 * (email or name, any case), status, site, placed from/to (YYYY-MM-DD, days in the shop's time
 * zone, both ends in: `shopDayFilter`), page. A value that does not parse is ignored, so any
 * query string answers a page.
 */
export const OrderSearchSchema = z.object({
  number: z
    .string()
    .optional()
    .catch(undefined)
    .transform((value) => {
      const digits = value?.trim().replace(/^#/, "");
      return digits && /^\d{1,9}$/.test(digits) ? Number(digits) : undefined;
    }),
  customer: text(200),
  status: z
    .enum(ADMIN_ORDER_STATUSES as [string, ...string[]])
    .optional()
    .catch(undefined),
  site: z.enum(ADMIN_ORDER_SITES).optional().catch(undefined),
  from: day,
  to: day,
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type OrderSearch = z.infer<typeof OrderSearchSchema>;

/** The search of a query string. */
export function orderSearchOf(params: URLSearchParams): OrderSearch {
  return OrderSearchSchema.parse(Object.fromEntries(params));
}

/** The returns queue's filter: open returns (requested and approved) unless a status is chosen. */
export const ReturnQueueSchema = z.object({
  status: z.enum(RETURN_STATUSES).optional().catch(undefined),
});
export const OPEN_RETURN_STATUSES = ["requested", "approved"] as const;

// ─── Money typed by an operator ───────────────────────────────────────────────

/** Cents of a dollar amount as typed ("12", "12.5", "$1,012.50"); null when it is not one. */
export function centsOfDollars(value: string): number | null {
  const compact = value.trim().replace(/^\$/, "").replace(/,/g, "");
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(compact)) return null;
  const [whole, fraction = ""] = compact.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** Why an operator's refund of `amountCents` is refused, or null: more than nothing, at most what is left. */
export function refundRefusal(amountCents: number, leftCents: number): string | null {
  if (amountCents <= 0) return "Enter an amount of at least $0.01.";
  if (leftCents <= 0) return "Nothing is left to refund on this order.";
  if (amountCents > leftCents) return `Refund at most ${formatMoney(leftCents)}, what is left to refund.`;
  return null;
}

export const REFUND_REASON_MAX = 200;

const formKey = z
  .string({ required_error: "This form is out of date. Reload the page and try again." })
  .trim()
  .min(1, "This form is out of date. Reload the page and try again.")
  .max(100, "This form is out of date. Reload the page and try again.");

// ─── The order page's forms, told apart by `intent` ──────────────────────────

export const ORDER_PAGE_INTENTS = ["packed", "shipped", "delivered", "cancel", "refund", "resend"] as const;
export type OrderPageIntent = (typeof ORDER_PAGE_INTENTS)[number];

export function isOrderPageIntent(value: unknown): value is OrderPageIntent {
  return typeof value === "string" && (ORDER_PAGE_INTENTS as readonly string[]).includes(value);
}

/** The permission each action of the order page needs (`GRANTS` in app/models/admin-roles.ts). */
export const ORDER_INTENT_PERMISSION: Record<OrderPageIntent, Permission> = {
  packed: "orders.fulfil",
  shipped: "orders.fulfil",
  delivered: "orders.fulfil",
  cancel: "orders.cancel",
  refund: "orders.refund",
  resend: "orders.resend",
};

/** The returns queue's actions and their permissions. */
export const RETURN_INTENT_PERMISSION = { approve: "returns.approve", receive: "returns.receive" } as const;
export const ReturnActionSchema = z.object({
  intent: z.enum(["approve", "receive"]),
  returnId: z.string().trim().min(1).max(100),
});

export const ShipSchema = z.object({
  intent: z.literal("shipped"),
  carrier: z
    .string({ required_error: "Choose the carrier." })
    .refine(isCarrier, "Choose the carrier.")
    .transform((value) => value as keyof typeof CARRIERS),
  trackingNumber: z.string({ required_error: "Enter the tracking number." }).transform((value, ctx) => {
    const normal = normalizeTrackingNumber(value);
    if (!normal) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "Enter a tracking number of 8 to 40 letters and digits." });
      return z.NEVER;
    }
    return normal;
  }),
});

export const RefundSchema = z.object({
  intent: z.literal("refund"),
  refundKey: formKey,
  amount: z.string({ required_error: "Enter the amount to refund." }).transform((value, ctx) => {
    const cents = centsOfDollars(value);
    if (cents === null) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "Enter the amount in dollars, e.g. 12.50." });
      return z.NEVER;
    }
    return cents;
  }),
  reason: z
    .string({ required_error: "Say why you refund." })
    .trim()
    .min(1, "Say why you refund.")
    .max(REFUND_REASON_MAX, `Keep the reason to ${REFUND_REASON_MAX} characters.`),
});

export const OrderPageActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("packed") }),
  ShipSchema,
  z.object({ intent: z.literal("delivered") }),
  z.object({ intent: z.literal("cancel") }),
  RefundSchema,
  z.object({ intent: z.literal("resend") }),
]);

/** Field errors of a parse, first message per field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
}

// ─── Bulk ship ──────────────────────────────────────────────────────────────

/** The most orders one bulk ship form may name. */
export const BULK_SHIP_MAX = 200;

export type BulkShipRow =
  | { orderId: string; ok: true; carrier: keyof typeof CARRIERS; trackingNumber: string }
  | { orderId: string; ok: false; message: string };

/**
 * The rows of a bulk ship post: every checked `order` (an order id) with its `carrier.<id>` and
 * `tracking.<id>`. A checked row with a bad carrier or tracking number is refused on its own.
 */
export function bulkShipRows(form: Iterable<[string, FormDataEntryValue]>): BulkShipRow[] | null {
  const checked: string[] = [];
  const values = new Map<string, string>();
  for (const [key, value] of form) {
    if (typeof value !== "string") continue;
    if (key === "order") {
      if (value && value.length <= 100 && !checked.includes(value)) checked.push(value);
    } else values.set(key, value);
  }
  if (checked.length === 0 || checked.length > BULK_SHIP_MAX) return null;
  return checked.map((orderId): BulkShipRow => {
    const carrier = values.get(`carrier.${orderId}`) ?? "";
    const trackingNumber = normalizeTrackingNumber(values.get(`tracking.${orderId}`) ?? "");
    if (!isCarrier(carrier)) return { orderId, ok: false, message: "Choose the carrier." };
    if (!trackingNumber) {
      return { orderId, ok: false, message: "Enter a tracking number of 8 to 40 letters and digits." };
    }
    return { orderId, ok: true, carrier, trackingNumber };
  });
}
