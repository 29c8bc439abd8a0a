// My Order Details (shop-core spec sections 2, 3 and 5):
// one of the customer's orders (another customer's, or an unknown id, is a 404)
// with its lines, amounts, what it gives (docs/rules.md "Donations"), address, status and payment, and "Buy again": a plain
// form post that adds the lines still sold to the cart within the cart limits
// and says what could not be added or was trimmed. After the order (docs/rules.md "Order
// pages"): its timeline, shipment and refunds, "Cancel order" behind a confirmation that works
// without JavaScript, and "Return items" with a quantity per line and a reason. Every post is a
// plain form with a hidden `intent` (app/models/return-forms.ts); a change redirects back here
// with a notice, a refusal shows beside its field (or where the button would be).
import crypto from "node:crypto";
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FieldError, FormError, selectProps, TextAreaField } from "~/components/form-field";
import { GivingBack } from "~/components/giving-back";
import { OrderAmountList } from "~/components/order-amounts";
import { OrderTimeline } from "~/components/order-timeline";
import { buyAgainLines, lineName } from "~/models/buy-again";
import { formatMoney } from "~/models/money";
import type { Notice } from "~/models/notice";
import { orderStatusLabel, RETURN_REASONS } from "~/models/order-lifecycle";
import { cancelRefundCents } from "~/models/refunds";
import {
  cancelledNotice,
  cancelQuestion,
  isOrderIntent,
  OrderActionSchema,
  returnLinesOf,
  returnRequestedNotice,
  ReturnSchema,
  returnWindowText,
} from "~/models/return-forms";
import { formatShopDate } from "~/models/shop-time";
import { useShopTimeZone } from "~/utils/use-shop-time-zone";
import type { SiteId } from "~/models/site";
import { CartError, commerce } from "~/services/commerce/index.server";
import { addToCart, cartCookieAfter, requireCustomer, commitNotice } from "~/services/http/index.server";
import { getSite } from "~/services/site/index.server";
import {
  LifecycleError,
  orderLifecycle,
  orders,
  type OrderAftercare,
  type OrderView,
} from "~/services/orders/index.server";
import { replyFor, type ActionReply } from "~/utils/form";
import { orderViewer } from "~/utils/order-viewer.server";
import { pageMeta } from "~/utils/meta";
import { pageNotFound, readFormData, replyWith } from "~/utils/form.server";
import { orderLineReviewLinks } from "~/utils/reviews.server";

export const meta: MetaFunction<typeof loader> = ({ matches }) =>
  pageMeta(matches, { title: "My Order Details", noindex: true });

/** An order this customer may see (docs/rules.md "Orders"); anything else is "not found", the same as an unknown id. */
async function requireViewableOrder(request: Request, customerId: string, id: string | undefined): Promise<OrderView> {
  const order = id ? await orders.viewableBy(id, await orderViewer(request, customerId)) : null;
  if (!order) throw pageNotFound("Order not found");
  return order;
}

/**
 * The after-sale part of the order, or null for an order the viewer may see but does not own
 * (one their browser placed as a guest): they may look, only the owner may cancel or return.
 */
