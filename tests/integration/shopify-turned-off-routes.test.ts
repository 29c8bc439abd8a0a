// What the embedded provider does that Shopify does not is off in Shopify mode (docs/rules.md
// "Turned off on Shopify"): the back office's orders, returns and catalogue screens answer 409 with
// the Shopify admin named, to their page, their `?_data=` and a direct post alike, changing nothing;
// the account's saved cards and autoships pages are not there (404) and not linked.
import crypto from "node:crypto";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRemixStub } from "@remix-run/testing";
import { json } from "@remix-run/node";
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

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { TURNED_OFF } from "~/models/commerce-features";
import * as frameRoute from "~/routes/admin";
import * as homeRoute from "~/routes/admin._index";
import * as coverageRoute from "~/routes/admin.coverage";
import * as customerRoute from "~/routes/admin.customers.$id";
import * as ordersRoute from "~/routes/admin.orders._index";
import * as orderRoute from "~/routes/admin.orders.$number";
import * as shipRoute from "~/routes/admin.orders.ship";
import * as returnsRoute from "~/routes/admin.returns";
import * as productsRoute from "~/routes/admin.products._index";
import * as productRoute from "~/routes/admin.products.$id";
import * as accountRoute from "~/routes/account";
import * as dashboardRoute from "~/routes/account.dashboard";
import * as cardsRoute from "~/routes/account.payment-methods";
import * as autoshipsRoute from "~/routes/account.autoships";
import * as tokenRoute from "~/routes/api.ecom.v1[.]0.create-customer-token";
import { nextOrderNumber } from "~/services/orders/index.server";
import { newAdmin, type TestAdmin } from "../helpers/admin";
import { callRoute, formRequest, getRequest, jsonRequest, type Jar, signedInJar } from "../helpers/routes";
import { ensureSeeded, TEST_ADDRESS } from "../helpers/seeded";

afterAll(() => storefront.close());

let owner: TestAdmin;
let order: Awaited<ReturnType<typeof anOrder>>;
let returnId: string;
let product: { id: string; title: string; variantId: string; priceCents: number };

/** A packed order, as the embedded checkout placed it before the shop moved to Shopify. */
async function anOrder() {
  const variant = await prisma.productVariant.findFirstOrThrow({
    where: { product: { soldOnDtc: true } },
    select: { id: true, sku: true, title: true, product: { select: { title: true } } },
    orderBy: { sku: "asc" },
  });
  return prisma.order.create({
    data: {
      number: await nextOrderNumber(prisma),
      site: "DTC",
      email: `guest-${crypto.randomUUID()}@example.com`,
      status: "packed",
      subtotalCents: 9_000,
      shippingCents: 1_000,
      totalCents: 10_000,
      shippingAddress: JSON.stringify(TEST_ADDRESS),
      paymentSummary: "visa ending 4242",
      lines: {
        create: {
          variantId: variant.id,
          productTitle: variant.product.title,
          variantTitle: variant.title,
          sku: variant.sku,
          quantity: 2,
          unitPriceCents: 4_500,
          weightValue: 15.5,
          weightUnit: "lbs",
        },
      },
    },
    include: { lines: true },
  });
}

/** Everything the refused posts could have changed. */
async function stateNow() {
  return {
    order: await prisma.order.findUniqueOrThrow({
      where: { id: order.id },
      select: { status: true, carrier: true, trackingNumber: true, refundedCents: true },
    }),
    refunds: await prisma.refund.count({ where: { orderId: order.id } }),
    events: await prisma.orderEvent.count({ where: { orderId: order.id } }),
    ret: await prisma.orderReturn.findUniqueOrThrow({ where: { id: returnId }, select: { status: true } }),
    product: await prisma.product.findUniqueOrThrow({ where: { id: product.id }, select: { title: true } }),
    price: (await prisma.productVariant.findUniqueOrThrow({ where: { id: product.variantId } })).priceCents,
    audit: await prisma.auditEntry.count({ where: { adminUserId: owner.id } }),
  };
}

beforeAll(async () => {
  await ensureSeeded();
  owner = await newAdmin("owner", "shopify-off");
  order = await anOrder();
  returnId = (
    await prisma.orderReturn.create({
      data: {
        orderId: order.id,
        status: "requested",
        reason: "Damaged or leaking",
        comment: "Leaked in the box",
        requestKey: crypto.randomUUID(),
        refundCents: 4_500,
        lines: { create: { orderLineId: order.lines[0].id, quantity: 1, refundCents: 4_500 } },
      },
    })
  ).id;
  const row = await prisma.product.findFirstOrThrow({
    where: { soldOnDtc: true },
    include: { variants: { orderBy: { position: "asc" }, take: 1 } },
    orderBy: { handle: "desc" },
  });
  product = { id: row.id, title: row.title, variantId: row.variants[0].id, priceCents: row.variants[0].priceCents };
});

