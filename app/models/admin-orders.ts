// The back office's orders and returns, the pure parts (docs/rules.md "Back office: orders"):
// the orders search from the query string (a malformed value is ignored, never a 500), the
// forms of the order page (ship, refund) and of the bulk ship page, and the refund's refusal
// (its limit, what is left to give back, is `refundLeftCents` in app/models/refunds.ts).
import { z } from "zod";
import { defineIntents } from "./admin-intents";
import { decimalDollars, formatMoney } from "./money";
import { cancelRefundCents } from "./refunds";
import { isCalendarDay } from "./shop-time";
import {
  type CARRIERS,
  isCarrier,
  normalizeTrackingNumber,
  ORDER_STATUSES,
  orderStatusLabel,
  RETURN_STATUSES,
} from "./order-lifecycle";

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

// ─── Status badges of the lists ───────────────────────────────────────────────

export type BadgeTone = "ok" | "warn" | "off";

/**
 * The badge of an order's or a return's status in the back office's lists (`admin-badge--<tone>`):
 * waiting for the shop is "warn" (paid, packed; a return requested or approved), done is "ok"
 * (shipped, delivered; received, refunded), ended without delivery is "off" (cancelled, refunded
 * orders). The label is `orderStatusLabel`; the colour is never the only sign.
 */
export function statusTone(kind: "order" | "return", status: string): BadgeTone {
  if (kind === "return") return (OPEN_RETURN_STATUSES as readonly string[]).includes(status) ? "warn" : "ok";
  if (status === "paid" || status === "packed" || status === "pending") return "warn";
  if (status === "shipped" || status === "delivered") return "ok";
  return "off";
}

// ─── The orders list as a CSV file ───────────────────────────────────────────

/** One row of the orders list (`orderAdmin.search`, `orderAdmin.exportRows`). */
export interface OrderListRow {
  number: number;
  createdAt: string;
  email: string;
  customerName: string | null;
  site: string;
  status: string;
  totalCents: number;
  currencyCode: string;
  items: number;
}

export const ORDER_CSV_HEADER = [
  "Order",
  "Placed (UTC)",
  "Status",
  "Site",
  "Customer",
  "Email",
  "Items",
  "Total",
  "Currency",
] as const;

/** The cells of each order in the CSV export: the total as decimal dollars from its cents. */
export function orderCsvRows(rows: readonly OrderListRow[]): (string | number)[][] {
  return rows.map((row) => [
    row.number,
    row.createdAt,
    orderStatusLabel(row.status),
    row.site,
    row.customerName ?? "",
    row.email,
    row.items,
    decimalDollars(row.totalCents),
    row.currencyCode,
  ]);
}

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

// ─── The order page's actions (docs/rules.md "Back office: orders") ──────────

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

/**
 * The order page's actions (`adminIntents`): the fulfilment steps need `orders.fulfil`; cancel
 * and refund move money, so each asks first (`cancelOrderQuestion`, `refundQuestion`).
 */
export const ORDER_INTENTS = defineIntents({
  packed: { schema: z.object({ intent: z.literal("packed") }), permission: "orders.fulfil" },
  shipped: { schema: ShipSchema, permission: "orders.fulfil" },
  delivered: { schema: z.object({ intent: z.literal("delivered") }), permission: "orders.fulfil" },
  cancel: {
    schema: z.object({ intent: z.literal("cancel") }),
    permission: "orders.cancel",
    confirm: { label: "Cancel and refund" },
  },
  refund: { schema: RefundSchema, permission: "orders.refund", confirm: { label: "Refund" } },
  resend: { schema: z.object({ intent: z.literal("resend") }), permission: "orders.resend" },
});

/**
 * What an operator's cancel does, asked first: it names the refund, the total less what is
 * refunded and on its way (`cancelRefundCents`, as `cancelInTx` gives it).
 */
