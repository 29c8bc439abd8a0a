// The shopper's order after it was placed (docs/rules.md "Order pages"): timeline, shipment,
// refunds, "Cancel order" behind a confirmation that works without JavaScript, "Return items",
// and the returns asked for. Drawn by My Order Details (app/routes/account.orders_.$id.tsx).
import { Form, useNavigation } from "@remix-run/react";
import { FormError } from "~/components/form-field";
import { ReturnItems } from "~/components/order-return-form";
import { OrderTimeline } from "~/components/order-timeline";
import { formatMoney } from "~/models/money";
import { orderStatusLabel, type OrderAftercare } from "~/models/order-lifecycle";
import { cancelQuestion } from "~/models/return-forms";
import { replyFor, type ActionReply } from "~/utils/form";
import { formatShopDate } from "~/models/shop-time";
import { useShopTimeZone } from "~/utils/use-shop-time-zone";

/** What the page knows of the order itself. */
export interface AftercareOrder {
  id: string;
  number: number;
  currencyCode: string;
}

/** The order after it was placed: timeline, shipment, refunds, what the shopper may do, returns. */
export function Aftercare({
  order,
  aftercare,
  cancelRefundCents,
  requestKey,
  answer,
}: {
  order: AftercareOrder;
  /** The order's after-sale part as the loader gives it (`orderLifecycle.aftercare`). */
  aftercare: OrderAftercare;
  cancelRefundCents: number;
  requestKey: string;
  answer: ActionReply | undefined;
}) {
  const zone = useShopTimeZone();
  const money = (cents: number) => formatMoney(cents, order.currencyCode);
  const tracking = aftercare.tracking;
  const delivered = aftercare.returnWindowEndsAt !== null;
  return (
    <>
      <section aria-labelledby="order-timeline-title" className="account-order__section">
        <h2 id="order-timeline-title">Timeline</h2>
        <OrderTimeline steps={aftercare.timeline} currencyCode={order.currencyCode} />
      </section>

      {tracking ? (
        <section aria-labelledby="order-shipment-title" className="account-order__section">
          <h2 id="order-shipment-title">Shipment</h2>
          <dl className="account-card__facts">
            <dt>Carrier</dt>
            <dd data-testid="order-carrier">{tracking.carrierName}</dd>
            <dt>Tracking number</dt>
            <dd data-testid="order-tracking-number">{tracking.trackingNumber}</dd>
          </dl>
          <p>
            <a href={tracking.url} target="_blank" rel="noopener noreferrer">
              Track your package
              <span className="visually-hidden"> on the {tracking.carrierName} site (opens a new tab)</span>
            </a>
          </p>
        </section>
      ) : null}

      {aftercare.refundedCents > 0 || aftercare.pendingRefundCents > 0 ? (
        <section aria-labelledby="order-refunds-title" className="account-order__section">
          <h2 id="order-refunds-title">Refunds</h2>
          <dl className="account-card__facts">
            <dt>Refunded so far</dt>
            <dd data-testid="order-refunded">{money(aftercare.refundedCents)}</dd>
            {aftercare.pendingRefundCents > 0 ? (
              <>
                <dt>On its way to your card</dt>
                <dd data-testid="order-refund-pending">{money(aftercare.pendingRefundCents)}</dd>
              </>
            ) : null}
          </dl>
        </section>
      ) : null}

      {aftercare.cancelRefusal === null ? (
        <CancelOrder
          order={order}
          refundCents={cancelRefundCents}
          errors={replyFor(answer, "cancel")?.error?.[""] ?? undefined}
        />
      ) : delivered && aftercare.returnRefusal === null ? (
        <ReturnItems aftercare={aftercare} requestKey={requestKey} lastResult={replyFor(answer, "return")} />
      ) : (
        <section aria-labelledby="order-changes-title" className="account-order__section">
          <h2 id="order-changes-title">{delivered ? "Return items" : "Cancel order"}</h2>
          <FormError
            errors={(delivered ? replyFor(answer, "return") : replyFor(answer, "cancel"))?.error?.[""] ?? undefined}
          />
          <p className="account-order__refusal" data-testid="order-refusal">
            {delivered ? aftercare.returnRefusal : aftercare.cancelRefusal}
          </p>
        </section>
      )}

      {aftercare.returns.length > 0 ? (
        <section aria-labelledby="order-returns-title" className="account-order__section">
          <h2 id="order-returns-title">Returns</h2>
          <ul className="order-returns">
            {aftercare.returns.map((ret) => (
              <li key={ret.id} className="order-returns__item" data-testid="order-return">
                <p className="order-returns__head">
                  Asked on {formatShopDate(ret.createdAt, zone)}:{" "}
                  <strong data-testid="order-return-status">{orderStatusLabel(ret.status)}</strong>
                </p>
                <ul className="order-returns__lines">
                  {ret.lines.map((line) => (
                    <li key={line.orderLineId}>
                      {line.quantity} × {line.productTitle} ({line.variantTitle})
                    </li>
                  ))}
                </ul>
                <p>
                  Reason: {ret.reason}
                  {ret.comment ? ` (“${ret.comment}”)` : ""}
                </p>
                <p>
                  {ret.status === "refunded" ? "Refunded" : "Refund once the items are back"}: {money(ret.refundCents)}
                </p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

/**
 * "Cancel order" with its confirmation in a disclosure, so it works without JavaScript: the
 * question names the refund; "Yes, cancel order" posts, "Keep my order" closes it (a link back
 * here without JavaScript).
 */
function CancelOrder({
  order,
  refundCents,
  errors,
}: {
  order: AftercareOrder;
  refundCents: number;
  errors?: string[];
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "cancel";
  const here = `/account/orders/${order.id}`;
  return (
    <section aria-labelledby="order-cancel-title" className="account-order__section">
      <h2 id="order-cancel-title">Cancel order</h2>
      <FormError errors={errors} />
      <p className="field__hint">You can cancel until the order is packed for shipping.</p>
      <details className="order-cancel" open={errors ? true : undefined}>
        <summary className="button">Cancel order</summary>
        <div className="order-cancel__confirm">
          <p id="order-cancel-question">{cancelQuestion(order.number, refundCents, order.currencyCode)}</p>
          <Form method="post" className="order-cancel__actions" aria-describedby="order-cancel-question">
            <input type="hidden" name="intent" value="cancel" />
            <button type="submit" className="button button--primary" disabled={busy} aria-disabled={busy}>
              {busy ? "Cancelling…" : "Yes, cancel order"}
            </button>
            <a
              href={here}
              className="button"
              onClick={(event) => {
                // With JavaScript the disclosure just closes; without, the link reloads the page closed.
                const details = event.currentTarget.closest("details");
                if (details) {
                  event.preventDefault();
                  details.open = false;
                }
              }}
            >
              Keep my order
            </a>
          </Form>
        </div>
      </details>
    </section>
  );
}
