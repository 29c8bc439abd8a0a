import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { cartAfterSignIn } from "~/services/http/cart-session.server";
import { commerce } from "~/services/commerce/index.server";
import { saveCartForCustomer, savedCartId } from "~/services/commerce/saved-cart.server";
import { ensureSeeded } from "../helpers/seeded";

let variantA: string;
let variantB: string;

beforeAll(async () => {
  await ensureSeeded();
  variantA = (await prisma.productVariant.findUniqueOrThrow({ where: { sku: "SD00402" } })).id;
  variantB = (await prisma.productVariant.findUniqueOrThrow({ where: { sku: "SD00401" } })).id;
});

/** A fresh DTC customer with no saved cart. */
async function newCustomer() {
  return prisma.customer.create({
    data: { site: "DTC", email: `c-${crypto.randomUUID()}@example.com`, firstName: "T", lastName: "C" },
  });
}

const guestCart = async (lines: [string, number][]) =>
  (
    await commerce.createCart({
      site: "DTC",
      lines: lines.map(([merchandiseId, quantity]) => ({ merchandiseId, quantity })),
    })
  ).cart!;

describe("carts at sign-in (shop-core spec section 4)", () => {
  it("restores the saved cart when no cart is loaded", async () => {
    const customer = await newCustomer();
    const saved = await guestCart([[variantA, 2]]);
    await saveCartForCustomer(customer.id, saved.id);
    expect(await cartAfterSignIn({ site: "DTC", customerId: customer.id, guestCartId: null })).toEqual({
      cartId: saved.id,
      notices: [],
    });
  });

  it("makes a guest cart the customer's saved cart when there is none", async () => {
    const customer = await newCustomer();
    const guest = await guestCart([[variantA, 1]]);
    const { cartId } = await cartAfterSignIn({ site: "DTC", customerId: customer.id, guestCartId: guest.id });
    expect(cartId).toBe(guest.id);
    expect(await savedCartId(customer.id)).toBe(guest.id);
    expect((await commerce.getCart(guest.id))?.customerId).toBe(customer.id);
  });

  it("merges a guest cart into the saved cart within the limits, and discards the guest cart", async () => {
    const customer = await newCustomer();
    const saved = await guestCart([[variantA, 8]]);
    await saveCartForCustomer(customer.id, saved.id);
    const guest = await guestCart([
      [variantA, 5],
      [variantB, 1],
    ]);
    const { cartId, notices } = await cartAfterSignIn({ site: "DTC", customerId: customer.id, guestCartId: guest.id });
    expect(cartId).toBe(saved.id);
    const merged = await commerce.getCart(saved.id);
    expect(merged?.lines.map((l) => [l.variantId, l.quantity])).toEqual([
      [variantA, 10],
      [variantB, 1],
    ]);
    expect(notices.map((n) => n.code)).toEqual(["QUANTITY_CLAMPED"]);
    expect(await commerce.getCart(guest.id)).toBeNull();
  });

  it("deletes the saved-cart metafield when the saved cart cannot be rebuilt", async () => {
    const customer = await newCustomer();
    await saveCartForCustomer(customer.id, "a-cart-that-is-gone");
    const result = await cartAfterSignIn({ site: "DTC", customerId: customer.id, guestCartId: null });
    expect(result.cartId).toBeNull();
    expect(await savedCartId(customer.id)).toBeNull();
  });

  it("never takes over another customer's cart", async () => {
    const owner = await newCustomer();
    const other = await newCustomer();
    const theirs = await guestCart([[variantA, 1]]);
    await commerce.updateBuyerIdentity(theirs.id, { customerId: owner.id });
    const { cartId } = await cartAfterSignIn({ site: "DTC", customerId: other.id, guestCartId: theirs.id });
    expect(cartId).toBeNull();
    expect((await commerce.getCart(theirs.id))?.customerId).toBe(owner.id);
  });
});