export function cancelOrderQuestion(order: {
  number: number;
  totalCents: number;
  refundedCents: number;
  pendingRefundCents: number;
  currencyCode?: string;
}): string {
  const refundCents = cancelRefundCents({
    totalCents: order.totalCents,
    refundedCents: order.refundedCents + order.pendingRefundCents,
  });
  return refundCents > 0
    ? `Cancel order #${order.number} and refund ${formatMoney(refundCents, order.currencyCode)}?`
    : `Cancel order #${order.number}? Nothing is left to refund.`;
}

/** The back office's amounts after the total: what was refunded, and what is on its way when any. */
export function refundedRows(order: { refundedCents: number; pendingRefundCents: number }) {
  return [
    { label: "Refunded", cents: order.refundedCents },
    ...(order.pendingRefundCents > 0 ? [{ label: "Refund pending", cents: order.pendingRefundCents }] : []),
  ];
}

/** What an operator's refund does, asked first. */
export function refundQuestion(number: number, amountCents: number, currencyCode?: string): string {
  return `Refund ${formatMoney(amountCents, currencyCode)} of order #${number} to the customer's card?`;
}

// ─── The returns queue's actions ─────────────────────────────────────────────

const returnId = z
  .string({ required_error: "Choose a return." })
  .trim()
  .min(1, "Choose a return.")
  .max(100, "Choose a return.");

/** The returns queue's actions: receiving writes the return's refund, so it asks first. */
export const RETURN_INTENTS = defineIntents({
  approve: { schema: z.object({ intent: z.literal("approve"), returnId }), permission: "returns.approve" },
  receive: {
    schema: z.object({ intent: z.literal("receive"), returnId }),
    permission: "returns.receive",
    confirm: { label: "Receive and refund" },
  },
});

/** What receiving a return does, asked first. */
export function receiveReturnQuestion(number: number, refundCents: number, currencyCode?: string): string {
  return `Mark the return of order #${number} received and refund ${formatMoney(refundCents, currencyCode)} to the customer's card?`;
}

// ─── Bulk ship ──────────────────────────────────────────────────────────────

/** The most orders one bulk ship form may name. */
export const BULK_SHIP_MAX = 200;

export type BulkShipRow =
  | { orderId: string; ok: true; carrier: keyof typeof CARRIERS; trackingNumber: string }
  | { orderId: string; ok: false; message: string };

const TICK_ORDERS = `Tick between 1 and ${BULK_SHIP_MAX} orders to ship.`;

/**
 * The bulk ship post: every ticked `order` (an order id) with its `carrier.<id>` and
 * `tracking.<id>` (conform reads those as records by order id).
 */
export const BulkShipSchema = z.object({
  intent: z.literal("ship"),
  order: z
    .array(z.string().max(100), { required_error: TICK_ORDERS, invalid_type_error: TICK_ORDERS })
    .min(1, TICK_ORDERS)
    .max(BULK_SHIP_MAX, TICK_ORDERS),
  carrier: z.record(z.string()).default({}),
  tracking: z.record(z.string()).default({}),
});
export type BulkShipInput = z.output<typeof BulkShipSchema>;

/** The bulk ship page's one action. */
export const SHIP_INTENTS = defineIntents({ ship: { schema: BulkShipSchema, permission: "orders.fulfil" } });

/** The rows of a bulk ship post, each ticked order once; a row with a bad carrier or tracking number is refused on its own. */
export function bulkShipRows(input: Pick<BulkShipInput, "order" | "carrier" | "tracking">): BulkShipRow[] {
  const own = (record: Record<string, string>, key: string) => (Object.hasOwn(record, key) ? record[key] : "");
  return [...new Set(input.order.filter(Boolean))].map((orderId): BulkShipRow => {
    const carrier = own(input.carrier, orderId);
    const trackingNumber = normalizeTrackingNumber(own(input.tracking, orderId));
    if (!isCarrier(carrier)) return { orderId, ok: false, message: "Choose the carrier." };
    if (!trackingNumber) {
      return { orderId, ok: false, message: "Enter a tracking number of 8 to 40 letters and digits." };
    }
    return { orderId, ok: true, carrier, trackingNumber };
  });
}
