// The shop's emails as the shop (docs/rules.md "Emails"): every template renders in the one
// layout with the site's name, its logo as an absolute URL, the support address and the
// footer; the order confirmation shows the lines with their pictures, the amounts the order
// stored (`amountRows`, as the order pages show them) and the delivery estimate; the plain
// text says the same; and whatever a shopper or the catalogue typed is escaped.
import fs from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { estimatedDeliveryDate } from "~/models/checkout-forms";
import { DEFAULT_SHOP_TIME_ZONE, formatShopWeekday } from "~/models/shop-time";
import { formatMoney } from "~/models/money";
import { amountRows } from "~/models/order-amounts";
import {
  autoshipFailedEmail,
  autoshipReminderEmail,
  autoshipSkippedEmail,
  backInStockEmail,
  contactUsEmail,
  emailImageUrl,
  emailShop,
  orderCancelledEmail,
  orderConfirmationFor,
  orderDeliveredEmail,
  orderRefundedEmail,
  orderShippedEmail,
  passwordResetEmail,
  returnRequestedEmail,
  type EmailInput,
} from "~/services/email/index.server";
import { nextOrderNumber } from "~/services/orders/index.server";
import { ensureSeeded, TEST_ADDRESS } from "../helpers/seeded";

const ORIGIN = "http://localhost:3000";
const LOGO = `${ORIGIN}/brand/email-logo.png`;
const EVIL = `Chicken <script>alert("x")</script> & Rice`;
const EVIL_HTML = "Chicken &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Rice";
/** Where a test run leaves each rendered email, to look at (and for the screenshots). */
const PREVIEW_DIR = process.env.EMAIL_PREVIEW_DIR;

let variant: { id: string; productId: string; title: string; product: { title: string } };
/** The variant's own picture, as the seed gives every variant one (docs/rules.md "Pictures and their ratios"). */
let pictureUrl: string;

beforeAll(async () => {
  await ensureSeeded();
  variant = await prisma.productVariant.findFirstOrThrow({
    orderBy: { sku: "asc" },
    select: { id: true, productId: true, title: true, product: { select: { title: true } } },
  });
  pictureUrl = (await prisma.productImage.findFirstOrThrow({ where: { variantId: variant.id } })).url;
});

/** An order with every amount set, its first line titled with markup. */
async function storedOrder(address = TEST_ADDRESS) {
  return prisma.order.create({
    data: {
      number: await nextOrderNumber(prisma),
      site: "DTC",
      customerId: null,
      email: `email-${crypto.randomUUID()}@example.com`,
      subtotalCents: 8997,
      discountCents: 900,
      discountCodes: "SAVE10",
      shippingCents: 799,
      surchargeCents: 0,
      taxCents: 571,
      totalCents: 9467,
      shippingAddress: JSON.stringify(address),
      lines: {
        create: [
          {
            variantId: variant.id,
            productTitle: EVIL,
            variantTitle: variant.title,
            sku: "EMAIL-1",
            quantity: 2,
            unitPriceCents: 2999,
            weightValue: 15,
            weightUnit: "lbs",
          },
          {
            variantId: null,
            productTitle: "Hill's Treats",
            variantTitle: "8 oz",
            sku: "EMAIL-2",
            quantity: 1,
            unitPriceCents: 2999,
            weightValue: 8,
            weightUnit: "oz",
          },
        ],
      },
    },
  });
}

const confirmationOf = (orderId: string) => prisma.$transaction((tx) => orderConfirmationFor(tx, orderId, "checkout"));

