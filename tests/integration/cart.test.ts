import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "~/generated/prisma/client";
import { CartError, createCarts } from "~/services/commerce/cart.server";
import { seedDatabase } from "../../prisma/seed/index";
import { createTestDatabase } from "../helpers/db";

let db: PrismaClient;
let carts: ReturnType<typeof createCarts>;
let dryVariant: string;
let canVariant: string;
let pdVariant: string;
const PLAN = "autoship-4w";

beforeAll(async () => {
  db = (await createTestDatabase()).db;
  await seedDatabase(db, { images: false, syntheticProducts: 0 });
  carts = createCarts(db);
  dryVariant = (await db.productVariant.findUniqueOrThrow({ where: { sku: "SD00402" } })).id;
  canVariant = (await db.productVariant.findFirstOrThrow({ where: { packType: "can", product: { soldOnDtc: true } } }))
    .id;
  pdVariant = (await db.productVariant.findFirstOrThrow({ where: { product: { brand: "prescription-diet" } } })).id;
});

afterAll(async () => {
  await db.$disconnect();
});

const newCart = async (quantity = 1, sellingPlanId: string | null = null) => {
  const { cart } = await carts.createCart({
    site: "DTC",
    lines: [{ merchandiseId: dryVariant, quantity, sellingPlanId }],
  });
  return cart!;
};

const expectCartError = async (work: Promise<unknown>, code: string) => {
  const error = await work.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(CartError);
  expect((error as CartError).code).toBe(code);
};

