// An order's amounts as a definition list, total last (hidden while tax is pending).
import { formatMoney } from "~/models/money";
import { amountRows, type OrderAmounts } from "~/models/order-amounts";

export function OrderAmountList({
  amounts,
  currencyCode,
  taxPending = false,
}: {
  amounts: OrderAmounts;
  currencyCode?: string;
  taxPending?: boolean;
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
    </dl>
  );
}
