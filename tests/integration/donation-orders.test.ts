// An order's donation end to end (docs/rules.md "Donations"): the checkout service on this
// worker's database asks the donation SDK layer what the order gives, charges the shopper's
// round-up in the total, records the donation on the order, and queues its confirmation in
// the outbox in the transaction that completes the order; the confirmation page, the order
// page, the email and the dashboard show it. The donation service is the remote adapter
// against the fake ShoppingGives API on loopback (faked at the network edge); an outage is
// that API answering 503.
import crypto from "node:crypto";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRemixStub } from "@remix-run/testing";
import { json } from "@remix-run/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { prisma } from "~/db.server";
import type { PostalAddress } from "~/models/address";
import { cartDonationCents, centsToDollars, type DonationError } from "~/models/donations";
import AccountDashboard, { loader as dashboardLoader } from "~/routes/account.dashboard";
import OrderDetails, { loader as orderLoader } from "~/routes/account.orders_.$id";
import OrderConfirmation, { loader as confirmationLoader } from "~/routes/checkout_.confirmation.$orderId";
import { createCheckouts } from "~/services/checkout/checkout.server";
import { checkouts, zipCovered } from "~/services/checkout/index.server";
import { commerce } from "~/services/commerce/index.server";
import {
  createDonations,
  createRemoteDonations,
  donationConfirmationDelivery,
  DONATION_CONFIRMATION_TOPIC,
  donations,
  type DonationProvider,
} from "~/services/donations/index.server";
import { email } from "~/services/email/index.server";
import { createEmbeddedPayments } from "~/services/payment/embedded.server";
import { pricingFor } from "~/services/pricing/index.server";
import { callRoute, getRequest, signedInJar } from "../helpers/routes";
import { ensureSeeded } from "../helpers/seeded";
import { startShoppingGivesServer, type FakeShoppingGives } from "../helpers/shoppinggives-server";

const ADDRESS: PostalAddress = {
  firstName: "Jo",
  lastName: "Park",
  address1: "1 Main St",
  address2: null,
  city: "Aurora",
  provinceCode: "CO",
  zip: "80011",
  countryCode: "US",
  phone: null,
};
const YEAR = new Date().getUTCFullYear() + 3;
const readCart = (cartId: string) => commerce.getCart(cartId);

/** The fake API's charities (tests/helpers/shoppinggives-server.ts): the store's default and another. */
const PAWS = { id: "12-3456789", name: "Paws Rescue League" };
const SHELTER = { id: "98-7654321", name: "Shelter Friends of Denver" };

/** The fake store's default donation: 1% of each line (type 0), multiplier 1 for these causes. */
const RULE = { type: 0, amount: 1 } as const;

let sg: FakeShoppingGives;

/** The real SDK layer on a provider; its errors are collected (and so swallowed). */
function sdkOn(provider: DonationProvider = createRemoteDonations({ storeId: sg.storeId, baseUrl: sg.baseUrl })) {
  const errors: DonationError[] = [];
  const sdk = createDonations({
    provider,
    storeId: sg.storeId,
    testMode: true,
    setCartAttributes: async (cartId, attributes) => {
      await commerce.updateAttributes(cartId, attributes);
    },
    queueEvent: async () => undefined,
    storeTimeoutMs: 500,
  });
  sdk.on((error) => errors.push(error));
  return { sdk, errors };
}

let variant: { id: string; inventory: number; priceCents: number };

beforeAll(async () => {
  sg = await startShoppingGivesServer();
  await ensureSeeded();
  variant = await prisma.productVariant.findFirstOrThrow({
    where: { product: { soldOnDtc: true }, priceCents: { gt: 1000 } },
    orderBy: { sku: "asc" },
    select: { id: true, inventory: true, priceCents: true },
  });
  await prisma.productVariant.update({ where: { id: variant.id }, data: { inventory: 500 } });
});

afterEach(() => sg.heal());

afterAll(async () => {
  await sg.stop();
  await prisma.productVariant.update({ where: { id: variant.id }, data: { inventory: variant.inventory } });
});

