// An order's amounts as a definition list, total last (hidden while tax is pending): the one
// owner for the checkout, the confirmation, the shopper's order page and the back office's order
// page, which adds what was refunded after the total (`after`).
import { formatMoney } from "~/models/money";
import { amountRows, type OrderAmounts } from "~/models/order-amounts";

export function OrderAmountList({
  amounts,
  currencyCode,
  taxPending = false,
  after = [],
}: {
  amounts: OrderAmounts;
  currencyCode?: string;
  taxPending?: boolean;
  /** Rows after the total (the back office's refunded and pending amounts). */
  after?: readonly { label: string; cents: number }[];
}) {
  return (
    <dl className="checkout-summary__amounts">
      {amountRows(amounts, { currencyCode, taxPending }).map((row) => (
        <div key={row.label}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
      {taxPending ? null : (
        <div className="checkout-summary__total">
          <dt>Total</dt>
          <dd data-testid="order-total">{formatMoney(amounts.totalCents, currencyCode)}</dd>
        </div>
      )}
      {after.map((row) => (
        <div key={row.label}>
          <dt>{row.label}</dt>
          <dd>{formatMoney(row.cents, currencyCode)}</dd>
        </div>
      ))}
    </dl>
  );
}
