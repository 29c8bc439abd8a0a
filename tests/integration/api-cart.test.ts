// The cart's public JSON API (shop-core spec section 7 "Cart"),
// called through the route modules' actions against the seeded database.
import crypto from "node:crypto";
import type { ActionFunctionArgs } from "@remix-run/node";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { prisma } from "~/db.server";
import * as addLines from "~/routes/api.ecom.v1[.]0.add-cart-line-items";
import * as createCart from "~/routes/api.ecom.v1[.]0.create-cart";
import * as getCart from "~/routes/api.ecom.v1[.]0.get-cart";
import * as removeLines from "~/routes/api.ecom.v1[.]0.remove-cart-line-items";
import * as updateAttributes from "~/routes/api.ecom.v1[.]0.update-cart-attributes";
import * as updateBuyerIdentity from "~/routes/api.ecom.v1[.]0.update-cart-buyer-identity";
import * as updateDiscountCodes from "~/routes/api.ecom.v1[.]0.update-cart-discount-codes";
import * as updateLines from "~/routes/api.ecom.v1[.]0.update-cart-line-items";
import * as updateNote from "~/routes/api.ecom.v1[.]0.update-cart-note";
import { commerce } from "~/services/commerce/index.server";
import { saveCartForCustomer, savedCartId } from "~/services/commerce/saved-cart.server";
import { captureLogs, LEVEL } from "../helpers/logs";
import { ensureSeeded } from "../helpers/seeded";

type Site = "DTC" | "HPSF";
type Handler = (args: ActionFunctionArgs) => Promise<Response>;
interface ApiError {
  error: { code: string; message: string; fields?: Record<string, string> };
}
interface Line {
  id: string;
  variantId: string;
  quantity: number;
  sellingPlanId: string | null;
  attributes: { key: string; value: string }[];
}
interface ApiCart {
  id: string;
  checkoutUrl: string;
  totalQuantity: number;
  lines: Line[];
  cost: { subtotalAmount: { amount: string; currencyCode: string }; totalAmount: { amount: string } };
  buyerIdentity: { email: string | null; phone: string | null; countryCode: string | null };
  attributes: { key: string; value: string }[];
  note: string | null;
  discountCodes: string[];
}
interface Notice {
  code: string;
  message: string;
}
interface CartAnswer {
  cart: ApiCart | null;
  notices: Notice[];
}

const ORIGIN: Record<Site, string> = { DTC: "http://localhost:3000", HPSF: "http://staff.localhost:3000" };
const BASE = "/api/ecom/v1.0";
const PLAN = "autoship-4w";
const CART_FIELDS = [
  "attributes",
  "buyerIdentity",
  "checkoutUrl",
  "cost",
  "discountCodes",
  "id",
  "lines",
  "note",
  "totalQuantity",
];

/** Every cart endpoint, its module and a valid body for a given cart (and line). */
const ENDPOINTS = {
  "get-cart": getCart,
  "create-cart": createCart,
  "add-cart-line-items": addLines,
  "remove-cart-line-items": removeLines,
  "update-cart-line-items": updateLines,
  "update-cart-attributes": updateAttributes,
  "update-cart-buyer-identity": updateBuyerIdentity,
  "update-cart-discount-codes": updateDiscountCodes,
  "update-cart-note": updateNote,
} as const;
type Endpoint = keyof typeof ENDPOINTS;