type Sdk = ReturnType<typeof createDonations>;

/**
 * A signed-in customer's cart with every checkout step done; `choose` runs the shopper's
 * donation choices on the cart first (through the SDK layer, as the cart page does).
 */
async function readyCheckout(input: {
  sdk: Sdk;
  cardNumber?: string;
  choose?: (context: Parameters<Sdk["chooseCause"]>[0]) => Promise<void>;
}) {
  const service = createCheckouts({
    db: prisma,
    payments: createEmbeddedPayments(prisma),
    email,
    pricing: pricingFor,
    zipCovered,
    donations: input.sdk,
  });
  const customer = await prisma.customer.create({
    data: { site: "DTC", email: `giver-${crypto.randomUUID()}@example.com`, firstName: "Jo", lastName: "Park" },
  });
  const { cart: created } = await commerce.createCart({
    site: "DTC",
    customerId: customer.id,
    lines: [{ merchandiseId: variant.id, quantity: 3 }],
  });
  await input.choose?.({ site: "DTC", cart: created!, customer: { id: customer.id, acceptsMarketing: false } });
  const cart = (await commerce.getCart(created!.id))!;
  const checkout = await service.open({ cart, customerId: customer.id });
  await service.saveContact(checkout.id, customer.id, { email: customer.email, acceptsMarketing: false });
  await service.saveShipping(checkout.id, customer.id, { address: ADDRESS });
  await service.confirmDelivery(checkout.id, customer.id);
  await service.savePayment(checkout.id, customer.id, {
    card: { number: input.cardNumber ?? "4242424242424242", expMonth: 12, expYear: YEAR, cvc: "123" },
  });
  const priced = await service.price((await service.get(checkout.id))!, cart);
  const state = (await service.get(checkout.id))!;
  const place = (expectedTotalCents = priced.totalCents) =>
    service.placeOrder({
      key: checkout.id,
      site: "DTC",
      customerId: customer.id,
      expectedTotalCents,
      attestation: false,
      readCart,
    });
  return { service, customer, cart, priced, place, checkout: () => state };
}

/** The donation-confirmation outbox messages of an order. */
async function confirmationsOf(orderId: string) {
  const messages = await prisma.outboxMessage.findMany({
    where: { topic: DONATION_CONFIRMATION_TOPIC },
    orderBy: { createdAt: "asc" },
  });
  return messages.filter((m) => (JSON.parse(m.payload) as { orderId: string }).orderId === orderId);
}

/** The HTML a route renders with the data its loader answered (no JavaScript). */
async function renderRoute(path: string, component: unknown, response: Response): Promise<string> {
  expect(response.status).toBe(200);
  const data = (await response.json()) as Record<string, unknown>;
  const Stub = createRemixStub([{ id: "page", path, Component: component as () => null, loader: () => json(data) }]);
  // React warns that layout effects do not run on the server; that is expected here.
  const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
  try {
    return renderToString(
      createElement(Stub, { initialEntries: [path], hydrationData: { loaderData: { page: data } } }),
    ).replaceAll("<!-- -->", "");
  } finally {
    quiet.mockRestore();
  }
}

/** The order's gift in cents, as the service works it out: 1% of the lines at the prices charged. */
const expectedGift = (quantity: number) =>
  cartDonationCents({
    lines: [{ id: "a", priceCents: variant.priceCents, quantity, discountCents: 0 }],
    rule: RULE,
    multiplier: 1,
  }).totalCents;

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

