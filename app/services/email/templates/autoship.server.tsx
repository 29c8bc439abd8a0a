// The autoship emails (docs/rules.md "Autoship"): the reminder before an order, a skipped
// delivery, and an order that could not be placed. Each shows the subscription's product
// with its picture.
import type { SiteId } from "~/models/site";
import type { EmailInput } from "~/services/email/types";
import { emailDay as day } from "./dates";
import { ProductLine } from "./layout.server";
import { paragraphsEmail } from "./paragraphs.server";

export interface EmailSubscription {
  site: SiteId;
  email: string;
  productTitle: string;
  variantTitle: string;
  /** The variant's picture, absolute and small (`emailImageUrl`); null without one. */
  imageUrl?: string | null;
  quantity: number;
  frequency: string;
  nextOrderDate: Date;
  /** My Autoship: an absolute URL on the site's configured public origin. */
  link: string;
  /** Payment Methods (docs/rules.md "Saved cards"): where a declined or expiring card is updated. */
  paymentMethodsLink: string;
  /**
   * The reminder's expiring-card flag (`expiringCardNotice`, app/models/payment-cards.ts): set when
   * the card will have expired by the order date.
   */
  cardNotice?: string | null;
}

const product = (sub: EmailSubscription) => (
  <ProductLine
    imageUrl={sub.imageUrl ?? null}
    title={sub.productTitle}
    detail={`${sub.variantTitle} · Qty ${sub.quantity} · ${sub.frequency}`}
  />
);

/**
 * Sent some days before an autoship order is created; flags a card that will have expired by
 * then, with a link to Payment Methods (docs/rules.md "Saved cards").
 */
export function autoshipReminderEmail(sub: EmailSubscription): Promise<EmailInput> {
  const subject = `Your autoship of ${sub.productTitle} ships ${day(sub.nextOrderDate)}`;
  const body = [
    `Your next autoship order (${sub.quantity} × ${sub.productTitle}, ${sub.variantTitle}, ${sub.frequency.toLowerCase()}) will be placed on ${day(sub.nextOrderDate)}.`,
    "To skip it, change the date or the quantity, visit My Autoship in your account.",
  ];
  const autoships = { label: "My Autoship", href: sub.link };
  return paragraphsEmail({
    site: sub.site,
    to: sub.email,
    subject,
    template: "autoship-reminder",
    paragraphs: sub.cardNotice ? [...body, sub.cardNotice] : body,
    links: sub.cardNotice
      ? [{ label: "Update your card in Payment Methods", href: sub.paymentMethodsLink }, autoships]
      : [autoships],
    children: product(sub),
  });
}

/** Confirms a skipped delivery: which one, and when the next order is placed instead. */
export function autoshipSkippedEmail(sub: EmailSubscription, skipped: Date): Promise<EmailInput> {
  return paragraphsEmail({
    site: sub.site,
    to: sub.email,
    subject: `Your autoship delivery of ${sub.productTitle} is skipped`,
    template: "autoship-skipped",
    paragraphs: [
      `As you asked, we will not place your autoship order of ${sub.productTitle} (${sub.variantTitle}) due ${day(skipped)}.`,
      `Your next order (${sub.quantity} × ${sub.productTitle}, ${sub.frequency.toLowerCase()}) will be placed on ${day(sub.nextOrderDate)}.`,
    ],
    links: [{ label: "My Autoship", href: sub.link }],
    children: product(sub),
  });
}

/** Why an autoship order was not placed. */
export type AutoshipFailure = "out_of_stock" | "declined" | "over_quota";

/** Sent when an autoship order could not be placed (out of stock, declined, or past the staff quota). */
export function autoshipFailedEmail(sub: EmailSubscription, reason: AutoshipFailure): Promise<EmailInput> {
  const subject = `We could not place your autoship order of ${sub.productTitle}`;
  const due = day(sub.nextOrderDate);
  const why = {
    out_of_stock: `${sub.productTitle} (${sub.variantTitle}) is out of stock, so your autoship order due ${due} was not placed.`,
    declined: `Your saved card was declined, so your autoship order due ${due} was not placed.`,
    over_quota: `Your autoship order due ${due} is over what is left of your monthly program allowance, so it was not placed.`,
  }[reason];
  const common = { site: sub.site, to: sub.email, subject, children: product(sub) };
  if (reason === "declined") {
    // The card is the customer's to fix: the email goes straight to Payment Methods (docs/rules.md "Saved cards").
    return paragraphsEmail({
      ...common,
      template: "autoship-declined",
      paragraphs: [
        why,
        "Update your card and try again: add a card or choose another one in Payment Methods, then switch this autoship to it in My Autoship. We will also try again on the next run.",
      ],
      links: [
        { label: "Update your card", href: sub.paymentMethodsLink },
        { label: "My Autoship", href: sub.link },
      ],
    });
  }
  return paragraphsEmail({
    ...common,
    template: `autoship-${reason.replaceAll("_", "-")}`,
    paragraphs: [why, "We will try again on the next run. You can also change or skip this delivery in My Autoship."],
    links: [{ label: "My Autoship", href: sub.link }],
  });
}
