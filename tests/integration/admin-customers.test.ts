// The back office's customers (docs/rules.md "Back office: customers"): every role on the list,
// the customer page, Unlock and the reset email; each allowed change audited in its
// transaction, each refused one changing nothing.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { ADMIN_ROLES, rolesWith, type Permission } from "~/models/admin-roles";
import { unlockQuestion } from "~/models/admin-customers";
import { quotaMonthOf } from "~/models/staff-program-dates";
import { DEFAULT_SHOP_TIME_ZONE } from "~/models/shop-time";
import { loader as listLoader } from "~/routes/admin.customers._index";
import { action as customerAction, loader as customerLoader } from "~/routes/admin.customers.$id";
import { identity, LOCKOUT_MS } from "~/services/identity/index.server";
import { adminsOfEveryRole, auditOf, newAdmin, type TestAdmin } from "../helpers/admin";
import { newAccount } from "../helpers/accounts";
import { callRoute, flashedNotice, formRequest, getRequest } from "../helpers/routes";
import { ensureSeeded } from "../helpers/seeded";

let admins: Record<(typeof ADMIN_ROLES)[number], TestAdmin>;

beforeAll(async () => {
  await ensureSeeded();
  admins = await adminsOfEveryRole("customers");
});

const expected = (permission: Permission, role: (typeof ADMIN_ROLES)[number], allowed: number) =>
  rolesWith(permission).includes(role) ? allowed : 403;

async function lock(customerId: string) {
  await prisma.identityUser.update({
    where: { customerId },
    data: { failedSignIns: 0, lockedUntil: new Date(Date.now() + LOCKOUT_MS) },
  });
}

const resetEmailsTo = (email: string) =>
  prisma.emailMessage.count({ where: { to: email, template: "password-reset" } });

async function staffMember(tag: string) {
  const result = await identity.register({
    site: "HPSF",
    email: `${tag}-${crypto.randomUUID()}@example.com`,
    password: "Program-2026",
    firstName: "Riley",
    lastName: "Member",
    acceptsMarketing: false,
  });
  if (!result.ok) throw new Error("register failed");
  const clinic = await prisma.clinic.findUniqueOrThrow({ where: { groupId: "CLN-1002" } });
  await prisma.identityUser.update({
    where: { customerId: result.customerId },
    data: { sapCustomerAccountGroup: "ZPRO", sfPreferedShipTo: clinic.shipTo, sfStoreSoldTo: clinic.soldTo },
  });
  await prisma.customer.update({
    where: { id: result.customerId },
    data: { clinicId: clinic.id, quotaMonth: quotaMonthOf(new Date(), DEFAULT_SHOP_TIME_ZONE), quotaValue: 12_345 },
  });
  return { customerId: result.customerId, clinic };
}