describe("an order with a chosen cause and a round-up (docs/rules.md 'Donations')", () => {
  it("charges the round-up, records the donation, queues its confirmation and shows it everywhere", async () => {
    const { sdk, errors } = sdkOn();
    const ready = await readyCheckout({
      sdk,
      choose: async (context) => {
        await sdk.chooseCause(context, SHELTER.id);
        await sdk.setExtra(context, { kind: "round-up" });
      },
    });
    const trackingId = ready.cart.attributes.find((a) => a.key === "donation_tracking_id")?.value;
    expect(trackingId).toBeTruthy();
    expect(ready.cart.attributes).toContainEqual({ key: "donation_extra", value: "round-up" });

    // The review's total is rounded up to a whole dollar, past everything else.
    const beforeIt = ready.priced.totalCents - ready.priced.shopperDonationCents;
    expect(ready.priced.shopperDonationKind).toBe("round-up");
    expect(ready.priced.shopperDonationCents).toBe(100 - (beforeIt % 100));
    expect(ready.priced.totalCents % 100).toBe(0);

    const placed = await ready.place();
    const order = await prisma.order.findUniqueOrThrow({ where: { id: placed.id } });
    const gift = expectedGift(3);
    expect(gift).toBeGreaterThan(0);
    expect(order).toMatchObject({
      status: "paid",
      donationTrackingId: trackingId,
      donationCauseId: SHELTER.id,
      donationCauseName: SHELTER.name,
      donationCents: gift,
      shopperDonationKind: "round-up",
      shopperDonationCents: ready.priced.shopperDonationCents,
      totalCents: ready.priced.totalCents,
    });
    expect(order.totalCents).toBe(
      order.subtotalCents -
        order.discountCents -
        order.programDiscountCents +
        order.shippingCents +
        order.surchargeCents +
        order.taxCents +
        order.shopperDonationCents,
    );
    // The card was charged the total, round-up included.
    const payment = await prisma.payment.findUniqueOrThrow({ where: { id: order.paymentId! } });
    expect(payment.amountCents).toBe(order.totalCents);
    // The order's attribute names the tracking record the donation was worked out with.
    expect(JSON.parse(order.attributes)).toContainEqual({ key: "donation_tracking_id", value: trackingId });

    // Its confirmation waits in the outbox, written with the order.
    const [message, ...more] = await confirmationsOf(order.id);
    expect(more).toEqual([]);
    expect(message.status).toBe("queued");
    const total = centsToDollars(gift + order.shopperDonationCents);
    expect(JSON.parse(message.payload)).toEqual({
      trackingId,
      orderId: order.id,
      orderNumber: order.number,
      totalDonationAmount: total,
      causes: [{ causeId: SHELTER.id, causeName: SHELTER.name, amount: total }],
    });
    // Delivered, it tells the service of the order and its confirmation data.
    await sdk.confirmationDelivery({ payload: JSON.parse(message.payload) });
    expect(sg.trackings.get(trackingId!)).toMatchObject({
      causeId: SHELTER.id,
      integrationInfo: [{ integrationType: "order", info: { orderId: order.id, orderNumber: order.number } }],
      confirmationData: { totalDonationAmount: total, causes: [{ causeId: SHELTER.id, amount: total }] },
    });

    const gives = `This order gives ${money(gift + order.shopperDonationCents)} to ${SHELTER.name}.`;
    const includes = `That includes your round-up of ${money(order.shopperDonationCents)}.`;

    // The email.
    const mail = await prisma.emailMessage.findFirstOrThrow({
      where: { to: ready.customer.email, template: "order-confirmation" },
    });
    expect(mail.text).toContain(`Giving back\n\n${gives}\n${includes}`);
    expect(mail.text).toContain(`Round-up donation: ${money(order.shopperDonationCents)}`);
    expect(mail.html).toContain(includes);

    // The confirmation page and the order page, rendered.
    const jar = await signedInJar(ready.customer.id);
    const confirmationPath = `/checkout/confirmation/${order.id}`;
    const confirmation = await renderRoute(
      "/checkout/confirmation/:orderId",
      OrderConfirmation,
      await callRoute(confirmationLoader, getRequest(confirmationPath, jar), jar, { params: { orderId: order.id } }),
    );
    const orderPage = await renderRoute(
      "/account/orders/:id",
      OrderDetails,
      await callRoute(orderLoader, getRequest(`/account/orders/${order.id}`, jar), jar, { params: { id: order.id } }),
    );
    for (const html of [confirmation, orderPage]) {
      expect(html).toContain("Giving back");
      expect(html).toContain(gives);
      expect(html).toContain(includes);
      expect(html).toContain(`<dt>Round-up donation</dt><dd>${money(order.shopperDonationCents)}</dd>`);
    }

    // The dashboard counts this paid order; a pending one (still being placed) does not count.
    await prisma.order.create({
      data: {
        number: order.number + 900_000,
        site: "DTC",
        customerId: ready.customer.id,
        email: ready.customer.email,
        status: "pending",
        subtotalCents: 1000,
        totalCents: 1100,
        shippingAddress: JSON.stringify(ADDRESS),
        donationCauseName: PAWS.name,
        donationCents: 5000,
        shopperDonationKind: "add-on",
        shopperDonationCents: 100,
      },
    });
    const dashboard = await renderRoute(
      "/account/dashboard",
      AccountDashboard,
      await callRoute(dashboardLoader, getRequest("/account/dashboard", jar), jar),
    );
    expect(dashboard).toContain(`Your orders have given ${money(gift + order.shopperDonationCents)} to good causes.`);
    expect(errors).toEqual([]);
  });

  it("writes no confirmation when the payment is declined (nothing of the order is kept)", async () => {
    const { sdk } = sdkOn();
    const ready = await readyCheckout({
      sdk,
      cardNumber: "4000000000000002",
      choose: async (context) => {
        await sdk.setExtra(context, { kind: "add-on", cents: 300 });
      },
    });
    expect(ready.priced.shopperDonationCents).toBe(300);
    const before = await prisma.outboxMessage.count({ where: { topic: DONATION_CONFIRMATION_TOPIC } });
    await expect(ready.place()).rejects.toMatchObject({ code: "PAYMENT_DECLINED" });
    expect(await prisma.order.count({ where: { customerId: ready.customer.id } })).toBe(0);
    expect(await prisma.outboxMessage.count({ where: { topic: DONATION_CONFIRMATION_TOPIC } })).toBe(before);
  });

  it("shows no giving on the dashboard of a customer whose orders gave nothing", async () => {
    const customer = await prisma.customer.create({
      data: { site: "DTC", email: `none-${crypto.randomUUID()}@example.com`, firstName: "Al", lastName: "Ng" },
    });
    const jar = await signedInJar(customer.id);
    const response = await callRoute(dashboardLoader, getRequest("/account/dashboard", jar), jar);
    expect(((await response.json()) as { given: string | null }).given).toBeNull();
  });
});

