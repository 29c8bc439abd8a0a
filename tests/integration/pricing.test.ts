// The cart page and checkout price a cart with the same terms (docs/rules.md "Pricing,
// discounts and shipping"): the free-shipping tracker and the shipping checkout charges
// agree, and AUTO35 is applied without being typed to an eligible first autoship order.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { action as cartAction, loader as cartLoader } from "~/routes/cart";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/checkout";
import { checkouts } from "~/services/checkout/index.server";
import { commerce } from "~/services/commerce/index.server";
import { getGlobals } from "~/services/content/index.server";
import { pricingFor } from "~/services/pricing/index.server";
import { newAccount } from "../helpers/accounts";
import { callRoute, flashedNotice, formRequest, getRequest, signedInJar, type Jar } from "../helpers/routes";
import { ensureSeeded, TEST_ADDRESS } from "../helpers/seeded";

let variant: { id: string; priceCents: number; inventory: number };
let minimum: number;

beforeAll(async () => {
  await ensureSeeded();
  variant = await prisma.productVariant.findFirstOrThrow({
    where: { product: { autoshipEligible: true, soldOnDtc: true } },
    orderBy: { sku: "asc" },
    select: { id: true, priceCents: true, inventory: true },
  });
  minimum = (await getGlobals("DTC")).freeShippingMinimumCents;
  // Autoship at 5% off is over the minimum; AUTO35 takes it under (catalogue spec section 9).
  await prisma.productVariant.update({
    where: { id: variant.id },
    data: { priceCents: Math.ceil((minimum + 700) / 0.95), inventory: 1000 },
  });
});

afterAll(async () => {
  await prisma.productVariant.update({
    where: { id: variant.id },
    data: { priceCents: variant.priceCents, inventory: variant.inventory },
  });
});

const add = async (jar: Jar, fields: Record<string, string>) => {
  const response = await callRoute(
    cartAction,
    formRequest("/cart", { intent: "add", variantId: variant.id, quantity: "1", ...fields }, jar),
    jar,
  );
  expect(response.status).toBe(302);
};
const addAutoship = (jar: Jar) => add(jar, { purchaseType: "autoship", sellingPlanId: "autoship-4w" });

interface CartData {
  summary: {
    merchandiseCents: number;
    discountCents: number;
    appliedCodes: string[];
    freeShipping: { eligibleSubtotalCents: number; reached: boolean };
  };
}
interface CheckoutData {
  checkout: { key: string };
  amounts: { merchandiseCents: number; discountCents: number; appliedCodes: string[]; shippingCents: number };
}

/** What the cart page and the checkout page make of the jar's cart. */
async function cartAndCheckout(jar: Jar) {
  const cart = (await (await callRoute(cartLoader, getRequest("/cart", jar), jar)).json()) as CartData;
  const response = await callRoute(checkoutLoader, getRequest("/checkout", jar), jar);
  expect(response.status).toBe(200);
  return { cart: cart.summary, checkout: ((await response.json()) as CheckoutData).amounts };
}

const post = (jar: Jar, fields: Record<string, string>) =>
  callRoute(checkoutAction, formRequest("/checkout", fields, jar), jar);

