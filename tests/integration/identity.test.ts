// Identity and sessions (shop-core spec section 4; docs/security.md "Brute force and form spam"):
// token life cycle, lockout, per-address limit, registration, password reset,
// and the sign-in pages and token APIs without JavaScript.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { loader as rootLoader } from "~/root";
import { action as cryptoAction } from "~/routes/api.crypto";
import { action as createTokenAction } from "~/routes/api.ecom.v1[.]0.create-customer-token";
import { action as refreshAction } from "~/routes/api.ecom.v1[.]0.refresh-session-token";
import { action as forgotAction } from "~/routes/shelter.forgot-password";
import { action as loginAction } from "~/routes/shelter.login";
import { action as logoutAction } from "~/routes/logout";
import { action as registerAction } from "~/routes/shelter.register";
import { action as resetAction, loader as resetLoader } from "~/routes/shelter.reset-password";
import { allowSignInAttempt, SIGN_IN_LIMIT_PER_MINUTE } from "~/services/sign-in/auth.server";
import { createIdentity, LOCKOUT_MS, MAX_FAILED_SIGN_INS, SESSION_TTL_MS } from "~/services/identity/identity.server";
import { checkSignInPassword } from "~/services/identity/password.server";
import { REFUSED_SIGN_IN_MESSAGE } from "~/models/lockout";
import { identity } from "~/services/identity/index.server";
import { createJwtIssuer } from "~/services/identity/jwt.server";
import { getCustomerId } from "~/services/http/session.server";
import { callRoute, formRequest, honeypotFields, Jar, jsonRequest, ORIGIN, type RouteHandler } from "../helpers/routes";
import { newAccount, PASSWORD } from "../helpers/accounts";
import { captureLogs } from "../helpers/logs";
import { ensureSeeded } from "../helpers/seeded";
import { headerOf, smtpOutbox, startSmtpServer, unusedPort } from "../helpers/smtp-server";

beforeAll(async () => {
  await ensureSeeded();
});

const uniqueEmail = (tag: string) => `${tag}-${crypto.randomUUID()}@example.com`;

const call = (handler: RouteHandler, request: Request, jar: Jar, ip = "203.0.113.1") =>
  callRoute(handler, request, jar, { clientIp: ip });

const form = formRequest;

const jsonPost = (path: string, body: unknown, jar = new Jar()) => jsonRequest(path, body, jar);

const whoIs = (jar: Jar) => getCustomerId(new Request(`${ORIGIN}/`, { headers: { Cookie: jar.header } }));

