// The sign-in wiring in Shopify mode (docs/rules.md "Shopify customers"): the spec's
// create-customer-token call and the account's order page reach Shopify, through the route modules,
// with the shop started against the loopback Storefront API server that executes Shopify's schema.
import { vi } from "vitest";

// The commerce settings are read when app modules load: the loopback server first, then Shopify mode.
const storefront = await vi.hoisted(async () => {
  const { startStorefrontServer } = await import("../shopify/storefront-server");
  const server = await startStorefrontServer();
  process.env.COMMERCE_PROVIDER = "shopify";
  process.env.SHOPIFY_STORE_DOMAIN = "pet-food-test.myshopify.com";
  process.env.SHOPIFY_STOREFRONT_ACCESS_TOKEN = "test-storefront-token";
  process.env.SHOPIFY_WEBHOOK_SECRET = "route-test-webhook-secret-0123";
  process.env.SHOPIFY_API_URL = server.origin;
  return server;
});

import { afterAll, describe, expect, it } from "vitest";
import * as tokenRoute from "~/routes/api.ecom.v1[.]0.create-customer-token";
import * as ordersRoute from "~/routes/account.orders";
import * as dashboardRoute from "~/routes/account.dashboard";
import * as embeddedOrdersApi from "~/routes/api.ecom.v1[.]0.get-embedded-orders";
import * as shopifyCustomerApi from "~/routes/api.ecom.v1[.]0.get-shopify-customer";
import * as shopifyLastOrderApi from "~/routes/api.ecom.v1[.]0.get-shopify-last-order";
import * as shopifyOrderApi from "~/routes/api.ecom.v1[.]0.get-shopify-order";
import * as shopifyOrdersApi from "~/routes/api.ecom.v1[.]0.get-shopify-orders";
import { callRoute, getRequest, jsonRequest, signedInJar } from "../helpers/routes";
import { prisma } from "~/db.server";

afterAll(() => storefront.close());

describe("create-customer-token on Shopify", () => {
  it("refuses a password Shopify refuses, and answers a session for one it accepts", async () => {
    const refused = await callRoute(
      tokenRoute.action,
      jsonRequest("/api/ecom/v1.0/create-customer-token", { email: "robin@example.com", key: "wrong" }),
    );
    expect(refused.status).toBe(401);
    const accepted = await callRoute(
      tokenRoute.action,
      jsonRequest("/api/ecom/v1.0/create-customer-token", { email: "robin@example.com", key: "shopify-pass-1" }),
    );
    expect(accepted.status).toBe(200);
    const { sessionToken } = (await accepted.json()) as { sessionToken: string };
    expect(sessionToken).toEqual(expect.any(String));
    expect(storefront.customers.tokens.size).toBe(1);
    expect(
      storefront.requests.filter((r) => r.operationName === "CustomerAccessTokenCreate").map((r) => r.errors),
    ).toEqual([[], []]);
  });

  it("lists the signed-in customer's Shopify orders on the account page, private", async () => {
    const link = await prisma.externalIdentity.findFirstOrThrow({ where: { subject: "gid://shopify/Customer/7001" } });
    const response = await callRoute(
      ordersRoute.loader,
      getRequest("/account/orders", await signedInJar(link.customerId)),
    );
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const body = (await response.json()) as { orders: { number: string; href: string }[] };
    expect(body.orders).toHaveLength(20);
    expect(body.orders[0]).toMatchObject({
      number: "1023",
      href: expect.stringContaining(`${storefront.origin}/orders/`),
    });
  });

  it("shows the last Shopify order on the account dashboard, opening on Shopify", async () => {
    const link = await prisma.externalIdentity.findFirstOrThrow({ where: { subject: "gid://shopify/Customer/7001" } });
    const response = await callRoute(dashboardRoute.loader, getRequest("/account", await signedInJar(link.customerId)));
    const body = (await response.json()) as { lastOrder: { number: string; href: string } | null };
    expect(body.lastOrder).toMatchObject({
      number: "1023",
      href: expect.stringContaining(`${storefront.origin}/orders/5022/`),
    });
  });
});

describe("the spec's get-shopify-* calls (shop-core spec section 7, provider name shopify)", () => {
  async function session() {
    const answer = await callRoute(
      tokenRoute.action,
      jsonRequest("/api/ecom/v1.0/create-customer-token", { email: "robin@example.com", key: "shopify-pass-1" }),
    );
    const { sessionToken } = (await answer.json()) as { sessionToken: string };
    const link = await prisma.externalIdentity.findFirstOrThrow({ where: { subject: "gid://shopify/Customer/7001" } });
    return { sessionToken, id: link.customerId };
  }
  const call = (route: { action: (args: never) => unknown }, path: string, body: unknown) =>
    callRoute(route.action, jsonRequest(`/api/ecom/v1.0/${path}`, body));

  it("pages through the customer's Shopify orders, newest first, and only their own", async () => {
    const { sessionToken, id } = await session();
    type Page = {
      orders: { nodes: { id: string; number: string }[]; pageInfo: { hasNextPage: boolean; endCursor: string } };
    };
    const first = (await (
      await call(shopifyOrdersApi, "get-shopify-orders", { sessionToken, id, quantity: 20 })
    ).json()) as Page;
    expect(first.orders.nodes.map((o) => o.number).slice(0, 2)).toEqual(["1023", "1022"]);
    expect(first.orders.pageInfo.hasNextPage).toBe(true);
    const rest = (await (
      await call(shopifyOrdersApi, "get-shopify-orders", { sessionToken, id, cursor: first.orders.pageInfo.endCursor })
    ).json()) as Page;
    expect(rest.orders.nodes.map((o) => o.number)).toEqual(["1003", "1002", "1001"]);
    expect((await call(shopifyOrdersApi, "get-shopify-orders", { sessionToken, id: "someone-else" })).status).toBe(404);

    const last = await call(shopifyLastOrderApi, "get-shopify-last-order", { sessionToken, id });
    expect(((await last.json()) as { order: { number: string } }).order.number).toBe("1023");

    const one = await call(shopifyOrderApi, "get-shopify-order", { sessionToken, id: "gid://shopify/Order/5003" });
    expect(one.status).toBe(200);
    expect(((await one.json()) as { order: { number: string; href: string } }).order).toMatchObject({
      number: "1004",
      href: expect.stringContaining(`${storefront.origin}/orders/5003/`),
    });
    expect(
      (await call(shopifyOrderApi, "get-shopify-order", { sessionToken, id: "gid://shopify/Order/1" })).status,
    ).toBe(404);

    const customer = await call(shopifyCustomerApi, "get-shopify-customer", { sessionToken });
    expect(((await customer.json()) as { customer: { email: string } }).customer.email).toBe("robin@example.com");
  });

  it("answers the embedded provider's calls 404 on Shopify", async () => {
    const { sessionToken, id } = await session();
    expect((await call(embeddedOrdersApi, "get-embedded-orders", { sessionToken, id })).status).toBe(404);
  });
});
