// Who may see an order (docs/rules.md "Orders"), by every page and call that shows one:
// the order confirmation, My Order Details (page and buy again) and get-embedded-order.
// The signed-in customer's own order on this site, or an order this browser session
// placed; anything else answers 404, the same as an unknown id.
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { action as orderDetailsAction, loader as orderDetails } from "~/routes/account.orders_.$id";
import { action as orderApi } from "~/routes/api.ecom.v1[.]0.get-embedded-order";
import { action as confirmationAction, loader as confirmation } from "~/routes/checkout_.confirmation.$orderId";
import { sessionStorage } from "~/services/http/index.server";
import { identity } from "~/services/identity/index.server";
import { nextOrderNumber, rememberOrder } from "~/services/orders/index.server";
import { callRoute, formRequest, getRequest, Jar, jsonRequest, signedInJar } from "../helpers/routes";
import { ensureSeeded, TEST_ADDRESS } from "../helpers/seeded";

let variant: { id: string; sku: string; title: string; priceCents: number; product: { title: string } };

beforeAll(async () => {
  await ensureSeeded();
  variant = await prisma.productVariant.findFirstOrThrow({
    where: { product: { soldOnDtc: true } },
    orderBy: { sku: "asc" },
    select: { id: true, sku: true, title: true, priceCents: true, product: { select: { title: true } } },
  });
});

const newCustomer = () =>
  prisma.customer.create({
    data: { site: "DTC", email: `access-${crypto.randomUUID()}@example.com`, firstName: "Robin", lastName: "Lee" },
  });

/** A paid order as checkout leaves it. */
async function createOrder(customerId: string | null, site = "DTC", email = "robin@example.com") {
  return prisma.order.create({
    data: {
      number: await nextOrderNumber(prisma),
      site,
      customerId,
      email,
      status: "paid",
      subtotalCents: variant.priceCents,
      totalCents: variant.priceCents,
      shippingAddress: JSON.stringify(TEST_ADDRESS),
      lines: {
        create: [
          {
            variantId: variant.id,
            productTitle: variant.product.title,
            variantTitle: variant.title,
            sku: variant.sku,
            quantity: 1,
            unitPriceCents: variant.priceCents,
            weightValue: 15.5,
            weightUnit: "lbs",
          },
        ],
      },
    },
  });
}

/** A guest browser whose session placed these orders (as checkout remembers them). */
async function guestWhoPlaced(...orderIds: string[]): Promise<Jar> {
  const session = await sessionStorage.getSession();
  for (const id of orderIds) rememberOrder(session, id);
  const jar = new Jar();
  jar.store(new Response(null, { headers: { "Set-Cookie": await sessionStorage.commitSession(session) } }));
  return jar;
}

const viewConfirmation = (jar: Jar, orderId: string) =>
  callRoute(confirmation, getRequest(`/checkout/confirmation/${orderId}`, jar), jar, { params: { orderId } });

const viewDetails = (jar: Jar, id: string) =>
  callRoute(orderDetails, getRequest(`/account/orders/${id}`, jar), jar, { params: { id } });

const buyAgain = (jar: Jar, id: string) =>
  callRoute(orderDetailsAction, formRequest(`/account/orders/${id}`, { intent: "buy-again" }, jar), jar, {
    params: { id },
  });

const callApi = (jar: Jar, id: string) => callRoute(orderApi, jsonRequest("/api/x", { id }, jar), jar);

