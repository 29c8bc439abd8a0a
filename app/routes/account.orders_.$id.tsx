// My Order Details (shop-core spec sections 2, 3 and 5):
// one of the customer's orders (another customer's, or an unknown id, is a 404)
// with its lines, amounts, what it gives (docs/rules.md "Donations"), address, status and payment, and "Buy again": a plain
// form post that adds the lines still sold to the cart within the cart limits
// and says what could not be added or was trimmed.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { GivingBack } from "~/components/giving-back";
import { OrderAmountList } from "~/components/order-amounts";
import { buyAgainLines, lineName } from "~/models/buy-again";
import { formatMoney } from "~/models/money";
import type { Notice } from "~/models/notice";
import type { SiteId } from "~/models/site";
import { CartError, commerce } from "~/services/commerce/index.server";
import { addToCart, cartCookieAfter, requireCustomer, commitNotice } from "~/services/http/index.server";
import { getSite } from "~/services/site/index.server";
import { orders, type OrderView } from "~/services/orders/index.server";
import { orderViewer } from "~/utils/order-viewer.server";
import { pageMeta } from "~/utils/meta";
import { pageNotFound, readFormData } from "~/utils/form.server";
import { orderLineReviewLinks } from "~/utils/reviews.server";

export const meta: MetaFunction<typeof loader> = ({ matches }) =>
  pageMeta(matches, { title: "My Order Details", noindex: true });

/** An order this customer may see (docs/rules.md "Orders"); anything else is "not found", the same as an unknown id. */
async function requireViewableOrder(request: Request, customerId: string, id: string | undefined): Promise<OrderView> {
  const order = id ? await orders.viewableBy(id, await orderViewer(request, customerId)) : null;
  if (!order) throw pageNotFound("Order not found");
  return order;
}

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1).replace(/_/g, " ");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const customerId = await requireCustomer(request);
  const order = await requireViewableOrder(request, customerId, params.id);
  const plans = new Map((await commerce.getSellingPlans()).map((plan) => [plan.id, plan.name]));
  const reviewLinks = await orderLineReviewLinks(request, customerId, order.lines);
  return json(
    {
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

const ActionSchema = z.object({ intent: z.literal("buy-again") });

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
  const site = getSite(request);
  const formData = await readFormData(request);
  if (!ActionSchema.safeParse({ intent: formData.get("intent") }).success) {
    throw json({ message: "Unknown action" }, 400);
  }
  const order = await requireViewableOrder(request, customerId, params.id);
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
  const { order, canBuyAgain } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
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
          <dd>{longDate(order.createdAt)}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd data-testid="order-status">{statusLabel(order.status)}</dd>
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