describe("session tokens", () => {
  it("lives, slides forward on use, and is dead once revoked or expired", async () => {
    const { customerId } = await newAccount("token");
    let clock = new Date("2026-11-22T10:00:00Z");
    const ids = createIdentity(prisma, () => clock);
    const token = await ids.createSession(customerId, "DTC");
    expect((await ids.resolveSession(token))?.customerId).toBe(customerId);

    clock = new Date(clock.getTime() + SESSION_TTL_MS - 60_000);
    const refreshed = await ids.resolveSession(token, { refresh: true });
    expect(refreshed!.expiresAt.getTime()).toBe(clock.getTime() + SESSION_TTL_MS);

    clock = new Date(clock.getTime() + SESSION_TTL_MS + 1);
    expect(await ids.resolveSession(token)).toBeNull();

    const other = await ids.createSession(customerId, "DTC");
    await ids.revokeSession(other, "logout");
    expect(await ids.resolveSession(other)).toBeNull();
    expect(await ids.resolveSession("made-up")).toBeNull();
  });

  it("rotates at sign-in, and a cookie replayed after logout is anonymous", async () => {
    const { email, customerId } = await newAccount("rotate");
    const jar = new Jar();
    const first = await call(loginAction, form("/shelter/login", { email, password: PASSWORD }, jar), jar);
    expect(first.status).toBe(302);
    const firstCookie = jar.header;
    expect(await whoIs(jar)).toBe(customerId);

    await call(loginAction, form("/shelter/login", { email, password: PASSWORD }, jar), jar);
    expect(jar.header).not.toBe(firstCookie);
    const replayFirst = new Jar();
    replayFirst.store(new Response(null, { headers: { "Set-Cookie": `${firstCookie.split("; ")[0]}; Path=/` } }));
    expect(await whoIs(replayFirst)).toBeNull();

    const beforeLogout = jar.header;
    const out = await call(logoutAction, form("/logout", {}, jar), jar);
    expect(out.headers.get("Location")).toBe("/");
    const replay = new Jar();
    for (const pair of beforeLogout.split("; ")) {
      replay.store(new Response(null, { headers: { "Set-Cookie": `${pair}; Path=/` } }));
    }
    expect(await whoIs(replay)).toBeNull();
  });

  it("a browser whose token stopped working is a guest, and the refresh call signs it out (logged)", async () => {
    const { email, customerId } = await newAccount("stale");
    const jar = new Jar();
    await call(loginAction, form("/shelter/login", { email, password: PASSWORD }, jar), jar);
    await prisma.sessionToken.updateMany({ where: { customerId }, data: { expiresAt: new Date(0) } });
    // The root loader only reads (docs/rules.md "Root loader: reads only"): a guest, told the session ended.
    const response = await call(rootLoader, new Request(`${ORIGIN}/`, { headers: { Cookie: jar.header } }), jar);
    const body = (await response.json()) as { account: unknown; sessionEnded: boolean };
    expect(body).toMatchObject({ account: null, sessionEnded: true });
    expect(response.headers.get("Set-Cookie")).toBeNull();
    // The browser's refresh on navigation finds no token to obtain: the cookie loses it, and it is logged.
    const { result: refused, lines } = await captureLogs(() =>
      call(refreshAction, jsonRequest("/api/ecom/v1.0/refresh-session-token", {}, jar), jar),
    );
    expect(refused.status).toBe(401);
    expect(refused.headers.get("Set-Cookie")).toContain("__session=");
    expect(lines.some((line) => line.msg === "session token expired or revoked: signing the browser out")).toBe(true);
    const after = await call(rootLoader, new Request(`${ORIGIN}/`, { headers: { Cookie: jar.header } }), jar);
    expect(await after.json()).toMatchObject({ account: null, sessionEnded: false });
  });

  it("after inactivity, sign-out lands on the sign-in page", async () => {
    const { email } = await newAccount("idle");
    const jar = new Jar();
    await call(loginAction, form("/shelter/login", { email, password: PASSWORD }, jar), jar);
    const out = await call(logoutAction, form("/logout", { reason: "inactivity" }, jar), jar);
    expect(out.headers.get("Location")).toBe("/shelter/login");
    expect(await whoIs(jar)).toBeNull();
  });
});

describe("token lifetimes (docs/rules.md 'Accounts and sessions')", () => {
  const HOUR = 60 * 60_000;

  it("a session lives exactly 7 days after its last use", async () => {
    const { customerId } = await newAccount("ttl");
    const start = new Date("2026-11-22T10:00:00Z");
    let clock = start;
    const ids = createIdentity(prisma, () => clock);
    const token = await ids.createSession(customerId, "DTC");
    clock = new Date(start.getTime() + 7 * 24 * HOUR - 1);
    expect((await ids.resolveSession(token))?.customerId).toBe(customerId);
    clock = new Date(start.getTime() + 7 * 24 * HOUR);
    expect(await ids.resolveSession(token)).toBeNull();
  });

  it("a password-reset link works for exactly one hour", async () => {
    const { email } = await newAccount("reset-ttl");
    const start = new Date();
    let clock = start;
    const ids = createIdentity(prisma, () => clock);
    const reset = await ids.createPasswordReset("home", email);
    clock = new Date(start.getTime() + HOUR - 1);
    expect(await ids.resetTokenValid(reset!.token)).toBe(true);
    clock = new Date(start.getTime() + HOUR);
    expect(await ids.resetTokenValid(reset!.token)).toBe(false);
    expect(await ids.resetPassword(reset!.token, "Another-pass-1")).toBe(false);
  });

  it("a JWT works for 10 minutes", async () => {
    const start = new Date("2026-11-22T10:00:00Z");
    let clock = start;
    const jwt = createJwtIssuer("a-secret-of-at-least-thirty-two-chars", () => clock);
    const token = await jwt.issue("customer-1", "HPSF");
    clock = new Date(start.getTime() + 10 * 60_000 - 1000);
    expect(await jwt.verify(token)).toEqual({ customerId: "customer-1", site: "HPSF" });
    clock = new Date(start.getTime() + 10 * 60_000 + 1000);
    expect(await jwt.verify(token)).toBeNull();
  });
});

