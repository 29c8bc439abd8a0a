// An order's life after it is placed (docs/rules.md "Order lifecycle"): its statuses and the
// moves between them, who may cancel, the carriers' tracking links, the return window and
// the timeline the order page and the orders list show. No I/O: the orders service applies
// these inside the transaction that changes the order.
import { goodsCents, type OrderCharges } from "./refunds";

/** Every status an order row can hold. "pending" is an order still being placed (never shown). */
export const ORDER_STATUSES = ["pending", "paid", "packed", "shipped", "delivered", "cancelled", "refunded"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * The moves allowed from each status. Fulfilment goes paid → packed → shipped → delivered;
 * only a paid order can be cancelled; an order becomes "refunded" once everything it cost is
 * given back (a cancellation's refund, or returns of every line).
 */
const MOVES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ["paid"],
  paid: ["packed", "cancelled"],
  packed: ["shipped"],
  shipped: ["delivered"],
  delivered: ["refunded"],
  cancelled: ["refunded"],
  refunded: [],
};

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

/** Whether an order in `from` may move to `to`. */
export function canMove(from: string, to: OrderStatus): boolean {
  return isOrderStatus(from) && MOVES[from].includes(to);
}

/** The fulfilment steps an operator moves an order through, in order. */
export const FULFILMENT_STEPS = ["packed", "shipped", "delivered"] as const;
export type FulfilmentStep = (typeof FULFILMENT_STEPS)[number];

/**
 * Why the shopper cannot cancel an order in this status, or null when they can (only a paid
 * order, not yet packed). The message says what to do instead.
 */
export function cancelRefusal(status: string): string | null {
  if (canMove(status, "cancelled")) return null;
  switch (status) {
    case "packed":
      return "This order is already packed for shipping, so it can no longer be cancelled. Once it is delivered you can return it.";
    case "shipped":
      return "This order has shipped, so it can no longer be cancelled. Once it is delivered you can return it.";
    case "delivered":
      return "This order was delivered, so it can no longer be cancelled. You can return it instead.";
    case "cancelled":
    case "refunded":
      return "This order is already cancelled.";
    default:
      return "This order cannot be cancelled.";
  }
}

/**
 * The status after a refund: "refunded" once everything the order can give back is given back
 * (and that is something): a cancelled order's whole total; a delivered order's goods, every
 * line returned (a return keeps shipping, the surcharge and the donation, `goodsCents`). Else
 * the status stays, and the timeline shows the refund as "Partly refunded".
 */
export function statusAfterRefund(order: OrderCharges & { status: string; refundedCents: number }): string {
  const whole = order.status === "delivered" ? goodsCents(order) : order.totalCents;
  return whole > 0 && order.refundedCents >= whole && canMove(order.status, "refunded") ? "refunded" : order.status;
}

/**
 * How the back office names a refund's status (docs/rules.md "Refunds never pass what was
 * paid"): "Pending", "Refunded", or "Failed" for one the payment service refused for good.
 */
export function refundStatusLabel(status: string): string {
  if (status === "succeeded") return "Refunded";
  if (status === "failed") return "Failed";
  return "Pending";
}

/** The shopper's name of a status: "paid" → "Paid". */
export function orderStatusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1).replace(/_/g, " ");
}

// ─── Shipments ──────────────────────────────────────────────────────────────