/** Walks every step and places the order. */
async function placeOrder(jar: Jar) {
  await post(jar, { intent: "contact", email: "pricing@example.com" });
  await post(jar, { intent: "shipping", ...TEST_ADDRESS });
  await post(jar, { intent: "delivery" });
  await post(jar, {
    intent: "payment",
    nameOnCard: "Robin Lee",
    cardNumber: "4242 4242 4242 4242",
    expiry: "12/39",
    cvc: "123",
  });
  const review = (await (await callRoute(checkoutLoader, getRequest("/checkout", jar), jar)).json()) as CheckoutData & {
    amounts: { totalCents: number };
  };
  const placed = await post(jar, {
    intent: "place",
    idempotencyKey: review.checkout.key,
    expectedTotalCents: String(review.amounts.totalCents),
  });
  expect(placed.headers.get("Location")).toMatch(/^\/checkout\/confirmation\//);
  return placed.headers.get("Location")!.split("/").pop()!;
}

describe("AUTO35 on a first autoship order (docs/rules.md 'Pricing, discounts and shipping')", () => {
  it("is applied untyped to a first autoship order, and the tracker and checkout agree it no longer ships free", async () => {
    const { customerId } = await newAccount("auto35-first");
    const jar = await signedInJar(customerId);
    await addAutoship(jar);
    const { cart, checkout } = await cartAndCheckout(jar);
    expect(checkout.appliedCodes).toEqual(["AUTO35"]);
    expect(cart.appliedCodes).toEqual(["AUTO35"]);
    expect(cart.discountCents).toBe(checkout.discountCents);
    expect(cart.merchandiseCents).toBe(checkout.merchandiseCents);
    // Before the discount the cart is over the minimum; after it, under: both say so.
    expect(cart.merchandiseCents + cart.discountCents).toBeGreaterThanOrEqual(minimum);
    expect(cart.freeShipping).toMatchObject({ eligibleSubtotalCents: checkout.merchandiseCents, reached: false });
    expect(checkout.shippingCents).toBeGreaterThan(0);

    const orderId = await placeOrder(jar);
    const order = await prisma.order.findUniqueOrThrow({ where: { id: orderId } });
    expect(order).toMatchObject({ discountCodes: "AUTO35", discountCents: checkout.discountCents });
  });

  it("is not applied to the customer's second autoship order, even typed; then the cart ships free in both", async () => {
    const { customerId } = await newAccount("auto35-second");
    const jar = await signedInJar(customerId);
    await addAutoship(jar);
    await placeOrder(jar);
    expect((await pricingFor("DTC", customerId)).firstAutoshipDiscount).toBe(false);

    await addAutoship(jar);
    await callRoute(cartAction, formRequest("/cart", { intent: "discount", code: "AUTO35" }, jar), jar);
    const { cart, checkout } = await cartAndCheckout(jar);
    expect(checkout).toMatchObject({ appliedCodes: [], discountCents: 0, shippingCents: 0 });
    expect(cart).toMatchObject({ appliedCodes: [], discountCents: 0, freeShipping: { reached: true } });
  });

  it("is not applied without an autoship line", async () => {
    const { customerId } = await newAccount("auto35-once");
    const jar = await signedInJar(customerId);
    await add(jar, {});
    const { cart, checkout } = await cartAndCheckout(jar);
    expect(checkout).toMatchObject({ appliedCodes: [], discountCents: 0 });
    expect(cart.freeShipping.reached).toBe(checkout.shippingCents === 0);
  });

  it("is not offered to a guest or on the staff site", async () => {
    expect((await pricingFor("DTC", null)).firstAutoshipDiscount).toBe(false);
    const member = await prisma.customer.create({
      data: { site: "HPSF", email: `auto35-staff-${crypto.randomUUID()}@example.com`, firstName: "S", lastName: "T" },
    });
    expect((await pricingFor("HPSF", member.id)).firstAutoshipDiscount).toBe(false);
    const staffVariant = await prisma.productVariant.findFirstOrThrow({
      where: { product: { autoshipEligible: true, soldOnHpsf: true } },
      select: { id: true },
    });
    const { cart } = await commerce.createCart({
      site: "HPSF",
      customerId: member.id,
      lines: [{ merchandiseId: staffVariant.id, quantity: 1, sellingPlanId: "autoship-4w" }],
    });
    const checkout = await checkouts.open({ cart: cart!, customerId: member.id });
    expect(await checkouts.price(checkout, cart!)).toMatchObject({ appliedCodes: [], discountCents: 0 });
  });
});

describe("the cart item maximum at checkout (shop-core spec sections 5 and 9)", () => {
  it("lets exactly 10 items into checkout and sends 11 back to the cart with the reason", async () => {
    const jar = await signedInJar((await newAccount("limit")).customerId);
    await add(jar, { quantity: "10" });
    expect((await callRoute(checkoutLoader, getRequest("/checkout", jar), jar)).status).toBe(200);

    const other = await prisma.productVariant.findFirstOrThrow({
      where: { id: { not: variant.id }, inventory: { gt: 5 }, product: { soldOnDtc: true } },
      select: { id: true },
    });
    await add(jar, { variantId: other.id });
    const refused = await callRoute(checkoutLoader, getRequest("/checkout", jar), jar);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe("/cart");
    expect(await flashedNotice(jar)).toEqual({
      tone: "error",
      message: "Orders are limited to 10 items. Remove 1 to check out.",
    });
    // A step post is sent back the same way.
    const step = await post(jar, { intent: "contact", email: "limit@example.com" });
    expect(step.headers.get("Location")).toBe("/cart");
  });
});