describe("brute force", () => {
  it("locks an account for 15 minutes after ten consecutive failures, even for the right password", async () => {
    const { email } = await newAccount("lock");
    let clock = new Date();
    const ids = createIdentity(prisma, () => clock);
    const lockOf = async () =>
      (await prisma.identityUser.findFirstOrThrow({ where: { email }, select: { lockedUntil: true } })).lockedUntil;
    for (let i = 1; i < MAX_FAILED_SIGN_INS; i++) {
      expect(await ids.signIn({ store: "home", email, password: "wrong" })).toEqual({ ok: false });
    }
    expect(await lockOf()).toBeNull();
    expect(await ids.signIn({ store: "home", email, password: "wrong" })).toEqual({ ok: false });
    expect(await lockOf()).toEqual(new Date(clock.getTime() + LOCKOUT_MS));
    // Locked: the right password is refused, with the same answer as a wrong one.
    expect(await ids.signIn({ store: "home", email, password: PASSWORD })).toEqual({ ok: false });
    clock = new Date(clock.getTime() + LOCKOUT_MS + 1000);
    expect((await ids.signIn({ store: "home", email, password: PASSWORD })).ok).toBe(true);
  });

  it("a success resets the failure count", async () => {
    const { email } = await newAccount("reset-count");
    for (let i = 0; i < 5; i++) await identity.signIn({ store: "home", email, password: "wrong" });
    expect((await identity.signIn({ store: "home", email, password: PASSWORD })).ok).toBe(true);
    for (let i = 0; i < 5; i++) await identity.signIn({ store: "home", email, password: "wrong" });
    expect((await identity.signIn({ store: "home", email, password: PASSWORD })).ok).toBe(true);
  });

  it("answers the 11th sign-in from one address within a minute with 429", async () => {
    const now = Date.now();
    for (let i = 0; i < SIGN_IN_LIMIT_PER_MINUTE; i++) expect(await allowSignInAttempt("198.51.100.7", now)).toBe(true);
    expect(await allowSignInAttempt("198.51.100.7", now)).toBe(false);
    expect(await allowSignInAttempt("198.51.100.8", now)).toBe(true);
    expect(await allowSignInAttempt("198.51.100.7", now + 61_000)).toBe(true);

    const jar = new Jar();
    let last: Response | null = null;
    for (let i = 0; i <= SIGN_IN_LIMIT_PER_MINUTE; i++) {
      last = await call(
        loginAction,
        form("/shelter/login", { email: "nobody@example.com", password: "x" }, jar),
        jar,
        "198.51.100.99",
      );
    }
    expect(last!.status).toBe(429);
  });

  it("refuses a form whose honeypot field was filled in", async () => {
    const jar = new Jar();
    const response = await call(
      registerAction,
      form(
        "/shelter/register",
        {
          firstName: "Bot",
          lastName: "Bot",
          email: uniqueEmail("bot"),
          password: PASSWORD,
          confirmPassword: PASSWORD,
          name__confirm: "https://spam.example",
        },
        jar,
      ),
      jar,
    );
    expect(response.status).toBe(400);
  });

  it("keeps the email and drops the password when a sign-in is refused", async () => {
    const jar = new Jar();
    const response = await call(
      loginAction,
      form("/shelter/login", { email: "someone@example.com", password: "secret-typed" }, jar),
      jar,
      "192.0.2.50",
    );
    expect(response.status).toBe(401);
    const body = (await response.json()) as { initialValue: Record<string, string>; error: Record<string, string[]> };
    expect(body.initialValue.email).toBe("someone@example.com");
    expect(body.initialValue.password).toBeUndefined();
    expect(body.error[""]).toEqual([REFUSED_SIGN_IN_MESSAGE]);
  });
});