describe("who may see an order (docs/rules.md 'Orders')", () => {
  let customerId: string;
  let jar: Jar;
  let own: { id: string };
  let others: { id: string };
  let ownOnOtherSite: { id: string };
  let guestOrder: { id: string };
  let otherGuestOrder: { id: string };

  beforeAll(async () => {
    customerId = (await newCustomer()).id;
    jar = await signedInJar(customerId);
    own = await createOrder(customerId);
    others = await createOrder((await newCustomer()).id);
    // The customer's id on an order of the other site: still not shown on this one.
    ownOnOtherSite = await createOrder(customerId, "HPSF");
    guestOrder = await createOrder(null);
    otherGuestOrder = await createOrder(null);
  });

  describe("the order confirmation", () => {
    it("shows the signed-in customer's own order", async () => {
      const response = await viewConfirmation(jar, own.id);
      expect(response.status).toBe(200);
      expect(((await response.json()) as { order: { id: string } }).order.id).toBe(own.id);
    });

    it("answers 404 for another customer's order, another site's and an unknown id", async () => {
      for (const id of [others.id, ownOnOtherSite.id, "no-such-order"]) {
        expect((await viewConfirmation(jar, id)).status).toBe(404);
      }
    });

    it("shows a guest the order their session placed, and no other", async () => {
      const guest = await guestWhoPlaced(guestOrder.id);
      expect((await viewConfirmation(guest, guestOrder.id)).status).toBe(200);
      expect((await viewConfirmation(guest, otherGuestOrder.id)).status).toBe(404);
      expect((await viewConfirmation(guest, own.id)).status).toBe(404);
      expect((await viewConfirmation(new Jar(), guestOrder.id)).status).toBe(404);
    });

    it("a session remembers the last five orders it placed", async () => {
      const placed = [];
      for (let i = 0; i < 6; i++) placed.push((await createOrder(null)).id);
      const guest = await guestWhoPlaced(...placed);
      expect((await viewConfirmation(guest, placed[0])).status).toBe(404);
      for (const id of placed.slice(1)) expect((await viewConfirmation(guest, id)).status).toBe(200);
    });

    it("does not show the session's order on the other site", async () => {
      const guest = await guestWhoPlaced(ownOnOtherSite.id);
      expect((await viewConfirmation(guest, ownOnOtherSite.id)).status).toBe(404);
    });
  });

  describe("My Order Details", () => {
    it("shows the signed-in customer's own order", async () => {
      expect((await viewDetails(jar, own.id)).status).toBe(200);
    });

    it("answers 404 for another customer's order, another site's and an unknown id, page and buy again", async () => {
      for (const id of [others.id, ownOnOtherSite.id, "no-such-order"]) {
        expect((await viewDetails(jar, id)).status).toBe(404);
        expect((await buyAgain(jar, id)).status).toBe(404);
      }
    });

    it("sends a guest to sign in, whether or not their session placed the order", async () => {
      for (const guest of [await guestWhoPlaced(guestOrder.id), new Jar()]) {
        const response = await viewDetails(guest, guestOrder.id);
        expect(response.status).toBe(302);
        expect(response.headers.get("Location")).toMatch(/^\/shelter\/login\?redirect=/);
      }
    });
  });

  describe("POST /api/ecom/v1.0/get-embedded-order", () => {
    it("answers the signed-in customer's own order", async () => {
      const response = await callApi(jar, own.id);
      expect(response.status).toBe(200);
      expect(((await response.json()) as { order: { id: string } }).order.id).toBe(own.id);
    });

    it("answers 404 for another customer's order, another site's and an unknown id", async () => {
      for (const id of [others.id, ownOnOtherSite.id, "no-such-order"]) {
        const response = await callApi(jar, id);
        expect(response.status).toBe(404);
        expect(((await response.json()) as { error: { code: string } }).error.code).toBe("NOT_FOUND");
      }
    });

    it("answers a guest 401, whether or not their session placed the order", async () => {
      expect((await callApi(await guestWhoPlaced(guestOrder.id), guestOrder.id)).status).toBe(401);
      expect((await callApi(new Jar(), guestOrder.id)).status).toBe(401);
    });
  });
});

