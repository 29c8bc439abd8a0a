// The order confirmation (checkout and autoship orders): the lines with their pictures, the
// amounts as the order stored them (`amountRows`, the order pages' owner), the delivery
// estimate, what the order gives, the address and the link to the order.
import { formatMoney } from "~/models/money";
import { amountRows, type OrderAmounts } from "~/models/order-amounts";
import { givingBackLines } from "~/models/order-donation";
import type { SiteId } from "~/models/site";
import { emailShop } from "~/services/email/shop.server";
import type { EmailInput } from "~/services/email/types";
import { Action, EmailLayout, H2, P, Pairs, ProductLine } from "./layout.server";
import { composeEmail } from "./render.server";

export interface EmailOrder extends OrderAmounts {
  site: SiteId;
  number: number;
  email: string;
  /** Where to see the order: an absolute URL on the site's configured public origin. */
  link: string;
  /** The delivery estimate's line ("Estimated delivery Monday, March 2"); null when the order has none. */
  deliveryEstimate?: string | null;
  /** What the order gives (docs/rules.md "Donations"); absent for an order that gives nothing. */
  donationCauseName?: string | null;
  donationCents?: number;
  lines: {
    productTitle: string;
    variantTitle: string;
    quantity: number;
    unitPriceCents: number;
    plan: string | null;
    /** The line's picture, absolute and small (`emailImageUrl`); null without one. */
    imageUrl: string | null;
  }[];
  shippingAddress: {
    firstName: string;
    lastName: string;
    address1: string;
    address2?: string | null;
    city: string;
    provinceCode: string;
    zip: string;
  };
}

function addressLines(a: EmailOrder["shippingAddress"]): string[] {
  return [`${a.firstName} ${a.lastName}`, a.address1, a.address2 ?? "", `${a.city}, ${a.provinceCode} ${a.zip}`].filter(
    Boolean,
  );
}

/** Sent after an order is placed (checkout or autoship). */
export async function orderConfirmationEmail(
  order: EmailOrder,
  origin: "checkout" | "autoship" = "checkout",
): Promise<EmailInput> {
  const subject =
    origin === "autoship" ? `Your autoship order #${order.number} is on its way` : `Order #${order.number} confirmed`;
  const giving = givingBackLines({
    donationCauseName: order.donationCauseName ?? null,
    donationCents: order.donationCents ?? 0,
    shopperDonationKind: order.shopperDonationKind ?? null,
    shopperDonationCents: order.shopperDonationCents ?? 0,
  });
  const thanks = `Thank you for your order #${order.number}.`;
  return composeEmail(
    { to: order.email, subject, template: origin === "autoship" ? "autoship-order" : "order-confirmation" },
    <EmailLayout shop={emailShop(order.site)} preview={thanks} heading={subject}>
      <P>{thanks}</P>
      {order.deliveryEstimate ? <P>{order.deliveryEstimate}.</P> : null}
      <H2>Your items</H2>
      {order.lines.map((l, i) => (
        <ProductLine
          key={i}
          imageUrl={l.imageUrl}
          title={l.productTitle}
          detail={`${l.variantTitle} · Qty ${l.quantity}${l.plan ? ` · Autoship ${l.plan.toLowerCase()}` : ""}`}
          value={formatMoney(l.unitPriceCents * l.quantity)}
        />
      ))}
      <Pairs rows={amountRows(order)} total={formatMoney(order.totalCents)} />
      {giving.length ? (
        <>
          <H2>Giving back</H2>
          <P>
            {giving.map((line, i) => (
              <span key={i}>
                {i > 0 ? <br /> : null}
                {line}
              </span>
            ))}
          </P>
        </>
      ) : null}
      <H2>Shipping to</H2>
      <P>
        {addressLines(order.shippingAddress).map((line, i) => (
          <span key={i}>
            {i > 0 ? <br /> : null}
            {line}
          </span>
        ))}
      </P>
      <Action href={order.link}>See your order</Action>
    </EmailLayout>,
  );
}
