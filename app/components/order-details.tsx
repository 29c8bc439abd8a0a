// Parts of My Order Details (shop-core spec sections 2, 3 and 5): the review link under a line,
// the shipping address and the payment line.
import { Link } from "@remix-run/react";
import { formatMoney } from "~/models/money";

/** Each line's product: "Write a review", or "You reviewed this" (docs/rules.md "Reviews on pages"). */
export function OrderLineReview({
  review,
  title,
}: {
  review: { href: string; reviewed: boolean } | null;
  title: string;
}) {
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

export interface ShownAddress {
  firstName: string;
  lastName: string;
  company?: string | null;
  address1: string;
  address2?: string | null;
  city: string;
  provinceCode: string;
  zip: string;
  phone?: string | null;
}

export function ShippingAddress({ address }: { address: ShownAddress | null }) {
  return (
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
  );
}

export function PaymentSummary({
  paymentSummary,
  totalCents,
  currencyCode,
}: {
  paymentSummary: string | null;
  totalCents: number;
  currencyCode: string;
}) {
  const money = (cents: number) => formatMoney(cents, currencyCode);
  return (
    <section aria-labelledby="order-payment-title">
      <h2 id="order-payment-title">Payment</h2>
      <p>
        {paymentSummary
          ? `Paid ${money(totalCents)} with ${paymentSummary}.`
          : totalCents === 0
            ? "Nothing to pay."
            : `Paid ${money(totalCents)} with your saved card.`}
      </p>
    </section>
  );
}