describe("a guest's account from the confirmation (docs/rules.md 'Cart on a phone', mayClaimOrder)", () => {
  const FORM = {
    firstName: "Robin",
    lastName: "Lee",
    password: "a-long-Pa55word",
    confirmPassword: "a-long-Pa55word",
  };
  const guestEmail = () => `guest-${crypto.randomUUID()}@example.com`;
  let ip = 0;
  const createAccount = (jar: Jar, orderId: string, fields: Record<string, string>) =>
    callRoute(confirmationAction, formRequest(`/checkout/confirmation/${orderId}`, fields, jar), jar, {
      params: { orderId },
      clientIp: `198.51.100.${(ip += 1)}`,
    });
  const offer = async (jar: Jar, orderId: string) =>
    ((await (await viewConfirmation(jar, orderId)).json()) as { offerAccount: boolean }).offerAccount;

  it("is offered only to the guest session that placed the order", async () => {
    const order = await createOrder(null, "DTC", guestEmail());
    expect(await offer(await guestWhoPlaced(order.id), order.id)).toBe(true);
    const customerId = (await newCustomer()).id;
    const own = await createOrder(customerId);
    expect(await offer(await signedInJar(customerId), own.id)).toBe(false);
  });

  it("creates the account for the order's email, never the form's, attaches the order and signs in", async () => {
    const email = guestEmail();
    const order = await createOrder(null, "DTC", email);
    const guest = await guestWhoPlaced(order.id);
    const response = await createAccount(guest, order.id, { ...FORM, email: "someone-else@example.com" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/account/orders/${order.id}`);
    const attached = await prisma.order.findUniqueOrThrow({ where: { id: order.id }, include: { customer: true } });
    expect(attached.customer?.email).toBe(email);
    expect(await prisma.identityUser.count({ where: { email } })).toBe(1);
    expect(await prisma.identityUser.count({ where: { email: "someone-else@example.com" } })).toBe(0);
    // Signed in now, the session may not do it again.
    expect((await createAccount(guest, order.id, FORM)).status).toBe(403);
  });

  it("answers 404 to a session that did not place the order, and 403 once the order has an account", async () => {
    const order = await createOrder(null, "DTC", guestEmail());
    expect((await createAccount(new Jar(), order.id, FORM)).status).toBe(404);
    expect((await createAccount(await guestWhoPlaced(), order.id, FORM)).status).toBe(404);
    const customerId = (await newCustomer()).id;
    const own = await createOrder(customerId);
    expect((await createAccount(await signedInJar(customerId), own.id, FORM)).status).toBe(403);
    // The session placed it signed in, then signed out: the order has its account already.
    expect((await createAccount(await guestWhoPlaced(own.id), own.id, FORM)).status).toBe(403);
    expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).customerId).toBeNull();
  });

  it("answers malformed input 400 and an email that has an account 409, attaching nothing", async () => {
    const order = await createOrder(null, "DTC", guestEmail());
    const guest = await guestWhoPlaced(order.id);
    for (const fields of [
      {},
      { ...FORM, confirmPassword: "something-else-1A" },
      { ...FORM, firstName: "" },
      { ...FORM, password: "short", confirmPassword: "short" },
    ]) {
      expect((await createAccount(guest, order.id, fields)).status, JSON.stringify(fields)).toBe(400);
    }
    // The first order of an email makes its account; a later guest order of that email finds it taken.
    const taken = guestEmail();
    const takenOrder = await createOrder(null, "DTC", taken);
    const first = await createOrder(null, "DTC", taken);
    expect((await createAccount(await guestWhoPlaced(first.id), first.id, FORM)).status).toBe(302);
    expect((await createAccount(await guestWhoPlaced(takenOrder.id), takenOrder.id, FORM)).status).toBe(409);
    expect((await prisma.order.findUniqueOrThrow({ where: { id: takenOrder.id } })).customerId).toBeNull();
    expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).customerId).toBeNull();
  });

  it("makes the account and attaches the order in one transaction: an order claimed meanwhile leaves no account", async () => {
    const email = guestEmail();
    const order = await createOrder(null, "DTC", email);
    const guest = await guestWhoPlaced(order.id);
    // Another request attached it between the page's guard and the registration.
    const other = (await newCustomer()).id;
    const claimed = await identity.register({
      site: "DTC",
      email,
      firstName: "Robin",
      lastName: "Lee",
      password: FORM.password,
      acceptsMarketing: false,
      claimOrderId: (await createOrder(other, "DTC", email)).id,
    });
    expect(claimed).toEqual({ ok: false, reason: "order-claimed" });
    expect(await prisma.identityUser.count({ where: { email } })).toBe(0);
    expect(await prisma.customer.count({ where: { site: "DTC", email } })).toBe(0);
    // The guest's own order still can be.
    expect((await createAccount(guest, order.id, FORM)).status).toBe(302);
  });
});