describe("customers list and page, by role", () => {
  it("answers each role on the list and a customer's page", async () => {
    const customer = await newAccount("admin-view");
    for (const role of ADMIN_ROLES) {
      const { jar } = admins[role];
      const list = await callRoute(listLoader, getRequest(`/admin/customers?q=admin-view`, jar), jar);
      expect(list.status, role).toBe(expected("customers.view", role, 200));
      const page = await callRoute(customerLoader, getRequest(`/admin/customers/${customer.customerId}`, jar), jar, {
        params: { id: customer.customerId },
      });
      expect(page.status, role).toBe(expected("customers.view", role, 200));
      if (page.status === 200) expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    }
  });

  it("finds customers by email or name without case, by site, and pages", async () => {
    const customer = await newAccount("FindMe-Case");
    const { jar } = admins.support;
    const search = async (query: string) =>
      (await (await callRoute(listLoader, getRequest(`/admin/customers?${query}`, jar), jar)).json()) as {
        rows: { id: string }[];
        total: number;
      };
    expect((await search(`q=${encodeURIComponent(customer.email.toUpperCase())}`)).rows.map((r) => r.id)).toEqual([
      customer.customerId,
    ]);
    expect((await search(`q=findme-case&site=HPSF`)).rows.map((r) => r.id)).not.toContain(customer.customerId);
    expect((await search(`q=findme-case&site=DTC`)).rows.map((r) => r.id)).toContain(customer.customerId);
    await prisma.customer.update({ where: { id: customer.customerId }, data: { lastName: "Quorvandel" } });
    expect((await search(`q=QUORVANDEL`)).rows.map((r) => r.id)).toEqual([customer.customerId]);
    // Junk in the query string is no filter, never a 500.
    const junk = await callRoute(listLoader, getRequest(`/admin/customers?site=MARS&page=-1&members=%00`, jar), jar);
    expect(junk.status).toBe(200);
  });

  it("shows staff-program members with clinic, eligibility and this month's quota", async () => {
    const tag = `admin-member-${crypto.randomUUID().slice(0, 8)}`;
    const { customerId, clinic } = await staffMember(tag);
    const consumer = await newAccount(tag);
    const { jar } = admins.support;
    const list = await (
      await callRoute(listLoader, getRequest(`/admin/customers?q=${tag}&members=1`, jar), jar)
    ).json();
    expect(list.rows.map((r: { id: string }) => r.id)).toEqual([customerId]);
    expect(list.rows.map((r: { id: string }) => r.id)).not.toContain(consumer.customerId);
    expect(list.members[customerId]).toMatchObject({ clinic: clinic.name, eligible: true, quotaUsedCents: 12_345 });
    const page = await (
      await callRoute(customerLoader, getRequest(`/admin/customers/${customerId}`, jar), jar, {
        params: { id: customerId },
      })
    ).json();
    expect(page.member).toMatchObject({ isEligibleForPd: true, clinic: { name: clinic.name } });
    expect(page.member.quota.usedCents).toBe(12_345);
    // Not eligible outside the configured account groups (the staff program's rule).
    await prisma.identityUser.update({ where: { customerId }, data: { sapCustomerAccountGroup: "ZNOPE" } });
    const after = await (
      await callRoute(customerLoader, getRequest(`/admin/customers/${customerId}`, jar), jar, {
        params: { id: customerId },
      })
    ).json();
    expect(after.member.isEligibleForPd).toBe(false);
  });

  it("answers 404 for an unknown customer", async () => {
    const { jar } = admins.support;
    const page = await callRoute(customerLoader, getRequest(`/admin/customers/nope`, jar), jar, {
      params: { id: "nope" },
    });
    expect(page.status).toBe(404);
  });
});

