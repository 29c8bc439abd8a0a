// The back office's door (docs/rules.md "Back office"): its own sign-in, separate from customer
// accounts; sessions that end; the role check's 403; never cached; users' changes audited.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { action as loginAction, loader as loginLoader } from "~/routes/admin_.login";
import { action as logoutAction } from "~/routes/admin_.logout";
import { loader as frameLoader } from "~/routes/admin";
import { loader as homeLoader } from "~/routes/admin._index";
import { encodeRedirect } from "~/models/redirect-param";
import { REFUSED_BACK_OFFICE_SIGN_IN_MESSAGE } from "~/models/lockout";
import { checkSignInPassword, LOCKOUT_MS, MAX_FAILED_SIGN_INS } from "~/services/identity/index.server";
import { AdminUserError, adminUsers, createAdminUsers, requireAdmin } from "~/services/admin/index.server";
import { ADMIN_PASSWORD, auditOf, newAdmin } from "../helpers/admin";
import { newAccount } from "../helpers/accounts";
import { callRoute, formRequest, getRequest, Jar, signedInJar } from "../helpers/routes";
import { ensureSeeded } from "../helpers/seeded";

beforeAll(async () => {
  await ensureSeeded();
});

const signIn = (email: string, password: string, jar = new Jar(), search = "") =>
  // The back office's form has no honeypot.
  callRoute(loginAction, formRequest(`/admin/login${search}`, { email, password }, jar, { honeypot: false }), jar, {
    clientIp: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });

