// Sessions and public forms (docs/rules.md "Trust boundary"):
// signing in revokes the browser's previous token, GET /logout changes nothing,
// each purpose has its own rate-limit budget, and a public form post without its
// honeypot inputs is refused.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { loader as rootLoader } from "~/root";
import { action as createTokenAction } from "~/routes/api.ecom.v1[.]0.create-customer-token";
import { action as refreshAction } from "~/routes/api.ecom.v1[.]0.refresh-session-token";
import { action as contactAction } from "~/routes/contact-us";
import { action as logoutAction, loader as logoutLoader } from "~/routes/logout";
import { action as autoshipLoginAction } from "~/routes/shelter.autoship-required-login";
import { action as forgotAction } from "~/routes/shelter.forgot-password";
import { action as loginAction } from "~/routes/shelter.login";
import { action as registerAction } from "~/routes/shelter.register";
import { isSpam } from "~/services/http/honeypot.server";
import { loader as multipassLoader } from "~/routes/multipass.$token";
import { rateLimits, RATE_LIMIT_PURPOSES, type RateLimitPurpose } from "~/services/http/rate-limit.server";
import { getCustomerId } from "~/services/http/session.server";
import {
  callRoute,
  formRequest,
  getRequest,
  honeypotFields,
  Jar,
  jsonRequest,
  ORIGIN,
  type RouteHandler,
} from "../helpers/routes";
import { newAccount, newMultipassLink, PASSWORD } from "../helpers/accounts";
import { ensureSeeded } from "../helpers/seeded";

