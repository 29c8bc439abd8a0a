// The cache policy on real answers (docs/rules.md "Cache policy"; models/cache-policy.ts):
// route loaders' answers passed through entry.server.tsx's handleDataRequest, as a
// `?_data=` request is served.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { handleDataRequest } from "~/entry.server";
import { loader as dashboardLoader } from "~/routes/account.dashboard";
import { loader as slugLoader } from "~/routes/$slug";
import { loader as productsLoader } from "~/routes/products.$";
import { cartIdCookie } from "~/services/commerce/cart-cookie.server";
import { callRoute, getRequest, Jar, signedInJar } from "../helpers/routes";
import { ensureSeeded } from "../helpers/seeded";

let shopperId: string;

beforeAll(async () => {
  await ensureSeeded();
  shopperId = (await prisma.customer.findFirstOrThrow({ where: { email: "shopper@example.com" } })).id;
});

/** A route's loader answer as the browser gets it for `path?_data=routeId`. */
async function served(routeId: string, loader: (args: never) => unknown, path: string, jar = new Jar(), params = {}) {
  const request = getRequest(`${path}${path.includes("?") ? "&" : "?"}_data=${encodeURIComponent(routeId)}`, jar);
  const response = await callRoute(loader, request, undefined, { params });
  return handleDataRequest(response, { request, params, context: {} });
}

describe("Cache-Control of pages (models/cache-policy.ts)", () => {
  it("a guest's listing is public, and varies by Cookie", async () => {
    const response = await served("routes/products.$", productsLoader, "/products/dog", new Jar(), { "*": "dog" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=60, s-maxage=60, stale-while-revalidate=300");
    expect(response.headers.get("Vary")).toContain("Cookie");
  });

  it("the same listing for a visitor with a cart is private, no-store", async () => {
    const jar = new Jar();
    jar.store(new Response(null, { headers: { "Set-Cookie": await cartIdCookie.serialize("some-cart") } }));
    const response = await served("routes/products.$", productsLoader, "/products/dog", jar, { "*": "dog" });
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("the same listing for a signed-in visitor is private, no-store", async () => {
    const jar = await signedInJar(shopperId);
    const response = await served("routes/products.$", productsLoader, "/products/dog", jar, { "*": "dog" });
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("the same listing with the password-protect access cookie is private, no-store; an unrelated cookie is not", async () => {
    const locked = new Jar();
    locked.store(new Response(null, { headers: { "Set-Cookie": "shop_access=token; Path=/" } }));
    const withAccess = await served("routes/products.$", productsLoader, "/products/dog", locked, { "*": "dog" });
    expect(withAccess.headers.get("Cache-Control")).toBe("private, no-store");
    const other = new Jar();
    other.store(new Response(null, { headers: { "Set-Cookie": "_ga=GA1.1.5; Path=/" } }));
    const unrelated = await served("routes/products.$", productsLoader, "/products/dog", other, { "*": "dog" });
    expect(unrelated.headers.get("Cache-Control")).toMatch(/^public, /);
  });

  it("a signed-in account page is private, no-store", async () => {
    const jar = await signedInJar(shopperId);
    const response = await served("routes/account.dashboard", dashboardLoader, "/account/dashboard", jar);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("a guest sent from an account page to sign in is not cached either", async () => {
    const response = await served("routes/account.dashboard", dashboardLoader, "/account/dashboard");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("a content page is public for a guest", async () => {
    const open = await served("routes/$slug", slugLoader, "/faq", new Jar(), { slug: "faq" });
    expect(open.status).toBe(200);
    expect(open.headers.get("Cache-Control")).toBe("public, max-age=60, s-maxage=60, stale-while-revalidate=300");
  });

  it("an answer that sets a cookie is private, no-store even on a public page", async () => {
    const request = getRequest("/products?_data=routes%2Fproducts.%24");
    const response = new Response("{}", { headers: { "Set-Cookie": "x=1", "Content-Type": "application/json" } });
    const served = await handleDataRequest(response, { request, params: {}, context: {} });
    expect(served.headers.get("Cache-Control")).toBe("private, no-store");
  });
});
