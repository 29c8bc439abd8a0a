// /admin/orders/<number> (docs/rules.md "Back office: orders"): an order as an operator sees it
// (lines, amounts, address, payment, customer, timeline, shipment, refunds, returns) and what
// they may do to it, each a plain form with its `intent` and its own permission
// (`ORDER_INTENT_PERMISSION`): packed, shipped, delivered; cancel; refund; resend the
// confirmation. Every change goes through the order lifecycle, audited in its transaction.
import crypto from "node:crypto";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { OrderTimeline } from "~/components/order-timeline";
import {
  fieldErrors,
  isOrderPageIntent,
  ORDER_INTENT_PERMISSION,
  OrderPageActionSchema,
  REFUND_REASON_MAX,
  type OrderPageIntent,
} from "~/models/admin-orders";
import { AdminTableBox } from "~/components/admin/table-box";
import { can } from "~/models/admin-roles";
import { formatMoney } from "~/models/money";
import { CARRIERS, cancelRefusal, canMove, orderStatusLabel, refundStatusLabel } from "~/models/order-lifecycle";
import { formatShopDateTime } from "~/models/shop-time";
import { useShopTimeZone } from "~/utils/use-shop-time-zone";
import { ADMIN_NO_STORE, backWithNotice, requireAdmin } from "~/services/admin/index.server";
import { LifecycleError, orderAdmin, orderLifecycle } from "~/services/orders/index.server";
import { pageNotFound, readFormData } from "~/utils/form.server";
import { requireCommerceFeature } from "~/utils/commerce-feature.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Order #${data.order.number} · Back office` : "Order · Back office" },
  { name: "robots", content: "noindex" },
];

async function orderOf(params: { number?: string }) {
  const number = params.number && /^\d{1,9}$/.test(params.number) ? Number(params.number) : null;
  const order = number === null ? null : await orderAdmin.detail(number);
  if (!order) throw pageNotFound("We could not find that order.");
  return order;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, "orders.view");
  requireCommerceFeature("embeddedOrders");
  const order = await orderOf(params);
  const may = (intent: OrderPageIntent) => can(admin.role, ORDER_INTENT_PERMISSION[intent]);
  return json(
    {
      order,
      actions: {
        packed: may("packed") && canMove(order.status, "packed"),
        shipped: may("shipped") && canMove(order.status, "shipped"),
        delivered: may("delivered") && canMove(order.status, "delivered"),
        cancel: may("cancel") && cancelRefusal(order.status) === null,
        refund: may("refund") && order.refundableCents > 0,
        resend: may("resend"),
      },
      /** The refund form's one-use key: a double submit writes one refund. */
      refundKey: crypto.randomUUID(),
    },
    { headers: ADMIN_NO_STORE },
  );
}

type ActionAnswer = { intent: OrderPageIntent | null; errors: Record<string, string> };

const refuse = (intent: OrderPageIntent | null, errors: Record<string, string>, status: number) =>
  json<ActionAnswer>({ intent, errors }, { status, headers: ADMIN_NO_STORE });