describe("the donation service going down between the review and placing (docs/decisions.md 'Donations (orders)')", () => {
  it("refuses the order as a changed price (the card is never charged a total the shopper did not see)", async () => {
    const { sdk } = sdkOn();
    const ready = await readyCheckout({
      sdk,
      choose: async (context) => {
        await sdk.setExtra(context, { kind: "add-on", cents: 500 });
      },
    });
    expect(ready.priced.shopperDonationCents).toBe(500);
    sg.fail("cartDonation", { status: 503 });
    await expect(ready.place()).rejects.toMatchObject({ code: "PRICE_CHANGED" });
    expect(await prisma.order.count({ where: { customerId: ready.customer.id } })).toBe(0);
    // Reviewed again, the total has no add-on, and the order goes through with no donation.
    const again = await ready.service.price(ready.checkout(), (await commerce.getCart(ready.cart.id))!);
    expect(again.totalCents).toBe(ready.priced.totalCents - 500);
    const placed = await ready.place(again.totalCents);
    const order = await prisma.order.findUniqueOrThrow({ where: { id: placed.id } });
    expect(order).toMatchObject({ totalCents: again.totalCents, donationCents: 0, shopperDonationCents: 0 });
    expect(await confirmationsOf(order.id)).toEqual([]);
  });
});

