// The shop's email messages: plain text always, plus HTML. Pure:
// they take the data and return the message; services send them.
import { formatMoney } from "~/models/money";
import { amountRows, type OrderAmounts } from "~/models/order-amounts";
import { givingBackLines } from "~/models/order-donation";
import type { RefundCause } from "~/models/refunds";
import type { EmailInput } from "./types";

export interface EmailOrder extends OrderAmounts {
  number: number;
  email: string;
  /** Where to see the order: an absolute URL on the site's configured public origin. */
  link: string;
  /** What the order gives (docs/rules.md "Donations"); absent for an order that gives nothing. */
  donationCauseName?: string | null;
  donationCents?: number;
  lines: {
    productTitle: string;
    variantTitle: string;
    quantity: number;
    unitPriceCents: number;
    plan: string | null;
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

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

function html(title: string, paragraphs: string[]): string {
  return `<!doctype html><html lang="en"><body style="font-family:Arial,sans-serif;color:#1b1b1b"><h1 style="font-size:20px">${escape(title)}</h1>${paragraphs.join("")}</body></html>`;
}

function addressLines(a: EmailOrder["shippingAddress"]): string[] {
  return [`${a.firstName} ${a.lastName}`, a.address1, a.address2 ?? "", `${a.city}, ${a.provinceCode} ${a.zip}`].filter(
    Boolean,
  );
}

/** Sent after an order is placed (checkout or autoship). */
export function orderConfirmationEmail(order: EmailOrder, origin: "checkout" | "autoship" = "checkout"): EmailInput {
  const subject =
    origin === "autoship" ? `Your autoship order #${order.number} is on its way` : `Order #${order.number} confirmed`;
  const lineText = order.lines.map(
    (l) =>
      `${l.quantity} × ${l.productTitle} (${l.variantTitle})${l.plan ? `, autoship ${l.plan.toLowerCase()}` : ""}: ${formatMoney(l.unitPriceCents * l.quantity)}`,
  );
  const amounts: [string, string][] = [
    ...amountRows(order).map((row): [string, string] => [row.label, row.value]),
    ["Total", formatMoney(order.totalCents)],
  ];
  const address = addressLines(order.shippingAddress);
  const giving = givingBackLines({
    donationCauseName: order.donationCauseName ?? null,
    donationCents: order.donationCents ?? 0,
    shopperDonationKind: order.shopperDonationKind ?? null,
    shopperDonationCents: order.shopperDonationCents ?? 0,
  });
  const text = [
    `Thank you for your order #${order.number}.`,
    "",
    ...lineText,
    "",
    ...amounts.map(([k, v]) => `${k}: ${v}`),
    "",
    ...(giving.length ? ["Giving back", ...giving, ""] : []),
    "Shipping to:",
    ...address,
    "",
    `See your order: ${order.link}`,
  ].join("\n");
  return {
    to: order.email,
    subject,
    text,
    template: origin === "autoship" ? "autoship-order" : "order-confirmation",
    html: html(subject, [
      `<p>Thank you for your order #${order.number}.</p>`,
      `<ul>${lineText.map((l) => `<li>${escape(l)}</li>`).join("")}</ul>`,
      `<table>${amounts.map(([k, v]) => `<tr><th align="left">${escape(k)}</th><td>${escape(v)}</td></tr>`).join("")}</table>`,
      ...(giving.length
        ? [`<h2 style="font-size:16px">Giving back</h2>`, ...giving.map((l) => `<p>${escape(l)}</p>`)]
        : []),
      `<p>Shipping to:<br>${address.map(escape).join("<br>")}</p>`,
      `<p><a href="${escape(order.link)}">See your order</a></p>`,
    ]),
  };
}

export interface EmailSubscription {
  email: string;
  productTitle: string;
  variantTitle: string;
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

const day = (date: Date) =>
  date.toLocaleDateString("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });

/** A message of plain paragraphs and one or more closing links, as text and as HTML. */
function paragraphsEmail(
  to: string,
  subject: string,
  paragraphs: string[],
  template: string,
  link: { label: string; href: string } | { label: string; href: string }[],
): EmailInput {
  const links = Array.isArray(link) ? link : [link];
  return {
    to,
    subject,
    text: [...paragraphs, ...links.map((l) => `${l.label}: ${l.href}`)].join("\n\n"),
    html: html(subject, [
      ...paragraphs.map((p) => `<p>${escape(p)}</p>`),
      ...links.map((l) => `<p><a href="${escape(l.href)}">${escape(l.label)}</a></p>`),
    ]),
    template,
  };
}

/**
 * Sent some days before an autoship order is created; flags a card that will have expired by
 * then, with a link to Payment Methods (docs/rules.md "Saved cards").
 */
export function autoshipReminderEmail(sub: EmailSubscription): EmailInput {
  const subject = `Your autoship of ${sub.productTitle} ships ${day(sub.nextOrderDate)}`;
  const body = [
    `Your next autoship order (${sub.quantity} × ${sub.productTitle}, ${sub.variantTitle}, ${sub.frequency.toLowerCase()}) will be placed on ${day(sub.nextOrderDate)}.`,
    "To skip it, change the date or the quantity, visit My Autoship in your account.",
  ];
  const autoships = { label: "My Autoship", href: sub.link };
  if (!sub.cardNotice) return paragraphsEmail(sub.email, subject, body, "autoship-reminder", autoships);
  return paragraphsEmail(sub.email, subject, [...body, sub.cardNotice], "autoship-reminder", [
    { label: "Update your card in Payment Methods", href: sub.paymentMethodsLink },
    autoships,
  ]);
}

/** Confirms a skipped delivery: which one, and when the next order is placed instead. */
export function autoshipSkippedEmail(sub: EmailSubscription, skipped: Date): EmailInput {
  const subject = `Your autoship delivery of ${sub.productTitle} is skipped`;
  const body = [
    `As you asked, we will not place your autoship order of ${sub.productTitle} (${sub.variantTitle}) due ${day(skipped)}.`,
    `Your next order (${sub.quantity} × ${sub.productTitle}, ${sub.frequency.toLowerCase()}) will be placed on ${day(sub.nextOrderDate)}.`,
  ];
  return paragraphsEmail(sub.email, subject, body, "autoship-skipped", { label: "My Autoship", href: sub.link });
}

/** Why an autoship order was not placed. */
export type AutoshipFailure = "out_of_stock" | "declined" | "over_quota";

/** Sent when an autoship order could not be placed (out of stock, declined, or past the staff quota). */
export function autoshipFailedEmail(sub: EmailSubscription, reason: AutoshipFailure): EmailInput {
  const subject = `We could not place your autoship order of ${sub.productTitle}`;
  const due = day(sub.nextOrderDate);
  const why = {
    out_of_stock: `${sub.productTitle} (${sub.variantTitle}) is out of stock, so your autoship order due ${due} was not placed.`,
    declined: `Your saved card was declined, so your autoship order due ${due} was not placed.`,
    over_quota: `Your autoship order due ${due} is over what is left of your monthly program allowance, so it was not placed.`,
  }[reason];
  if (reason === "declined") {
    // The card is the customer's to fix: the email goes straight to Payment Methods (docs/rules.md "Saved cards").
    const body = [
      why,
      "Update your card and try again: add a card or choose another one in Payment Methods, then switch this autoship to it in My Autoship. We will also try again on the next run.",
    ];
    return paragraphsEmail(sub.email, subject, body, "autoship-declined", [
      { label: "Update your card", href: sub.paymentMethodsLink },
      { label: "My Autoship", href: sub.link },
    ]);
  }
  const body = [why, "We will try again on the next run. You can also change or skip this delivery in My Autoship."];
  return paragraphsEmail(sub.email, subject, body, `autoship-${reason.replaceAll("_", "-")}`, {
    label: "My Autoship",
    href: sub.link,
  });
}

/** The password-reset link: one use, expires in an hour. */
export function passwordResetEmail(to: string, link: string): EmailInput {
  const subject = "Reset your password";
  const body = [
    "We received a request to reset the password of your account.",
    `Choose a new password here (the link works once, for one hour): ${link}`,
    "If you did not ask for this, ignore this email: your password stays the same.",
  ];
  return {
    to,
    subject,
    text: body.join("\n\n"),
    html: html(subject, [
      `<p>${escape(body[0])}</p>`,
      `<p><a href="${escape(link)}">Choose a new password</a> (the link works once, for one hour).</p>`,
      `<p>${escape(body[2])}</p>`,
    ]),
    template: "password-reset",
  };
}

/** A contact-form message (shop-core spec section 7), for the support address. */
export interface ContactEmail {
  to: string;
  /** The site's name and id, e.g. "Pet Nutrition (DTC)". */
  site: string;
  name: string;
  email: string;
  phone?: string;
  orderNumber?: string;
  topic: string;
  message: string;
  customerId?: string | null;
  /** The stored ContactMessage's id. */
  reference: string;
}

/** Sent to support for every contact-form message; replies go to the shopper. */
export function contactUsEmail(contact: ContactEmail): EmailInput {
  const subject = `Contact form: ${contact.topic} from ${contact.name}`.slice(0, 250);
  const rows: [string, string][] = [
    ["Site", contact.site],
    ["Topic", contact.topic],
    ["Name", contact.name],
    ["Email", contact.email],
    ["Phone", contact.phone ?? "not given"],
    ["Order number", contact.orderNumber ?? "not given"],
    ["Customer account", contact.customerId ?? "guest"],
    ["Reference", contact.reference],
  ];
  const text = [
    `A message from the contact form. Reply to the shopper at ${contact.email}.`,
    "",
    ...rows.map(([k, v]) => `${k}: ${v}`),
    "",
    "Message:",
    contact.message,
  ].join("\n");
  return {
    to: contact.to,
    replyTo: contact.email,
    subject,
    text,
    template: "contact-us",
    html: html(subject, [
      `<p>A message from the contact form. Reply to the shopper at <a href="mailto:${escape(contact.email)}">${escape(contact.email)}</a>.</p>`,
      `<table>${rows.map(([k, v]) => `<tr><th align="left">${escape(k)}</th><td>${escape(v)}</td></tr>`).join("")}</table>`,
      `<p style="white-space:pre-wrap">${escape(contact.message)}</p>`,
    ]),
  };
}

// ─── After the order (docs/rules.md "Order lifecycle" and "Returns") ───────────

/** The order an after-sale email is about. */
export interface EmailOrderRef {
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
): EmailInput {
  const subject = `Order #${order.number} has shipped`;
  const body = [
    `Good news: your order #${order.number} is on its way with ${shipment.carrierName}.`,
    `Tracking number: ${shipment.trackingNumber}`,
  ];
  return {
    to: order.email,
    subject,
    text: [...body, `Track your package: ${shipment.url}`, `See your order: ${order.link}`].join("\n\n"),
    html: html(subject, [
      ...body.map((p) => `<p>${escape(p)}</p>`),
      `<p><a href="${escape(shipment.url)}">Track your package with ${escape(shipment.carrierName)}</a></p>`,
      `<p><a href="${escape(order.link)}">See your order</a></p>`,
    ]),
    template: "order-shipped",
  };
}

/** Sent when the order is delivered: how long it can be returned. */
export function orderDeliveredEmail(order: EmailOrderRef, returns: { windowDays: number; until: Date }): EmailInput {
  const subject = `Order #${order.number} was delivered`;
  const body = [
    `Your order #${order.number} was delivered. We hope your pet enjoys it.`,
    returns.windowDays > 0
      ? `If something is not right, you can ask to return items within ${returns.windowDays} days of delivery (until ${day(returns.until)}) from your order's page.`
      : "If something is not right, contact us from the shop's Contact page.",
  ];
  return paragraphsEmail(order.email, subject, body, "order-delivered", seeOrder(order));
}

/** Confirms a cancellation and what goes back to the card. */
export function orderCancelledEmail(order: EmailOrderRef, refundCents: number): EmailInput {
  const subject = `Order #${order.number} is cancelled`;
  const body = [
    `As you asked, your order #${order.number} is cancelled and will not ship.`,
    refundCents > 0
      ? `We are refunding ${formatMoney(refundCents)} to your card. It reaches your card within 5 to 10 business days.`
      : "Nothing was charged for this order, so there is nothing to refund.",
  ];
  return paragraphsEmail(order.email, subject, body, "order-cancelled", seeOrder(order));
}

/** Sent once the payment service gave money back: how much, and whether the order is now refunded in full. */
export function orderRefundedEmail(
  order: EmailOrderRef,
  /** `cause`: the refund row's, as stored when it was queued (`REFUND_CAUSES`). */
  refund: { amountCents: number; full: boolean; cause: RefundCause },
): EmailInput {
  const subject = `${formatMoney(refund.amountCents)} refunded for order #${order.number}`;
  const why =
    refund.cause === "return"
      ? `We received the items you returned from order #${order.number} and refunded ${formatMoney(refund.amountCents)} to your card.`
      : refund.cause === "shop"
        ? `We refunded ${formatMoney(refund.amountCents)} to your card for order #${order.number}.`
        : `We refunded ${formatMoney(refund.amountCents)} to your card for your cancelled order #${order.number}.`;
  const body = [
    why,
    refund.full ? "The order is now refunded in full." : "This is a partial refund of the order.",
    "It reaches your card within 5 to 10 business days, depending on your bank.",
  ];
  return paragraphsEmail(order.email, subject, body, "order-refunded", seeOrder(order));
}

/** Confirms a return request: its lines, the reason and what happens next. */
export function returnRequestedEmail(
  order: EmailOrderRef,
  request: {
    lines: { productTitle: string; variantTitle: string; quantity: number }[];
    reason: string;
    refundCents: number;
  },
): EmailInput {
  const subject = `Your return for order #${order.number}`;
  const lines = request.lines.map((l) => `${l.quantity} × ${l.productTitle} (${l.variantTitle})`);
  const next = [
    "What happens next: we review your request and send you the return instructions. Once the items are back with us, we refund",
    request.refundCents > 0 ? ` ${formatMoney(request.refundCents)} to your card.` : " what they cost to your card.",
  ].join("");
  const text = [
    `We received your request to return items from order #${order.number}.`,
    "",
    ...lines,
    "",
    `Reason: ${request.reason}`,
    "",
    next,
    "",
    `See your order: ${order.link}`,
  ].join("\n");
  return {
    to: order.email,
    subject,
    text,
    html: html(subject, [
      `<p>We received your request to return items from order #${order.number}.</p>`,
      `<ul>${lines.map((l) => `<li>${escape(l)}</li>`).join("")}</ul>`,
      `<p>Reason: ${escape(request.reason)}</p>`,
      `<p>${escape(next)}</p>`,
      `<p><a href="${escape(order.link)}">See your order</a></p>`,
    ]),
    template: "return-requested",
  };
}

// ─── Back in stock (docs/rules.md "Back in stock") ──────────────────────────────

/** What the back-in-stock email names: the variant asked for and its page on the site asked on. */
export interface EmailBackInStock {
  to: string;
  productTitle: string;
  variantTitle: string;
  /** The variant's page: an absolute URL on the site's configured public origin. */
  link: string;
}

/** Sent once to each address that asked, when the variant's stock returns; no list to leave. */
export function backInStockEmail(item: EmailBackInStock): EmailInput {
  const subject = `${item.productTitle} is back in stock`;
  const body = [
    `Good news: ${item.productTitle} (${item.variantTitle}) is back in stock.`,
    "Stock can run out again quickly, so order soon if you still want it.",
    "You asked us to tell you when it was back. This is a one-time email: we will not write to you about it again, and you are on no mailing list.",
  ];
  return paragraphsEmail(item.to, subject, body, "back-in-stock", {
    label: `See ${item.productTitle}`,
    href: item.link,
  });
}