/** Text content of the HTML: tags dropped, entities of the shop's own text read back. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replaceAll("&#x27;", "'")
    .replaceAll("&amp;", "&")
    .replace(/\s+/g, " ");

function preview(name: string, email: EmailInput) {
  if (!PREVIEW_DIR) return;
  fs.mkdirSync(PREVIEW_DIR, { recursive: true });
  fs.writeFileSync(`${PREVIEW_DIR}/${name}.html`, email.html ?? "");
  fs.writeFileSync(`${PREVIEW_DIR}/${name}.txt`, email.text);
}

/** What every email of the shop has: the layout's header, support contact and footer, in both parts. */
function expectLayout(email: EmailInput, site: "DTC" | "HPSF" = "DTC") {
  const shop = emailShop(site);
  const html = email.html ?? "";
  expect(html).toMatch(/^<!DOCTYPE html/);
  expect(html).toContain(`src="${shop.logoUrl}"`);
  expect(textOf(html)).toContain(shop.name);
  expect(html).toContain(`href="mailto:${shop.supportEmail}"`);
  expect(html).toContain(`href="${shop.contactUrl}"`);
  expect(textOf(html)).toContain(shop.note);
  expect(email.text).toContain(shop.name);
  expect(email.text).toContain(shop.supportEmail);
  expect(email.text).toContain(`contact form: ${shop.contactUrl}`);
  // No data is written as markup: no template sets inner HTML, and no value is left out.
  expect(html).not.toContain("<script");
  expect(`${html}\n${email.text}`).not.toMatch(/undefined|null|NaN|\[object/);
}

describe("the order confirmation (docs/rules.md 'Emails')", () => {
  it("shows the shop, the lines with their pictures, the order's stored amounts and the delivery estimate", async () => {
    const order = await storedOrder();
    const email = await confirmationOf(order.id);
    preview("order-confirmation", email);
    expectLayout(email);
    const html = email.html!;

    // The line's picture through the image route, small, absolute on the site's origin.
    const image = emailImageUrl("DTC", pictureUrl)!;
    expect(image).toBe(`${ORIGIN}/_ipx/s_128x128,fit_contain,f_jpeg,q_80,b_fff${pictureUrl}`);
    expect(html).toContain(`src="${image}"`);
    // A line without a variant (removed from the catalogue) has no picture, and still shows.
    expect(html.match(/<img /g)).toHaveLength(2);
    expect(textOf(html)).toContain("Hill's Treats");

    // The amounts are the order's, in the order pages' rows and words (amountRows), adding up to its total.
    const rows = amountRows({ ...order, discountCodes: ["SAVE10"] });
    expect(rows.map((r) => r.label)).toEqual(["Subtotal", "Discount (SAVE10)", "Shipping", "Tax"]);
    for (const row of rows) {
      expect(textOf(html)).toContain(`${row.label} ${row.value}`);
      expect(email.text).toContain(`${row.label}: ${row.value}`);
    }
    expect(textOf(html)).toContain(`Total ${formatMoney(order.totalCents)}`);
    expect(email.text).toContain(`Total: ${formatMoney(order.totalCents)}`);
    expect(email.text).toContain(formatMoney(2 * 2999));

    // The estimate the checkout showed: DELIVERY_BUSINESS_DAYS business days from the order's day, to its zip.
    const day = formatShopWeekday(
      estimatedDeliveryDate(order.createdAt, 5, DEFAULT_SHOP_TIME_ZONE),
      DEFAULT_SHOP_TIME_ZONE,
    );
    expect(email.text).toContain(`Estimated delivery ${day} to ${TEST_ADDRESS.zip}`);
    expect(textOf(html)).toContain(`Estimated delivery ${day} to ${TEST_ADDRESS.zip}`);

    // The product title with markup is shown as text, in both parts.
    expect(html).toContain(EVIL_HTML);
    expect(email.text).toContain(EVIL);
    expect(email).toMatchObject({
      to: order.email,
      subject: `Order #${order.number} confirmed`,
      template: "order-confirmation",
    });
    expect(email.text).toContain(`Thank you for your order #${order.number}.`);
    expect(email.text).toContain(`See your order: ${ORIGIN}/`);
    expect(email.text).toContain(`${TEST_ADDRESS.city}, ${TEST_ADDRESS.provinceCode} ${TEST_ADDRESS.zip}`);
  });

  it("has no delivery estimate where the checkout shows none (Hawaii, HAWAII_DELIVERY_DATE_HIDDEN)", async () => {
    const order = await storedOrder({ ...TEST_ADDRESS, city: "Honolulu", provinceCode: "HI", zip: "96813" });
    const email = await confirmationOf(order.id);
    expect(email.text).not.toContain("Estimated delivery");
    expect(email.text).not.toContain("See checkout");
    expect(email.text).toContain("Honolulu, HI 96813");
  });
});

describe("every other email in the layout (docs/rules.md 'Emails')", () => {
  const order = { site: "DTC" as const, number: 100777, email: "ana@example.com", link: `${ORIGIN}/account/orders/o1` };
  const sub = {
    site: "DTC" as const,
    email: "ana@example.com",
    productTitle: EVIL,
    variantTitle: "15 lb",
    imageUrl: emailImageUrl("DTC", "/images/email-test.png"),
    quantity: 2,
    frequency: "Every 4 weeks",
    // Noon in New York: emails write the day in the shop's time zone (docs/rules.md "Shop time").
    nextOrderDate: new Date("2026-03-02T17:00:00Z"),
    link: `${ORIGIN}/account/autoships`,
    paymentMethodsLink: `${ORIGIN}/account/payment-methods`,
  };

  it.each([
    [
      "order-shipped",
      () =>
        orderShippedEmail(order, {
          carrierName: "UPS",
          trackingNumber: "1Z999",
          url: "https://www.ups.com/track?tracknum=1Z999",
        }),
      [
        "Tracking number: 1Z999",
        "Track your package with UPS: https://www.ups.com/track?tracknum=1Z999",
        `See order #100777: ${order.link}`,
      ],
    ],
    [
      "order-delivered",
      () => orderDeliveredEmail(order, { windowDays: 30, until: new Date("2026-04-01T16:00:00Z") }),
      ["within 30 days of delivery (until Wednesday, April 1, 2026)"],
    ],
    ["order-cancelled", () => orderCancelledEmail(order, 1250), ["We are refunding $12.50 to your card."]],
    [
      "order-refunded",
      () => orderRefundedEmail(order, { amountCents: 500, full: false, cause: "shop" }),
      ["We refunded $5.00 to your card for order #100777.", "This is a partial refund of the order."],
    ],
    [
      "return-requested",
      () =>
        returnRequestedEmail(order, {
          lines: [{ productTitle: EVIL, variantTitle: "15 lb", quantity: 1 }],
          reason: "Damaged",
          refundCents: 2999,
        }),
      [EVIL, "Reason: Damaged", "we refund $29.99 to your card."],
    ],
    [
      "autoship-reminder",
      () => autoshipReminderEmail({ ...sub, cardNotice: "Your visa ending 4242 expires before then." }),
      [
        "will be placed on Monday, March 2, 2026",
        "Your visa ending 4242 expires before then.",
        `Update your card in Payment Methods: ${sub.paymentMethodsLink}`,
        `My Autoship: ${sub.link}`,
      ],
    ],
    [
      "autoship-skipped",
      () => autoshipSkippedEmail(sub, new Date("2026-02-02T17:00:00Z")),
      ["due Monday, February 2, 2026", "will be placed on Monday, March 2, 2026"],
    ],
    [
      "autoship-out-of-stock",
      () => autoshipFailedEmail(sub, "out_of_stock"),
      [`${EVIL} (15 lb) is out of stock`, `My Autoship: ${sub.link}`],
    ],
    [
      "autoship-declined",
      () => autoshipFailedEmail(sub, "declined"),
      ["Your saved card was declined", `Update your card: ${sub.paymentMethodsLink}`],
    ],
    [
      "password-reset",
      () => passwordResetEmail("DTC", "ana@example.com", `${ORIGIN}/shelter/reset-password?token=abc`),
      [
        `Choose a new password: ${ORIGIN}/shelter/reset-password?token=abc`,
        "the link works once, for one hour".replace("the", "The"),
      ],
    ],
    [
      "back-in-stock",
      () =>
        backInStockEmail({
          site: "DTC",
          to: "ana@example.com",
          productTitle: EVIL,
          variantTitle: "15 lb",
          url: `${ORIGIN}/products/a/b`,
          imageUrl: sub.imageUrl,
        }),
      [EVIL, "15 lb", `Shop it now: ${ORIGIN}/products/a/b`, "We send this email once"],
    ],
    [
      "contact-us",
      () =>
        contactUsEmail({
          to: "support@example.com",
          siteId: "DTC",
          site: "Pet Nutrition (DTC)",
          name: "Ana",
          email: "ana@example.com",
          topic: "Order",
          message: `Hello ${EVIL}`,
          reference: "c1",
        }),
      ["Reply to the shopper at ana@example.com", "Name: Ana", "Phone: not given", `Hello ${EVIL}`],
    ],
  ] as const)("%s: the layout, its facts in the plain text, markup escaped", async (template, make, facts) => {
    const email = await make();
    preview(template, email);
    expectLayout(email);
    expect(email.template).toBe(template);
    for (const fact of facts) expect(email.text).toContain(fact);
    if (JSON.stringify(facts).includes("script")) expect(email.html).toContain(EVIL_HTML);
  });

  it("back in stock shows the variant's picture and links to its page", async () => {
    const email = await backInStockEmail({
      site: "DTC",
      to: "ana@example.com",
      productTitle: "Adult Chicken",
      variantTitle: "15 lb",
      url: `${ORIGIN}/products/a/b`,
      imageUrl: `${ORIGIN}/_ipx/x.png`,
    });
    expect(email.subject).toBe("Adult Chicken is back in stock");
    expect(email.html).toContain(`src="${ORIGIN}/_ipx/x.png"`);
    expect(email.html).toContain(`href="${ORIGIN}/products/a/b"`);
  });

  it("a staff-site email is the staff site's: its name, its origin's logo and links", async () => {
    const email = await passwordResetEmail(
      "HPSF",
      "ana@example.com",
      "http://staff.localhost:3000/shelter/reset-password?token=abc",
    );
    expectLayout(email, "HPSF");
    expect(email.html).toContain('src="http://staff.localhost:3000/brand/email-logo.png"');
    expect(email.text).toContain("Pet Nutrition Pro");
    expect(LOGO).toBe(emailShop("DTC").logoUrl);
  });
});
