// The amount lines of an order (catalogue spec section 9), in one order and wording
// for the checkout review, the confirmation page, the order page and the email.
import { formatMoney } from "./money";
import { shopperDonationLabel } from "./order-donation";

export interface OrderAmounts {
  subtotalCents: number;
  discountCents: number;
  discountCodes: readonly string[];
  /** Staff-feeding program discount; absent or 0 elsewhere. */
  programDiscountCents?: number;
  shippingCents: number;
  surchargeCents: number;
  taxCents: number;
  /** The shopper's round-up or add-on ("round-up" | "add-on"), part of the total; absent or 0 without one. */
  shopperDonationKind?: string | null;
  shopperDonationCents?: number;
  totalCents: number;
}

/**
 * Label and value of each amount before the total, adding up to it: discount and
 * service charge only when there is one; shipping "Free" at 0; the shopper's
 * round-up or add-on last, when there is one. `taxPending` (no address yet) says tax
 * comes after the shipping address (and leaves out the round-up, which depends on it).
 */
export function amountRows(
  amounts: OrderAmounts,
  options: { currencyCode?: string; taxPending?: boolean } = {},
): { label: string; value: string }[] {
  const money = (cents: number) => formatMoney(cents, options.currencyCode);
  const program = amounts.programDiscountCents ?? 0;
  // Program pricing shows the subtotal before savings, then the program discount (catalogue spec section 2).
  const rows = [{ label: program > 0 ? "Subtotal before savings" : "Subtotal", value: money(amounts.subtotalCents) }];
  if (program > 0) rows.push({ label: "Program discount", value: `−${money(program)}` });
  if (amounts.discountCents > 0) {
    const codes = amounts.discountCodes.length ? ` (${amounts.discountCodes.join(", ")})` : "";
    rows.push({ label: `Discount${codes}`, value: `−${money(amounts.discountCents)}` });
  }
  rows.push({ label: "Shipping", value: amounts.shippingCents ? money(amounts.shippingCents) : "Free" });
  if (options.taxPending) return [...rows, { label: "Tax", value: "Calculated after the shipping address" }];
  if (amounts.surchargeCents > 0) {
    rows.push({ label: "Alaska/Hawaii service charge", value: money(amounts.surchargeCents) });
  }
  rows.push({ label: "Tax", value: money(amounts.taxCents) });
  const donation = amounts.shopperDonationCents ?? 0;
  if (donation > 0) rows.push({ label: shopperDonationLabel(amounts.shopperDonationKind), value: money(donation) });
  return rows;
}
