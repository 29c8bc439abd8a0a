import { describe, expect, it } from "vitest";
import { createRouteLabeler, methodLabel, ROUTE_LABELS, type BuildRoute } from "./route-label";

// The shape of the Remix build's `routes` table (build/index.js), a few routes of each kind.
const ROUTES: Record<string, BuildRoute> = Object.fromEntries(
  [
    { id: "root", path: "" },
    { id: "routes/_index", parentId: "root", index: true },
    { id: "routes/products.$", parentId: "root", path: "products/*" },
    { id: "routes/account", parentId: "root", path: "account" },
    { id: "routes/account.orders", parentId: "routes/account", path: "orders" },
    { id: "routes/account.orders_.$id", parentId: "routes/account", path: "orders/:id" },
    { id: "routes/multipass.$token", parentId: "root", path: "multipass/:token" },
    { id: "routes/api.ecom.v1[.]0.create-cart", parentId: "root", path: "api/ecom/v1.0/create-cart" },
    { id: "routes/metrics", parentId: "root", path: "metrics" },
    { id: "routes/$slug", parentId: "root", path: ":slug" },
  ].map((route) => [route.id, route]),
);

describe("createRouteLabeler (the route label of metrics and log lines)", () => {
  const label = createRouteLabeler(ROUTES, { staticPaths: new Set(["/favicon.svg"]) });

  it("labels a request by the pattern of the routes it matches, never its raw path", () => {
    expect(label("/")).toBe("/");
    expect(label("/products/dog-food/kibble-5lb")).toBe("/products/*");
    expect(label("/account/orders")).toBe("/account/orders");
    expect(label("/account/orders/ord_123")).toBe("/account/orders/:id");
    expect(label("/multipass/eyJhbGciOi.secret")).toBe("/multipass/:token");
    expect(label("/api/ecom/v1.0/create-cart")).toBe("/api/ecom/v1.0/create-cart");
    expect(label("/metrics")).toBe("/metrics");
    expect(label("/about-us")).toBe("/:slug");
  });

  it("gives the asset, image and static-file middleware fixed labels", () => {
    expect(label("/build/entry.client-ABC123.js")).toBe(ROUTE_LABELS.build);
    expect(label("/_ipx/w_400/images/x.png")).toBe(ROUTE_LABELS.images);
    expect(label("/favicon.svg")).toBe(ROUTE_LABELS.static);
  });

  it("labels a path no route matches 'unmatched'", () => {
    expect(label("/a/b/c")).toBe(ROUTE_LABELS.unmatched);
  });

  it("keeps the number of distinct labels bounded by the routes, whatever the paths", () => {
    const labels = new Set<string>();
    for (let i = 0; i < 5000; i++)
      labels
        .add(label(`/products/${i}`))
        .add(label(`/x${i}/y`))
        .add(label(`/p${i}`));
    expect([...labels].sort()).toEqual(["/:slug", "/products/*", "unmatched"]);
  });
});

describe("methodLabel", () => {
  it("keeps the standard methods and folds anything else into 'other'", () => {
    expect(methodLabel("get")).toBe("GET");
    expect(methodLabel("POST")).toBe("POST");
    expect(methodLabel("BREW")).toBe("other");
  });
});