/** The refusal: 409, never stored, with the notice naming the Shopify admin. */
async function expectRefused(response: Response, feature: "embeddedOrders" | "embeddedCatalogueEditing") {
  expect(response.status).toBe(409);
  expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  expect(await response.json()).toEqual({ message: TURNED_OFF[feature].message });
  expect(TURNED_OFF[feature].message).toContain("Shopify admin");
}

describe("the back office on Shopify", () => {
  const screens = [
    { path: "/admin/orders", route: ordersRoute, id: "routes/admin.orders._index", feature: "embeddedOrders" },
    { path: "/admin/orders/ship", route: shipRoute, id: "routes/admin.orders.ship", feature: "embeddedOrders" },
    { path: "/admin/returns", route: returnsRoute, id: "routes/admin.returns", feature: "embeddedOrders" },
    {
      path: "/admin/products",
      route: productsRoute,
      id: "routes/admin.products._index",
      feature: "embeddedCatalogueEditing",
    },
  ] as const;

  it("refuses every orders, returns and catalogue page and its ?_data= with a 409 naming the Shopify admin", async () => {
    for (const screen of screens) {
      for (const search of ["", `?_data=${encodeURIComponent(screen.id)}`]) {
        await expectRefused(
          await callRoute(screen.route.loader, getRequest(`${screen.path}${search}`, owner.jar)),
          screen.feature,
        );
      }
    }
    const params = { number: String(order.number) };
    await expectRefused(
      await callRoute(orderRoute.loader, getRequest(`/admin/orders/${order.number}`, owner.jar), undefined, { params }),
      "embeddedOrders",
    );
    await expectRefused(
      await callRoute(productRoute.loader, getRequest(`/admin/products/${product.id}`, owner.jar), undefined, {
        params: { id: product.id },
      }),
      "embeddedCatalogueEditing",
    );
  });

  it("refuses every post with a 409 and changes nothing: ship, refund, cancel, bulk ship, return, product and price edits", async () => {
    const before = await stateNow();
    const orderPath = `/admin/orders/${order.number}`;
    const params = { number: String(order.number) };
    const posts = [
      {
        action: orderRoute.action,
        path: orderPath,
        params,
        fields: { intent: "shipped", carrier: "fedex", trackingNumber: "7489 2222 3333" },
        feature: "embeddedOrders",
      },
      { action: orderRoute.action, path: orderPath, params, fields: { intent: "cancel" }, feature: "embeddedOrders" },
      {
        action: orderRoute.action,
        path: orderPath,
        params,
        fields: { intent: "refund", refundKey: crypto.randomUUID(), amount: "12.50", reason: "Torn" },
        feature: "embeddedOrders",
      },
      {
        action: shipRoute.action,
        path: "/admin/orders/ship",
        params: {},
        fields: { order: order.id, [`carrier.${order.id}`]: "ups", [`tracking.${order.id}`]: "1Z999AA10123456784" },
        feature: "embeddedOrders",
      },
      {
        action: returnsRoute.action,
        path: "/admin/returns",
        params: {},
        fields: { intent: "approve", returnId },
        feature: "embeddedOrders",
      },
      {
        action: productRoute.action,
        path: `/admin/products/${product.id}`,
        params: { id: product.id },
        fields: { intent: "product", title: "Renamed on the wrong side", description: "x", soldOnDtc: "on" },
        feature: "embeddedCatalogueEditing",
      },
      {
        action: productRoute.action,
        path: `/admin/products/${product.id}`,
        params: { id: product.id },
        fields: { intent: "variant", variantId: product.variantId, price: "1.00", compareAtPrice: "", inventory: "5" },
        feature: "embeddedCatalogueEditing",
      },
    ] as const;
    for (const post of posts) {
      const response = await callRoute(post.action, formRequest(post.path, post.fields, owner.jar), undefined, {
        params: post.params,
      });
      await expectRefused(response, post.feature);
    }
    expect(await stateNow()).toEqual(before);
    expect(before.product.title).toBe(product.title);
  });

  it("hides the orders, returns and catalogue links and counts, and says on the home page to use the Shopify admin", async () => {
    const frame = (await (await callRoute(frameRoute.loader, getRequest("/admin", owner.jar))).json()) as {
      groups: { sections: { path: string }[] }[];
    };
    const paths = frame.groups.flatMap((group) => group.sections.map((s) => s.path));
    expect(paths).not.toContain("/admin/orders");
    expect(paths).not.toContain("/admin/returns");
    expect(paths).not.toContain("/admin/products");
    expect(paths).toContain("/admin/customers");
    const home = (await (await callRoute(homeRoute.loader, getRequest("/admin", owner.jar))).json()) as {
      inbox: { href: string }[];
      sections: { path: string }[];
      elsewhere: { label: string; message: string }[];
    };
    expect(home.sections.map((s) => s.path)).toEqual(paths);
    expect(home.inbox.map((item) => item.href).filter((href) => /orders|returns/.test(href))).toEqual([]);
    expect(home.elsewhere).toEqual([
      { label: "Orders", message: TURNED_OFF.embeddedOrders.message },
      { label: "Returns", message: TURNED_OFF.embeddedOrders.message },
      { label: "Products", message: TURNED_OFF.embeddedCatalogueEditing.message },
    ]);
    // The pages that stay do not link into the closed ones.
    const coverage = await callRoute(coverageRoute.loader, getRequest("/admin/coverage", owner.jar));
    expect(coverage.status).toBe(200);
    expect(((await coverage.json()) as { catalogue: boolean }).catalogue).toBe(false);
    const someone = await prisma.customer.findFirstOrThrow({ select: { id: true } });
    const customer = await callRoute(
      customerRoute.loader,
      getRequest(`/admin/customers/${someone.id}`, owner.jar),
      undefined,
      {
        params: { id: someone.id },
      },
    );
    expect(customer.status).toBe(200);
    expect(((await customer.json()) as { orderPages: boolean }).orderPages).toBe(false);
  });

  it("still sends a visitor to sign in, and refuses a role without the permission first (403)", async () => {
    const visitor = await callRoute(ordersRoute.loader, getRequest("/admin/orders"));
    expect(visitor.status).toBe(302);
    const content = await newAdmin("content", "shopify-off");
    expect((await callRoute(ordersRoute.loader, getRequest("/admin/orders", content.jar))).status).toBe(403);
  });
});