/** Runs a loader or action; a thrown Response (our error answers) is the answer too. */
async function call(handler: Handler, request: Request): Promise<Response> {
  try {
    return await handler({ request, params: {}, context: {} });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

function request(endpoint: Endpoint, body: string, site: Site = "DTC", method = "POST"): Request {
  return new Request(`${ORIGIN[site]}${BASE}/${endpoint}`, {
    method,
    body: method === "GET" ? undefined : body,
    headers: { "Content-Type": "application/json" },
  });
}

async function api<T = CartAnswer>(endpoint: Endpoint, body: unknown, site: Site = "DTC") {
  const response = await call(ENDPOINTS[endpoint].action, request(endpoint, JSON.stringify(body), site));
  return { status: response.status, headers: response.headers, body: (await response.json()) as T };
}

let dry: string;
let can: string;
let prescription: string;
let treat: string;

beforeAll(async () => {
  await ensureSeeded();
  dry = (await prisma.productVariant.findUniqueOrThrow({ where: { sku: "SD00402" } })).id;
  const variantOf = async (where: object) =>
    (await prisma.productVariant.findFirstOrThrow({ where, orderBy: { sku: "asc" }, select: { id: true } })).id;
  can = await variantOf({ packType: "can", product: { soldOnDtc: true, soldOnHpsf: true } });
  prescription = await variantOf({ product: { brand: "prescription-diet" } });
  treat = await variantOf({ product: { brand: "hills-treats" } });
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** A new DTC cart made through the API. */
async function newCart(lineItems: unknown[] = [{ merchandiseId: dry, quantity: 1 }], site: Site = "DTC") {
  const { status, body } = await api("create-cart", { lineItems }, site);
  expect(status).toBe(200);
  return body.cart!;
}

const expectError = (
  answer: { status: number; body: unknown },
  status: number,
  code: string,
  field?: string,
): ApiError["error"] => {
  expect(answer.status).toBe(status);
  const { error } = answer.body as ApiError;
  expect(error.code).toBe(code);
  expect(typeof error.message).toBe("string");
  if (field) expect(error.fields).toHaveProperty([field]);
  return error;
};

describe("get-cart (shop-core spec section 7)", () => {
  it("answers { cart } in the service's Cart shape with no-store", async () => {
    const created = await newCart([{ merchandiseId: dry, quantity: 2 }]);
    const { status, headers, body } = await api<{ cart: ApiCart }>("get-cart", { cartId: created.id });
    expect(status).toBe(200);
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    expect(Object.keys(body).sort()).toEqual(["cart"]);
    expect(Object.keys(body.cart).sort()).toEqual(CART_FIELDS);
    expect(body.cart).toMatchObject({
      id: created.id,
      checkoutUrl: `/checkout?cart=${created.id}`,
      totalQuantity: 2,
      cost: { subtotalAmount: { currencyCode: "USD" } },
      buyerIdentity: { email: null, phone: null, countryCode: null },
      note: null,
      discountCodes: [],
    });
    expect(body.cart.lines[0]).toMatchObject({ variantId: dry, quantity: 2, sellingPlanId: null });
  });

  it("is a 404 CART_NOT_FOUND for an unknown cart and for another site's cart, never a 500", async () => {
    expectError(await api("get-cart", { cartId: "no-such-cart" }), 404, "CART_NOT_FOUND", "cartId");
    const dtcCart = await newCart();
    expectError(await api("get-cart", { cartId: dtcCart.id }, "HPSF"), 404, "CART_NOT_FOUND");
  });

  it("is a 400 with fields when cartId is missing or not a string", async () => {
    expect(expectError(await api("get-cart", {}), 400, "INVALID_REQUEST").fields).toEqual({ cartId: "Required" });
    expectError(await api("get-cart", { cartId: 42 }), 400, "INVALID_REQUEST", "cartId");
  });
});

describe("create-cart (shop-core spec section 7)", () => {
  it("creates the request site's cart with buyer identity and line items, answering { cart, notices }", async () => {
    const { status, body } = await api("create-cart", {
      buyerIdentity: {
        email: "shopper@example.com",
        phone: "+1 303-555-0100",
        countryCode: "us",
        customerAccessToken: null,
      },
      lineItems: [
        { merchandiseId: dry, quantity: 2, attributes: [{ key: "gift", value: "yes" }] },
        { merchandiseId: can, quantity: 1, sellingPlanId: PLAN },
      ],
    });
    expect(status).toBe(200);
    expect(body.notices).toEqual([]);
    const cart = body.cart!;
    expect(Object.keys(cart).sort()).toEqual(CART_FIELDS);
    expect(cart.totalQuantity).toBe(3);
    expect(cart.buyerIdentity).toEqual({ email: "shopper@example.com", phone: "+1 303-555-0100", countryCode: "US" });
    expect(cart.lines.map((l) => [l.variantId, l.quantity, l.sellingPlanId])).toEqual([
      [dry, 2, null],
      [can, 1, PLAN],
    ]);
    expect(cart.lines[0].attributes).toContainEqual({ key: "gift", value: "yes" });
    expect((await prisma.cart.findUniqueOrThrow({ where: { id: cart.id } })).site).toBe("DTC");
  });

  it("takes the site from the Host: Prescription Diet only on HPSF, treats only on DTC", async () => {
    const staff = await newCart([{ merchandiseId: prescription, quantity: 1 }], "HPSF");
    expect((await prisma.cart.findUniqueOrThrow({ where: { id: staff.id } })).site).toBe("HPSF");
    const { result, lines } = await captureLogs(() =>
      api("create-cart", { lineItems: [{ merchandiseId: treat, quantity: 1 }] }, "HPSF"),
    );
    expectError(result, 404, "VARIANT_NOT_FOUND", "lineItems.0.merchandiseId");
    expect(lines.filter((line) => line.level === LEVEL.error)).toHaveLength(1);
  });

  it("with an empty body creates an empty cart", async () => {
    const response = await call(createCart.action, request("create-cart", ""));
    expect(response.status).toBe(200);
    const { cart, notices } = (await response.json()) as CartAnswer;
    expect(cart).toMatchObject({ totalQuantity: 0, lines: [] });
    expect(notices).toEqual([]);
  });

  it("an unknown variant is logged as an error creating the cart and leaves no cart (shop-core spec section 8)", async () => {
    const before = await prisma.cart.count();
    const { result: answer, lines } = await captureLogs(() =>
      api("create-cart", {
        lineItems: [
          { merchandiseId: dry, quantity: 1 },
          { merchandiseId: "no-such-variant", quantity: 1 },
        ],
      }),
    );
    expectError(answer, 404, "VARIANT_NOT_FOUND", "lineItems.1.merchandiseId");
    expect(await prisma.cart.count()).toBe(before);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: LEVEL.error, reqId: "test-request" });
    expect(lines[0].msg).toMatch(/error creating the cart.*variant id/i);
  });

  it("is a 400 with fields for a malformed buyer identity", async () => {
    const answer = await api("create-cart", { buyerIdentity: { email: "not-an-email", countryCode: "USA" } });
    const error = expectError(answer, 400, "INVALID_REQUEST");
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(["buyerIdentity.countryCode", "buyerIdentity.email"]);
  });
});

describe("a cart's lifecycle through the API (shop-core spec sections 4 and 7)", () => {
  it("create → add → update → remove the last item → cart null, and the cart is gone", async () => {
    const created = await newCart([{ merchandiseId: dry, quantity: 1 }]);
    const added = await api("add-cart-line-items", {
      cartId: created.id,
      lineItems: [
        { merchandiseId: dry, quantity: 2 },
        { merchandiseId: can, quantity: 3 },
      ],
    });
    expect(added.status).toBe(200);
    expect(added.body.notices).toEqual([]);
    const cart = added.body.cart!;
    expect(cart.totalQuantity).toBe(6);
    const dryLine = cart.lines.find((l) => l.variantId === dry)!;
    const canLine = cart.lines.find((l) => l.variantId === can)!;
    expect(dryLine.quantity).toBe(3);

    const updated = await api("update-cart-line-items", {
      cartId: cart.id,
      lineItems: [
        { id: dryLine.id, quantity: 4, sellingPlanId: PLAN },
        { id: canLine.id, quantity: 0 },
      ],
    });
    expect(updated.status).toBe(200);
    expect(updated.body.notices.map((n) => n.code)).toEqual(["LINE_REMOVED"]);
    expect(updated.body.cart!.lines).toHaveLength(1);
    expect(updated.body.cart!.lines[0]).toMatchObject({ id: dryLine.id, quantity: 4, sellingPlanId: PLAN });

    const removed = await api("remove-cart-line-items", { cartId: cart.id, lineItemIds: [dryLine.id] });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ cart: null, notices: [] });
    expectError(await api("get-cart", { cartId: cart.id }), 404, "CART_NOT_FOUND");
  });

  it("setting the last line's quantity to 0 discards the cart too", async () => {
    const cart = await newCart();
    const answer = await api("update-cart-line-items", {
      cartId: cart.id,
      lineItems: [{ id: cart.lines[0].id, quantity: 0 }],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.cart).toBeNull();
    expect(await prisma.cart.count({ where: { id: cart.id } })).toBe(0);
  });

  it("discarding a customer's saved cart deletes the saved-cart metafield (shop-core spec section 4)", async () => {
    const customer = await prisma.customer.create({
      data: { site: "DTC", email: `api-cart-${crypto.randomUUID()}@example.com`, firstName: "Api", lastName: "Cart" },
    });
    try {
      const { cart } = await commerce.createCart({
        site: "DTC",
        customerId: customer.id,
        lines: [{ merchandiseId: dry, quantity: 1 }],
      });
      await saveCartForCustomer(customer.id, cart!.id);
      const answer = await api("remove-cart-line-items", { cartId: cart!.id, lineItemIds: [cart!.lines[0].id] });
      expect(answer.body.cart).toBeNull();
      expect(await savedCartId(customer.id)).toBeNull();
    } finally {
      await prisma.customer.delete({ where: { id: customer.id } });
    }
  });
});

describe("cart limits through the API (shop-core spec section 5)", () => {
  it("adding past 10 of one item adds only what fits, with a QUANTITY_CLAMPED notice", async () => {
    const cart = await newCart([{ merchandiseId: dry, quantity: 8 }]);
    const answer = await api("add-cart-line-items", {
      cartId: cart.id,
      lineItems: [{ merchandiseId: dry, quantity: 5 }],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.cart!.lines[0].quantity).toBe(10);
    expect(answer.body.notices).toHaveLength(1);
    expect(answer.body.notices[0]).toMatchObject({ code: "QUANTITY_CLAMPED", variantId: dry });

    const again = await api("add-cart-line-items", {
      cartId: cart.id,
      lineItems: [{ merchandiseId: dry, quantity: 1 }],
    });
    expect(again.body.cart!.lines[0].quantity).toBe(10);
    expect(again.body.notices.map((n) => n.code)).toEqual(["NOTHING_ADDED"]);
  });

  it("create-cart with 999 of one item keeps 10; an autoship line keeps 5", async () => {
    const { body } = await api("create-cart", {
      lineItems: [
        { merchandiseId: dry, quantity: 999 },
        { merchandiseId: can, quantity: 9, sellingPlanId: PLAN },
      ],
    });
    expect(body.cart!.lines.map((l) => l.quantity)).toEqual([10, 5]);
    expect(body.notices.map((n) => n.code)).toEqual(["QUANTITY_CLAMPED", "QUANTITY_CLAMPED"]);
  });

  it("update-cart-line-items clamps a quantity over the maximum with a notice", async () => {
    const cart = await newCart();
    const answer = await api("update-cart-line-items", {
      cartId: cart.id,
      lineItems: [{ id: cart.lines[0].id, quantity: 50 }],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.cart!.lines[0].quantity).toBe(10);
    expect(answer.body.notices.map((n) => n.code)).toEqual(["QUANTITY_CLAMPED"]);
  });
});

describe("bad quantities are a 400 with fields, never a 500 (shop-core spec section 7)", () => {
  const BAD = [
    ["negative", -1],
    ["fractional", 1.5],
    ["huge", 1000],
    ["far too huge", 1e300],
    ["a numeric string", "3"],
    ["non-numeric", "abc"],
    ["null", null],
    ["an object", { n: 1 }],
  ] as const;

  for (const [what, quantity] of BAD) {
    it(`${what} (${JSON.stringify(quantity)}) in create-cart, add-cart-line-items and update-cart-line-items`, async () => {
      const cart = await newCart();
      const line = cart.lines[0];
      expectError(
        await api("create-cart", { lineItems: [{ merchandiseId: dry, quantity }] }),
        400,
        "INVALID_REQUEST",
        "lineItems.0.quantity",
      );
      expectError(
        await api("add-cart-line-items", {
          cartId: cart.id,
          lineItems: [
            { merchandiseId: can, quantity: 1 },
            { merchandiseId: dry, quantity },
          ],
        }),
        400,
        "INVALID_REQUEST",
        "lineItems.1.quantity",
      );
      expectError(
        await api("update-cart-line-items", { cartId: cart.id, lineItems: [{ id: line.id, quantity }] }),
        400,
        "INVALID_REQUEST",
        "lineItems.0.quantity",
      );
      // Nothing changed.
      const { body } = await api<{ cart: ApiCart }>("get-cart", { cartId: cart.id });
      expect(body.cart.lines.map((l) => [l.variantId, l.quantity])).toEqual([[dry, 1]]);
    });
  }

  it("a quantity of 0 cannot be added (it can only be set, which removes the line)", async () => {
    const cart = await newCart();
    expectError(
      await api("add-cart-line-items", { cartId: cart.id, lineItems: [{ merchandiseId: dry, quantity: 0 }] }),
      400,
      "INVALID_REQUEST",
      "lineItems.0.quantity",
    );
  });

  it("a missing quantity or merchandiseId is a 400 naming the field", async () => {
    const error = expectError(
      await api("create-cart", { lineItems: [{ merchandiseId: dry }, { quantity: 1 }] }),
      400,
      "INVALID_REQUEST",
    );
    // The same messages as the /cart page (docs/rules.md "Forms and inputs").
    expect(error.fields).toEqual({
      "lineItems.0.quantity": "Enter a quantity.",
      "lineItems.1.merchandiseId": "Missing item.",
    });
  });
});

describe("refused cart changes map to 404 and 400 (shop-core spec sections 7 and 8)", () => {
  it("an unknown variant is a 404 VARIANT_NOT_FOUND and adds nothing", async () => {
    const cart = await newCart();
    expectError(
      await api("add-cart-line-items", {
        cartId: cart.id,
        lineItems: [
          { merchandiseId: can, quantity: 1 },
          { merchandiseId: "no-such-variant", quantity: 1 },
        ],
      }),
      404,
      "VARIANT_NOT_FOUND",
      "lineItems.1.merchandiseId",
    );
    const { body } = await api<{ cart: ApiCart }>("get-cart", { cartId: cart.id });
    expect(body.cart.totalQuantity).toBe(1);
  });

  it("a product the site does not sell is a 404 VARIANT_NOT_FOUND", async () => {
    const cart = await newCart();
    expectError(
      await api("add-cart-line-items", { cartId: cart.id, lineItems: [{ merchandiseId: prescription, quantity: 1 }] }),
      404,
      "VARIANT_NOT_FOUND",
    );
  });

  it("adding to an unknown cart logs 'No cart found' and is a 404 CART_NOT_FOUND", async () => {
    const { result, lines } = await captureLogs(() =>
      api("add-cart-line-items", { cartId: "no-such-cart", lineItems: [{ merchandiseId: dry, quantity: 1 }] }),
    );
    expectError(result, 404, "CART_NOT_FOUND", "cartId");
    expect(lines).toMatchObject([{ level: LEVEL.warn, msg: "No cart found" }]);
  });

  it("every call naming an unknown or another site's cart is a 404 CART_NOT_FOUND, never a 500", async () => {
    const foreign = await newCart([{ merchandiseId: can, quantity: 1 }], "HPSF");
    const bodies = (cartId: string): [Endpoint, object][] => [
      ["get-cart", { cartId }],
      ["add-cart-line-items", { cartId, lineItems: [{ merchandiseId: can, quantity: 1 }] }],
      ["remove-cart-line-items", { cartId, lineItemIds: [foreign.lines[0].id] }],
      ["update-cart-line-items", { cartId, lineItems: [{ id: foreign.lines[0].id, quantity: 2 }] }],
      ["update-cart-attributes", { cartId, attributes: [{ key: "k", value: "v" }] }],
      ["update-cart-buyer-identity", { cartId, buyerIdentity: { email: "x@example.com" } }],
      ["update-cart-discount-codes", { cartId, codes: ["SAVE"] }],
      ["update-cart-note", { cartId, note: "hi" }],
    ];
    for (const cartId of ["no-such-cart", foreign.id, "x".repeat(100)]) {
      for (const [endpoint, body] of bodies(cartId)) {
        const answer = await api(endpoint, body, "DTC");
        expect(answer.status, `${endpoint} ${cartId}`).toBe(404);
        expect((answer.body as unknown as ApiError).error.code).toBe("CART_NOT_FOUND");
      }
    }
    // The other site's cart was left as it was.
    const { body } = await api<{ cart: ApiCart }>("get-cart", { cartId: foreign.id }, "HPSF");
    expect(body.cart).toMatchObject({ totalQuantity: 1, note: null, attributes: [], discountCodes: [] });
    expect(body.cart.buyerIdentity.email).toBeNull();
  });

  it("a line of another cart is a 404 LINE_NOT_FOUND for update and remove", async () => {
    const mine = await newCart();
    const other = await newCart();
    expectError(
      await api("update-cart-line-items", { cartId: mine.id, lineItems: [{ id: other.lines[0].id, quantity: 2 }] }),
      404,
      "LINE_NOT_FOUND",
      "lineItems.0.id",
    );
    expectError(
      await api("remove-cart-line-items", { cartId: mine.id, lineItemIds: [mine.lines[0].id, other.lines[0].id] }),
      404,
      "LINE_NOT_FOUND",
      "lineItemIds",
    );
    // Neither cart changed: the refused removal is all or nothing.
    expect((await api("get-cart", { cartId: mine.id })).body.cart!.totalQuantity).toBe(1);
    expect((await api("get-cart", { cartId: other.id })).body.cart!.totalQuantity).toBe(1);
  });

  it("a forged sellingPlanId is a 400 SELLING_PLAN_INVALID in create, add and update", async () => {
    const forged = "autoship-1d";
    expectError(
      await api("create-cart", { lineItems: [{ merchandiseId: dry, quantity: 1, sellingPlanId: forged }] }),
      400,
      "SELLING_PLAN_INVALID",
      "lineItems.0.sellingPlanId",
    );
    const cart = await newCart();
    expectError(
      await api("add-cart-line-items", {
        cartId: cart.id,
        lineItems: [{ merchandiseId: dry, quantity: 1, sellingPlanId: forged }],
      }),
      400,
      "SELLING_PLAN_INVALID",
      "lineItems.0.sellingPlanId",
    );
    expectError(
      await api("update-cart-line-items", {
        cartId: cart.id,
        lineItems: [{ id: cart.lines[0].id, sellingPlanId: forged }],
      }),
      400,
      "SELLING_PLAN_INVALID",
      "lineItems.0.sellingPlanId",
    );
    const { body } = await api<{ cart: ApiCart }>("get-cart", { cartId: cart.id });
    expect(body.cart.lines.map((l) => [l.quantity, l.sellingPlanId])).toEqual([[1, null]]);
  });
});

describe("cart attributes, buyer identity, discount codes and note (shop-core spec section 7)", () => {
  it("update-cart-attributes sets and replaces attributes by key", async () => {
    const cart = await newCart();
    await api("update-cart-attributes", { cartId: cart.id, attributes: [{ key: "source", value: "app" }] });
    const { status, body } = await api("update-cart-attributes", {
      cartId: cart.id,
      attributes: [
        { key: "source", value: "web" },
        { key: "gift", value: "yes" },
      ],
    });
    expect(status).toBe(200);
    expect(body).toEqual({ cart: expect.any(Object), notices: [] });
    expect(body.cart!.attributes).toEqual([
      { key: "source", value: "web" },
      { key: "gift", value: "yes" },
    ]);
    expectError(
      await api("update-cart-attributes", { cartId: cart.id, attributes: [{ key: "", value: "x" }] }),
      400,
      "INVALID_REQUEST",
      "attributes.0.key",
    );
  });

  it("update-cart-buyer-identity sets, keeps and clears fields, and never links a customer", async () => {
    const cart = await newCart();
    const customer = await prisma.customer.findFirst({ select: { id: true } });
    const set = await api("update-cart-buyer-identity", {
      cartId: cart.id,
      buyerIdentity: { email: "buyer@example.com", countryCode: "CA", customerId: customer?.id ?? "c1" },
    });
    expect(set.status).toBe(200);
    expect(set.body.cart!.buyerIdentity).toEqual({ email: "buyer@example.com", phone: null, countryCode: "CA" });
    const cleared = await api("update-cart-buyer-identity", {
      cartId: cart.id,
      buyerIdentity: { email: null, phone: "303-555-0100" },
    });
    expect(cleared.body.cart!.buyerIdentity).toEqual({ email: null, phone: "303-555-0100", countryCode: "CA" });
    expect((await prisma.cart.findUniqueOrThrow({ where: { id: cart.id } })).customerId).toBeNull();
    expectError(
      await api("update-cart-buyer-identity", { cartId: cart.id, buyerIdentity: { email: "nope" } }),
      400,
      "INVALID_REQUEST",
      "buyerIdentity.email",
    );
    expectError(await api("update-cart-buyer-identity", { cartId: cart.id }), 400, "INVALID_REQUEST", "buyerIdentity");
  });

  it("update-cart-discount-codes replaces the codes, normalised; an empty list clears them", async () => {
    const cart = await newCart();
    const set = await api("update-cart-discount-codes", { cartId: cart.id, codes: [" save10 ", "SAVE10", "vip"] });
    expect(set.status).toBe(200);
    expect(set.body.cart!.discountCodes).toEqual(["SAVE10", "VIP"]);
    const cleared = await api("update-cart-discount-codes", { cartId: cart.id, codes: [] });
    expect(cleared.body.cart!.discountCodes).toEqual([]);
    expectError(
      await api("update-cart-discount-codes", { cartId: cart.id, codes: "SAVE10" }),
      400,
      "INVALID_REQUEST",
      "codes",
    );
  });

  it("update-cart-note sets the note; an empty or null note clears it", async () => {
    const cart = await newCart();
    const set = await api("update-cart-note", { cartId: cart.id, note: "Leave at the back door." });
    expect(set.status).toBe(200);
    expect(set.body.cart!.note).toBe("Leave at the back door.");
    expect((await api("update-cart-note", { cartId: cart.id, note: "" })).body.cart!.note).toBeNull();
    expect((await api("update-cart-note", { cartId: cart.id, note: null })).body.cart!.note).toBeNull();
    expectError(
      await api("update-cart-note", { cartId: cart.id, note: "x".repeat(501) }),
      400,
      "INVALID_REQUEST",
      "note",
    );
  });
});

describe("every cart endpoint (shop-core spec section 7)", () => {
  for (const endpoint of Object.keys(ENDPOINTS) as Endpoint[]) {
    it(`${endpoint} answers malformed JSON with 400 MALFORMED_JSON and GET with 405`, async () => {
      const route = ENDPOINTS[endpoint];
      for (const raw of ["{", '{"cartId": "a",}', "not json"]) {
        const response = await call(route.action, request(endpoint, raw));
        expect(response.status).toBe(400);
        expect(((await response.json()) as ApiError).error.code).toBe("MALFORMED_JSON");
      }
      const wrongShape = await call(route.action, request(endpoint, "[1, 2]"));
      expect(wrongShape.status).toBe(400);
      expect(((await wrongShape.json()) as ApiError).error.code).toBe("INVALID_REQUEST");
      const get = await route.loader();
      expect(get.status).toBe(405);
      expect(get.headers.get("Allow")).toBe("POST");
    });
  }
});

describe("checkout-owned attributes (catalogue spec section 3)", () => {
  it("update-cart-attributes refuses the attributes only checkout sets, and changes nothing", async () => {
    const cart = await newCart();
    const error = await expectError(
      await api("update-cart-attributes", {
        cartId: cart.id,
        attributes: [
          { key: "gift", value: "yes" },
          { key: "SALES_ORD_TYPE", value: "ZK01" },
        ],
      }),
      400,
      "INVALID_REQUEST",
    );
    expect(Object.keys(error.fields ?? {})).toEqual(["attributes"]);
    const { body } = await api<{ cart: ApiCart }>("get-cart", { cartId: cart.id });
    expect(body.cart.attributes).toEqual([]);
  });
});
