// Fulfilment for developers (docs/rules.md "Order lifecycle", docs/operations.md "Fulfilment in
// development"): the newest orders with their status and a form per allowed next step (packed;
// shipped with a carrier and tracking number; delivered), and their open returns with Approve or
// Receive. Plain posts through the real order lifecycle service, so the shopper's whole flow can
// be tried locally. Only where /dev/outbox is open (development, or DEV_OUTBOX=true); everywhere
// else it does not exist.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { devOutboxOpen } from "~/env.server";
import { formatMoney } from "~/models/money";
import {
  CARRIERS,
  canMove,
  canMoveReturn,
  FULFILMENT_STEPS,
  orderStatusLabel,
  type CarrierCode,
} from "~/models/order-lifecycle";
import { DEFAULT_SHIPMENT } from "~/models/orders-advance";
import { commitNotice } from "~/services/http/index.server";
import { fulfilmentReads, LifecycleError, orderLifecycle } from "~/services/orders/index.server";
import { pageNotFound, readFormData } from "~/utils/form.server";
import { formatShopStamp } from "~/models/shop-time";
import { useShopTimeZone } from "~/utils/use-shop-time-zone";

export const meta: MetaFunction = () => [{ title: "Orders (fulfilment)" }, { name: "robots", content: "noindex" }];

const NO_STORE = { "Cache-Control": "private, no-store" };
const RECENT = 30;

export async function loader(_: LoaderFunctionArgs) {
  if (!devOutboxOpen()) throw pageNotFound();
  const orders = await fulfilmentReads.recentOrders(RECENT);
  return json({ orders }, { headers: NO_STORE });
}

const ActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.enum(["packed", "delivered"]), orderId: z.string().min(1) }),
  z.object({
    intent: z.literal("shipped"),
    orderId: z.string().min(1),
    carrier: z.string(),
    trackingNumber: z.string(),
  }),
  z.object({ intent: z.enum(["approve-return", "receive-return"]), returnId: z.string().min(1) }),
]);

export async function action({ request }: ActionFunctionArgs) {
  if (!devOutboxOpen()) throw pageNotFound();
  const parsed = ActionSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success)
    return json({ target: null, field: null, message: "Unknown action" }, { status: 400, headers: NO_STORE });
  const input = parsed.data;
  const target = "orderId" in input ? input.orderId : input.returnId;
  try {
    let message: string;
    switch (input.intent) {
      case "packed":
        await orderLifecycle.markPacked(input.orderId);
        message = "The order is packed.";
        break;
      case "shipped":
        await orderLifecycle.markShipped(input.orderId, {
          carrier: input.carrier as CarrierCode,
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
    return json(
      { target, field: error.field ?? null, message: error.message },
      { status: error.status, headers: NO_STORE },
    );
  }
}

/** A time the same on the server and in the browser (no locale or time zone of either). */
function When({ at }: { at: string }) {
  const zone = useShopTimeZone();
  return <time dateTime={at}>{formatShopStamp(at, zone)}</time>;
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["orders"][number];

function NextStep({ order, error }: { order: Row; error: { field: string | null; message: string } | null }) {
  const next = FULFILMENT_STEPS.find((step) => canMove(order.status, step));
  if (!next) return <>–</>;
  const errorId = `order-${order.id}-error`;
  return (
    <Form method="post" className="dev-orders__step">
      <input type="hidden" name="orderId" value={order.id} />
      <input type="hidden" name="intent" value={next} />
      {next === "shipped" ? (
        <>
          <label>
            Carrier{" "}
            <select name="carrier" defaultValue={DEFAULT_SHIPMENT.carrier}>
              {Object.entries(CARRIERS).map(([code, carrier]) => (
                <option key={code} value={code}>
                  {carrier.name}
                </option>
              ))}
            </select>
          </label>{" "}
          <label>
            Tracking number{" "}
            <input
              name="trackingNumber"
              defaultValue={DEFAULT_SHIPMENT.trackingNumber}
              required
              aria-invalid={error?.field === "trackingNumber" || undefined}
              aria-describedby={error ? errorId : undefined}
            />
          </label>{" "}
        </>
      ) : null}
      <button type="submit">Mark {next}</button>
      {error ? (
        <p id={errorId} role="alert" className="form-error">
          {error.message}
        </p>
      ) : null}
    </Form>
  );
}

export default function DevOrders() {
  const { orders } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const errorFor = (id: string) => (answer && answer.target === id ? answer : null);
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
      {answer && answer.target === null ? (
        <p role="alert" className="form-error">
          {answer.message}
        </p>
      ) : null}
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
                <NextStep order={order} error={errorFor(order.id)} />
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
              const error = errorFor(r.id);
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
                    <Form method="post">
                      <input type="hidden" name="returnId" value={r.id} />
                      <input type="hidden" name="intent" value={approve ? "approve-return" : "receive-return"} />
                      <button type="submit">{approve ? "Approve" : "Receive"}</button>
                      {error ? (
                        <p role="alert" className="form-error">
                          {error.message}
                        </p>
                      ) : null}
                    </Form>
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
