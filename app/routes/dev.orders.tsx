// Fulfilment for developers (docs/rules.md "Order lifecycle", docs/operations.md "Fulfilment in
// development"): the newest orders with their status and a form per allowed next step (packed;
// shipped with a carrier and tracking number; delivered), and their open returns with Approve or
// Receive. Plain posts through the real order lifecycle service, so the shopper's whole flow can
// be tried locally. Only where /dev/outbox is open (development, or DEV_OUTBOX=true); everywhere
// else it does not exist.
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { FormError, SelectField, TextField } from "~/components/form-field";
import { devOutboxOpen } from "~/env.server";
import { DevOrdersActionSchema } from "~/models/dev-orders";
import { formatMoney } from "~/models/money";
import { CARRIERS, canMove, canMoveReturn, FULFILMENT_STEPS, orderStatusLabel } from "~/models/order-lifecycle";
import { DEFAULT_SHIPMENT } from "~/models/orders-advance";
import { commitNotice } from "~/services/http/index.server";
import type { ActionReply } from "~/utils/form";
import { pageNotFound, readFormData, replyWith } from "~/utils/form.server";
import { fulfilmentReads, LifecycleError, orderLifecycle } from "~/services/orders/index.server";
import { formatShopStamp } from "~/models/shop-time";
import { useShopTimeZone } from "~/utils/use-shop-time-zone";

export const meta: MetaFunction = () => [{ title: "Orders (fulfilment)" }, { name: "robots", content: "noindex" }];

const NO_STORE = { "Cache-Control": "private, no-store" };
const RECENT = 30;
const UNKNOWN = "Unknown action. Reload the page and try again.";
const CARRIER_OPTIONS = Object.entries(CARRIERS).map(([value, carrier]) => ({ value, label: carrier.name }));

export async function loader(_: LoaderFunctionArgs) {
  if (!devOutboxOpen()) throw pageNotFound();
  const orders = await fulfilmentReads.recentOrders(RECENT);
  return json({ orders }, { headers: NO_STORE });
}

export async function action({ request }: ActionFunctionArgs) {
  if (!devOutboxOpen()) throw pageNotFound();
  const submission = parseWithZod(await readFormData(request), { schema: DevOrdersActionSchema });
  const posted = submission.payload;
  // Which row answers: the order or the return posted (forms repeat per row).
  const target = String(posted.orderId ?? posted.returnId ?? "");
  if (submission.status !== "success") {
    return replyWith(submission, { target, formErrors: submission.error?.intent ? [UNKNOWN] : undefined });
  }
  const input = submission.value;
  try {
    let message: string;
    switch (input.intent) {
      case "packed":
        await orderLifecycle.markPacked(input.orderId);
        message = "The order is packed.";
        break;
      case "shipped":
        await orderLifecycle.markShipped(input.orderId, {
          carrier: input.carrier,
          trackingNumber: input.trackingNumber,
        });
        message = "The order is shipped; the shopper's email is queued.";
        break;
      case "delivered":
        await orderLifecycle.markDelivered(input.orderId);
        message = "The order is delivered; the shopper's email is queued.";
        break;
      case "approve-return":
        await orderLifecycle.approveReturn(input.returnId);
        message = "The return is approved.";
        break;
      case "receive-return":
        await orderLifecycle.receiveReturn(input.returnId);
        message = "The return is received; its refund is queued.";
        break;
    }
    return redirect("/dev/orders", { headers: await commitNotice(request, { tone: "success", message }) });
  } catch (error) {
    if (!(error instanceof LifecycleError)) throw error;
    return replyWith(submission, { error, target });
  }
}