describe("the account on Shopify", () => {
  let jar: Jar;
  let customerId: string;

  beforeAll(async () => {
    const signedIn = await callRoute(
      tokenRoute.action,
      jsonRequest("/api/ecom/v1.0/create-customer-token", { email: "robin@example.com", key: "shopify-pass-1" }),
    );
    expect(signedIn.status).toBe(200);
    customerId = (await prisma.externalIdentity.findFirstOrThrow({ where: { subject: "gid://shopify/Customer/7001" } }))
      .customerId;
    jar = await signedInJar(customerId);
  });

  it("answers 404 for the saved cards and autoships pages, their data and their posts, adding nothing", async () => {
    const cardsBefore = await prisma.paymentToken.count({ where: { customerId } });
    for (const [route, path] of [
      [cardsRoute, "/account/payment-methods"],
      [autoshipsRoute, "/account/autoships"],
    ] as const) {
      for (const search of ["", "?_data=routes%2Faccount"]) {
        const page = await callRoute(route.loader, getRequest(`${path}${search}`, jar));
        expect(page.status).toBe(404);
        expect(page.headers.get("Cache-Control")).toBe("private, no-store");
      }
    }
    const added = await callRoute(
      cardsRoute.action,
      formRequest(
        "/account/payment-methods",
        { intent: "add-card", cardNumber: "4242 4242 4242 4242", expMonth: "12", expYear: "2035", cvc: "123" },
        jar,
      ),
    );
    expect(added.status).toBe(404);
    expect(await added.json()).toEqual({ message: TURNED_OFF.savedCards.message });
    const skipped = await callRoute(
      autoshipsRoute.action,
      formRequest("/account/autoships", { intent: "skip-next", subscriptionId: "any" }, jar),
    );
    expect(skipped.status).toBe(404);
    expect(await skipped.json()).toEqual({ message: TURNED_OFF.autoshipEngine.message });
    expect(await prisma.paymentToken.count({ where: { customerId } })).toBe(cardsBefore);
  });

  it("leaves their links out of the account navigation and the dashboard", async () => {
    const layout = (await (await callRoute(accountRoute.loader, getRequest("/account", jar))).json()) as {
      offers: { savedCards: boolean; autoshipEngine: boolean };
    };
    expect(layout.offers).toEqual({ savedCards: false, autoshipEngine: false });
    const dashboard = (await (
      await callRoute(dashboardRoute.loader, getRequest("/account/dashboard", jar))
    ).json()) as { autoships: unknown };
    expect(dashboard.autoships).toBeNull();
    // The pages as the browser gets them: the layout's navigation around the dashboard.
    const Stub = createRemixStub([
      {
        id: "routes/account",
        path: "/account",
        Component: accountRoute.default,
        loader: () => json(layout),
        children: [
          {
            id: "routes/account.dashboard",
            path: "dashboard",
            Component: dashboardRoute.default,
            loader: () => json(dashboard),
          },
        ],
      },
    ]);
    // React warns that layout effects do not run on the server; that is expected here.
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    let html: string;
    try {
      html = renderToString(
        createElement(Stub, {
          initialEntries: ["/account/dashboard"],
          hydrationData: { loaderData: { "routes/account": layout, "routes/account.dashboard": dashboard } },
        }),
      );
    } finally {
      quiet.mockRestore();
    }
    expect(html).toContain('href="/account/orders"');
    expect(html).toContain('href="/account/address-book"');
    expect(html).not.toContain("/account/payment-methods");
    expect(html).not.toContain("/account/autoships");
  });
});
