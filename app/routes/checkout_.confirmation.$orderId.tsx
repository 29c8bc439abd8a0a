// The order confirmation: number, lines with their pictures, amounts, what it gives (docs/rules.md
// "Donations"), the delivery estimate, shipping address and the autoships the order started. Only the
// customer, or the browser session that placed it, may see it (docs/rules.md "Orders"). A guest's
// session may create an account here for the order's email, and the order is attached to it
// (docs/rules.md "Cart on a phone", `mayClaimOrder`).
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { OrderAccountForm } from "~/components/order-account-form";
import { ResponsiveImage } from "~/components/responsive-image";
import { OrderAccountSchema } from "~/models/account-forms";
import { mayClaimOrder } from "~/models/order-access";
import { commerce } from "~/services/commerce/index.server";
import { identity } from "~/services/identity/index.server";
import { rateLimits, retryAfterHeaders } from "~/services/http/index.server";
import { clientIpOf, signInAndRedirect } from "~/services/sign-in/index.server";
import { withAccountMarker } from "~/services/analytics/index.server";
import { pageNotFound, readFormData, replyWith } from "~/utils/form.server";
import { GivingBack } from "~/components/giving-back";
import { OrderAmountList } from "~/components/order-amounts";
import { formatAddress } from "~/models/address";
import { formatMoney } from "~/models/money";
import { orders, type OrderView } from "~/services/orders/index.server";
import { brandsOfSkus } from "~/services/analytics/index.server";
import { getSite } from "~/services/site/index.server";
import { deliveryLineForZip } from "~/services/storefront/index.server";
import { orderLineItem, purchaseEvent } from "~/models/analytics";
import { sitePolicy } from "~/models/site-policy";
import { DataLayerEvent } from "~/components/data-layer-event";
import { orderViewer } from "~/utils/order-viewer.server";
import { pageMeta } from "~/utils/meta";
import { formatShopWeekday } from "~/models/shop-time";
import { useShopTimeZone } from "~/utils/use-shop-time-zone";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, { title: "Order Confirmation", noindex: true });

/** Optimiser widths of a line's 64 px picture: 1x, and 2x screens. */
const LINE_IMAGE_WIDTHS = [100, 180];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await orderViewer(request);
  const order = await orders.viewableBy(params.orderId ?? "", viewer);
  if (!order) throw pageNotFound("Order not found");
  const [purchase, images] = await Promise.all([
    purchaseOf(request, order),
    commerce.getImagesBySku(order.lines.map((line) => line.sku)),
  ]);
  const zip = order.shippingAddress?.zip ?? null;
  return json(
    {
      order,
      purchase,
      images,
      // The same words the checkout's delivery step showed, counted from when the order was placed.
      delivery: zip ? deliveryLineForZip(zip, { now: new Date(order.createdAt), inCheckout: true }) : null,
      offerAccount: mayClaimOrder(order, viewer),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/**
 * A guest creates an account for the order's email, and the order is attached to it
 * (`mayClaimOrder`): only the session that placed the order, while it has no account; the
 * email is the order's, never the form's. Another order or a signed-in shopper gets 404 / 403.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const viewer = await orderViewer(request);
  const order = await orders.viewableBy(params.orderId ?? "", viewer);
  if (!order) throw pageNotFound("Order not found");
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: OrderAccountSchema });
  const reply = { form: "order-account", hideFields: ["password", "confirmPassword"] };
  if (!mayClaimOrder(order, viewer)) {
    return replyWith(submission, { ...reply, formErrors: ["This order already has an account."], status: 403 });
  }
  if (submission.status !== "success") return replyWith(submission, reply);
  const verdict = await rateLimits.attempt("registration", clientIpOf(context));
  if (!verdict.allowed) {
    return replyWith(submission, {
      ...reply,
      formErrors: [verdict.message],
      status: 429,
      headers: retryAfterHeaders(verdict),
    });
  }
  const { confirmPassword: _confirm, ...input } = submission.value;
  const site = getSite(request);
  const result = await identity.register({ site, email: order.email, ...input, claimOrderId: order.id });
  if (!result.ok) {
    // Someone else's attach won a race: the order is no longer a guest's (nothing was created).
    if (result.reason === "order-claimed") {
      return replyWith(submission, { ...reply, formErrors: ["This order already has an account."], status: 403 });
    }
    return replyWith(submission, {
      ...reply,
      formErrors: ["An account with this email already exists. Log in to see your orders."],
      status: 409,
    });
  }
  const signedIn = await signInAndRedirect(request, result.customerId, `/account/orders/${order.id}`, {
    tone: "success",
    message: "Your account is ready, and this order is in it.",
  });
  // The data layer's "sign_up" (docs/decisions.md "Analytics").
  return withAccountMarker(signedIn, site, "sign_up", "password");
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
  const { order, purchase, images, delivery, offerAccount } = useLoaderData<typeof loader>();
  const zone = useShopTimeZone();
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
              <li key={line.id} className="confirmation-page__line">
                {images[line.sku] ? (
                  <ResponsiveImage
                    src={images[line.sku]!}
                    alt=""
                    width={64}
                    height={64}
                    widths={LINE_IMAGE_WIDTHS}
                    sizes="64px"
                    className="confirmation-page__image"
                  />
                ) : null}
                <span className="confirmation-page__line-text">
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
          {delivery ? (
            <p className="confirmation-page__delivery" data-testid="confirmation-delivery">
              {delivery}
            </p>
          ) : null}
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
                    {s.quantity} × {s.productTitle}, {s.frequency.toLowerCase()}. Next order{" "}
                    {formatShopWeekday(s.nextOrderDate, zone)}.
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
      </div>
      {offerAccount ? <OrderAccountForm email={order.email} /> : null}
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
