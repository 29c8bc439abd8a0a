// After the order (docs/rules.md "Order lifecycle" and "Returns"): shipped, delivered,
// cancelled, refunded, and a return asked for.
import { formatMoney } from "~/models/money";
import type { RefundCause } from "~/models/refunds";
import type { SiteId } from "~/models/site";
import type { EmailInput } from "~/services/email/types";
import { emailDay as day } from "./dates";
import { ProductLine } from "./layout.server";
import { paragraphsEmail } from "./paragraphs.server";

/** The order an after-sale email is about. */
export interface EmailOrderRef {
  site: SiteId;
  number: number;
  email: string;
  /** Where to see the order: an absolute URL on the site's configured public origin (`orderLink`). */
  link: string;
}

const seeOrder = (order: EmailOrderRef) => ({ label: `See order #${order.number}`, href: order.link });

/** Sent when the order leaves the warehouse: the carrier, the tracking number and the carrier's tracking page. */
export function orderShippedEmail(
  order: EmailOrderRef,
  shipment: { carrierName: string; trackingNumber: string; url: string },
): Promise<EmailInput> {
  return paragraphsEmail({
    site: order.site,
    to: order.email,
    subject: `Order #${order.number} has shipped`,
    template: "order-shipped",
    paragraphs: [
      `Good news: your order #${order.number} is on its way with ${shipment.carrierName}.`,
      `Tracking number: ${shipment.trackingNumber}`,
    ],
    links: [{ label: `Track your package with ${shipment.carrierName}`, href: shipment.url }, seeOrder(order)],
  });
}

/** Sent when the order is delivered: how long it can be returned. */
export function orderDeliveredEmail(
  order: EmailOrderRef,
  returns: { windowDays: number; until: Date },
): Promise<EmailInput> {
  return paragraphsEmail({
    site: order.site,
    to: order.email,
    subject: `Order #${order.number} was delivered`,
    template: "order-delivered",
    paragraphs: [
      `Your order #${order.number} was delivered. We hope your pet enjoys it.`,
      returns.windowDays > 0
        ? `If something is not right, you can ask to return items within ${returns.windowDays} days of delivery (until ${day(returns.until)}) from your order's page.`
        : "If something is not right, contact us from the shop's Contact page.",
    ],
    links: [seeOrder(order)],
  });
}

/** Confirms a cancellation and what goes back to the card. */
export function orderCancelledEmail(order: EmailOrderRef, refundCents: number): Promise<EmailInput> {
  return paragraphsEmail({
    site: order.site,
    to: order.email,
    subject: `Order #${order.number} is cancelled`,
    template: "order-cancelled",
    paragraphs: [
      `As you asked, your order #${order.number} is cancelled and will not ship.`,
      refundCents > 0
        ? `We are refunding ${formatMoney(refundCents)} to your card. It reaches your card within 5 to 10 business days.`
        : "Nothing was charged for this order, so there is nothing to refund.",
    ],
    links: [seeOrder(order)],
  });
}

/** Sent once the payment service gave money back: how much, and whether the order is now refunded in full. */
export function orderRefundedEmail(
  order: EmailOrderRef,
  /** `cause`: the refund row's, as stored when it was queued (`REFUND_CAUSES`). */
  refund: { amountCents: number; full: boolean; cause: RefundCause },
): Promise<EmailInput> {
  const amount = formatMoney(refund.amountCents);
  const why =
    refund.cause === "return"
      ? `We received the items you returned from order #${order.number} and refunded ${amount} to your card.`
      : refund.cause === "shop"
        ? `We refunded ${amount} to your card for order #${order.number}.`
        : `We refunded ${amount} to your card for your cancelled order #${order.number}.`;
  return paragraphsEmail({
    site: order.site,
    to: order.email,
    subject: `${amount} refunded for order #${order.number}`,
    template: "order-refunded",
    paragraphs: [
      why,
      refund.full ? "The order is now refunded in full." : "This is a partial refund of the order.",
      "It reaches your card within 5 to 10 business days, depending on your bank.",
    ],
    links: [seeOrder(order)],
  });
}

/** Confirms a return request: its lines, the reason and what happens next. */
export function returnRequestedEmail(
  order: EmailOrderRef,
  request: {
    lines: { productTitle: string; variantTitle: string; quantity: number; imageUrl?: string | null }[];
    reason: string;
    refundCents: number;
  },
): Promise<EmailInput> {
  return paragraphsEmail({
    site: order.site,
    to: order.email,
    subject: `Your return for order #${order.number}`,
    template: "return-requested",
    paragraphs: [`We received your request to return items from order #${order.number}.`],
    links: [seeOrder(order)],
    children: (
      <>
        {request.lines.map((l, i) => (
          <ProductLine
            key={i}
            imageUrl={l.imageUrl ?? null}
            title={l.productTitle}
            detail={`${l.variantTitle} · Qty ${l.quantity}`}
          />
        ))}
        <ReturnNext reason={request.reason} refundCents={request.refundCents} />
      </>
    ),
  });
}

function ReturnNext({ reason, refundCents }: { reason: string; refundCents: number }) {
  const next = [
    "What happens next: we review your request and send you the return instructions. Once the items are back with us, we refund",
    refundCents > 0 ? ` ${formatMoney(refundCents)} to your card.` : " what they cost to your card.",
  ].join("");
  return (
    <>
      <p style={{ fontSize: "15px", lineHeight: "22px", margin: "12px 0" }}>Reason: {reason}</p>
      <p style={{ fontSize: "15px", lineHeight: "22px", margin: "12px 0" }}>{next}</p>
    </>
  );
}