describe("unlock", () => {
  it("each role: allowed unlocks and audits; refused changes nothing", async () => {
    for (const role of ADMIN_ROLES) {
      const customer = await newAccount(`unlock-${role}`);
      await lock(customer.customerId);
      const before = await prisma.identityUser.findUniqueOrThrow({ where: { customerId: customer.customerId } });
      const { jar, email } = admins[role];
      const response = await callRoute(
        customerAction,
        formRequest(`/admin/customers/${customer.customerId}`, { intent: "unlock", confirmed: "yes" }, jar),
        jar,
        { params: { id: customer.customerId } },
      );
      const after = await prisma.identityUser.findUniqueOrThrow({ where: { customerId: customer.customerId } });
      const audit = await auditOf("customer", customer.customerId);
      if (rolesWith("customers.unlock").includes(role)) {
        expect(response.status, role).toBe(302);
        expect(after.lockedUntil).toBeNull();
        expect(after.failedSignIns).toBe(0);
        expect(audit).toHaveLength(1);
        expect(audit[0]).toMatchObject({ actorEmail: email, actorRole: role, action: "customer.unlock" });
        expect(JSON.parse(audit[0]!.before!)).toEqual({
          failedSignIns: 0,
          lockedUntil: before.lockedUntil!.toISOString(),
        });
        expect(JSON.parse(audit[0]!.after!)).toEqual({ failedSignIns: 0, lockedUntil: null });
        expect(await flashedNotice(jar)).toEqual({ tone: "success", message: "The account is unlocked." });
      } else {
        expect(response.status, role).toBe(403);
        expect(after.lockedUntil).toEqual(before.lockedUntil);
        expect(audit).toHaveLength(0);
      }
    }
  });

  it("an account that is not locked is left alone, without an entry; failures counting are cleared", async () => {
    const support = await newAdmin("support", "unlock-boundary");
    const customer = await newAccount("not-locked");
    const call = () =>
      callRoute(
        customerAction,
        formRequest(`/admin/customers/${customer.customerId}`, { intent: "unlock", confirmed: "yes" }, support.jar),
        support.jar,
        { params: { id: customer.customerId } },
      );
    expect((await call()).status).toBe(302);
    expect(await flashedNotice(support.jar)).toMatchObject({ tone: "info" });
    expect(await auditOf("customer", customer.customerId)).toHaveLength(0);
    await prisma.identityUser.update({ where: { customerId: customer.customerId }, data: { failedSignIns: 9 } });
    await call();
    const user = await prisma.identityUser.findUniqueOrThrow({ where: { customerId: customer.customerId } });
    expect(user.failedSignIns).toBe(0);
    expect(await auditOf("customer", customer.customerId)).toHaveLength(1);
  });

  it("asks first: a post without the confirmation changes nothing and names the account", async () => {
    const { jar } = admins.support;
    const customer = await newAccount("unlock-asks");
    await lock(customer.customerId);
    const before = await prisma.identityUser.findUniqueOrThrow({ where: { customerId: customer.customerId } });
    const post = (fields: Record<string, string>) =>
      callRoute(customerAction, formRequest(`/admin/customers/${customer.customerId}`, fields, jar), jar, {
        params: { id: customer.customerId },
      });
    const asked = await post({ intent: "unlock" });
    expect(asked.status).toBe(200);
    const reply = await asked.json();
    expect(reply.confirm.question).toBe(
      unlockQuestion(customer.email, { locked: true, failedSignIns: before.failedSignIns }),
    );
    expect(reply.confirm.fields).toContainEqual(["intent", "unlock"]);
    const untouched = await prisma.identityUser.findUniqueOrThrow({ where: { customerId: customer.customerId } });
    expect(untouched.lockedUntil).toEqual(before.lockedUntil);
    expect(await auditOf("customer", customer.customerId)).toHaveLength(0);
    expect((await post({ intent: "unlock", confirmed: "yes" })).status).toBe(302);
    const after = await prisma.identityUser.findUniqueOrThrow({ where: { customerId: customer.customerId } });
    expect(after.lockedUntil).toBeNull();
  });

  it("writes the entry in the unlock's transaction: an entry that cannot be written leaves the lock", async () => {
    const customer = await newAccount("unlock-rollback");
    await lock(customer.customerId);
    const before = await prisma.identityUser.findUniqueOrThrow({ where: { customerId: customer.customerId } });
    const broken = {
      ...admins.support.actor,
      get role(): never {
        throw new Error("audit write failed");
      },
    };
    await expect(identity.unlock(customer.customerId, broken)).rejects.toThrow("audit write failed");
    const after = await prisma.identityUser.findUniqueOrThrow({ where: { customerId: customer.customerId } });
    expect(after.lockedUntil).toEqual(before.lockedUntil);
  });

  it("refuses junk with 400 and an unknown customer with 404", async () => {
    const { jar } = admins.support;
    const junk = await callRoute(customerAction, formRequest(`/admin/customers/x`, { intent: "explode" }, jar), jar, {
      params: { id: "x" },
    });
    expect(junk.status).toBe(400);
    const unknown = await callRoute(
      customerAction,
      formRequest(`/admin/customers/nope`, { intent: "unlock" }, jar),
      jar,
      { params: { id: "nope" } },
    );
    expect(unknown.status).toBe(404);
  });
});

describe("password-reset email", () => {
  it("each role: allowed writes the token, the email in the outbox and the entry together; refused nothing", async () => {
    for (const role of ADMIN_ROLES) {
      const customer = await newAccount(`reset-${role}`);
      const { jar, email } = admins[role];
      const response = await callRoute(
        customerAction,
        formRequest(`/admin/customers/${customer.customerId}`, { intent: "reset" }, jar),
        jar,
        { params: { id: customer.customerId } },
      );
      const user = await prisma.identityUser.findUniqueOrThrow({ where: { customerId: customer.customerId } });
      const resets = await prisma.passwordReset.count({ where: { userId: user.id } });
      const audit = await auditOf("customer", customer.customerId);
      if (rolesWith("customers.reset").includes(role)) {
        expect(response.status, role).toBe(302);
        expect(resets).toBe(1);
        expect(await resetEmailsTo(customer.email)).toBe(1);
        const message = await prisma.emailMessage.findFirstOrThrow({
          where: { to: customer.email },
          include: { outboxMessage: true },
        });
        expect(message.outboxMessage?.status).toBe("queued");
        expect(audit).toHaveLength(1);
        expect(audit[0]).toMatchObject({ actorEmail: email, actorRole: role, action: "customer.password-reset" });
      } else {
        expect(response.status, role).toBe(403);
        expect(resets).toBe(0);
        expect(await resetEmailsTo(customer.email)).toBe(0);
        expect(audit).toHaveLength(0);
      }
    }
  });
});
