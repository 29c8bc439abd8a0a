// /admin/orders/<number> (docs/rules.md "Back office: orders"): an order as an operator sees it
// (lines, amounts, address, payment, customer, timeline, shipment, refunds, returns) and what
// they may do to it: the page's actions are ORDER_INTENTS (app/models/admin-orders.ts), run by
// `adminIntents`; cancel and refund ask first. Every change goes through the order lifecycle,
// audited in its transaction.
import crypto from "node:crypto";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { OrderActions } from "~/components/admin/order-actions";
import { OrderRecord } from "~/components/admin/order-record";
import { allowedIntents } from "~/models/admin-intents";
import { cancelOrderQuestion, ORDER_INTENTS, refundQuestion, refundRefusal } from "~/models/admin-orders";
import { formatMoney } from "~/models/money";
import { CARRIERS, cancelRefusal, canMove, orderStatusLabel } from "~/models/order-lifecycle";
import { ADMIN_NO_STORE, backWithNotice, requireAdmin } from "~/services/admin/index.server";
import { LifecycleError, orderAdmin, orderLifecycle } from "~/services/orders/index.server";
import { adminIntents } from "~/utils/admin-action.server";
import { requireCommerceFeature } from "~/utils/commerce-feature.server";
import { pageNotFound } from "~/utils/form.server";

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
  const may = allowedIntents(admin.role, ORDER_INTENTS);
  return json(
    {
      order,
      actions: {
        packed: may.packed && canMove(order.status, "packed"),
        shipped: may.shipped && canMove(order.status, "shipped"),
        delivered: may.delivered && canMove(order.status, "delivered"),
        cancel: may.cancel && cancelRefusal(order.status) === null,
        refund: may.refund && order.refundableCents > 0,
        resend: may.resend,
      },
      /** The refund form's one-use key: a double submit writes one refund (kept through the confirmation). */
      refundKey: crypto.randomUUID(),
    },
    { headers: ADMIN_NO_STORE },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const done = (number: number, message: string) =>
    backWithNotice(request, `/admin/orders/${number}`, { tone: "success", message });
  return adminIntents(request, {
    permission: "orders.view",
    intents: ORDER_INTENTS,
    guard: () => requireCommerceFeature("embeddedOrders"),
    questions: {
      cancel: async () => cancelOrderQuestion(await orderOf(params)),
      refund: async ({ amount }) => {
        // A refund that cannot be made is refused beside its field before anything is asked.
        const order = await orderOf(params);
        const refusal = refundRefusal(amount, order.refundableCents);
        if (refusal) throw new LifecycleError("INVALID", refusal, "amount");
        return refundQuestion(order.number, amount, order.currencyCode);
      },
    },
    handlers: {
      packed: async (_, { admin }) => {
        const order = await orderOf(params);
        const moved = await orderLifecycle.markPacked(order.id, admin);
        return done(order.number, `Order #${order.number} ${moved ? "is" : "was already"} packed.`);
      },
      shipped: async ({ carrier, trackingNumber }, { admin }) => {
        const order = await orderOf(params);
        const moved = await orderLifecycle.markShipped(order.id, { carrier, trackingNumber }, admin);
        return done(
          order.number,
          moved
            ? `Order #${order.number} is shipped with ${CARRIERS[carrier].name} ${trackingNumber}; the customer's email is queued.`
            : `Order #${order.number} was already shipped.`,
        );
      },
      delivered: async (_, { admin }) => {
        const order = await orderOf(params);
        const moved = await orderLifecycle.markDelivered(order.id, admin);
        return done(
          order.number,
          moved
            ? `Order #${order.number} is delivered; the customer's email is queued.`
            : `Order #${order.number} was already delivered.`,
        );
      },
      cancel: async (_, { admin }) => {
        const order = await orderOf(params);
        const result = await orderLifecycle.cancelByOperator(order.id, admin);
        return done(
          order.number,
          result.outcome === "already"
            ? `Order #${order.number} was already cancelled.`
            : `Order #${order.number} is cancelled; ${formatMoney(result.refundCents)} will be refunded and the customer's email is queued.`,
        );
      },
      refund: async ({ refundKey, amount, reason }, { admin }) => {
        const order = await orderOf(params);
        const result = await orderLifecycle.refundByOperator(
          { orderId: order.id, key: refundKey, amountCents: amount, reason },
          admin,
        );
        return done(
          order.number,
          result.replayed
            ? `That refund of ${formatMoney(result.amountCents)} was already made.`
            : `A refund of ${formatMoney(result.amountCents)} is on its way to the customer's card.`,
        );
      },
      resend: async (_, { admin }) => {
        const order = await orderOf(params);
        await orderLifecycle.resendConfirmation(order.id, admin);
        return done(order.number, `The confirmation of Order #${order.number} is queued to ${order.email}.`);
      },
    },
  });
}

export default function AdminOrder() {
  const { order, actions, refundKey } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  return (
    <>
      <p>
        <Link to="/admin/orders">All orders</Link>
      </p>
      <h1>Order #{order.number}</h1>
      <p data-testid="order-status">
        Status: <strong>{orderStatusLabel(order.status)}</strong>
      </p>
      <OrderActions
        actions={actions}
        refundableCents={order.refundableCents}
        currencyCode={order.currencyCode}
        refundKey={refundKey}
        data={data}
      />
      <OrderRecord order={order} />
    </>
  );
}
