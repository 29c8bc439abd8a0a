import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import type { CartActionData } from "~/models/cart";
import { action, loader } from "~/routes/cart";
import { SAVED_CART_METAFIELD, savedCartId } from "~/services/commerce/saved-cart.server";
import { sessionStorage, setSessionToken } from "~/services/http/session.server";
import { identity } from "~/services/identity/index.server";
import { staffProgram, stockDestinationOf } from "~/services/staff/index.server";
import { Jar, signedInJar } from "../helpers/routes";
import { ensureSeeded } from "../helpers/seeded";

const ORIGIN = "http://localhost:3000";
let variantId: string;

beforeAll(async () => {
  await ensureSeeded();
  variantId = (await prisma.productVariant.findUniqueOrThrow({ where: { sku: "SD00402" } })).id;
});

async function post(jar: Jar, fields: Record<string, string>, referer = `${ORIGIN}/products/dog`) {
  const request = new Request(`${ORIGIN}/cart`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Cookie: jar.header, Referer: referer, "Content-Type": "application/x-www-form-urlencoded" },
  });
  const response = (await action({ request, params: {}, context: {} })) as Response;
  jar.store(response);
  return response;
}

async function cartPage(jar: Jar) {
  const response = await loader({
    request: new Request(`${ORIGIN}/cart`, { headers: { Cookie: jar.header } }),
    params: {},
    context: {},
  });
  jar.store(response);
  return response.json();
}

