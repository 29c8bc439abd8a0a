// Route guards on the server (shop-core spec section 2): the login guard and
// the redirect lookup run on every navigation: by the root loader for a document, by
// handleDataRequest for a client navigation's data load.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { loader as rootLoader } from "~/root";
import { handleDataRequest } from "~/entry.server";
import { loader as splatLoader } from "~/routes/$";
import { loader as slugLoader } from "~/routes/$slug";
import { loader as productsLoader } from "~/routes/products.$";
import { clearRedirectCache } from "~/services/http/guards.server";
import { identity } from "~/services/identity/index.server";
import { action as refreshAction } from "~/routes/api.ecom.v1[.]0.refresh-session-token";
import { getCustomerId } from "~/services/http/session.server";
import { callRoute, jsonRequest, ORIGIN, signedInJar, type RouteHandler } from "../helpers/routes";
import { ensureSeeded } from "../helpers/seeded";

beforeAll(async () => {
  await ensureSeeded();
  await prisma.redirect.createMany({
    data: [
      { site: "ALL", fromPath: "/old-food", toUrl: "/products/dog", isExternal: false, status: 301 },
      { site: "DTC", fromPath: "/vet-finder", toUrl: "https://vets.example.org/find", isExternal: true, status: 302 },
      { site: "HPSF", fromPath: "/staff-only", toUrl: "/products", isExternal: false, status: 301 },
      { site: "ALL", fromPath: "/products/old-line", toUrl: "/products/cat", isExternal: false, status: 301 },
      { site: "ALL", fromPath: "/old/food", toUrl: "/products/dog", isExternal: false, status: 301 },
    ],
  });
  clearRedirectCache();
});

/** A new DTC account and a jar signed in as it. */
async function signedInAccount(tag: string, firstName: string) {
  const result = await identity.register({
    site: "DTC",
    email: `${tag}-${crypto.randomUUID()}@example.com`,
    password: "Guarded-2026",
    firstName,
    lastName: "Tester",
    acceptsMarketing: false,
  });
  if (!result.ok) throw new Error("register failed");
  return { result, jar: await signedInJar(result.customerId) };
}

const root = (path: string, cookie = "", referer?: string) =>
  callRoute(
    rootLoader,
    new Request(`${ORIGIN}${path}`, { headers: { Cookie: cookie, ...(referer ? { Referer: referer } : {}) } }),
  );

describe("redirect lookup (shop-core spec section 2, guard 4)", () => {
  it("redirects an internal path, sends the browser to an external one, and keeps other sites' entries apart", async () => {
    const internal = await root("/old-food/");
    expect(internal.status).toBe(301);
    expect(internal.headers.get("Location")).toBe("/products/dog");
    const external = await root("/vet-finder");
    expect(external.status).toBe(302);
    expect(external.headers.get("Location")).toBe("https://vets.example.org/find");
    expect((await root("/staff-only")).status).toBe(200);
  });
});

describe('redirect lookup on a client navigation (docs/rules.md "Root revalidation")', () => {
  /** A client navigation's `?_data=` load of the page's route, as the server answers it: the loader, then handleDataRequest. */
  async function navigate(path: string, route: string, loader: RouteHandler, params: Record<string, string>) {
    const request = new Request(`${ORIGIN}${path}?_data=${encodeURIComponent(route)}`);
    const loaded = await callRoute(loader, request, undefined, { params });
    return handleDataRequest(loaded, { request, params, context: {} });
  }

  it("every page's data load runs the lookup without the root loader: content slugs, catalogue paths, unknown paths", async () => {
    const slug = await navigate("/old-food", "routes/$slug", slugLoader, { slug: "old-food" });
    expect(slug.status).toBe(301);
    expect(slug.headers.get("Location")).toBe("/products/dog");
    const external = await navigate("/vet-finder", "routes/$slug", slugLoader, { slug: "vet-finder" });
    expect(external.headers.get("Location")).toBe("https://vets.example.org/find");
    const catalogue = await navigate("/products/old-line", "routes/products.$", productsLoader, { "*": "old-line" });
    expect(catalogue.status).toBe(301);
    expect(catalogue.headers.get("Location")).toBe("/products/cat");
    const splat = await navigate("/old/food", "routes/$", splatLoader, { "*": "old/food" });
    expect(splat.headers.get("Location")).toBe("/products/dog");
    // No redirect: the page's own answer, a real page or the 404.
    expect((await navigate("/no-such-page", "routes/$slug", slugLoader, { slug: "no-such-page" })).status).toBe(404);
    expect((await navigate("/products/dog", "routes/products.$", productsLoader, { "*": "dog" })).status).toBe(200);
    // Another site's entry stays there.
    expect((await navigate("/staff-only", "routes/$slug", slugLoader, { slug: "staff-only" })).status).toBe(404);
  });
});

