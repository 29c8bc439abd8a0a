// What a placed order gives (docs/rules.md "Donations"): the merchant-funded donation
// and the shopper's round-up or add-on, as the confirmation page, the order page, the
// email, the totals, the account dashboard and the donation service's confirmation
// data all see it. No I/O; the amounts themselves come from `priceOrder` and the
// donation service when the order is placed.
import { centsToDollars, type DonationExtra } from "./donations";
import { formatMoney } from "./money";

/** The donation columns of an order. */
export interface OrderGift {
  donationCauseId?: string | null;
  donationCauseName: string | null;
  /** Merchant-funded, cents. */
  donationCents: number;
  /** "round-up" or "add-on"; null when the shopper added nothing. */
  shopperDonationKind: string | null;
  /** The shopper's extra, cents (part of the order's total). */
  shopperDonationCents: number;
}

/** What the order gives in all: the merchant's donation plus the shopper's extra. */
export function orderGivesCents(order: Pick<OrderGift, "donationCents" | "shopperDonationCents">): number {
  return order.donationCents + order.shopperDonationCents;
}

const EXTRA_NAMES: Record<DonationExtra["kind"], string> = { "round-up": "round-up", "add-on": "add-on" };

/** The shopper's extra as a noun: "round-up" or "add-on" ("donation" for anything else). */
function extraName(kind: string | null | undefined): string {
  return kind && kind in EXTRA_NAMES ? EXTRA_NAMES[kind as DonationExtra["kind"]] : "donation";
}

/** The totals row of the shopper's extra: "Round-up donation" or "Add-on donation". */
export function shopperDonationLabel(kind: string | null | undefined): string {
  const name = extraName(kind);
  return name === "donation" ? "Donation" : `${name.charAt(0).toUpperCase()}${name.slice(1)} donation`;
}

/**
 * The "Giving back" lines of an order, or none when it gives nothing (no cause, or 0):
 * "This order gives $X to {cause}." and, when the shopper added an extra,
 * "That includes your {round-up|add-on} of $Y."
 */
export function givingBackLines(order: OrderGift, currencyCode?: string): string[] {
  const total = orderGivesCents(order);
  if (!order.donationCauseName || total <= 0) return [];
  const lines = [`This order gives ${formatMoney(total, currencyCode)} to ${order.donationCauseName}.`];
  if (order.shopperDonationCents > 0) {
    lines.push(
      `That includes your ${extraName(order.shopperDonationKind)} of ${formatMoney(order.shopperDonationCents, currencyCode)}.`,
    );
  }
  return lines;
}

/**
 * The order statuses whose donation counts in what a customer's orders have given: paid
 * orders on their way or delivered. A pending order is still being placed (it is deleted when
 * its payment fails); a cancelled order's donation is reversed (docs/rules.md "Order
 * lifecycle"), and an order refunded in full gave nothing in the end.
 */
export const GIVING_ORDER_STATUSES: readonly string[] = ["paid", "packed", "shipped", "delivered"];

/** The account dashboard's line, or null when the customer's paid orders have given nothing. */
export function givenInAllLine(sums: Pick<OrderGift, "donationCents" | "shopperDonationCents">): string | null {
  const total = orderGivesCents(sums);
  return total > 0 ? `Your orders have given ${formatMoney(total)} to good causes.` : null;
}

/**
 * The confirmation data the donation service is told of (set-confirmation-data,
 * catalogue spec section 7): the order's whole gift in dollars, all to its cause.
 */
export function donationConfirmationData(order: OrderGift & { donationCauseId: string; donationCauseName: string }): {
  totalDonationAmount: number;
  causes: { causeId: string; causeName: string; amount: number }[];
} {
  const amount = centsToDollars(orderGivesCents(order));
  return {
    totalDonationAmount: amount,
    causes: [{ causeId: order.donationCauseId, causeName: order.donationCauseName, amount }],
  };
}

/**
 * The confirmation data after a cancellation (docs/rules.md "Order lifecycle"): the order gives
 * nothing after all, so the total and its cause's amount are 0 (no cause recorded: no causes).
 */
export function cancelledDonationConfirmationData(
  order: Pick<OrderGift, "donationCauseId" | "donationCauseName">,
): ReturnType<typeof donationConfirmationData> {
  if (!order.donationCauseId || !order.donationCauseName) return { totalDonationAmount: 0, causes: [] };
  return donationConfirmationData({
    donationCauseId: order.donationCauseId,
    donationCauseName: order.donationCauseName,
    donationCents: 0,
    shopperDonationKind: null,
    shopperDonationCents: 0,
  });
}
