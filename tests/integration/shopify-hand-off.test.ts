// The hand-off to Shopify's checkout (docs/rules.md "Checkout hand-off on Shopify"): through the
// route modules, with the shop in Shopify mode against the loopback Storefront API server that
// executes Shopify's schema and reads Multipass tokens as Shopify documents them.
import { vi } from "vitest";

// The commerce settings are read when app modules load: the loopback server first, then Shopify mode
// (hoisted code sees no module constants, so the Multipass secret is written out twice).
const storefront = await vi.hoisted(async () => {
  const { startStorefrontServer } = await import("../shopify/storefront-server");
  const server = await startStorefrontServer({ multipassSecret: "hand-off-test-multipass-secret-0123456789" });
  process.env.COMMERCE_PROVIDER = "shopify";
  process.env.SHOPIFY_STORE_DOMAIN = "pet-food-test.myshopify.com";
  process.env.SHOPIFY_STOREFRONT_ACCESS_TOKEN = "test-storefront-token";
  process.env.SHOPIFY_WEBHOOK_SECRET = "route-test-webhook-secret-0123";
  process.env.SHOPIFY_MULTIPASS_SECRET = "hand-off-test-multipass-secret-0123456789";
  process.env.SHOPIFY_API_URL = server.origin;
  return server;
});

import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { CHECKOUT_ATTRIBUTE_KEYS } from "~/models/cart";
import * as checkoutRoute from "~/routes/checkout";
import * as handOffRoute from "~/routes/checkout_.hand-off";
import * as tokenRoute from "~/routes/api.ecom.v1[.]0.create-customer-token";
import * as multipassRoute from "~/routes/api.multipass";
import { cartIdCookie, commerce } from "~/services/commerce/index.server";
import { ensureSeeded } from "../helpers/seeded";
import { callRoute, flashedNotice, formRequest, Jar, jsonRequest } from "../helpers/routes";

const ORIGIN = { DTC: "http://localhost:3000", HPSF: "http://staff.localhost:3000" } as const;
type Site = keyof typeof ORIGIN;

afterAll(() => storefront.close());

const FIRST_PAGE = { filters: {}, price: {}, sort: "featured", page: 1 } as const;
const variants: Partial<Record<Site, string>> = {};
beforeAll(async () => {
  // The shop's own records (the donation store, clinics) are seeded as for any shop.
  await ensureSeeded();
  for (const site of ["DTC", "HPSF"] as const) {
    const { products } = await commerce.listProducts({ site, fixed: {}, state: FIRST_PAGE });
    variants[site] = products[0].variant.id;
  }
});

/** A jar holding a new Shopify cart of the site (quantity of its first variant) and, when given, a session. */
async function cartJar(site: Site, quantity = 2, jar = new Jar()) {
  const made = await commerce.createCart({ site, lines: [{ merchandiseId: variants[site]!, quantity }] });
  jar.store(new Response(null, { headers: { "Set-Cookie": await cartIdCookie.serialize(made.cartId) } }));
  return { jar, cartId: made.cartId! };
}

const get = (site: Site, path: string, jar: Jar) =>
  new Request(`${ORIGIN[site]}${path}`, { headers: { Cookie: jar.header } });
const post = (site: Site, path: string, fields: Record<string, string>, jar: Jar) => {
  const request = formRequest(path, fields, jar);
  return new Request(`${ORIGIN[site]}${path}`, {
    method: "POST",
    headers: request.headers,
    body: request.body,
    duplex: "half",
  } as RequestInit);
};
const shopifyAttributes = (cartId: string) =>
  Object.fromEntries(storefront.store.carts.get(cartId)!.attributes.map((a) => [a.key, a.value]));

/** A GET on the loopback store without following redirects (node:http keeps the Cookie as given). */
function storeGet(
  url: string,
  cookie = "",
): Promise<{ status: number; location: string | null; cookie: string; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { Cookie: cookie } }, (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            location: res.headers.location ?? null,
            cookie: (res.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; "),
            body,
          }),
        );
      })
      .on("error", reject);
  });
}

