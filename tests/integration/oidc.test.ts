// Sign-in through OpenID Connect against a real provider on loopback
// (oidc-provider): discovery, code flow with PKCE, state and nonce, ID-token
// validation, linking by (issuer, subject) (docs/rules.md "OpenID identities"),
// the redirect parameter, and RP-initiated logout.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestProvider, type TestProvider } from "../helpers/oidc-provider";
import { callRoute, flashedNotice, formRequest, Jar } from "../helpers/routes";

// The shop's configured public origin in tests (publicOrigin("DTC"); PORT defaults to 3000).
const SHOP = `http://localhost:${process.env.PORT ?? "3000"}`;
const CALLBACK = `${SHOP}/auth/oidc/callback`;
const PASSWORD = "Walkies-2026";

let provider: TestProvider;
let app: Awaited<ReturnType<typeof loadApp>>;

async function loadApp() {
  const [start, callback, login, logout, db, identity, session, site, redirectParam, oidc] = await Promise.all([
    import("~/routes/auth.oidc"),
    import("~/routes/auth.oidc.callback"),
    import("~/routes/shelter.login"),
    import("~/routes/logout"),
    import("~/db.server"),
    import("~/services/identity/index.server"),
    import("~/services/http/session.server"),
    import("~/services/site/site.server"),
    import("~/models/redirect-param"),
    import("~/services/sign-in/oidc.server"),
  ]);
  return { start, callback, login, logout, ...db, ...identity, ...session, ...site, ...redirectParam, ...oidc };
}

const saved = { ...process.env };

beforeAll(async () => {
  provider = await startTestProvider({
    clientId: "pet-shop",
    clientSecret: "a-client-secret-for-tests-only",
    redirectUris: [CALLBACK],
    postLogoutRedirectUris: [`${SHOP}/`],
  });
  // env.server.ts reads the environment once, at its first import: set it first.
  process.env.OIDC_ISSUER = provider.issuer;
  process.env.OIDC_CLIENT_ID = "pet-shop";
  process.env.OIDC_CLIENT_SECRET = "a-client-secret-for-tests-only";
  process.env.OIDC_PROVIDER_NAME = "Test ID";
  // The route helpers may already have loaded the app's environment (the honeypot): start afresh.
  vi.resetModules();
  app = await loadApp();
  expect(app.publicOrigin("DTC")).toBe(SHOP);
  // Loaded after the environment: it imports the app's database module.
  await (await import("../helpers/seeded")).ensureSeeded();
});