let ipCounter = 0;
/** A fresh client address per test, so budgets never leak between tests. */
const newIp = () => `198.18.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

beforeAll(async () => {
  await ensureSeeded();
});

afterEach(async () => {
  await rateLimits.reset();
});

const call = (handler: RouteHandler, request: Request, jar: Jar, ip = newIp()) =>
  callRoute(handler, request, jar, { clientIp: ip });

/** Who a cookie header signs in as (null: anonymous). */
const whoIs = (cookie: string) => getCustomerId(new Request(`${ORIGIN}/`, { headers: { Cookie: cookie } }));

/** Just the session cookie of a jar, as an attacker who copied it would replay it. */
const sessionCookieOf = (jar: Jar) => `__session=${jar.get("__session")}`;

describe("signing in revokes the browser's previous session token (decisions: tokens rotate at sign-in)", () => {
  const signInPaths: [string, (email: string, jar: Jar) => Promise<Response>][] = [
    [
      "the sign-in page",
      (email, jar) => call(loginAction, formRequest("/shelter/login", { email, password: PASSWORD }, jar), jar),
    ],
    [
      "the autoship sign-in page",
      (email, jar) =>
        call(
          autoshipLoginAction,
          formRequest("/shelter/autoship-required-login", { email, password: PASSWORD }, jar),
          jar,
        ),
    ],
  ];

  for (const [name, signIn] of signInPaths) {
    it(`${name}: cookie A no longer authenticates after a second sign-in in the same browser`, async () => {
      const { email, customerId } = await newAccount("rotate");
      const jar = new Jar();
      expect((await signIn(email, jar)).status).toBe(302);
      const cookieA = sessionCookieOf(jar);
      expect(await whoIs(cookieA)).toBe(customerId);

      expect((await signIn(email, jar)).status).toBe(302);
      expect(sessionCookieOf(jar)).not.toBe(cookieA);
      expect(await whoIs(sessionCookieOf(jar))).toBe(customerId);
      expect(await whoIs(cookieA)).toBeNull();
    });
  }

  it("registration in a signed-in browser revokes the earlier token", async () => {
    const { email } = await newAccount("before-register");
    const jar = new Jar();
    await call(loginAction, formRequest("/shelter/login", { email, password: PASSWORD }, jar), jar);
    const cookieA = sessionCookieOf(jar);
    const fields = {
      firstName: "Ana",
      lastName: "Lopez",
      email: `registered-${crypto.randomUUID()}@example.com`,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    };
    expect((await call(registerAction, formRequest("/shelter/register", fields, jar), jar)).status).toBe(302);
    expect(await whoIs(cookieA)).toBeNull();
  });

  it("a multipass arrival revokes the earlier token", async () => {
    const { email, customerId } = await newAccount("before-multipass");
    const jar = new Jar();
    await call(loginAction, formRequest("/shelter/login", { email, password: PASSWORD }, jar), jar);
    const cookieA = sessionCookieOf(jar);
    const { token } = await newMultipassLink(customerId);
    const arrived = await callRoute(multipassLoader, getRequest(`/multipass/${token}`, jar), jar, {
      params: { token },
    });
    expect(arrived.status).toBe(302);
    expect(await whoIs(cookieA)).toBeNull();
    expect(await whoIs(sessionCookieOf(jar))).toBe(customerId);
  });

  it("the root loader of a replayed cookie A answers as a guest", async () => {
    const { email } = await newAccount("rotate-root");
    const jar = new Jar();
    await call(loginAction, formRequest("/shelter/login", { email, password: PASSWORD }, jar), jar);
    const cookieA = sessionCookieOf(jar);
    await call(loginAction, formRequest("/shelter/login", { email, password: PASSWORD }, jar), jar);
    const response = await callRoute(rootLoader, new Request(`${ORIGIN}/`, { headers: { Cookie: cookieA } }));
    expect(((await response.json()) as { account: unknown }).account).toBeNull();
  });
});

describe("GET /logout changes nothing; POST /logout signs out", () => {
  it("GET keeps the session and shows a Sign out form; POST revokes it", async () => {
    const { email, customerId } = await newAccount("logout");
    const jar = new Jar();
    await call(loginAction, formRequest("/shelter/login", { email, password: PASSWORD }, jar), jar);
    const page = await callRoute(logoutLoader, getRequest("/logout", jar), jar);
    expect(page.status).toBe(200);
    expect(page.headers.get("Set-Cookie")).toBeNull();
    expect(await page.json()).toEqual({ signedIn: true });
    expect(await whoIs(jar.header)).toBe(customerId);

    const before = sessionCookieOf(jar);
    const out = await callRoute(logoutAction, formRequest("/logout", {}, jar), jar);
    expect(out.status).toBe(302);
    expect(await whoIs(before)).toBeNull();
  });
});

/** A sign-in post with a wrong password: 401 while the sign-in budget lasts, then 429. */
const wrongPasswordSignIn = (jar: Jar, ip: string) =>
  call(loginAction, formRequest("/shelter/login", { email: "a@example.com", password: "x" }, jar), jar, ip);

/** A forgot-password post: 302 while the password-reset budget lasts, then 429. */
const askForReset = (jar: Jar, ip: string) =>
  call(forgotAction, formRequest("/shelter/forgot-password", { email: "a@example.com" }, jar), jar, ip);

describe("rate limits: a budget per purpose (services/http/rate-limit.server.ts)", () => {
  it("allows exactly the budget per address and window, then refuses with Retry-After; other purposes and addresses are untouched", async () => {
    const now = 1_000_000;
    for (const purpose of RATE_LIMIT_PURPOSES) {
      const { limit, windowMs } = rateLimits.budgets[purpose];
      const ip = newIp();
      for (let i = 0; i < limit; i++)
        expect((await rateLimits.attempt(purpose, ip, now)).allowed, `${purpose} #${i + 1}`).toBe(true);
      const refused = await rateLimits.attempt(purpose, ip, now);
      expect(refused).toMatchObject({ allowed: false, retryAfterSeconds: windowMs / 1000 });
      for (const other of RATE_LIMIT_PURPOSES.filter((p) => p !== purpose)) {
        expect((await rateLimits.attempt(other, ip, now)).allowed, `${other} after ${purpose}`).toBe(true);
      }
      expect((await rateLimits.attempt(purpose, newIp(), now)).allowed).toBe(true);
      expect((await rateLimits.attempt(purpose, ip, now + windowMs)).allowed).toBe(true);
    }
  });

  it("has the configured defaults", () => {
    const limits = Object.fromEntries(RATE_LIMIT_PURPOSES.map((p) => [p, rateLimits.budgets[p].limit]));
    expect(limits).toEqual({
      "sign-in": 10,
      "password-reset": 10,
      registration: 10,
      contact: 5,
      "token-api": 30,
      "client-error": 10,
      "back-in-stock": 10,
    });
  });

  const exhaust = async (purpose: RateLimitPurpose, ip: string) => {
    for (let i = 0; i < rateLimits.budgets[purpose].limit; i++) await rateLimits.attempt(purpose, ip);
  };

  it("registration: the N+1th post is 429 with Retry-After; sign-in from the same address still works", async () => {
    const ip = newIp();
    await exhaust("registration", ip);
    const jar = new Jar();
    const fields = {
      firstName: "Ana",
      lastName: "Lopez",
      email: `limited-${crypto.randomUUID()}@example.com`,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    };
    const refused = await call(registerAction, formRequest("/shelter/register", fields, jar), jar, ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(JSON.stringify(await refused.json())).toContain("Too many accounts");

    const { email } = await newAccount("other-budget");
    const signedIn = await call(
      loginAction,
      formRequest("/shelter/login", { email, password: PASSWORD }, jar),
      jar,
      ip,
    );
    expect(signedIn.status).toBe(302);
  });

  it("registration: the Nth post is still allowed", async () => {
    const ip = newIp();
    for (let i = 0; i < rateLimits.budgets.registration.limit - 1; i++) await rateLimits.attempt("registration", ip);
    const jar = new Jar();
    const fields = {
      firstName: "Ana",
      lastName: "Lopez",
      email: `nth-${crypto.randomUUID()}@example.com`,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    };
    expect((await call(registerAction, formRequest("/shelter/register", fields, jar), jar, ip)).status).toBe(302);
  });

  it("password reset has its own budget: used up, forgot-password is 429 and sign-in is not", async () => {
    const ip = newIp();
    await exhaust("password-reset", ip);
    const jar = new Jar();
    const refused = await askForReset(jar, ip);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBeTruthy();
    const signIn = await wrongPasswordSignIn(jar, ip);
    expect(signIn.status).toBe(401);
  });

  it("sign-in used up does not block password reset", async () => {
    const ip = newIp();
    await exhaust("sign-in", ip);
    const jar = new Jar();
    const signIn = await wrongPasswordSignIn(jar, ip);
    expect(signIn.status).toBe(429);
    expect(signIn.headers.get("Retry-After")).toBeTruthy();
    const reset = await askForReset(jar, ip);
    expect(reset.status).toBe(302);
  });

  it("the token API has its own budget: create-customer-token and refresh-session-token answer 429 with Retry-After", async () => {
    const ip = newIp();
    await exhaust("token-api", ip);
    const jar = new Jar();
    const created = await call(
      createTokenAction,
      jsonRequest("/api/ecom/v1.0/create-customer-token", { email: "a@example.com", key: "x" }, jar),
      jar,
      ip,
    );
    expect(created.status).toBe(429);
    expect(((await created.json()) as { error: { code: string } }).error.code).toBe("RATE_LIMITED");
    expect(created.headers.get("Retry-After")).toBeTruthy();
    const refreshed = await call(refreshAction, jsonRequest("/api/ecom/v1.0/refresh-session-token", {}, jar), jar, ip);
    expect(refreshed.status).toBe(429);
    const signIn = await wrongPasswordSignIn(jar, ip);
    expect(signIn.status).toBe(401);
  });
});

