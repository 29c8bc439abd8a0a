// What a refund gives back (docs/rules.md "Order lifecycle" and "Returns"). No I/O.
//
// Nothing is ever queued beyond what the order took (docs/rules.md "Refunds never pass what was
// paid"): what is left to give back counts the refunds made, those on their way and those promised
// to open returns (`refundLeftCents`); a return received is capped to what is left
// (`receivedRefundCents`); a refund that would still pass the total is failed, never retried
// (`refundFits`). A cancellation gives back everything not yet refunded. A return gives back the returned
// units' part of the goods: the order's total less shipping, the Alaska/Hawaii surcharge and
// the shopper's donation (those are not refunded by a return), split over the lines by what
// each line cost (largest remainder, `allocate`), then over a line's units so that returning
// every unit, in one return or several, gives back exactly that line's part.
import { allocate } from "./pricing";

/** Why a refund is given: it is stored on the refund, and its email says so. */
export const REFUND_CAUSES = ["cancellation", "return", "shop"] as const;
export type RefundCause = (typeof REFUND_CAUSES)[number];

/** A stored cause; an unknown value reads as the shop's own refund (the email's plainest words). */
export function refundCauseOf(value: string): RefundCause {
  return (REFUND_CAUSES as readonly string[]).includes(value) ? (value as RefundCause) : "shop";
}

/** Where an order's refunds stand. */
export interface RefundLedger {
  totalCents: number;
  /** Refunds the payment service made. */
  refundedCents: number;
  /** Refunds queued and not yet answered. */
  pendingRefundCents: number;
  /** What open returns (requested or approved, not yet received) will give back. */
  openReturnCents: number;
}

/**
 * What is left to give back of an order: its total less what was refunded, what is on its way
 * and what open returns will give back; never below 0. The operator's refund is at most this,
 * and so is a new return's refund, so return refunds and operator refunds together never pass
 * the total.
 */
export function refundLeftCents(ledger: RefundLedger): number {
  return Math.max(0, ledger.totalCents - ledger.refundedCents - ledger.pendingRefundCents - ledger.openReturnCents);
}

/**
 * A return's refund when its goods are received: what the return was priced at, capped to what
 * is left once the refunds made and on their way are counted (its own promise set aside); 0
 * when nothing is left.
 */
export function receivedRefundCents(
  refundCents: number,
  ledger: Pick<RefundLedger, "totalCents" | "refundedCents" | "pendingRefundCents">,
): number {
  return Math.max(0, Math.min(refundCents, refundLeftCents({ ...ledger, openReturnCents: 0 })));
}

/**
 * Whether a refund can be given at all: a whole number of cents above 0 that, with what is
 * already refunded, stays within the order's total. One that cannot is failed, not retried.
 */
export function refundFits(order: Pick<RefundLedger, "totalCents" | "refundedCents">, amountCents: number): boolean {
  return Number.isInteger(amountCents) && amountCents > 0 && order.refundedCents + amountCents <= order.totalCents;
}

export interface RefundableOrder extends RefundLedger {
  shippingCents: number;
  surchargeCents: number;
  shopperDonationCents: number;
  lines: { id: string; quantity: number; unitPriceCents: number }[];
}

/** A cancellation's refund: what the order cost, less what was already given back. */
export function cancelRefundCents(order: Pick<RefundableOrder, "totalCents" | "refundedCents">): number {
  return Math.max(0, order.totalCents - order.refundedCents);
}

/** What an order's total is made of, as far as refunds care. */
export type OrderCharges = Pick<
  RefundableOrder,
  "totalCents" | "shippingCents" | "surchargeCents" | "shopperDonationCents"
>;

/** The goods' part of the total: what returning every line gives back. */
export function goodsCents(order: OrderCharges): number {
  return Math.max(0, order.totalCents - order.shippingCents - order.surchargeCents - order.shopperDonationCents);
}

/** Each line's part of the goods, by line id; the parts add up to `goodsCents` exactly. */
export function lineParts(order: RefundableOrder): Map<string, number> {
  const parts = allocate(
    goodsCents(order),
    order.lines.map((line) => line.unitPriceCents * line.quantity),
  );
  return new Map(order.lines.map((line, i) => [line.id, parts[i]]));
}

export interface ReturnRequestLine {
  orderLineId: string;
  quantity: number;
}

export type ReturnPricing =
  | { ok: true; lines: { orderLineId: string; quantity: number; refundCents: number }[]; refundCents: number }
  | { ok: false; message: string; orderLineId?: string };

/**
 * Checks and prices a return: at least one unit; each line of this order, a whole number of
 * units from 1 up to what is left to return of it (`returned`: units already in earlier
 * returns, by line id). The refund of k more units of a line whose part is P over n units,
 * r already returned, is round(P·(r+k)/n) − round(P·r/n); it never takes the order's refunds
 * past its total: at most what is left (`refundLeftCents`, other open returns counted).
 */
export function priceReturn(
  order: RefundableOrder,
  returned: ReadonlyMap<string, number>,
  request: readonly ReturnRequestLine[],
): ReturnPricing {
  const wanted = request.filter((line) => line.quantity !== 0);
  if (wanted.length === 0) return { ok: false, message: "Choose at least one item to return." };
  const parts = lineParts(order);
  const byId = new Map(order.lines.map((line) => [line.id, line]));
  const seen = new Set<string>();
  const lines: { orderLineId: string; quantity: number; refundCents: number }[] = [];
  for (const { orderLineId, quantity } of wanted) {
    const line = byId.get(orderLineId);
    if (!line || seen.has(orderLineId)) return { ok: false, message: "Choose items of this order.", orderLineId };
    seen.add(orderLineId);
    const already = returned.get(orderLineId) ?? 0;
    const left = line.quantity - already;
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > left) {
      return {
        ok: false,
        message: left > 0 ? `Choose from 1 to ${left} to return.` : "This item has already been returned.",
        orderLineId,
      };
    }
    const part = parts.get(orderLineId) ?? 0;
    const upTo = (units: number) => Math.round((part * units) / line.quantity);
    lines.push({ orderLineId, quantity, refundCents: upTo(already + quantity) - upTo(already) });
  }
  const sum = lines.reduce((total, line) => total + line.refundCents, 0);
  const refundCents = Math.min(sum, refundLeftCents(order));
  return { ok: true, lines, refundCents };
}
