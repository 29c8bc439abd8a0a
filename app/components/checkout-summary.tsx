import type { SerializeFrom } from "@remix-run/node";
import { OrderAmountList } from "~/components/order-amounts";
import type { CheckoutPageData } from "~/models/checkout-page";
import { formatMoney } from "~/models/money";

type SummaryData = Pick<SerializeFrom<CheckoutPageData>, "lines" | "amounts" | "addressKnown">;

/**
 * The checkout's order summary (docs/rules.md "Phone layout"). On phones it is a disclosure at
 * the top of the page, closed, its toggle saying the amount ("Show order summary $54.98");
 * from lg up CSS shows its content as the sidebar and hides the toggle. A <details>, so it
 * opens without JavaScript.
 */
export function CheckoutSummary({ data }: { data: SummaryData }) {
  const a = data.amounts;
  // Before the address the total is not known yet (tax), so the toggle shows the subtotal.
  const figure = data.addressKnown
    ? { label: "Total", cents: a.totalCents }
    : { label: "Subtotal", cents: a.subtotalCents };
  return (
    <aside className="checkout-summary" aria-labelledby="order-summary-title">
      <details className="checkout-summary__details">
        <summary className="checkout-summary__toggle">
          <span className="checkout-summary__show">Show order summary</span>
          <span className="checkout-summary__hide">Hide order summary</span>
          <span className="checkout-summary__figure">
            <span className="visually-hidden">, {figure.label.toLowerCase()} </span>
            {formatMoney(figure.cents)}
          </span>
        </summary>
        <h2 id="order-summary-title">Order summary</h2>
        <ul className="checkout-summary__lines">
          {data.lines.map((line) => (
            <li key={line.id}>
              <span>
                {line.quantity} × {line.title}
                <small>
                  {line.variantTitle}
                  {line.plan ? ` · Autoship ${line.plan.toLowerCase()}` : ""}
                </small>
              </span>
              <span>{formatMoney(line.subtotalCents)}</span>
            </li>
          ))}
        </ul>
        <OrderAmountList amounts={{ ...a, discountCodes: a.appliedCodes }} taxPending={!data.addressKnown} />
      </details>
    </aside>
  );
}
