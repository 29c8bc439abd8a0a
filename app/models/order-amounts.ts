// The amount lines of an order (issue 5 "Pricing"), in one order and wording
// for the checkout review, the confirmation page, the order page and the email.
import { formatMoney } from "./money";

export interface OrderAmounts {
  subtotalCents: number;
  discountCents: number;
  discountCodes: readonly string[];
  shippingCents: number;
  surchargeCents: number;
  taxCents: number;
  totalCents: number;
}

/**
 * Label and value of each amount before the total: discount and service charge
 * only when there is one; shipping "Free" at 0. `taxPending` (no address yet)
 * says tax comes after the shipping address.
 */
export function amountRows(
  amounts: OrderAmounts,
  options: { currencyCode?: string; taxPending?: boolean } = {},
): { label: string; value: string }[] {
  const money = (cents: number) => formatMoney(cents, options.currencyCode);
  const rows = [{ label: "Subtotal", value: money(amounts.subtotalCents) }];
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
  return rows;
}
