// The order confirmation: number, lines, amounts, what it gives (docs/rules.md
// "Donations"), shipping address and the autoships the order started. Only the customer, or the browser
// session that placed it, may see it (docs/rules.md "Orders").
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { GivingBack } from "~/components/giving-back";
import { OrderAmountList } from "~/components/order-amounts";
import { formatAddress } from "~/models/address";
import { formatMoney } from "~/models/money";
import { orders, type OrderView } from "~/services/orders/index.server";
import { brandsOfSkus } from "~/services/analytics/index.server";
import { getSite } from "~/services/site/index.server";
import { orderLineItem, purchaseEvent } from "~/models/analytics";
import { sitePolicy } from "~/models/site-policy";
import { DataLayerEvent } from "~/components/data-layer-event";
import { orderViewer } from "~/utils/order-viewer.server";
import { pageNotFound } from "~/utils/form.server";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, { title: "Order Confirmation", noindex: true });

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const order = await orders.viewableBy(params.orderId ?? "", await orderViewer(request));
  if (!order) throw pageNotFound("Order not found");
  return json({ order, purchase: await purchaseOf(request, order) });
}

/** The order as the data layer's purchase (docs/rules.md "Analytics"); none where the site tracks nothing. */
async function purchaseOf(request: Request, order: OrderView) {
  if (!sitePolicy(getSite(request)).tracksAnalytics) return null;
  const brands = await brandsOfSkus(order.lines.map((line) => line.sku));
  return purchaseEvent({
    id: String(order.number),
    totalCents: order.totalCents,
    taxCents: order.taxCents,
    // The Alaska/Hawaii service charge is part of what delivery costs.
    shippingCents: order.shippingCents + order.surchargeCents,
    discountCodes: order.discountCodes,
    items: order.lines.map((line) => orderLineItem(line, brands[line.sku])),
  });
}

export default function OrderConfirmation() {
  const { order, purchase } = useLoaderData<typeof loader>();
  return (
    <div className="container confirmation-page">
      {/* Once per order in this browser: not again on reload or back (docs/decisions.md "Analytics"). */}
      <DataLayerEvent build={() => purchase} once={`purchase:${order.id}`} />
      <h1>Thank you for your order</h1>
      <p className="notice" role="status">
        Order <strong data-testid="order-number">#{order.number}</strong> is confirmed. We sent a confirmation to{" "}
        {order.email}.
      </p>
      <div className="confirmation-page__layout">
        <section aria-labelledby="ordered-title">
          <h2 id="ordered-title">What you ordered</h2>
          <ul className="checkout-summary__lines">
            {order.lines.map((line) => (
              <li key={line.id}>
                <span>
                  {line.quantity} × {line.productTitle}
                  <small>
                    {line.variantTitle}
                    {line.sellingPlanId ? " · Autoship" : ""}
                  </small>
                </span>
                <span>{formatMoney(line.unitPriceCents * line.quantity)}</span>
              </li>
            ))}
          </ul>
          <OrderAmountList amounts={order} currencyCode={order.currencyCode} />
          <GivingBack order={order} currencyCode={order.currencyCode} />
        </section>
        <section aria-labelledby="shipping-title">
          <h2 id="shipping-title">Shipping to</h2>
          <p>{order.shippingAddress ? formatAddress(order.shippingAddress) : null}</p>
          {order.paymentSummary ? (
            <>
              <h2>Paid with</h2>
              <p>{order.paymentSummary}</p>
            </>
          ) : null}
          {order.subscriptions.length > 0 ? (
            <>
              <h2>Your autoship</h2>
              <ul className="confirmation-page__autoship">
                {order.subscriptions.map((s) => (
                  <li key={s.id}>
                    {s.quantity} × {s.productTitle}, {s.frequency.toLowerCase()}. Next order {longDate(s.nextOrderDate)}
                    .
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
      </div>
      <p>
        <Link to="/" className="button button--primary">
          Continue shopping
        </Link>
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