describe("/cart action", () => {
  it("creates the cart on the first add: httpOnly, SameSite=Lax col_cart_id, redirect back with a notice", async () => {
    const jar = new Jar();
    const response = await post(jar, { intent: "add", variantId, quantity: "2" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/products/dog");
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("col_cart_id="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const session = await sessionStorage.getSession(`__session=${jar.get("__session")}`);
    expect(session.get("notice")).toEqual({ tone: "success", message: "Added to your cart." });
    const data = await cartPage(jar);
    expect(data.cart?.totalQuantity).toBe(2);
    expect(data.summary?.limits.overMaximum).toBe(false);
  });

  it("refuses a non-numeric quantity with a clear notice and changes nothing", async () => {
    const jar = new Jar();
    await post(jar, { intent: "add", variantId, quantity: "1" });
    await post(jar, { intent: "add", variantId, quantity: "-3" });
    const session = await sessionStorage.getSession(`__session=${jar.get("__session")}`);
    expect(session.get("notice")).toMatchObject({ tone: "error", message: "Enter the quantity as a whole number." });
    expect((await cartPage(jar)).cart?.totalQuantity).toBe(1);
  });

  it("requires a frequency for autoship, and refuses a forged one", async () => {
    const jar = new Jar();
    await post(jar, { intent: "add", variantId, quantity: "1", purchaseType: "autoship" });
    expect((await cartPage(jar)).cart).toBeNull();
    await post(jar, { intent: "add", variantId, quantity: "1", purchaseType: "autoship", sellingPlanId: "free-food" });
    expect((await cartPage(jar)).cart).toBeNull();
    await post(jar, {
      intent: "add",
      variantId,
      quantity: "7",
      purchaseType: "autoship",
      sellingPlanId: "autoship-2w",
    });
    const { cart, summary } = await cartPage(jar);
    expect(cart?.lines[0]).toMatchObject({ quantity: 5, sellingPlanId: "autoship-2w" });
    expect(summary?.limits.autoshipWarningLineIds).toEqual([cart?.lines[0].id]);
  });

  it("marks a cart over 10 items as over the maximum (checkout blocked)", async () => {
    const jar = new Jar();
    const other = await prisma.productVariant.findFirstOrThrow({ where: { sku: "SD00401" } });
    await post(jar, { intent: "add", variantId, quantity: "10" });
    await post(jar, { intent: "add", variantId: other.id, quantity: "2" });
    const data = await cartPage(jar);
    expect(data.summary?.limits).toMatchObject({ totalQuantity: 12, overMaximum: true });
  });

  it("links a signed-in customer's cart, saves it in profeeding.persisted_cart_id, and forgets it when emptied", async () => {
    const customer = await prisma.customer.findFirstOrThrow({ where: { email: "shopper@example.com", site: "DTC" } });
    const jar = await signedInJar(customer.id);
    await post(jar, { intent: "add", variantId, quantity: "1" });
    const cartId = jar.get("col_cart_id");
    const saved = await savedCartId(customer.id);
    expect(saved).toBeTruthy();
    expect(await prisma.cart.findUnique({ where: { id: saved! }, select: { customerId: true } })).toEqual({
      customerId: customer.id,
    });
    expect(SAVED_CART_METAFIELD).toMatchObject({ namespace: "profeeding", key: "persisted_cart_id" });

    const data = await cartPage(jar);
    await post(jar, { intent: "remove", lineId: data.cart?.lines[0].id ?? "" }, `${ORIGIN}/cart`);
    expect(cartId).toBeTruthy();
    expect(jar.get("col_cart_id")).toBeUndefined();
    expect(await savedCartId(customer.id)).toBeNull();
  });
});

describe("/cart action for fetchers (_response=json)", () => {
  it("answers JSON with the notice, cart totals and the line added, and sets the cart cookie", async () => {
    const jar = new Jar();
    const response = await post(jar, { intent: "add", variantId, quantity: "2", _response: "json" });
    expect(response.status).toBe(200);
    const data = await response.json();
    expect(data).toMatchObject({
      ok: true,
      notice: { tone: "success", message: "Added to your cart." },
      cart: { totalQuantity: 2, weightLbs: 31 },
      line: { variantId, quantity: 2, sellingPlanId: null },
    });
    expect(jar.get("col_cart_id")).toBeTruthy();
  });

  it("answers 400 with the failing field for bad input, 404 for a line of no cart", async () => {
    const jar = new Jar();
    const bad = await post(jar, { intent: "add", variantId, quantity: "lots", _response: "json" });
    expect(bad.status).toBe(400);
    // The one action reply (replyWith): the errors beside their field, and the notice.
    const reply = await bad.json();
    expect(reply.error).toEqual({ quantity: ["Enter the quantity as a whole number."] });
    expect(reply.notice).toEqual({ tone: "error", message: "Enter the quantity as a whole number." });
    const missing = await post(jar, { intent: "remove", lineId: "nope", _response: "json" });
    expect(missing.status).toBe(404);
  });
});

describe("delivery zip and stock on the cart page (shop-core spec section 5; catalogue spec section 5)", () => {
  const sessionOf = async (jar: Jar) => sessionStorage.getSession(`__session=${jar.get("__session")}`);

  it("uses the default guest zip 80011 until one is set (shop-core spec section 1)", async () => {
    const jar = new Jar();
    await post(jar, { intent: "add", variantId, quantity: "1" });
    expect((await cartPage(jar)).zip).toBe("80011");
  });

  it("stores a covered zip as {zip}::HOME and refuses others with a message (shop-core spec sections 3 and 5)", async () => {
    const jar = new Jar();
    await post(jar, { intent: "zip", zip: "80012" }, `${ORIGIN}/cart`);
    expect((await sessionOf(jar)).get("userLocation")).toBe("80012::HOME");
    await post(jar, { intent: "zip", zip: "30301" }, `${ORIGIN}/cart`);
    const session = await sessionOf(jar);
    expect(session.get("userLocation")).toBe("80012::HOME");
    expect(session.get("notice")).toEqual({ tone: "error", message: "Sorry, we do not deliver to 30301 yet." });
    await post(jar, { intent: "zip", zip: "8001" }, `${ORIGIN}/cart`);
    expect((await sessionOf(jar)).get("notice")).toEqual({ tone: "error", message: "Enter a 5-digit zip code." });
  });

  it("flags lines out of stock for the zip, which blocks checkout", async () => {
    const soldOut = await prisma.productVariant.findFirstOrThrow({
      where: { inventory: { gt: 0 }, sku: { startsWith: "SD" }, NOT: { sku: "SD00402" } },
    });
    const jar = new Jar();
    await post(jar, { intent: "add", variantId: soldOut.id, quantity: "1" });
    await post(jar, { intent: "add", variantId, quantity: "1" });
    await prisma.productVariant.update({ where: { id: soldOut.id }, data: { inventory: 0 } });
    try {
      const data = await cartPage(jar);
      const line = data.cart?.lines.find((l) => l.variantId === soldOut.id);
      expect(data.unavailableLineIds).toEqual([line?.id]);
    } finally {
      await prisma.productVariant.update({ where: { id: soldOut.id }, data: { inventory: soldOut.inventory } });
    }
  });
});

describe("cart note and attributes by form post", () => {
  it("saves a note and a shopper attribute, and refuses checkout-owned attributes (catalogue spec section 3)", async () => {
    const jar = new Jar();
    await post(jar, { intent: "add", variantId, quantity: "1" });
    await post(jar, { intent: "note", note: "Ring twice" }, `${ORIGIN}/cart`);
    await post(jar, { intent: "attributes", key: "gift_message", value: "Happy birthday" }, `${ORIGIN}/cart`);
    const refused = await post(jar, { intent: "attributes", key: "SALES_ORG", value: "EVIL" }, `${ORIGIN}/cart`);
    expect(refused.status).toBe(302);
    const cart = await prisma.cart.findUniqueOrThrow({
      where: { id: (await cartPage(jar)).cart?.id ?? "" },
      select: { note: true, attributes: true },
    });
    expect(cart.note).toBe("Ring twice");
    expect(JSON.parse(cart.attributes)).toEqual([{ key: "gift_message", value: "Happy birthday" }]);
  });
});

describe("/cart action with malformed input (a 4xx, never a 500)", () => {
  it("goes back to the cart when the Referer is not a URL or the redirect target is not a local path", async () => {
    const jar = new Jar();
    for (const referer of ["not a url", `${ORIGIN}/%E6%97%A5`]) {
      const response = await post(jar, { intent: "zip", zip: "80011" }, referer);
      expect(response.headers.get("Location")).toBe(referer === "not a url" ? "/cart" : "/%E6%97%A5");
    }
    for (const redirectTo of ["/日本", "/a\r\nSet-Cookie: x=1", "//evil.test", "/\\evil.test"]) {
      const response = await post(jar, { intent: "zip", zip: "80011", redirectTo });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/cart");
    }
  });

  it("answers a body that is not a form with 415 and a broken multipart body with 400", async () => {
    const send = (body: string, type: string) =>
      action({
        request: new Request(`${ORIGIN}/cart`, { method: "POST", body, headers: { "Content-Type": type } }),
        params: {},
        context: {},
      }).catch((error: unknown) => error as Response);
    expect((await send('{"intent":"add"}', "application/json")).status).toBe(415);
    expect((await send("intent=add", "multipart/form-data")).status).toBe(400);
  });
});

describe("what each site's cart shows and checks (docs/rules.md 'Site policy', 'Staff-feeding program')", () => {
  const STAFF = "http://staff.localhost:3000";

  /** A staff-site account; registered with a clinic when asked; its session storing `location`. */
  async function staffShopper(registered: boolean, location?: string) {
    const result = await identity.register({
      site: "HPSF",
      email: `cart-view-${crypto.randomUUID()}@example.com`,
      password: "Program-2026",
      firstName: "Riley",
      lastName: "Cart",
      acceptsMarketing: false,
    });
    if (!result.ok) throw new Error("register failed");
    if (registered) await staffProgram.register(result.customerId, { roleCode: "DVM", groupId: "CLN-1002" });
    const session = await sessionStorage.getSession();
    setSessionToken(session, await identity.createSession(result.customerId, "HPSF"));
    if (location) session.set("userLocation", location);
    const jar = new Jar();
    jar.store(new Response(null, { headers: { "Set-Cookie": await sessionStorage.commitSession(session) } }));
    return jar;
  }

  const staffAdd = async (jar: Jar, json = false) => {
    const variant = await prisma.productVariant.findFirstOrThrow({
      where: { product: { soldOnHpsf: true }, inventory: { gte: 20 } },
      orderBy: { sku: "asc" },
    });
    const request = new Request(`${STAFF}/cart`, {
      method: "POST",
      body: new URLSearchParams({
        intent: "add",
        variantId: variant.id,
        quantity: "1",
        ...(json ? { _response: "json" } : {}),
      }),
      headers: {
        Cookie: jar.header,
        Referer: `${STAFF}/products`,
        "Content-Type": "application/x-www-form-urlencoded",
      },
    });
    const response = (await action({ request, params: {}, context: {} })) as Response;
    jar.store(response);
    return response;
  };
  const staffCart = async (jar: Jar) => {
    const response = await loader({
      request: new Request(`${STAFF}/cart`, { headers: { Cookie: jar.header } }),
      params: {},
      context: {},
    });
    return (await response.json()) as { summary: { subtotalCents: number | null; freeShipping: unknown } };
  };

  it("the staff cart carries no free-shipping tracker, and no subtotal to a shopper who is not signed in", async () => {
    const guest = new Jar();
    const answer = (await (await staffAdd(guest, true)).json()) as CartActionData;
    expect(answer.cart).toMatchObject({ subtotalCents: null, freeShipping: null });
    expect((await staffCart(guest)).summary).toMatchObject({ subtotalCents: null, freeShipping: null });

    const member = await staffShopper(true);
    await staffAdd(member);
    const summary = (await staffCart(member)).summary;
    expect(summary.freeShipping).toBeNull();
    expect(summary.subtotalCents).toBeGreaterThan(0);

    // The consumer site shows both.
    const shopper = new Jar();
    await post(shopper, { intent: "add", variantId, quantity: "1" });
    const consumer = (await cartPage(shopper)) as { summary: { subtotalCents: number; freeShipping: unknown } };
    expect(consumer.summary.subtotalCents).toBeGreaterThan(0);
    expect(consumer.summary.freeShipping).toMatchObject({ reached: expect.any(Boolean) });
  });

  it("checks clinic stock only for a registered member shipping to their clinic", async () => {
    const ask = (jar: Jar) => stockDestinationOf(new Request(`${STAFF}/cart`, { headers: { Cookie: jar.header } }));
    expect(await ask(await staffShopper(true, "80206::clinic"))).toBe("CLINIC");
    expect(await ask(await staffShopper(true, "80206::home"))).toBe("HOME");
    // A member not registered (a location left from before, say) gets home stock, as does a guest.
    expect(await ask(await staffShopper(false, "80206::clinic"))).toBe("HOME");
    expect(await ask(new Jar())).toBe("HOME");
  });
});