export async function action({ request, params }: ActionFunctionArgs) {
  // Every action of the page needs the page; then its own permission (`ORDER_INTENT_PERMISSION`).
  await requireAdmin(request, "orders.view");
  requireCommerceFeature("embeddedOrders");
  const form = Object.fromEntries(await readFormData(request));
  if (!isOrderPageIntent(form.intent)) return refuse(null, { form: "Unknown action." }, 400);
  const admin = await requireAdmin(request, ORDER_INTENT_PERMISSION[form.intent]);
  const order = await orderOf(params);
  const parsed = OrderPageActionSchema.safeParse(form);
  if (!parsed.success) return refuse(form.intent, fieldErrors(parsed.error), 400);
  const input = parsed.data;
  const here = `/admin/orders/${order.number}`;
  const label = `Order #${order.number}`;
  try {
    let message: string;
    switch (input.intent) {
      case "packed":
        message = (await orderLifecycle.markPacked(order.id, admin))
          ? `${label} is packed.`
          : `${label} was already packed.`;
        break;
      case "shipped":
        message = (await orderLifecycle.markShipped(
          order.id,
          { carrier: input.carrier, trackingNumber: input.trackingNumber },
          admin,
        ))
          ? `${label} is shipped with ${CARRIERS[input.carrier].name} ${input.trackingNumber}; the customer's email is queued.`
          : `${label} was already shipped.`;
        break;
      case "delivered":
        message = (await orderLifecycle.markDelivered(order.id, admin))
          ? `${label} is delivered; the customer's email is queued.`
          : `${label} was already delivered.`;
        break;
      case "cancel": {
        const result = await orderLifecycle.cancelByOperator(order.id, admin);
        message =
          result.outcome === "already"
            ? `${label} was already cancelled.`
            : `${label} is cancelled; ${formatMoney(result.refundCents)} will be refunded and the customer's email is queued.`;
        break;
      }
      case "refund": {
        const result = await orderLifecycle.refundByOperator(
          { orderId: order.id, key: input.refundKey, amountCents: input.amount, reason: input.reason },
          admin,
        );
        message = result.replayed
          ? `That refund of ${formatMoney(result.amountCents)} was already made.`
          : `A refund of ${formatMoney(result.amountCents)} is on its way to the customer's card.`;
        break;
      }
      case "resend":
        await orderLifecycle.resendConfirmation(order.id, admin);
        message = `The confirmation of ${label} is queued to ${order.email}.`;
        break;
    }
    return backWithNotice(request, here, { tone: "success", message });
  } catch (error) {
    if (!(error instanceof LifecycleError)) throw error;
    return refuse(input.intent, { [error.field ?? "form"]: error.message }, error.status);
  }
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="field__error">
      {message}
    </p>
  ) : null;
}

function Amount({ label, cents, currencyCode }: { label: string; cents: number; currencyCode: string }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>{formatMoney(cents, currencyCode)}</td>
    </tr>
  );
}