/** The carriers the shop ships with, and their public tracking pages. */
export const CARRIERS = {
  ups: { name: "UPS", trackingUrl: (n: string) => `https://www.ups.com/track?tracknum=${n}` },
  fedex: { name: "FedEx", trackingUrl: (n: string) => `https://www.fedex.com/fedextrack/?trknbr=${n}` },
  usps: { name: "USPS", trackingUrl: (n: string) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}` },
} as const;
export type CarrierCode = keyof typeof CARRIERS;

export function isCarrier(value: string): value is CarrierCode {
  return Object.hasOwn(CARRIERS, value);
}

/** A tracking number: 8 to 40 letters and digits (spaces and dashes as typed are dropped). */
export function normalizeTrackingNumber(value: string): string | null {
  const compact = value.replace(/[\s-]/g, "").toUpperCase();
  return /^[A-Z0-9]{8,40}$/.test(compact) ? compact : null;
}

/** The shipment as the shopper sees it: "UPS", the number and the carrier's tracking page; null when unknown. */
export function trackingOf(order: {
  carrier: string | null;
  trackingNumber: string | null;
}): { carrierName: string; trackingNumber: string; url: string } | null {
  if (!order.carrier || !order.trackingNumber || !isCarrier(order.carrier)) return null;
  const carrier = CARRIERS[order.carrier];
  return {
    carrierName: carrier.name,
    trackingNumber: order.trackingNumber,
    url: carrier.trackingUrl(encodeURIComponent(order.trackingNumber)),
  };
}

// ─── Returns ────────────────────────────────────────────────────────────────

const DAY_MS = 86_400_000;

/** When the return window of a delivered order closes: `days` after delivery (RETURN_WINDOW_DAYS). */
export function returnWindowEnd(deliveredAt: Date, days: number): Date {
  return new Date(deliveredAt.getTime() + days * DAY_MS);
}

/**
 * Why the shopper cannot ask to return lines of this order now, or null when they can: it
 * must be delivered, and it is `days` days at most since delivery.
 */
export function returnRefusal(
  order: { status: string; deliveredAt: Date | null },
  now: Date,
  days: number,
): string | null {
  if (order.status !== "delivered" || !order.deliveredAt) {
    return order.status === "refunded"
      ? "Everything in this order has already been refunded."
      : "You can return items once the order is delivered.";
  }
  if (now.getTime() > returnWindowEnd(order.deliveredAt, days).getTime()) {
    return `Returns are accepted for ${days} days after delivery, and that time has passed for this order.`;
  }
  return null;
}

/** The reasons a shopper chooses from when returning lines. */
export const RETURN_REASONS = [
  "Damaged or leaking",
  "Wrong item sent",
  "My pet did not like it",
  "Ordered by mistake",
  "Other",
] as const;

/** The longest comment a shopper may add to a return (the form and the lifecycle service both check it). */
export const RETURN_COMMENT_MAX = 1000;

/** A return's statuses, in the order it moves through them. */
export const RETURN_STATUSES = ["requested", "approved", "received", "refunded"] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** Whether a return in `from` may move to `to`: one step forward at a time. */
export function canMoveReturn(from: string, to: ReturnStatus): boolean {
  const i = (RETURN_STATUSES as readonly string[]).indexOf(from);
  return i >= 0 && RETURN_STATUSES[i + 1] === to;
}

// ─── Timeline ───────────────────────────────────────────────────────────────

/** An OrderEvent row as the timeline reads it. */
export interface OrderEventInput {
  kind: string;
  createdAt: Date | string;
  detail: string | null;
  amountCents: number | null;
}

export interface TimelineStep {
  kind: string;
  /** "Shipped", "Refunded", "Return requested". */
  label: string;
  /** ISO time. */
  at: string;
  detail: string | null;
  amountCents: number | null;
}

const EVENT_LABELS: Readonly<Record<string, string>> = {
  placed: "Placed",
  paid: "Paid",
  packed: "Packed",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
  refunded: "Refunded",
  partially_refunded: "Partly refunded",
  return_requested: "Return requested",
  return_approved: "Return approved",
  return_received: "Return received",
  return_refunded: "Return refunded",
  refund_failed: "Refund failed",
};

/**
 * The order's timeline, oldest first: "Placed" at its creation, then every event. An order
 * paid before events were kept shows "Paid" at its creation.
 */
export function orderTimeline(order: { createdAt: Date | string; status: string }, events: readonly OrderEventInput[]) {
  const iso = (at: Date | string) => new Date(at).toISOString();
  const steps: TimelineStep[] = [
    { kind: "placed", label: EVENT_LABELS.placed, at: iso(order.createdAt), detail: null, amountCents: null },
  ];
  if (order.status !== "pending" && !events.some((e) => e.kind === "paid")) {
    steps.push({ kind: "paid", label: EVENT_LABELS.paid, at: iso(order.createdAt), detail: null, amountCents: null });
  }
  const sorted = [...events].sort((a, b) => new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime());
  for (const event of sorted) {
    steps.push({
      kind: event.kind,
      label: EVENT_LABELS[event.kind] ?? orderStatusLabel(event.kind),
      at: iso(event.createdAt),
      detail: event.detail,
      amountCents: event.amountCents,
    });
  }
  return steps;
}

/**
 * The progress line of the orders list, from the timeline: placed, paid, packed, shipped and
 * delivered, each done when its step happened. A cancelled order stops where it was and ends
 * with "Cancelled"; an order refunded in full ends with "Refunded".
 */
export function orderProgress(
  timeline: readonly Pick<TimelineStep, "kind">[],
): { kind: string; label: string; done: boolean }[] {
  const happened = new Set(timeline.map((step) => step.kind));
  const path = ["placed", "paid", ...FULFILMENT_STEPS].map((kind) => ({
    kind,
    label: EVENT_LABELS[kind],
    done: happened.has(kind),
  }));
  const ends = (["cancelled", "refunded"] as const).filter((kind) => happened.has(kind));
  if (ends.length === 0) return path;
  const reached = path.filter((step) => step.done);
  return [...reached, ...ends.map((kind) => ({ kind, label: EVENT_LABELS[kind], done: true }))];
}

/** What the order page shows after the order: timeline, shipment, refunds, returns, and what the shopper may do. */
export interface OrderAftercare {
  timeline: TimelineStep[];
  tracking: { carrierName: string; trackingNumber: string; url: string } | null;
  refundedCents: number;
  /** Refunds written but not yet confirmed by the payment service. */
  pendingRefundCents: number;
  /** Null when the shopper may cancel; else why not (`cancelRefusal`). */
  cancelRefusal: string | null;
  /** Null when the shopper may ask for a return now; else why not (`returnRefusal`). */
  returnRefusal: string | null;
  /** ISO time the return window closes; null before delivery. */
  returnWindowEndsAt: string | null;
  /** Each line with how many units are left to return. */
  returnableLines: { orderLineId: string; productTitle: string; variantTitle: string; left: number }[];
  returns: {
    id: string;
    status: string;
    reason: string;
    comment: string | null;
    refundCents: number;
    createdAt: string;
    lines: { orderLineId: string; productTitle: string; variantTitle: string; quantity: number }[];
  }[];
}
