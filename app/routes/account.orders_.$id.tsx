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
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { GivingBack } from "~/components/giving-back";
import { Aftercare } from "~/components/order-aftercare";
import { OrderAmountList } from "~/components/order-amounts";
import { OrderLineReview, PaymentSummary, ShippingAddress } from "~/components/order-details";
import { OrderLinesTable } from "~/components/order-lines";
import type { Notice } from "~/models/notice";
import { orderStatusLabel } from "~/models/order-lifecycle";
import { cancelRefundCents } from "~/models/refunds";
import {
  cancelledNotice,
  isOrderIntent,
  OrderActionSchema,
  returnLinesOf,
  returnRequestedNotice,
} from "~/models/return-forms";
import { commerce } from "~/services/commerce/index.server";
import { commitNotice, requireCustomer } from "~/services/http/index.server";
import {
  LifecycleError,
  orderLifecycle,
  orders,
  type OrderAftercare,
  type OrderView,
} from "~/services/orders/index.server";
import type { ActionReply } from "~/utils/form";
import { buyAgain } from "~/utils/buy-again.server";
import { orderViewer } from "~/utils/order-viewer.server";
import { pageMeta } from "~/utils/meta";
import { parseWithZod } from "@conform-to/zod";
import { pageNotFound, readFormData, replyWith } from "~/utils/form.server";
import { orderLineReviewLinks } from "~/utils/reviews.server";
import { formatShopDate } from "~/models/shop-time";
import { useShopTimeZone } from "~/utils/use-shop-time-zone";

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

export default function OrderDetails() {
  const { order, canBuyAgain, aftercare, cancelRefundCents, requestKey } = useLoaderData<typeof loader>();
  const zone = useShopTimeZone();
  const answer = useActionData<typeof action>() as ActionReply | undefined;
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" &&
    navigation.formMethod === "POST" &&
    navigation.formData?.get("intent") === "buy-again";
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
        <OrderLinesTable
          lines={order.lines.map((line) => ({
            ...line,
            note: line.plan ? `Autoship, ${line.plan.toLowerCase()}` : null,
          }))}
          currencyCode={order.currencyCode}
          className="account-table"
          under={(line) => <OrderLineReview review={line.review} title={line.title} />}
        />
      </section>

      <section aria-labelledby="order-amounts-title">
        <h2 id="order-amounts-title">Amounts</h2>
        <OrderAmountList amounts={order} currencyCode={order.currencyCode} />
      </section>

      <GivingBack order={order} currencyCode={order.currencyCode} />

      <ShippingAddress address={order.shippingAddress} />
      <PaymentSummary
        paymentSummary={order.paymentSummary}
        totalCents={order.totalCents}
        currencyCode={order.currencyCode}
      />
    </article>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