/** A time the same on the server and in the browser (no locale or time zone of either). */
function When({ at }: { at: string }) {
  const zone = useShopTimeZone();
  return <time dateTime={at}>{formatShopStamp(at, zone)}</time>;
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["orders"][number];

/** The reply of the form of one row (an order or a return), if it answered. */
function useRowReply(id: string): ActionReply | undefined {
  const data = useActionData<typeof action>();
  return data && "target" in data && data.target === id ? (data as ActionReply) : undefined;
}

function NextStep({ order }: { order: Row }) {
  const next = FULFILMENT_STEPS.find((step) => canMove(order.status, step));
  const [form, fields] = useForm({
    id: `order-${order.id}`,
    lastResult: useRowReply(order.id),
    defaultValue: DEFAULT_SHIPMENT,
  });
  if (!next) return <>–</>;
  return (
    <Form method="post" className="dev-orders__step" {...getFormProps(form)}>
      <input type="hidden" name="orderId" value={order.id} />
      <input type="hidden" name="intent" value={next} />
      <FormError errors={form.errors} id={form.errorId} />
      {next === "shipped" ? (
        <>
          <SelectField field={fields.carrier} label="Carrier" options={CARRIER_OPTIONS} />
          <TextField field={fields.trackingNumber} label="Tracking number" required />
        </>
      ) : null}
      <button type="submit">Mark {next}</button>
    </Form>
  );
}

function ReturnStep({ id, approve }: { id: string; approve: boolean }) {
  const [form] = useForm({ id: `return-${id}`, lastResult: useRowReply(id) });
  return (
    <Form method="post" {...getFormProps(form)}>
      <input type="hidden" name="returnId" value={id} />
      <input type="hidden" name="intent" value={approve ? "approve-return" : "receive-return"} />
      <FormError errors={form.errors} id={form.errorId} />
      <button type="submit">{approve ? "Approve" : "Receive"}</button>
    </Form>
  );
}

export default function DevOrders() {
  const { orders } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const openReturns = orders.flatMap((order) =>
    order.returns
      .filter((r) => canMoveReturn(r.status, "approved") || canMoveReturn(r.status, "received"))
      .map((r) => ({ ...r, orderNumber: order.number })),
  );
  return (
    <div className="container">
      <h1>Orders (fulfilment)</h1>
      <p>
        Moves orders through packed, shipped and delivered, and returns through approved and received, as the back
        office will. The same as <code>npm run orders:advance</code>. The emails go to the outbox (
        <a href="/dev/outbox">/dev/outbox</a>).
      </p>
      {answer && !answer.target ? <FormError errors={[UNKNOWN]} /> : null}
      <table>
        <caption>The last {RECENT} orders</caption>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Placed</th>
            <th scope="col">Customer email</th>
            <th scope="col">Total</th>
            <th scope="col">Refunded</th>
            <th scope="col">Status</th>
            <th scope="col">Next step</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id}>
              <th scope="row">#{order.number}</th>
              <td>
                <When at={order.createdAt} />
              </td>
              <td>{order.email}</td>
              <td>{formatMoney(order.totalCents)}</td>
              <td>{order.refundedCents > 0 ? formatMoney(order.refundedCents) : "–"}</td>
              <td>{orderStatusLabel(order.status)}</td>
              <td>
                <NextStep order={order} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Open returns</h2>
      {openReturns.length === 0 ? (
        <p>No return is waiting.</p>
      ) : (
        <table>
          <caption>Returns requested or approved</caption>
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Asked</th>
              <th scope="col">Reason</th>
              <th scope="col">Refund</th>
              <th scope="col">Status</th>
              <th scope="col">Next step</th>
            </tr>
          </thead>
          <tbody>
            {openReturns.map((r) => {
              const approve = canMoveReturn(r.status, "approved");
              return (
                <tr key={r.id}>
                  <th scope="row">#{r.orderNumber}</th>
                  <td>
                    <When at={r.createdAt} />
                  </td>
                  <td>{r.reason}</td>
                  <td>{formatMoney(r.refundCents)}</td>
                  <td>{orderStatusLabel(r.status)}</td>
                  <td>
                    <ReturnStep id={r.id} approve={approve} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}