describe("cart state (shop-core spec sections 3 and 4)", () => {
  it("creates a cart with an unguessable id, weight attributes and a checkout URL", async () => {
    const cart = await newCart(2);
    expect(cart.id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(cart.totalQuantity).toBe(2);
    expect(cart.checkoutUrl).toBe(`/checkout?cart=${cart.id}`);
    expect(cart.lines[0].attributes).toEqual([
      { key: "_weightValue", value: "15.5" },
      { key: "_weightUnit", value: "lbs" },
    ]);
    expect(cart.cost.subtotalAmount).toEqual({ amount: "125.98", currencyCode: "USD" });
  });

  it("adds to the same line for the same variant and plan, a new line for autoship", async () => {
    const cart = await newCart(1);
    await carts.addLines(cart.id, [{ merchandiseId: dryVariant, quantity: 2 }]);
    const { cart: after } = await carts.addLines(cart.id, [
      { merchandiseId: dryVariant, quantity: 1, sellingPlanId: PLAN },
    ]);
    expect(after!.lines.map((l) => [l.quantity, l.sellingPlanId])).toEqual([
      [3, null],
      [1, PLAN],
    ]);
    expect(after!.lines[1].sellingPlanName).toBe("Every 4 weeks");
  });

  it("removing the last item discards the cart (total quantity under 1)", async () => {
    const cart = await newCart(1);
    const result = await carts.removeLines(cart.id, [cart.lines[0].id]);
    expect(result.cart).toBeNull();
    expect(await carts.getCart(cart.id)).toBeNull();
    const other = await newCart(2);
    expect((await carts.updateLines(other.id, [{ id: other.lines[0].id, quantity: 0 }])).cart).toBeNull();
  });

  it("switches a line between one-time and autoship", async () => {
    const cart = await newCart(2);
    const { cart: autoship } = await carts.updateLines(cart.id, [{ id: cart.lines[0].id, sellingPlanId: PLAN }]);
    expect(autoship!.lines[0].sellingPlanId).toBe(PLAN);
    const { cart: once } = await carts.updateLines(cart.id, [{ id: cart.lines[0].id, sellingPlanId: null }]);
    expect(once!.lines[0].sellingPlanId).toBeNull();
  });

  it("keeps discount codes, note, attributes and buyer identity", async () => {
    const cart = await newCart(1);
    await carts.updateDiscountCodes(cart.id, [" auto35 ", "AUTO35"]);
    await carts.updateNote(cart.id, "Leave at the back door");
    await carts.updateAttributes(cart.id, [{ key: "gift", value: "yes" }]);
    const { cart: after } = await carts.updateBuyerIdentity(cart.id, { email: "a@example.com" });
    expect(after).toMatchObject({
      discountCodes: ["AUTO35"],
      note: "Leave at the back door",
      attributes: [{ key: "gift", value: "yes" }],
      buyerIdentity: { email: "a@example.com" },
    });
  });
});

describe("cart limits on the server (shop-core spec sections 5 and 9)", () => {
  it("adds only what fits after the quantity already there, and says so", async () => {
    const cart = await newCart(8);
    const result = await carts.addLines(cart.id, [{ merchandiseId: dryVariant, quantity: 5 }]);
    expect(result.cart!.lines[0].quantity).toBe(10);
    expect(result.notices.map((n) => n.code)).toEqual(["QUANTITY_CLAMPED"]);
    const full = await carts.addLines(cart.id, [{ merchandiseId: dryVariant, quantity: 1 }]);
    expect(full.cart!.lines[0].quantity).toBe(10);
    expect(full.notices.map((n) => n.code)).toEqual(["NOTHING_ADDED"]);
  });

  it("caps autoship lines at 5 and others at 10 when updating", async () => {
    const cart = await newCart(1, PLAN);
    const capped = await carts.updateLines(cart.id, [{ id: cart.lines[0].id, quantity: 9 }]);
    expect(capped.cart!.lines[0].quantity).toBe(5);
    expect(capped.notices[0].code).toBe("QUANTITY_CLAMPED");
  });

  it("marks a cart over 10 items over the maximum (limits are derived, adding other products is allowed)", async () => {
    const cart = await newCart(10);
    const { cart: after } = await carts.addLines(cart.id, [{ merchandiseId: canVariant, quantity: 3 }]);
    expect(after!.totalQuantity).toBe(13);
  });
});

describe("bad input leaves the cart as it was", () => {
  it("refuses negative, fractional, huge and non-numeric quantities", async () => {
    const cart = await newCart(2);
    for (const quantity of [-1, 1.5, 100000, Number.NaN]) {
      await expectCartError(carts.addLines(cart.id, [{ merchandiseId: dryVariant, quantity }]), "INVALID_QUANTITY");
    }
    expect((await carts.getCart(cart.id))!.totalQuantity).toBe(2);
  });

  it("refuses unknown variants, other sites' products and forged selling plans", async () => {
    const cart = await newCart(2);
    await expectCartError(carts.addLines(cart.id, [{ merchandiseId: "nope", quantity: 1 }]), "VARIANT_NOT_FOUND");
    await expectCartError(carts.addLines(cart.id, [{ merchandiseId: pdVariant, quantity: 1 }]), "VARIANT_NOT_FOUND");
    await expectCartError(
      carts.addLines(cart.id, [{ merchandiseId: dryVariant, quantity: 1, sellingPlanId: "autoship-1d" }]),
      "SELLING_PLAN_INVALID",
    );
    // A failing line rolls back the lines before it in the same call.
    await expectCartError(
      carts.addLines(cart.id, [
        { merchandiseId: canVariant, quantity: 1 },
        { merchandiseId: "nope", quantity: 1 },
      ]),
      "VARIANT_NOT_FOUND",
    );
    expect((await carts.getCart(cart.id))!.lines).toHaveLength(1);
  });

  it("refuses unknown carts and lines of another cart", async () => {
    const mine = await newCart(1);
    const theirs = await newCart(1);
    await expectCartError(
      carts.addLines("no-such-cart", [{ merchandiseId: dryVariant, quantity: 1 }]),
      "CART_NOT_FOUND",
    );
    await expectCartError(carts.updateLines(mine.id, [{ id: theirs.lines[0].id, quantity: 3 }]), "LINE_NOT_FOUND");
    await expectCartError(carts.removeLines(mine.id, [theirs.lines[0].id]), "LINE_NOT_FOUND");
    expect((await carts.getCart(theirs.id))!.totalQuantity).toBe(1);
  });
});

describe("concurrency", () => {
  it("50 concurrent adds never push a cart past its limits and lose no line", async () => {
    const cart = await newCart(1);
    const variants = await db.productVariant.findMany({
      where: { product: { soldOnDtc: true }, id: { not: dryVariant } },
      take: 5,
      select: { id: true },
    });
    const adds = Array.from({ length: 50 }, (_, i) =>
      carts.addLines(cart.id, [{ merchandiseId: i % 2 === 0 ? dryVariant : variants[i % 5].id, quantity: 1 }]),
    );
    await Promise.all(adds);
    const after = (await carts.getCart(cart.id))!;
    const dry = after.lines.find((l) => l.variantId === dryVariant)!;
    expect(dry.quantity).toBe(10);
    // Every other variant got its 5 adds (25 odd-numbered adds over 5 variants), none lost.
    for (const variant of variants) {
      expect(after.lines.find((l) => l.variantId === variant.id)?.quantity).toBe(5);
    }
    expect(after.lines).toHaveLength(6);
  });
});

describe("line attributes and error fields", () => {
  it("keeps the weight attributes when a line's attributes are replaced (catalogue spec section 3)", async () => {
    const cart = await newCart(1);
    const { cart: after } = await carts.updateLines(cart.id, [
      { id: cart.lines[0].id, attributes: [{ key: "engraving", value: "Rex" }] },
    ]);
    expect(after!.lines[0].attributes).toEqual([
      { key: "engraving", value: "Rex" },
      { key: "_weightValue", value: "15.5" },
      { key: "_weightUnit", value: "lbs" },
    ]);
  });

  it("names the failing line in the error field", async () => {
    const cart = await newCart(1);
    const error = await carts
      .addLines(cart.id, [
        { merchandiseId: dryVariant, quantity: 1 },
        { merchandiseId: "nope", quantity: 1 },
      ])
      .catch((e: CartError) => e);
    expect((error as CartError).field).toBe("lines.1.merchandiseId");
  });
});