afterAll(async () => {
  for (const name of ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET", "OIDC_PROVIDER_NAME"]) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  await provider?.stop();
});

const unique = (tag: string) => `${tag}-${crypto.randomUUID()}`;

function account(overrides: Partial<{ email: string; email_verified: boolean; given_name: string }> = {}) {
  const sub = unique("sub");
  const entry = {
    sub,
    email: `${unique("oidc")}@example.com`,
    email_verified: true,
    given_name: "Jo",
    family_name: "Provider",
    ...overrides,
  };
  provider.accounts.set(sub, entry);
  return entry;
}

/** GET /auth/oidc (optionally with ?redirect=): the redirect to the provider. */
async function startFlow(jar: Jar, query = "", headers: Record<string, string> = {}) {
  const response = await callRoute(
    app.start.loader as never,
    new Request(`${SHOP}/auth/oidc${query}`, { headers: { Cookie: jar.header, ...headers } }),
    jar,
  );
  expect(response.status).toBe(302);
  return response;
}

/** The whole round trip: our redirect, the provider's login of `sub`, our callback. */
async function signInWith(sub: string, jar = new Jar(), query = "") {
  const start = await startFlow(jar, query);
  provider.nextLogin = { accountId: sub };
  const { callbackUrl, cookies } = await provider.authorize(start.headers.get("Location")!, CALLBACK);
  const response = await callback(callbackUrl, jar);
  return { response, jar, cookies, callbackUrl };
}

const callback = (url: string, jar: Jar) =>
  callRoute(app.callback.loader as never, new Request(url, { headers: { Cookie: jar.header } }), jar);

const whoIs = (jar: Jar) => app.getCustomerId(new Request(`${SHOP}/`, { headers: { Cookie: jar.header } }));

const linkOf = (sub: string) =>
  app.prisma.externalIdentity.findUnique({
    where: { store_issuer_subject: { store: "home", issuer: provider.issuer, subject: sub } },
  });

async function passwordAccount(email: string, firstName = "Pat") {
  const result = await app.identity.register({
    site: "DTC",
    email,
    password: PASSWORD,
    firstName,
    lastName: "Doe",
    acceptsMarketing: false,
  });
  if (!result.ok) throw new Error("register failed");
  return result.customerId;
}

describe("the authorization request (OpenID Connect Core 1.0 section 3.1.2.1; RFC 7636)", () => {
  it("goes to the discovered endpoint with PKCE S256, state, nonce and the configured redirect URI", async () => {
    const jar = new Jar();
    // A forged Host header changes nothing: the redirect URI comes from the configured origin.
    const response = await startFlow(jar, "", { Host: "evil.test" });
    const url = new URL(response.headers.get("Location")!);
    expect(`${url.origin}${url.pathname}`).toBe(`${provider.issuer}/auth`);
    expect(url.searchParams.get("redirect_uri")).toBe(CALLBACK);
    expect(url.searchParams.get("response_type")).toBe("code");
    expect(url.searchParams.get("scope")).toContain("openid");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get("state")).toBeTruthy();
    expect(url.searchParams.get("nonce")).toBeTruthy();
    const cookie = response.headers.get("Set-Cookie")!;
    expect(cookie).toMatch(/^__oidc=/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("Max-Age=600");
    expect(cookie).toContain("Path=/auth/oidc");
  });
});

describe("linking by (issuer, subject) (docs/rules.md 'OpenID identities')", () => {
  it("a first sign-in creates the customer, links (issuer, subject) and keeps the ID token", async () => {
    const who = account({ given_name: "Robin" });
    const { response, jar } = await signInWith(who.sub);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    const customerId = await whoIs(jar);
    expect(customerId).toBeTruthy();
    const customer = await app.prisma.customer.findUniqueOrThrow({ where: { id: customerId! } });
    expect(customer).toMatchObject({ site: "DTC", email: who.email, firstName: "Robin", lastName: "Provider" });
    expect((await linkOf(who.sub))?.customerId).toBe(customerId);
    const session = await app.sessionStorage.getSession(`__session=${jar.get("__session")}`);
    expect(app.idTokenOf(session)).toMatch(/^ey/);
    // The state cookie is single-use.
    expect(jar.get("__oidc")).toBeUndefined();
  });

  it("a second sign-in finds the same customer by subject even after the email changed, and never overwrites names", async () => {
    const who = account();
    const first = await signInWith(who.sub);
    const customerId = await whoIs(first.jar);
    provider.accounts.set(who.sub, { ...who, email: `${unique("moved")}@example.com`, given_name: "Changed" });
    const second = await signInWith(who.sub);
    expect(await whoIs(second.jar)).toBe(customerId);
    const customer = await app.prisma.customer.findUniqueOrThrow({ where: { id: customerId! } });
    expect(customer.firstName).toBe("Jo");
    expect(customer.email).toBe(who.email);
  });

  it("refuses an unverified email that matches an existing password account, and signs nobody in", async () => {
    const email = `${unique("victim")}@example.com`;
    const victim = await passwordAccount(email);
    const attacker = account({ email, email_verified: false });
    const { response, jar } = await signInWith(attacker.sub);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/shelter/login");
    expect(await whoIs(jar)).toBeNull();
    expect(await linkOf(attacker.sub)).toBeNull();
    expect((await flashedNotice(jar))?.message).toMatch(/already exists.*not verified/);
    expect(await app.prisma.externalIdentity.count({ where: { customerId: victim } })).toBe(0);
  });

  it("a verified email matching an account needs the password once, then links that very customer", async () => {
    const email = `${unique("owner")}@example.com`;
    const owner = await passwordAccount(email, "Owner");
    const who = account({ email, given_name: "FromProvider" });
    const { response, jar } = await signInWith(who.sub, new Jar(), `?redirect=${app.encodeRedirect("/account")}`);
    // Not signed in by the matching email: off to the sign-in page, the way back kept.
    expect(response.headers.get("Location")).toBe(`/shelter/login?redirect=${app.encodeRedirect("/account")}`);
    expect(await whoIs(jar)).toBeNull();
    expect((await flashedNotice(jar))?.message).toBe(
      "An account with this email already exists. Sign in with your password once to link your Test ID account.",
    );
    expect(await linkOf(who.sub)).toBeNull();

    // Another customer's password sign-in does not take the pending link.
    const otherEmail = `${unique("other")}@example.com`;
    await passwordAccount(otherEmail);
    const otherJar = new Jar();
    otherJar.store(new Response(null, { headers: { "Set-Cookie": `__session=${jar.get("__session")}` } }));
    await callRoute(
      app.login.action as never,
      formRequest("/shelter/login", { email: otherEmail, password: PASSWORD }, otherJar),
      otherJar,
      { clientIp: "203.0.113.40" },
    );
    expect(await linkOf(who.sub)).toBeNull();

    // The owner's password sign-in completes the link and follows ?redirect=.
    const proof = await callRoute(
      app.login.action as never,
      formRequest(`/shelter/login?redirect=${app.encodeRedirect("/account")}`, { email, password: PASSWORD }, jar),
      jar,
      { clientIp: "203.0.113.41" },
    );
    expect(proof.headers.get("Location")).toBe("/account");
    expect(await whoIs(jar)).toBe(owner);
    expect((await linkOf(who.sub))?.customerId).toBe(owner);

    // From now on the provider signs into that account, and the provider's names did not overwrite it.
    const again = await signInWith(who.sub);
    expect(await whoIs(again.jar)).toBe(owner);
    expect((await app.prisma.customer.findUniqueOrThrow({ where: { id: owner } })).firstName).toBe("Owner");
  });
});

describe("refused answers go back to the sign-in page with a notice, never a 500", () => {
  async function expectRefused(response: Response, jar: Jar, message: RegExp) {
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/shelter/login");
    expect(await whoIs(jar)).toBeNull();
    expect((await flashedNotice(jar))?.message).toMatch(message);
  }

  it("refuses an ID token whose payload was altered (signature checked against the JWKS)", async () => {
    const who = account();
    provider.tamperIdToken = true;
    try {
      const { response, jar } = await signInWith(who.sub);
      await expectRefused(response, jar, /could not be verified/);
    } finally {
      provider.tamperIdToken = false;
    }
    expect(await linkOf(who.sub)).toBeNull();
  });

  it("refuses an ID token with another nonce than the one we sent", async () => {
    const who = account();
    provider.replaceNonce = true;
    try {
      const { response, jar } = await signInWith(who.sub);
      await expectRefused(response, jar, /could not be verified/);
    } finally {
      provider.replaceNonce = false;
    }
    expect(await linkOf(who.sub)).toBeNull();
  });

  it("refuses a callback whose state is not the one we sent", async () => {
    const who = account();
    const jar = new Jar();
    const start = await startFlow(jar);
    provider.nextLogin = { accountId: who.sub };
    const { callbackUrl } = await provider.authorize(start.headers.get("Location")!, CALLBACK);
    const forged = new URL(callbackUrl);
    forged.searchParams.set("state", "forged-state");
    await expectRefused(await callback(forged.href, jar), jar, /could not be verified/);
  });

  it("refuses a callback without the state cookie (another browser, or expired)", async () => {
    const who = account();
    const start = await startFlow(new Jar());
    provider.nextLogin = { accountId: who.sub };
    const { callbackUrl } = await provider.authorize(start.headers.get("Location")!, CALLBACK);
    const jar = new Jar();
    await expectRefused(await callback(callbackUrl, jar), jar, /expired or was started in another browser/);
  });

  it("says so when the shopper refuses at the provider (error=access_denied)", async () => {
    const jar = new Jar();
    const start = await startFlow(jar);
    provider.nextLogin = { error: "access_denied" };
    const { callbackUrl } = await provider.authorize(start.headers.get("Location")!, CALLBACK);
    expect(new URL(callbackUrl).searchParams.get("error")).toBe("access_denied");
    await expectRefused(await callback(callbackUrl, jar), jar, /was cancelled/);
  });
});

describe("the redirect parameter (shop-core spec section 2) after an OpenID sign-in", () => {
  it("returns to the same-origin path it names", async () => {
    const who = account();
    const { response } = await signInWith(
      who.sub,
      new Jar(),
      `?redirect=${app.encodeRedirect("/account/orders?page=2")}`,
    );
    expect(response.headers.get("Location")).toBe("/account/orders?page=2");
  });

  it("ignores a path to another origin, as the password sign-in does", async () => {
    const who = account();
    const { response } = await signInWith(who.sub, new Jar(), `?redirect=${app.encodeRedirect("//evil.example/x")}`);
    expect(response.headers.get("Location")).toBe("/");
  });
});

describe("RP-initiated logout (OpenID Connect RP-Initiated Logout 1.0 section 2)", () => {
  it("signs out here, then at the provider with id_token_hint, which sends the browser back home", async () => {
    const who = account();
    const { jar, cookies } = await signInWith(who.sub);
    const session = await app.sessionStorage.getSession(`__session=${jar.get("__session")}`);
    const idToken = app.idTokenOf(session)!;
    const response = await callRoute(app.logout.action as never, formRequest("/logout", {}, jar), jar);
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("Location")!);
    expect(`${location.origin}${location.pathname}`).toBe(`${provider.issuer}/session/end`);
    expect(location.searchParams.get("id_token_hint")).toBe(idToken);
    expect(location.searchParams.get("post_logout_redirect_uri")).toBe(`${SHOP}/`);
    expect(await whoIs(jar)).toBeNull();
    expect(await provider.endSession(location.href, cookies)).toBe(`${SHOP}/`);
  });

  it("a password session signs out straight home", async () => {
    const email = `${unique("plain")}@example.com`;
    await passwordAccount(email);
    const jar = new Jar();
    await callRoute(app.login.action as never, formRequest("/shelter/login", { email, password: PASSWORD }, jar), jar, {
      clientIp: "203.0.113.42",
    });
    const response = await callRoute(app.logout.action as never, formRequest("/logout", {}, jar), jar);
    expect(response.headers.get("Location")).toBe("/");
  });
});