describe("back-office sign-in", () => {
  it("signs a user in with a session cookie for /admin only, and back to the page asked for", async () => {
    const { email } = await newAdmin("support");
    const jar = new Jar();
    const asked = encodeRedirect("/admin/customers?q=dana");
    const response = await signIn(email.toUpperCase(), ADMIN_PASSWORD, jar, `?redirect=${asked}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/customers?q=dana");
    const cookie = response.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(/^__admin=/);
    expect(cookie).toMatch(/Path=\/admin/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    const frame = await callRoute(frameLoader, getRequest("/admin", jar), jar);
    expect(frame.status).toBe(200);
    expect(frame.headers.get("Cache-Control")).toBe("private, no-store");
    const { groups } = (await frame.json()) as { groups: { label: string; sections: { label: string }[] }[] };
    expect(groups.find((group) => group.label === "Customers")?.sections.map((s) => s.label)).toEqual(["Customers"]);
  });

  it("never sends a user outside the back office after sign-in", async () => {
    const { email } = await newAdmin("content");
    for (const target of ["/account/orders", "//evil.example/admin"]) {
      const response = await signIn(email, ADMIN_PASSWORD, new Jar(), `?redirect=${encodeRedirect(target)}`);
      expect(response.headers.get("Location")).toBe("/admin");
    }
  });

  it("refuses a wrong password, an unknown email and a customer's account alike", async () => {
    const { email } = await newAdmin("fulfilment");
    const customer = await newAccount("not-staff");
    for (const [who, password] of [
      [email, "wrong-password-1"],
      ["nobody@shop.example", ADMIN_PASSWORD],
      [customer.email, "Walkies-2026"],
    ]) {
      const response = await signIn(who, password);
      expect(response.status).toBe(401);
      expect((await response.json()).error).toEqual({ "": [REFUSED_BACK_OFFICE_SIGN_IN_MESSAGE] });
      expect(response.headers.get("Set-Cookie")).toBeNull();
    }
    const malformed = await callRoute(loginAction, formRequest("/admin/login", { email: "" }));
    expect(malformed.status).toBe(400);
  });

  it("locks a user after exactly the customers' number of failures", async () => {
    const { email } = await newAdmin("support", "lockout");
    for (let i = 1; i < MAX_FAILED_SIGN_INS; i++) expect((await signIn(email, "nope-nope-nope")).status).toBe(401);
    const user = await prisma.adminUser.findUniqueOrThrow({ where: { email } });
    expect(user.failedSignIns).toBe(MAX_FAILED_SIGN_INS - 1);
    expect(user.lockedUntil).toBeNull();
    const locking = await signIn(email, "nope-nope-nope");
    expect(locking.status).toBe(401);
    expect((await locking.json()).error).toEqual({ "": [REFUSED_BACK_OFFICE_SIGN_IN_MESSAGE] });
    const locked = await prisma.adminUser.findUniqueOrThrow({ where: { email } });
    expect(locked.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    // Locked: the right password is refused with the one answer, and no session.
    const right = await signIn(email, ADMIN_PASSWORD);
    expect(right.status).toBe(401);
    expect(right.headers.get("Set-Cookie")).toBeNull();
    expect((await right.json()).error).toEqual({ "": [REFUSED_BACK_OFFICE_SIGN_IN_MESSAGE] });
    // Once the lock has passed, the right password signs in.
    await prisma.adminUser.update({ where: { email }, data: { lockedUntil: new Date(Date.now() - 1) } });
    expect((await signIn(email, ADMIN_PASSWORD)).status).toBe(302);
  });

  it("answers an email byte for byte alike before the user exists, when disabled, when the password is wrong, and while locked, even for the right password", async () => {
    const email = `enumerate-${crypto.randomUUID()}@shop.example`;
    const answerOf = async (password: string) => {
      const response = await signIn(email, password);
      return {
        status: response.status,
        cacheControl: response.headers.get("Cache-Control"),
        setCookie: response.headers.get("Set-Cookie"),
        body: await response.text(),
      };
    };
    const unknown = await answerOf(ADMIN_PASSWORD);
    expect({ ...unknown, body: undefined }).toEqual({
      status: 401,
      cacheControl: "private, no-store",
      setCookie: null,
      body: undefined,
    });
    // The one reply shape: the form's error, the email as typed, never the password.
    const body = JSON.parse(unknown.body);
    expect(body.error).toEqual({ "": [REFUSED_BACK_OFFICE_SIGN_IN_MESSAGE] });
    expect(body.initialValue.email).toBe(email);
    expect(unknown.body).not.toContain(ADMIN_PASSWORD);
    const owner = await newAdmin("owner", "enumerate-owner");
    const user = await adminUsers.create(
      { email, name: "Enu Merate", role: "support", password: ADMIN_PASSWORD },
      null,
    );
    expect(await answerOf("wrong-password-1")).toEqual(unknown);
    await prisma.adminUser.update({ where: { id: user.id }, data: { lockedUntil: new Date(Date.now() + LOCKOUT_MS) } });
    expect(await answerOf(ADMIN_PASSWORD)).toEqual(unknown);
    expect(await answerOf("wrong-password-1")).toEqual(unknown);
    await prisma.adminUser.update({ where: { id: user.id }, data: { lockedUntil: null, failedSignIns: 0 } });
    await adminUsers.update(user.id, { disabled: true }, owner.actor);
    expect(await answerOf(ADMIN_PASSWORD)).toEqual(unknown);
  });

  it("runs exactly one password check on every path: unknown, disabled, locked, wrong, right", async () => {
    const owner = await newAdmin("owner", "one-check-owner");
    let checks = 0;
    let clock = new Date();
    const users = createAdminUsers(
      prisma,
      () => clock,
      async (password, stored) => {
        checks++;
        return checkSignInPassword(password, stored);
      },
    );
    const checksOf = async (email: string, password: string) => {
      checks = 0;
      const result = await users.signIn({ email, password });
      return { ok: result.ok, checks };
    };
    const { id, email } = await newAdmin("support", "one-check");
    expect(await checksOf(`nobody-${crypto.randomUUID()}@shop.example`, ADMIN_PASSWORD)).toEqual({
      ok: false,
      checks: 1,
    });
    expect(await checksOf(email, "wrong-password-1")).toEqual({ ok: false, checks: 1 });
    expect(await checksOf(email, ADMIN_PASSWORD)).toEqual({ ok: true, checks: 1 });
    await prisma.adminUser.update({ where: { id }, data: { lockedUntil: new Date(clock.getTime() + LOCKOUT_MS) } });
    expect(await checksOf(email, ADMIN_PASSWORD)).toEqual({ ok: false, checks: 1 });
    clock = new Date(clock.getTime() + LOCKOUT_MS);
    expect(await checksOf(email, ADMIN_PASSWORD)).toEqual({ ok: true, checks: 1 });
    await adminUsers.update(id, { disabled: true }, owner.actor);
    expect(await checksOf(email, ADMIN_PASSWORD)).toEqual({ ok: false, checks: 1 });
  });

  it("sends a visitor, and a signed-in customer, to the back office's sign-in", async () => {
    const customer = await newAccount("customer-at-admin");
    for (const jar of [new Jar(), await signedInJar(customer.customerId)]) {
      const response = await callRoute(frameLoader, getRequest("/admin/orders?status=paid", jar));
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(
        `/admin/login?redirect=${encodeRedirect("/admin/orders?status=paid")}`,
      );
    }
  });

  it("answers 403 naming the role when it lacks the permission", async () => {
    const { jar } = await newAdmin("merchandiser");
    const refused = await requireAdmin(getRequest("/admin/orders", jar), "orders.view").catch((e: Response) => e);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(403);
    expect(await (refused as Response).json()).toEqual({
      message: "Your role (Merchandiser) cannot do this. Ask an owner if you need it.",
    });
  });

  it("ends the session at sign-out and when the user is disabled", async () => {
    const owner = await newAdmin("owner");
    const out = await newAdmin("support", "signout");
    const loggedOut = await callRoute(logoutAction, formRequest("/admin/logout", {}, out.jar), out.jar);
    expect(loggedOut.headers.get("Location")).toBe("/admin/login");
    expect((await callRoute(frameLoader, getRequest("/admin", out.jar))).status).toBe(302);

    const disabled = await newAdmin("support", "disabled");
    await adminUsers.update(disabled.id, { disabled: true }, owner.actor);
    expect((await callRoute(frameLoader, getRequest("/admin", disabled.jar))).status).toBe(302);
    expect((await signIn(disabled.email, ADMIN_PASSWORD)).status).toBe(401);
  });
});

describe("back-office users", () => {
  it("audits each change to a user, and an owner cannot demote themself", async () => {
    const owner = await newAdmin("owner", "users");
    const added = await adminUsers.create(
      {
        email: `new-${crypto.randomUUID()}@shop.example`,
        name: "New Hire",
        role: "fulfilment",
        password: ADMIN_PASSWORD,
      },
      owner.actor,
    );
    await adminUsers.update(added.id, { role: "support" }, owner.actor);
    const entries = await auditOf("admin-user", added.id);
    expect(entries.map((e) => [e.action, e.actorEmail, e.before, e.after])).toEqual([
      [
        "admin-user.update",
        owner.email,
        JSON.stringify({ role: "fulfilment", disabled: false }),
        JSON.stringify({ role: "support", disabled: false }),
      ],
      [
        "admin-user.create",
        owner.email,
        null,
        JSON.stringify({ email: added.email, name: "New Hire", role: "fulfilment" }),
      ],
    ]);
    await expect(adminUsers.update(owner.id, { role: "support" }, owner.actor)).rejects.toBeInstanceOf(AdminUserError);
    await expect(
      adminUsers.create({ email: added.email, name: "Again", role: "owner", password: ADMIN_PASSWORD }, owner.actor),
    ).rejects.toThrow(/already exists/);
    await expect(
      adminUsers.create({ email: "short@shop.example", name: "Short", role: "owner", password: "short" }, owner.actor),
    ).rejects.toThrow(/at least 12 characters/);
  });

  it("shows the sign-in page to a visitor and sends a signed-in user on", async () => {
    expect((await callRoute(loginLoader, getRequest("/admin/login"))).status).toBe(200);
    const { jar } = await newAdmin("content", "already");
    const response = await callRoute(loginLoader, getRequest("/admin/login", jar));
    expect(response.headers.get("Location")).toBe("/admin");
  });
});

describe("the back office's home", () => {
  it("counts what waits, only in the sections the role may open", async () => {
    const labels = async (role: Parameters<typeof newAdmin>[0]) => {
      const { jar } = await newAdmin(role, "home");
      const response = await callRoute(homeLoader, getRequest("/admin", jar));
      const body = (await response.json()) as { inbox: { label: string; count: number }[] };
      return body.inbox.map((item) => item.label);
    };
    expect(await labels("fulfilment")).toEqual([
      "Orders to pack",
      "Orders to ship",
      "Returns to approve",
      "Returns to receive",
    ]);
    expect(await labels("content")).toEqual(["Reviews to moderate"]);
    expect(await labels("merchandiser")).toEqual([]);
    expect(await labels("owner")).toHaveLength(6);
    // On the embedded provider nothing is the platform's (docs/rules.md "Turned off on Shopify").
    const owner = await newAdmin("owner", "home");
    const home = (await (await callRoute(homeLoader, getRequest("/admin", owner.jar))).json()) as {
      elsewhere: unknown[];
    };
    expect(home.elsewhere).toEqual([]);
  });
});