describe("one answer for a refused sign-in (docs/rules.md)", () => {
  it("runs exactly one password check on every path: unknown email, provider-only account, locked, wrong, right", async () => {
    const { email } = await newAccount("one-check");
    const external = await newAccount("one-check-external");
    await prisma.identityUser.updateMany({ where: { email: external.email }, data: { passwordHash: "external" } });
    let checks = 0;
    let clock = new Date();
    const ids = createIdentity(
      prisma,
      () => clock,
      async (password, stored) => {
        checks++;
        return checkSignInPassword(password, stored);
      },
    );
    const checksOf = async (input: { email: string; password: string }) => {
      checks = 0;
      const result = await ids.signIn({ store: "home", ...input });
      return { ok: result.ok, checks };
    };
    expect(await checksOf({ email: uniqueEmail("nobody"), password: PASSWORD })).toEqual({ ok: false, checks: 1 });
    expect(await checksOf({ email: external.email, password: "external" })).toEqual({ ok: false, checks: 1 });
    expect(await checksOf({ email, password: "wrong" })).toEqual({ ok: false, checks: 1 });
    expect(await checksOf({ email, password: PASSWORD })).toEqual({ ok: true, checks: 1 });
    await prisma.identityUser.updateMany({
      where: { email },
      data: { lockedUntil: new Date(clock.getTime() + LOCKOUT_MS) },
    });
    expect(await checksOf({ email, password: PASSWORD })).toEqual({ ok: false, checks: 1 });
    expect(await checksOf({ email, password: "wrong" })).toEqual({ ok: false, checks: 1 });
    clock = new Date(clock.getTime() + LOCKOUT_MS);
    expect(await checksOf({ email, password: PASSWORD })).toEqual({ ok: true, checks: 1 });
  });

  /** Status, the headers a client reads, and the body's bytes. */
  const answerOf = async (response: Response) => ({
    status: response.status,
    contentType: response.headers.get("Content-Type"),
    cacheControl: response.headers.get("Cache-Control"),
    body: await response.text(),
  });

  let ipCount = 0;
  const freshIp = () => `198.51.100.${++ipCount}`;

  it("create-customer-token answers an email alike before it has an account, when the key is wrong, and while it is locked, even for the right key", async () => {
    const email = uniqueEmail("enumerate-api");
    const token = async (key: string) =>
      answerOf(
        await call(
          createTokenAction,
          jsonPost("/api/ecom/v1.0/create-customer-token", { email, key }),
          new Jar(),
          freshIp(),
        ),
      );
    const unknown = await token(PASSWORD);
    expect(unknown).toEqual({
      status: 401,
      contentType: "application/json; charset=utf-8",
      cacheControl: "private, no-store",
      body: JSON.stringify({ error: { code: "UNAUTHORIZED", message: "Unauthorized user" } }),
    });

    const result = await identity.register({
      site: "DTC",
      email,
      password: PASSWORD,
      firstName: "Enu",
      lastName: "Merate",
      acceptsMarketing: false,
    });
    expect(result.ok).toBe(true);
    // Ten wrong keys in a row lock the account; each answer is the one answer.
    for (let i = 0; i < MAX_FAILED_SIGN_INS; i++) expect(await token("wrong-key")).toEqual(unknown);
    const user = await prisma.identityUser.findFirstOrThrow({ where: { email } });
    expect(user.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    // Locked: the right key is refused with the same bytes as an unknown email.
    expect(await token(PASSWORD)).toEqual(unknown);
    expect(await token("wrong-key")).toEqual(unknown);

    // Once the lock has passed, the right key works again.
    await prisma.identityUser.update({ where: { id: user.id }, data: { lockedUntil: new Date(Date.now() - 1) } });
    expect((await token(PASSWORD)).status).toBe(200);
  });

  it("the sign-in page answers an email alike before it has an account and while it is locked, even for the right password", async () => {
    const email = uniqueEmail("enumerate-page");
    // The reply gives the posted fields back: the same honeypot inputs for every post.
    const trap = honeypotFields();
    const signIn = async (password: string) =>
      answerOf(
        await call(
          loginAction,
          form("/shelter/login", { ...trap, email, password }, new Jar(), { honeypot: false }),
          new Jar(),
          freshIp(),
        ),
      );
    const unknown = await signIn(PASSWORD);
    expect(unknown.status).toBe(401);
    expect((JSON.parse(unknown.body) as { error: Record<string, string[]> }).error[""]).toEqual([
      REFUSED_SIGN_IN_MESSAGE,
    ]);
    const result = await identity.register({
      site: "DTC",
      email,
      password: PASSWORD,
      firstName: "Enu",
      lastName: "Merate",
      acceptsMarketing: false,
    });
    expect(result.ok).toBe(true);
    expect(await signIn("wrong-password-1")).toEqual(unknown);
    await prisma.identityUser.updateMany({
      where: { email },
      data: { lockedUntil: new Date(Date.now() + LOCKOUT_MS) },
    });
    expect(await signIn(PASSWORD)).toEqual(unknown);
  });
});

describe("registration (/shelter/register)", () => {
  it("creates the account, signs in, and refuses the same email twice in one store", async () => {
    const email = uniqueEmail("register");
    const fields = {
      firstName: "Ana",
      lastName: "Lopez",
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    };
    const jar = new Jar();
    const created = await call(registerAction, form("/shelter/register", fields, jar), jar, "192.0.2.60");
    expect(created.status).toBe(302);
    expect(await whoIs(jar)).toBeTruthy();

    const again = await call(registerAction, form("/shelter/register", fields, new Jar()), new Jar(), "192.0.2.60");
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: Record<string, string[]> }).error.email?.[0]).toMatch(/already exists/);

    const staff = await identity.register({
      site: "HPSF",
      email,
      password: PASSWORD,
      firstName: "Ana",
      lastName: "Lopez",
      acceptsMarketing: false,
    });
    expect(staff.ok).toBe(true);
  });

  it("reports each bad field and never echoes passwords", async () => {
    const response = await call(
      registerAction,
      form(
        "/shelter/register",
        { firstName: "", lastName: "X", email: "bad", password: "short", confirmPassword: "other" },
        new Jar(),
      ),
      new Jar(),
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: Record<string, string[]>; initialValue: Record<string, string> };
    expect(Object.keys(body.error)).toEqual(expect.arrayContaining(["firstName", "email", "password"]));
    expect(body.initialValue.password).toBeUndefined();
    expect(body.initialValue.lastName).toBe("X");
  });
});

