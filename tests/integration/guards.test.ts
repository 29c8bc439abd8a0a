// Route guards on the server (shop-core spec section 2): the login guard and
// the redirect lookup run by the root loader on every navigation.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { loader as rootLoader } from "~/root";
import { clearRedirectCache } from "~/services/http/guards.server";
import { identity } from "~/services/identity/index.server";
import { callRoute, ORIGIN, signedInJar } from "../helpers/routes";
import { ensureSeeded } from "../helpers/seeded";

beforeAll(async () => {
  await ensureSeeded();
  await prisma.redirect.createMany({
    data: [
      { site: "ALL", fromPath: "/old-food", toUrl: "/products/dog", isExternal: false, status: 301 },
      { site: "DTC", fromPath: "/vet-finder", toUrl: "https://vets.example.org/find", isExternal: true, status: 302 },
      { site: "HPSF", fromPath: "/staff-only", toUrl: "/products", isExternal: false, status: 301 },
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
  it("slides the signed-in token's expiry when the root loader runs, even on an account page", async () => {
    const { result, jar } = await signedInAccount("slide", "Sol");
    const old = new Date(Date.now() - 10 * 60_000);
    await prisma.sessionToken.updateMany({
      where: { customerId: result.customerId },
      data: { lastSeenAt: old, expiresAt: new Date(Date.now() + 60_000) },
    });
    expect((await root("/account/dashboard", jar.header)).status).toBe(200);
    const token = await prisma.sessionToken.findFirstOrThrow({ where: { customerId: result.customerId } });
    expect(token.lastSeenAt.getTime()).toBeGreaterThan(old.getTime());
    expect(token.expiresAt.getTime()).toBeGreaterThan(Date.now() + 24 * 60 * 60_000);
  });
});
