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