async function aftercareOf(customerId: string, orderId: string): Promise<OrderAftercare | null> {
  try {
    return await orderLifecycle.aftercare(customerId, orderId);
  } catch (error) {
    if (error instanceof LifecycleError && error.status === 404) return null;
    throw error;
  }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const customerId = await requireCustomer(request);
  const order = await requireViewableOrder(request, customerId, params.id);
  const plans = new Map((await commerce.getSellingPlans()).map((plan) => [plan.id, plan.name]));
  const [reviewLinks, aftercare] = await Promise.all([
    orderLineReviewLinks(request, customerId, order.lines),
    aftercareOf(customerId, order.id),
  ]);
  return json(
    {
      aftercare,
      /** What cancelling now gives back (`cancelRefundCents`), for the confirmation. */
      cancelRefundCents: cancelRefundCents(order),
      /** The return form's one-use key: a double submit writes one return (docs/rules.md "Order pages"). */
      requestKey: crypto.randomUUID(),
      order: {
        id: order.id,
        number: order.number,
        createdAt: order.createdAt,
        status: order.status,
        source: order.source,
        currencyCode: order.currencyCode,
        subtotalCents: order.subtotalCents,
        discountCents: order.discountCents,
        programDiscountCents: order.programDiscountCents,
        discountCodes: order.discountCodes,
        shippingCents: order.shippingCents,
        surchargeCents: order.surchargeCents,
        taxCents: order.taxCents,
        totalCents: order.totalCents,
        donationCauseName: order.donationCauseName,
        donationCents: order.donationCents,
        shopperDonationKind: order.shopperDonationKind,
        shopperDonationCents: order.shopperDonationCents,
        paymentSummary: order.paymentSummary,
        shippingAddress: order.shippingAddress,
        lines: order.lines.map((line) => ({
          id: line.id,
          title: line.productTitle,
          variantTitle: line.variantTitle,
          quantity: line.quantity,
          unitPriceCents: line.unitPriceCents,
          plan: line.sellingPlanId ? (plans.get(line.sellingPlanId) ?? "Autoship") : null,
          review: reviewLinks.get(line.id) ?? null,
        })),
      },
      canBuyAgain: order.lines.some((line) => line.variantId !== null),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** The order's lines the site still sells, as cart lines (docs/rules.md "Orders", buy again). */
async function buyAgainFor(order: OrderView, site: SiteId) {
  // The catalogue answers from its in-memory snapshot: sold on this site, and whether autoship is allowed.
  const [products, plans] = await Promise.all([
    Promise.all(order.lines.map((line) => commerce.getProductBySku(site, line.sku))),
    commerce.getSellingPlans(),
  ]);
  const sold = new Map(products.flatMap((p) => (p ? [[p.variantId, p.autoshipEligible] as const] : [])));
  return buyAgainLines(order.lines, sold, new Set(plans.map((plan) => plan.id)));
}

const list = (names: string[]) => names.join(", ");

export async function action({ request, params }: ActionFunctionArgs) {
  const customerId = await requireCustomer(request);
  const formData = await readFormData(request);
  if (!isOrderIntent(formData.get("intent"))) throw json({ message: "Unknown action" }, 400);
  const order = await requireViewableOrder(request, customerId, params.id);
  const submission = parseWithZod(formData, { schema: OrderActionSchema });
  if (submission.status !== "success") return replyWith(submission);
  const input = submission.value;
  if (input.intent === "buy-again") return buyAgain(request, order);

  const here = `/account/orders/${order.id}`;
  let notice: Notice;
  try {
    if (input.intent === "cancel") {
      const result = await orderLifecycle.cancel(customerId, order.id);
      notice = cancelledNotice(order.number, result, order.currencyCode);
    } else {
      const result = await orderLifecycle.requestReturn({
        customerId,
        orderId: order.id,
        requestKey: input.requestKey,
        reason: input.reason,
        comment: input.comment,
        lines: returnLinesOf(input.lines),
      });
      notice = returnRequestedNotice(order.number, result.refundCents, order.currencyCode);
    }
  } catch (error) {
    // Someone else's order is not found, the same as an unknown one (docs/rules.md "Orders").
    if (error instanceof LifecycleError && error.status === 404) throw pageNotFound("Order not found");
    if (error instanceof LifecycleError) return replyWith(submission, { error });
    throw error;
  }
  return redirect(here, { headers: await commitNotice(request, notice) });
}

/** Buy again: the lines still sold go to the cart, and the notice says what did not. */
async function buyAgain(request: Request, order: OrderView) {
  const site = getSite(request);
  const here = `/account/orders/${order.id}`;
  const { lines, unavailable, nowOneTime } = await buyAgainFor(order, site);
  if (lines.length === 0) {
    return redirect(here, {
      headers: await commitNotice(request, {
        tone: "error",
        message: `Nothing could be added: ${list(unavailable)} ${unavailable.length === 1 ? "is" : "are"} no longer sold.`,
      }),
    });
  }
  let result;
  try {
    result = await addToCart(request, site, lines, { withCart: false });
  } catch (error) {
    if (!(error instanceof CartError)) throw error;
    return redirect(here, { headers: await commitNotice(request, { tone: "error", message: error.message }) });
  }

  const names = new Map(order.lines.map((line) => [line.variantId, lineName(line)]));
  const nothingAdded = result.notices.filter((n) => n.code === "NOTHING_ADDED");
  const clamped = result.notices.filter((n) => n.code === "QUANTITY_CLAMPED");
  const added = lines.length - nothingAdded.length;
  const parts = [
    added > 0 ? `Added the items from order #${order.number} to your cart.` : "Nothing new was added to your cart.",
    ...clamped.map((n) => {
      const name = n.variantId ? names.get(n.variantId) : null;
      return name ? `${name}: ${n.message.charAt(0).toLowerCase()}${n.message.slice(1)}` : n.message;
    }),
    ...nothingAdded.map((n) => n.message),
    ...(unavailable.length ? [`Not added, no longer sold: ${list(unavailable)}.`] : []),
    ...(nowOneTime.length ? [`No longer on autoship, added as a one-time purchase: ${list(nowOneTime)}.`] : []),
  ];
  const notice: Notice = {
    tone: parts.length === 1 ? "success" : "info",
    message: parts.join(" "),
  };
  const headers = await commitNotice(request, notice);
  const cookie = await cartCookieAfter(request, result);
  if (cookie) headers.append("Set-Cookie", cookie);
  return redirect("/cart", { headers });
}

export default function OrderDetails() {
  const { order, canBuyAgain, aftercare, cancelRefundCents, requestKey } = useLoaderData<typeof loader>();
  const zone = useShopTimeZone();
  const answer = useActionData<typeof action>() as ActionReply | undefined;
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" &&
    navigation.formMethod === "POST" &&
    navigation.formData?.get("intent") === "buy-again";
  const money = (cents: number) => formatMoney(cents, order.currencyCode);
  const address = order.shippingAddress;
  return (
    <article aria-labelledby="order-title" className="account-order">
      <p>
        <Link to="/account/orders">← My Orders</Link>
      </p>
      <p className="account-order__kicker">My Order Details</p>
      <h1 id="order-title">Order #{order.number}</h1>
      <dl className="account-order__facts">
        <div>
          <dt>Placed</dt>
          <dd>{formatShopDate(order.createdAt, zone)}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd data-testid="order-status">{orderStatusLabel(order.status)}</dd>
        </div>
        {order.source === "autoship" ? (
          <div>
            <dt>Type</dt>
            <dd>Autoship order</dd>
          </div>
        ) : null}
      </dl>

      {canBuyAgain ? (
        <Form method="post" className="account-order__buy-again">
          <input type="hidden" name="intent" value="buy-again" />
          <button type="submit" className="button button--primary" disabled={busy} aria-disabled={busy}>
            {busy ? "Adding to your cart…" : "Buy again"}
          </button>
          <p className="field__hint">Adds the items still sold to your cart, up to the cart limits.</p>
        </Form>
      ) : null}

      {aftercare ? (
        <Aftercare
          order={order}
          aftercare={aftercare}
          cancelRefundCents={cancelRefundCents}
          requestKey={requestKey}
          answer={answer}
        />
      ) : null}

      <section aria-labelledby="order-items-title">
        <h2 id="order-items-title">Items</h2>
        <table className="account-table">
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Quantity</th>
              <th scope="col">Unit price</th>
              <th scope="col">Line total</th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <tr key={line.id}>
                <th scope="row">
                  {line.title}
                  <br />
                  <small>
                    {line.variantTitle}
                    {line.plan ? ` · Autoship, ${line.plan.toLowerCase()}` : ""}
                  </small>
                  <OrderLineReview review={line.review} title={line.title} />
                </th>
                <td>{line.quantity}</td>
                <td>{money(line.unitPriceCents)}</td>
                <td>{money(line.unitPriceCents * line.quantity)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section aria-labelledby="order-amounts-title">
        <h2 id="order-amounts-title">Amounts</h2>
        <OrderAmountList amounts={order} currencyCode={order.currencyCode} />
      </section>

      <GivingBack order={order} currencyCode={order.currencyCode} />

      <section aria-labelledby="order-shipping-title">
        <h2 id="order-shipping-title">Shipping address</h2>
        {address ? (
          <address>
            {`${address.firstName} ${address.lastName}`.trim()}
            {address.company ? (
              <>
                <br />
                {address.company}
              </>
            ) : null}
            <br />
            {address.address1}
            {address.address2 ? (
              <>
                <br />
                {address.address2}
              </>
            ) : null}
            <br />
            {address.city}, {address.provinceCode} {address.zip}
            {address.phone ? (
              <>
                <br />
                {address.phone}
              </>
            ) : null}
          </address>
        ) : (
          <p>No shipping address was recorded.</p>
        )}
      </section>

      <section aria-labelledby="order-payment-title">
        <h2 id="order-payment-title">Payment</h2>
        <p>
          {order.paymentSummary
            ? `Paid ${money(order.totalCents)} with ${order.paymentSummary}.`
            : order.totalCents === 0
              ? "Nothing to pay."
              : `Paid ${money(order.totalCents)} with your saved card.`}
        </p>
      </section>
    </article>
  );
}

type PageData = ReturnType<typeof useLoaderData<typeof loader>>;
type ShownOrder = PageData["order"];
type ShownAftercare = NonNullable<PageData["aftercare"]>;

/** The order after it was placed: timeline, shipment, refunds, what the shopper may do, returns. */
function Aftercare({
  order,
  aftercare,
  cancelRefundCents,
  requestKey,
  answer,
}: {
  order: ShownOrder;
  aftercare: ShownAftercare;
  cancelRefundCents: number;
  requestKey: string;
  answer: ActionReply | undefined;
}) {
  const money = (cents: number) => formatMoney(cents, order.currencyCode);
  const zone = useShopTimeZone();
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
function CancelOrder({ order, refundCents, errors }: { order: ShownOrder; refundCents: number; errors?: string[] }) {
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

/** "Return items": a quantity per line still returnable, a reason, an optional comment. */
function ReturnItems({
  aftercare,
  requestKey,
  lastResult,
}: {
  aftercare: ShownAftercare;
  requestKey: string;
  lastResult: ActionReply | undefined;
}) {
  const [form, fields] = useForm({
    id: "order-return",
    lastResult,
    constraint: getZodConstraint(ReturnSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ReturnSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const navigation = useNavigation();
  const zone = useShopTimeZone();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "return";
  const lineFields = fields.lines.getFieldset();
  const returnable = aftercare.returnableLines.filter((line) => line.left > 0);
  return (
    <section aria-labelledby="order-return-title" className="account-order__section">
      <h2 id="order-return-title">Return items</h2>
      {aftercare.returnWindowEndsAt ? (
        <p data-testid="return-window">{returnWindowText(aftercare.returnWindowEndsAt, zone)}</p>
      ) : null}
      {returnable.length === 0 ? (
        <p>Everything in this order is already in a return.</p>
      ) : (
        <Form method="post" className="order-return" {...getFormProps(form)}>
          <FormError errors={form.errors} />
          <input type="hidden" name="intent" value="return" />
          <input type="hidden" name="requestKey" value={requestKey} />
          <fieldset
            className="order-return__lines"
            aria-describedby={fields.lines.errors ? fields.lines.errorId : undefined}
          >
            <legend>How many of each to return</legend>
            {returnable.map((line) => {
              const field = lineFields[line.orderLineId];
              return (
                <div className="field order-return__line" key={line.orderLineId}>
                  <label htmlFor={field.id}>
                    {line.productTitle} ({line.variantTitle})
                  </label>
                  <select {...selectProps(field, { placeholder: false })} defaultValue={field.initialValue ?? "0"}>
                    {Array.from({ length: line.left + 1 }, (_, n) => (
                      <option key={n} value={String(n)}>
                        {n}
                      </option>
                    ))}
                  </select>
                  <FieldError field={field} />
                </div>
              );
            })}
            <FieldError field={fields.lines} />
          </fieldset>
          <div className="field">
            <label htmlFor={fields.reason.id}>Why are you returning them?</label>
            <select {...selectProps(fields.reason, { placeholder: true })}>
              <option value="">Choose a reason</option>
              {RETURN_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {reason}
                </option>
              ))}
            </select>
            <FieldError field={fields.reason} />
          </div>
          <TextAreaField field={fields.comment} label="Comment" rows={3} />
          <p className="field__hint">
            We refund the items&apos; price once they are back; shipping and donations are not refunded. Food cannot be
            resold, so returned items are not restocked.
          </p>
          <button type="submit" className="button button--primary" disabled={busy} aria-disabled={busy}>
            {busy ? "Sending…" : "Request return"}
          </button>
        </Form>
      )}
    </section>
  );
}

/** Each line's product: "Write a review", or "You reviewed this" (docs/rules.md "Reviews on pages"). */
function OrderLineReview({ review, title }: { review: { href: string; reviewed: boolean } | null; title: string }) {
  if (!review) return null;
  return (
    <>
      <br />
      {review.reviewed ? (
        <Link to={review.href} className="account-order__review">
          You reviewed this<span className="visually-hidden">: {title}</span>
        </Link>
      ) : (
        <Link to={review.href} className="account-order__review">
          Write a review<span className="visually-hidden"> of {title}</span>
        </Link>
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