export default function AdminOrder() {
  const { order, actions, refundKey } = useLoaderData<typeof loader>();
  const zone = useShopTimeZone();
  const answer = useActionData<typeof action>();
  const errorsOf = (intent: OrderPageIntent) => (answer?.intent === intent ? answer.errors : {});
  const money = (cents: number) => formatMoney(cents, order.currencyCode);
  const ship = errorsOf("shipped");
  const refund = errorsOf("refund");
  const formError = answer?.errors.form;
  return (
    <>
      <p>
        <Link to="/admin/orders">All orders</Link>
      </p>
      <h1>Order #{order.number}</h1>
      <p data-testid="order-status">
        Status: <strong>{orderStatusLabel(order.status)}</strong>
      </p>
      {formError ? (
        <p className="notice notice--error" role="alert">
          {formError}
        </p>
      ) : null}

      <section aria-labelledby="order-actions">
        <h2 id="order-actions">Actions</h2>
        <div className="admin-actions">
          {actions.packed ? (
            <Form method="post">
              <input type="hidden" name="intent" value="packed" />
              <button type="submit" className="button">
                Mark packed
              </button>
            </Form>
          ) : null}
          {actions.delivered ? (
            <Form method="post">
              <input type="hidden" name="intent" value="delivered" />
              <button type="submit" className="button">
                Mark delivered
              </button>
            </Form>
          ) : null}
          {actions.cancel ? (
            <Form method="post">
              <input type="hidden" name="intent" value="cancel" />
              <button type="submit" className="button">
                Cancel order (refunds what was paid)
              </button>
            </Form>
          ) : null}
          {actions.resend ? (
            <Form method="post">
              <input type="hidden" name="intent" value="resend" />
              <button type="submit" className="button">
                Resend confirmation email
              </button>
            </Form>
          ) : null}
        </div>
        {actions.shipped ? (
          <Form method="post" className="admin-filters" aria-labelledby="ship-heading">
            <h3 id="ship-heading">Ship</h3>
            <input type="hidden" name="intent" value="shipped" />
            <div className="field">
              <label htmlFor="ship-carrier">Carrier</label>
              <select
                id="ship-carrier"
                name="carrier"
                defaultValue=""
                aria-invalid={ship.carrier ? true : undefined}
                aria-describedby={ship.carrier ? "ship-carrier-error" : undefined}
              >
                <option value="" disabled>
                  Choose…
                </option>
                {Object.entries(CARRIERS).map(([code, carrier]) => (
                  <option key={code} value={code}>
                    {carrier.name}
                  </option>
                ))}
              </select>
              <FieldError id="ship-carrier-error" message={ship.carrier} />
            </div>
            <div className="field">
              <label htmlFor="ship-tracking">Tracking number</label>
              <input
                id="ship-tracking"
                name="trackingNumber"
                autoComplete="off"
                aria-invalid={ship.trackingNumber ? true : undefined}
                aria-describedby={ship.trackingNumber ? "ship-tracking-error" : undefined}
              />
              <FieldError id="ship-tracking-error" message={ship.trackingNumber} />
            </div>
            <button type="submit" className="button">
              Mark shipped
            </button>
          </Form>
        ) : null}
        {actions.refund ? (
          <Form method="post" className="admin-filters" aria-labelledby="refund-heading">
            <h3 id="refund-heading">Refund (at most {money(order.refundableCents)})</h3>
            <input type="hidden" name="intent" value="refund" />
            <input type="hidden" name="refundKey" value={refundKey} />
            <div className="field">
              <label htmlFor="refund-amount">Amount in dollars</label>
              <input
                id="refund-amount"
                name="amount"
                inputMode="decimal"
                autoComplete="off"
                aria-invalid={refund.amount ? true : undefined}
                aria-describedby={refund.amount ? "refund-amount-error" : undefined}
              />
              <FieldError id="refund-amount-error" message={refund.amount ?? refund.refundKey} />
            </div>
            <div className="field">
              <label htmlFor="refund-reason">Reason</label>
              <input
                id="refund-reason"
                name="reason"
                maxLength={REFUND_REASON_MAX}
                aria-invalid={refund.reason ? true : undefined}
                aria-describedby={refund.reason ? "refund-reason-error" : undefined}
              />
              <FieldError id="refund-reason-error" message={refund.reason} />
            </div>
            <button type="submit" className="button">
              Refund
            </button>
          </Form>
        ) : null}
      </section>

      <section aria-labelledby="order-summary">
        <h2 id="order-summary">Summary</h2>
        <dl>
          <dt>Placed</dt>
          <dd>{formatShopDateTime(order.createdAt, zone)}</dd>
          <dt>Customer</dt>
          <dd>
            {order.customerId ? (
              <Link to={`/admin/customers/${order.customerId}`}>{order.customerName ?? order.email}</Link>
            ) : (
              "Guest"
            )}{" "}
            ({order.email})
          </dd>
          <dt>Site</dt>
          <dd>{order.site}</dd>
          <dt>Placed by</dt>
          <dd>{order.source === "autoship" ? "Autoship" : "Checkout"}</dd>
          <dt>Payment</dt>
          <dd>{order.paymentSummary ?? "No card (nothing to charge)"}</dd>
          <dt>Ships to</dt>
          <dd>{order.shippingAddress ?? "No address on file"}</dd>
          <dt>Shipment</dt>
          <dd data-testid="order-tracking">
            {order.tracking ? (
              <>
                {order.tracking.carrierName}{" "}
                <a href={order.tracking.url} rel="noopener noreferrer" target="_blank">
                  {order.tracking.trackingNumber}
                </a>
              </>
            ) : (
              "Not shipped yet"
            )}
          </dd>
        </dl>
      </section>

      <section aria-labelledby="order-lines">
        <h2 id="order-lines">Items</h2>
        <AdminTableBox label="Order lines">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">SKU</th>
                <th scope="col">Quantity</th>
                <th scope="col">Price</th>
                <th scope="col">Line total</th>
              </tr>
            </thead>
            <tbody>
              {order.lines.map((line) => (
                <tr key={line.id}>
                  <td>
                    {line.productTitle} ({line.variantTitle})
                  </td>
                  <td>{line.sku}</td>
                  <td>{line.quantity}</td>
                  <td>{money(line.unitPriceCents)}</td>
                  <td>{money(line.unitPriceCents * line.quantity)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </AdminTableBox>
        <table className="admin-table" data-testid="order-amounts">
          <caption className="visually-hidden">Amounts</caption>
          <tbody>
            <Amount label="Subtotal" cents={order.subtotalCents} currencyCode={order.currencyCode} />
            {order.discountCents > 0 ? (
              <Amount
                label={`Discount ${order.discountCodes.join(", ")}`.trim()}
                cents={-order.discountCents}
                currencyCode={order.currencyCode}
              />
            ) : null}
            {order.programDiscountCents > 0 ? (
              <Amount label="Program discount" cents={-order.programDiscountCents} currencyCode={order.currencyCode} />
            ) : null}
            <Amount label="Shipping" cents={order.shippingCents} currencyCode={order.currencyCode} />
            {order.surchargeCents > 0 ? (
              <Amount label="Surcharge" cents={order.surchargeCents} currencyCode={order.currencyCode} />
            ) : null}
            <Amount label="Tax" cents={order.taxCents} currencyCode={order.currencyCode} />
            {order.shopperDonationCents > 0 ? (
              <Amount label="Donation" cents={order.shopperDonationCents} currencyCode={order.currencyCode} />
            ) : null}
            <Amount label="Total" cents={order.totalCents} currencyCode={order.currencyCode} />
            <Amount label="Refunded" cents={order.refundedCents} currencyCode={order.currencyCode} />
            {order.pendingRefundCents > 0 ? (
              <Amount label="Refund pending" cents={order.pendingRefundCents} currencyCode={order.currencyCode} />
            ) : null}
          </tbody>
        </table>
        {order.donationCauseName ? (
          <p>
            Gives {money(order.donationCents)} to {order.donationCauseName}.
          </p>
        ) : null}
      </section>

      <section aria-labelledby="order-timeline">
        <h2 id="order-timeline">Timeline</h2>
        <OrderTimeline steps={order.timeline} currencyCode={order.currencyCode} />
      </section>

      <section aria-labelledby="order-refunds">
        <h2 id="order-refunds">Refunds</h2>
        {order.refunds.length === 0 ? (
          <p>No refunds.</p>
        ) : (
          <AdminTableBox label="Refunds of this order">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Reason</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {order.refunds.map((r) => (
                  <tr key={r.id}>
                    <td>{formatShopDateTime(r.createdAt, zone)}</td>
                    <td>{money(r.amountCents)}</td>
                    <td>{r.reason}</td>
                    <td>
                      {refundStatusLabel(r.status)}
                      {r.failure ? `: ${r.failure}` : ""}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </AdminTableBox>
        )}
      </section>

      <section aria-labelledby="order-returns">
        <h2 id="order-returns">Returns</h2>
        {order.returns.length === 0 ? (
          <p>No returns.</p>
        ) : (
          <ul>
            {order.returns.map((r) => (
              <li key={r.id}>
                {orderStatusLabel(r.status)}, {formatShopDateTime(r.createdAt, zone)}: {r.reason}
                {r.comment ? ` (“${r.comment}”)` : ""}, refund {money(r.refundCents)}:{" "}
                {r.lines.map((line) => `${line.quantity} × ${line.productTitle} (${line.variantTitle})`).join("; ")}.{" "}
                <Link to="/admin/returns">Returns queue</Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