describe("login and session guard (shop-core spec section 2, guard 2)", () => {
  it("sends a guest from an account page to sign in with the base64 path, and lets a signed-in customer through", async () => {
    const guest = await root("/account/orders?after=x");
    expect(guest.status).toBe(302);
    const location = new URL(guest.headers.get("Location")!, ORIGIN);
    expect(location.pathname).toBe("/shelter/login");
    expect(Buffer.from(location.searchParams.get("redirect")!, "base64url").toString()).toBe("/account/orders?after=x");

    const { jar } = await signedInAccount("guard", "Gia");
    const signedIn = await root("/account/orders", jar.header);
    expect(signedIn.status).toBe(200);
    expect(((await signedIn.json()) as { account: { firstName: string } }).account.firstName).toBe("Gia");

    const back = await root("/shelter/login", jar.header, `${ORIGIN}/cart`);
    expect(back.headers.get("Location")).toBe("/cart");
  });
});

describe("session refresh on navigation (shop-core spec section 4: refresh-session-token)", () => {
  /** A signed-in account whose token was last seen ten minutes ago and expires in a minute. */
  async function agedSession(tag: string) {
    const { result, jar } = await signedInAccount(tag, "Sol");
    const old = new Date(Date.now() - 10 * 60_000);
    const soon = new Date(Date.now() + 60_000);
    await prisma.sessionToken.updateMany({
      where: { customerId: result.customerId },
      data: { lastSeenAt: old, expiresAt: soon },
    });
    const token = () => prisma.sessionToken.findFirstOrThrow({ where: { customerId: result.customerId } });
    return { jar, old, soon, token };
  }

  it("the root loader only reads: a page load leaves the token's expiry as it was", async () => {
    const { jar, old, soon, token } = await agedSession("read-only");
    const page = await root("/account/dashboard", jar.header);
    expect(page.status).toBe(200);
    expect(page.headers.get("Set-Cookie")).toBeNull();
    expect(await token()).toMatchObject({ lastSeenAt: old, expiresAt: soon });
  });

  it("the browser's refresh call on navigation slides the expiry", async () => {
    const { jar, old, token } = await agedSession("slide");
    const refreshed = await callRoute(refreshAction, jsonRequest("/api/ecom/v1.0/refresh-session-token", {}, jar));
    expect(refreshed.status).toBe(200);
    expect((await token()).lastSeenAt.getTime()).toBeGreaterThan(old.getTime());
    expect((await token()).expiresAt.getTime()).toBeGreaterThan(Date.now() + 24 * 60 * 60_000);
  });

  it("a state-changing request (an action) slides the expiry, a page read does not", async () => {
    const { jar, old, token } = await agedSession("action");
    const read = new Request(`${ORIGIN}/account/dashboard`, { headers: { Cookie: jar.header } });
    expect(await getCustomerId(read)).not.toBeNull();
    expect((await token()).lastSeenAt).toEqual(old);
    const post = new Request(`${ORIGIN}/cart`, { method: "POST", headers: { Cookie: jar.header } });
    expect(await getCustomerId(post)).not.toBeNull();
    expect((await token()).expiresAt.getTime()).toBeGreaterThan(Date.now() + 24 * 60 * 60_000);
  });
});