describe("a brand-new provider account is filled from the profile (shop-core spec section 3)", () => {
  it("maps the provider's data onto the user of the staff store and joins the clinic its ship-to names", async () => {
    const email = `${unique("oidc-clinic")}@example.com`;
    const subject = unique("staff-sub");
    const customerId = await app.createFromProfile(
      "HPSF",
      {
        subject,
        email,
        emailVerified: true,
        firstName: "Lee",
        lastName: "Vet",
        country: "US",
        roleCode: "DVM",
        graduationYear: 2018,
        shipTo: "2000104",
        soldTo: "1000104",
        currentSchoolName: null,
        accountGroup: "ZPRO",
      },
      { issuer: "https://id.example.com", subject },
    );
    const user = await app.prisma.identityUser.findUniqueOrThrow({ where: { store_email: { store: "staff", email } } });
    expect(user).toMatchObject({
      customerId,
      roleCode: "DVM",
      graduationYear: 2018,
      sfPreferedShipTo: "2000104",
      sfStoreSoldTo: "1000104",
      sapCustomerAccountGroup: "ZPRO",
    });
    const customer = await app.prisma.customer.findUniqueOrThrow({
      where: { id: customerId },
      include: { clinic: true },
    });
    expect(customer.clinic?.groupId).toBe("CLN-1004");
    // No password sign-in for a provider's user.
    expect((await app.identity.signIn({ store: "staff", email, password: "external" })).ok).toBe(false);
  });
});