describe("the hand-off to Shopify's checkout", () => {
  it("sets the spec's checkout attributes on a guest's cart and sends the guest to its checkoutUrl", async () => {
    const { jar, cartId } = await cartJar("DTC");
    const answer = await callRoute(handOffRoute.loader, get("DTC", "/checkout/hand-off", jar), jar);
    expect(answer.status).toBe(303);
    const checkoutUrl = storefront.store.carts.get(cartId)!;
    expect(answer.headers.get("Location")).toBe(
      `${storefront.origin}/cart/c/${checkoutUrl.token}?key=${checkoutUrl.token.slice(0, 8)}`,
    );
    const attributes = shopifyAttributes(cartId);
    for (const key of CHECKOUT_ATTRIBUTE_KEYS) expect(attributes, key).toHaveProperty(key);
    expect(attributes).toMatchObject({
      SALES_ORD_TYPE: "ZDTC",
      SOLD_TO: "",
      is_attestation_checked: "false",
      shipping_location: "ship_to_home",
      sgOrderType: "oneTimeOrder",
      accepts_email_marketing: "false",
    });
    // The order's donation, worked out as at the shop's checkout, waits under its tracking id for orders/create.
    expect(attributes.donation_tracking_id).not.toBe("");
    expect(
      await prisma.platformDonation.findUnique({ where: { trackingId: attributes.donation_tracking_id } }),
    ).toMatchObject({
      site: "DTC",
      donationCents: expect.any(Number),
      orderId: null,
    });
    expect(attributes._analytics_consent).toBe("denied");
    // Shopify's checkout shows the guest's cart with the attributes.
    const page = await storeGet(answer.headers.get("Location")!);
    expect(page.body).toContain("Guest checkout");
    expect(page.body).toContain("<dt>SALES_ORG</dt>");
  });

  it("closes the shop's own checkout: a page, a data request and a post go to the hand-off", async () => {
    const { jar } = await cartJar("DTC");
    for (const request of [
      get("DTC", "/checkout", jar),
      get("DTC", "/checkout?_data=routes%2Fcheckout", jar),
      post("DTC", "/checkout", { intent: "contact", email: "guest@example.com" }, jar),
    ]) {
      const answer = await callRoute(
        request.method === "GET" ? checkoutRoute.loader : checkoutRoute.action,
        request,
        jar,
      );
      expect(answer.status).toBe(303);
      expect(answer.headers.get("Location")).toBe("/checkout/hand-off");
    }
  });

  it("signs a signed-in customer in on Shopify with Multipass, the cart's buyer, and goes on to the checkout", async () => {
    const signIn = await callRoute(
      tokenRoute.action,
      jsonRequest("/api/ecom/v1.0/create-customer-token", { email: "robin@example.com", key: "shopify-pass-1" }),
    );
    expect(signIn.status).toBe(200);
    const link = await prisma.externalIdentity.findFirstOrThrow({ where: { subject: "gid://shopify/Customer/7001" } });
    const { signedInJar } = await import("../helpers/routes");
    const { jar, cartId } = await cartJar("DTC", 1, await signedInJar(link.customerId));
    const answer = await callRoute(handOffRoute.loader, get("DTC", "/checkout/hand-off", jar), jar);
    expect(answer.status).toBe(303);
    const location = answer.headers.get("Location")!;
    expect(location).toMatch(new RegExp(`^${storefront.origin}/account/login/multipass/[A-Za-z0-9_-]+$`));
    // The cart's buyer is the customer (their access token), so Shopify's checkout knows them.
    expect(storefront.store.carts.get(cartId)!.buyerIdentity).toMatchObject({
      email: "robin@example.com",
      customerId: "gid://shopify/Customer/7001",
    });
    // Shopify reads the token (signature, key halves, created_at) and goes on to the cart's checkout.
    const multipass = await storeGet(location);
    expect(multipass.status).toBe(302);
    const cart = storefront.store.carts.get(cartId)!;
    expect(multipass.location).toBe(`${storefront.origin}/cart/c/${cart.token}?key=${cart.token.slice(0, 8)}`);
    expect(storefront.multipassSignIns).toEqual(["robin@example.com"]);
    const page = await storeGet(multipass.location!, multipass.cookie);
    expect(page.body).toContain("Signed in as robin@example.com");
    // A token changed by one character is refused by Shopify.
    const tampered = location.slice(0, -2) + (location.endsWith("AA") ? "BB" : "AA");
    expect((await storeGet(tampered)).status).toBe(403);
  });

  it("answers /api/multipass with Shopify's Multipass URL to the given checkoutUrl, for the customer's own email only", async () => {
    const signIn = await callRoute(
      tokenRoute.action,
      jsonRequest("/api/ecom/v1.0/create-customer-token", { email: "robin@example.com", key: "shopify-pass-1" }),
    );
    const { sessionToken } = (await signIn.json()) as { sessionToken: string };
    const { cartId } = await cartJar("DTC", 1);
    const checkoutUrl = (await commerce.getCart(cartId))!.checkoutUrl;
    const call = (body: Record<string, unknown>) =>
      callRoute(multipassRoute.action, jsonRequest("/api/multipass", { sessionToken, ...body }));

    const made = await call({ email: "ROBIN@example.com", checkoutUrl });
    expect(made.status).toBe(200);
    const { url } = (await made.json()) as { url: string };
    const signedIn = await storeGet(url);
    expect(signedIn.location).toBe(checkoutUrl);
    expect((await call({ email: "sam@example.com", checkoutUrl })).status).toBe(403);
    expect((await call({ email: "robin@example.com", checkoutUrl: "/cart" })).status).toBe(400);
    expect((await call({ email: "robin@example.com", checkoutUrl: "javascript:alert(1)" })).status).toBe(400);
  });

  it("asks the staff site's attestation first: refused without it (the cart unchanged), set with it", async () => {
    const { jar, cartId } = await cartJar("HPSF");
    const page = await callRoute(handOffRoute.loader, get("HPSF", "/checkout/hand-off", jar), jar);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");

    const refused = await callRoute(handOffRoute.action, post("HPSF", "/checkout/hand-off", {}, jar), jar);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain("attestation");
    expect(shopifyAttributes(cartId)).not.toHaveProperty("is_attestation_checked");

    const accepted = await callRoute(
      handOffRoute.action,
      post("HPSF", "/checkout/hand-off", { attestation: "on" }, jar),
      jar,
    );
    expect(accepted.status).toBe(303);
    expect(accepted.headers.get("Location")).toContain(`${storefront.origin}/cart/c/`);
    expect(shopifyAttributes(cartId)).toMatchObject({ is_attestation_checked: "true", SALES_ORG: expect.any(String) });
  });

  it("keeps the cart and says so when Shopify cannot be reached; refuses a cart over the limits", async () => {
    const { jar, cartId } = await cartJar("DTC");
    storefront.faults.push({ status: 503 }, { status: 503 }, { status: 503 }, { status: 503 });
    const down = await callRoute(handOffRoute.loader, get("DTC", "/checkout/hand-off", jar), jar);
    storefront.faults.length = 0;
    expect(down.status).toBe(302);
    expect(down.headers.get("Location")).toBe("/cart");
    expect((await flashedNotice(jar))?.message).toMatch(/cannot be reached/);
    expect(shopifyAttributes(cartId)).not.toHaveProperty("SALES_ORG");

    // Over ten items (Shopify itself would take them): the shop's limit holds before the hand-off.
    const over = await cartJar("DTC", 1);
    storefront.store.carts.get(over.cartId)!.lines[0].quantity = 11;
    const refused = await callRoute(handOffRoute.loader, get("DTC", "/checkout/hand-off", over.jar), over.jar);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe("/cart");
    expect(shopifyAttributes(over.cartId)).not.toHaveProperty("SALES_ORG");
  });
});