describe("an order placed while the donation service is down (docs/rules.md 'Donations')", () => {
  it("goes through with no donation, no extra charged and no confirmation queued", async () => {
    sg.fail("store", { status: 503 });
    const { sdk, errors } = sdkOn();
    const ready = await readyCheckout({ sdk });
    // The shopper had chosen a round-up and had a tracking record before the outage.
    await commerce.updateAttributes(ready.cart.id, [
      { key: "donation_tracking_id", value: "abc123" },
      { key: "donation_extra", value: "round-up" },
    ]);
    const cart = (await commerce.getCart(ready.cart.id))!;
    const priced = await ready.service.price(ready.checkout(), cart);
    expect(priced).toMatchObject({
      shopperDonationCents: 0,
      shopperDonationKind: null,
      totalCents: ready.priced.totalCents,
    });

    const placed = await ready.place();
    const order = await prisma.order.findUniqueOrThrow({ where: { id: placed.id } });
    expect(order).toMatchObject({
      status: "paid",
      donationTrackingId: null,
      donationCauseId: null,
      donationCauseName: null,
      donationCents: 0,
      shopperDonationKind: null,
      shopperDonationCents: 0,
      totalCents: ready.priced.totalCents,
    });
    expect(await confirmationsOf(order.id)).toEqual([]);
    const mail = await prisma.emailMessage.findFirstOrThrow({
      where: { to: ready.customer.email, template: "order-confirmation" },
    });
    expect(mail.text).not.toContain("Giving back");
    // The outage was reported to the listeners (and swallowed), not raised.
    expect(errors.length).toBeGreaterThan(0);
  });
});

describe("the shop's own wiring: checkout on the embedded donation provider and the seeded store", () => {
  it("records the chosen cause and the add-on, and delivers the confirmation to the tracking record", async () => {
    const customer = await prisma.customer.create({
      data: { site: "DTC", email: `wired-${crypto.randomUUID()}@example.com`, firstName: "Jo", lastName: "Park" },
    });
    const { cart: created } = await commerce.createCart({
      site: "DTC",
      customerId: customer.id,
      lines: [{ merchandiseId: variant.id, quantity: 2 }],
    });
    const context = { site: "DTC" as const, cart: created!, customer: { id: customer.id, acceptsMarketing: false } };
    // A featured charity of the seeded store that counts once (the default cause counts twice).
    const cause = await donations.chooseCause(context, "89-1040236");
    await donations.setExtra(context, { kind: "add-on", cents: 300 });
    const cart = (await commerce.getCart(created!.id))!;
    const trackingId = cart.attributes.find((a) => a.key === "donation_tracking_id")!.value;

    const checkout = await checkouts.open({ cart, customerId: customer.id });
    await checkouts.saveContact(checkout.id, customer.id, { email: customer.email, acceptsMarketing: false });
    await checkouts.saveShipping(checkout.id, customer.id, { address: ADDRESS });
    await checkouts.confirmDelivery(checkout.id, customer.id);
    await checkouts.savePayment(checkout.id, customer.id, {
      card: { number: "4242424242424242", expMonth: 12, expYear: YEAR, cvc: "123" },
    });
    const priced = await checkouts.price((await checkouts.get(checkout.id))!, cart);
    expect(priced.shopperDonationCents).toBe(300);
    const placed = await checkouts.placeOrder({
      key: checkout.id,
      site: "DTC",
      customerId: customer.id,
      expectedTotalCents: priced.totalCents,
      attestation: false,
      readCart,
    });

    const order = await prisma.order.findUniqueOrThrow({ where: { id: placed.id } });
    const gift = expectedGift(2);
    expect(order).toMatchObject({
      donationTrackingId: trackingId,
      donationCauseId: cause.id,
      donationCauseName: cause.name,
      donationCents: gift,
      shopperDonationKind: "add-on",
      shopperDonationCents: 300,
      totalCents: priced.totalCents,
    });
    const [message] = await confirmationsOf(order.id);
    await donationConfirmationDelivery({ payload: JSON.parse(message.payload) });
    const record = await prisma.donationTracking.findUniqueOrThrow({ where: { id: trackingId } });
    expect(JSON.parse(record.confirmationData!)).toEqual({
      totalDonationAmount: centsToDollars(gift + 300),
      causes: [{ causeId: cause.id, causeName: cause.name, amount: centsToDollars(gift + 300) }],
    });
  });
});