describe("password reset (/shelter/forgot-password, /shelter/reset-password)", () => {
  it("answers the same whether or not the email exists, and emails a one-time link", async () => {
    const { email, customerId } = await newAccount("forgot");
    const known = await call(
      forgotAction,
      form("/shelter/forgot-password", { email }, new Jar()),
      new Jar(),
      "192.0.2.70",
    );
    const unknown = await call(
      forgotAction,
      form("/shelter/forgot-password", { email: uniqueEmail("nobody") }, new Jar()),
      new Jar(),
      "192.0.2.71",
    );
    expect(known.status).toBe(302);
    expect(unknown.status).toBe(302);
    expect(known.headers.get("Location")).toBe(unknown.headers.get("Location"));

    const message = await prisma.emailMessage.findFirstOrThrow({
      where: { to: email, template: "password-reset", outboxMessage: { topic: "email", status: "queued" } },
      orderBy: { createdAt: "desc" },
    });
    const token = decodeURIComponent(/token=([^\s"&]+)/.exec(message.text)![1]);
    const session = await identity.createSession(customerId, "DTC");

    const page = await call(
      resetLoader,
      new Request(`${ORIGIN}/shelter/reset-password?token=${encodeURIComponent(token)}`),
      new Jar(),
    );
    expect(((await page.json()) as { valid: boolean }).valid).toBe(true);

    const fields = { token, password: "New-password-9", confirmPassword: "New-password-9" };
    const done = await call(resetAction, form("/shelter/reset-password", fields, new Jar()), new Jar());
    expect(done.headers.get("Location")).toBe("/shelter/login");
    expect((await identity.signIn({ store: "home", email, password: "New-password-9" })).ok).toBe(true);
    expect(await identity.resolveSession(session)).toBeNull();

    const reused = await call(resetAction, form("/shelter/reset-password", fields, new Jar()), new Jar());
    expect(reused.status).toBe(410);
  });

  it("stores the reset token only with its email: when the email cannot be written, no token is kept", async () => {
    const { email, customerId } = await newAccount("reset-rollback");
    const user = await prisma.identityUser.findFirstOrThrow({ where: { customerId } });
    await expect(
      identity.createPasswordReset("home", email, () => Promise.reject(new Error("could not write the email"))),
    ).rejects.toThrow("could not write the email");
    expect(await prisma.passwordReset.count({ where: { userId: user.id } })).toBe(0);
  });

  it("with SMTP down the shopper is still told the link was sent; the email waits in the outbox and goes out once", async () => {
    const { email } = await newAccount("reset-smtp-down");
    const answer = await call(
      forgotAction,
      form("/shelter/forgot-password", { email }, new Jar()),
      new Jar(),
      "192.0.2.72",
    );
    expect(answer.status).toBe(302);

    // The outbox job, delivering over SMTP to a server that is down.
    const port = await unusedPort();
    const outbox = smtpOutbox(prisma, `smtp://127.0.0.1:${port}`);
    const at = new Date();
    await outbox.deliverDue({ now: at });
    const message = await prisma.emailMessage.findFirstOrThrow({
      where: { to: email, template: "password-reset" },
      include: { outboxMessage: true },
    });
    expect(message.outboxMessage).toMatchObject({ status: "queued", tries: 1 });
    expect(message.outboxMessage!.lastError).toMatch(/ECONNREFUSED/);

    const smtp = await startSmtpServer({ port });
    try {
      await outbox.deliverDue({ now: new Date(at.getTime() + 60_000) });
      await outbox.deliverDue({ now: new Date(at.getTime() + 3_600_000) });
      const mails = smtp.mails.filter((m) => m.to.includes(email));
      expect(mails).toHaveLength(1);
      expect(headerOf(mails[0], "Subject")).toBe("Reset your password");
      expect(headerOf(mails[0], "Message-ID")).toBe(`<${message.id}@shop.example.com>`);
      expect(await prisma.outboxMessage.findUniqueOrThrow({ where: { id: message.outboxMessageId! } })).toMatchObject({
        status: "sent",
        tries: 2,
      });
    } finally {
      await smtp.close();
    }
  });

  it("refuses an expired token", async () => {
    const { email } = await newAccount("expired-reset");
    const reset = await identity.createPasswordReset("home", email);
    await prisma.passwordReset.updateMany({ where: { usedAt: null }, data: { expiresAt: new Date(0) } });
    expect(await identity.resetTokenValid(reset!.token)).toBe(false);
    expect(await identity.resetPassword(reset!.token, "Another-pass-1")).toBe(false);
  });
});

describe("token APIs (shop-core spec section 7)", () => {
  it("create-customer-token yields a session token; wrong keys are 401 'Unauthorized user'", async () => {
    const { email } = await newAccount("api-token");
    const ok = await call(
      createTokenAction,
      jsonPost("/api/ecom/v1.0/create-customer-token", { email, key: PASSWORD }),
      new Jar(),
      "192.0.2.80",
    );
    expect(ok.status).toBe(200);
    const { sessionToken } = (await ok.json()) as { sessionToken: string };
    expect(sessionToken).toBeTruthy();

    const bad = await call(
      createTokenAction,
      jsonPost("/api/ecom/v1.0/create-customer-token", { email, key: "nope" }),
      new Jar(),
      "192.0.2.80",
    );
    expect(bad.status).toBe(401);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toBe("Unauthorized user");

    const invalid = await call(
      createTokenAction,
      jsonPost("/api/ecom/v1.0/create-customer-token", { email: "x" }),
      new Jar(),
      "192.0.2.81",
    );
    expect(invalid.status).toBe(400);

    const refreshed = await call(
      refreshAction,
      jsonPost("/api/ecom/v1.0/refresh-session-token", { sessionToken, forceRefreshToken: true }),
      new Jar(),
    );
    expect(refreshed.status).toBe(200);
    await identity.revokeSession(sessionToken, "logout");
    const dead = await call(
      refreshAction,
      jsonPost("/api/ecom/v1.0/refresh-session-token", { sessionToken }),
      new Jar(),
    );
    expect(dead.status).toBe(401);
  });

  it("/api/crypto sets the 2-hour order-management cookie once, and needs a session", async () => {
    const { customerId } = await newAccount("crypto");
    const sessionToken = await identity.createSession(customerId, "DTC");
    const jar = new Jar();
    const first = await call(cryptoAction, jsonPost("/api/crypto", { sessionToken }, jar), jar);
    const { hash, value } = (await first.json()) as { hash: string; value: string };
    const cookie = first.headers.get("Set-Cookie")!;
    expect(cookie).toMatch(/^order_management=/);
    expect(cookie).toContain("Max-Age=7200");
    const second = await call(cryptoAction, jsonPost("/api/crypto", { sessionToken }, jar), jar);
    expect(second.headers.get("Set-Cookie")).toBeNull();
    expect(await second.json()).toEqual({ hash, value });
    const guest = await call(cryptoAction, jsonPost("/api/crypto", {}), new Jar());
    expect(guest.status).toBe(401);
  });
});