describe("the honeypot is enforced when its inputs are missing", () => {
  const forms: [string, RouteHandler, string, Record<string, string>][] = [
    ["sign-in", loginAction, "/shelter/login", { email: "a@example.com", password: "x" }],
    [
      "autoship sign-in",
      autoshipLoginAction,
      "/shelter/autoship-required-login",
      { email: "a@example.com", password: "x" },
    ],
    [
      "register",
      registerAction,
      "/shelter/register",
      { firstName: "A", lastName: "B", email: "hp@example.com", password: PASSWORD, confirmPassword: PASSWORD },
    ],
    ["forgot password", forgotAction, "/shelter/forgot-password", { email: "a@example.com" }],
    [
      "contact",
      contactAction,
      "/contact-us",
      { name: "Robin", email: "a@example.com", message: "Hello there friends" },
    ],
  ];

  for (const [name, action, path, fields] of forms) {
    it(`${name}: refused (400) without the honeypot inputs, with the field filled, or with a forged time`, async () => {
      const without = await call(action, formRequest(path, fields, new Jar(), { honeypot: false }), new Jar());
      expect(without.status, "missing").toBe(400);
      expect(JSON.stringify(await without.json())).toContain("could not be sent");
      const filled = await call(
        action,
        formRequest(path, { ...fields, name__confirm: "https://spam" }, new Jar()),
        new Jar(),
      );
      expect(filled.status, "filled").toBe(400);
      const forged = await call(
        action,
        formRequest(path, { ...fields, from__confirm: "not-ours" }, new Jar()),
        new Jar(),
      );
      expect(forged.status, "forged").toBe(400);
    });
  }

  it("isSpam at the boundary: both inputs present, trap empty, time ours and past → accepted; one missing → refused", () => {
    const good = honeypotFields();
    const form = (entries: Record<string, string>) => {
      const data = new FormData();
      for (const [k, v] of Object.entries(entries)) data.set(k, v);
      return data;
    };
    expect(isSpam(form(good))).toBe(false);
    for (const missing of Object.keys(good)) {
      const rest = Object.fromEntries(Object.entries(good).filter(([k]) => k !== missing));
      expect(isSpam(form(rest)), `without ${missing}`).toBe(true);
    }
    expect(isSpam(form({}))).toBe(true);
    expect(isSpam(form({ ...good, name__confirm: "x" }))).toBe(true);
  });
});
