// The back office's reports and operations (docs/rules.md "Back office: donations", "… outbox",
// "… jobs", "Back office"): every role on the donations report, the outbox and its retry, the
// job runs, the audit log and the users; each allowed change audited, refused ones change nothing.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { ADMIN_ROLES, rolesWith, type AdminRole, type Permission } from "~/models/admin-roles";
import { action as outboxAction, loader as outboxLoader } from "~/routes/admin.outbox";
import { loader as donationsLoader } from "~/routes/admin.donations";
import { loader as jobsLoader } from "~/routes/admin.jobs";
import { loader as auditLoader } from "~/routes/admin.audit";
import { action as usersAction, loader as usersLoader } from "~/routes/admin.users";
import { MIN_ADMIN_PASSWORD_LENGTH } from "~/services/admin/index.server";
import { outbox } from "~/services/outbox/index.server";
import { adminsOfEveryRole, auditOf, newAdmin, type TestAdmin } from "../helpers/admin";
import { newAccount } from "../helpers/accounts";
import { orderOfVariant } from "../helpers/orders";
import { callRoute, formRequest, getRequest } from "../helpers/routes";
import { ensureSeeded } from "../helpers/seeded";

let admins: Record<AdminRole, TestAdmin>;

beforeAll(async () => {
  await ensureSeeded();
  admins = await adminsOfEveryRole("ops");
});

const allowed = (permission: Permission, role: AdminRole) => rolesWith(permission).includes(role);

async function everyRoleGets(path: string, loader: Parameters<typeof callRoute>[0], permission: Permission) {
  for (const role of ADMIN_ROLES) {
    const { jar } = admins[role];
    const response = await callRoute(loader, getRequest(path, jar), jar);
    expect(response.status, `${role} ${path}`).toBe(allowed(permission, role) ? 200 : 403);
    if (response.status === 200) expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  }
}

describe("donations report", () => {
  it("answers each role", () => everyRoleGets("/admin/donations", donationsLoader, "donations.view"));

  it("sums giving orders by cause and month, leaving out cancelled and pending ones", async () => {
    const customer = await newAccount("donor");
    const variant = await prisma.productVariant.findFirstOrThrow({ select: { id: true } });
    const cause = `Cause ${crypto.randomUUID()}`;
    const month = "2021-04";
    const give = async (status: string, at: string, donationCents: number, shopperDonationCents = 0) => {
      const order = await orderOfVariant(prisma, customer.customerId, variant.id, { status });
      await prisma.order.update({
        where: { id: order.id },
        data: {
          createdAt: new Date(at),
          donationCauseId: cause,
          donationCauseName: cause,
          donationCents,
          shopperDonationCents,
        },
      });
    };
    const report = async (query: string) =>
      (await (await callRoute(donationsLoader, getRequest(`/admin/donations?${query}`, admins.owner.jar))).json())
        .report as {
        byCause: { key: string; cents: number; orders: number }[];
        byMonth: { key: string; cents: number; orders: number }[];
      };
    const before = (await report(`month=${month}`)).byMonth[0]!;
    // Months in the shop's time zone (New York, EDT in April): from 00:00 on April 1 there to
    // 23:59:59 on April 30, which is already May 1 in UTC.
    await give("paid", "2021-04-01T04:00:00Z", 120, 80);
    await give("delivered", "2021-05-01T03:59:59Z", 50);
    await give("cancelled", "2021-04-10T00:00:00Z", 1000);
    await give("pending", "2021-04-10T00:00:00Z", 1000);
    await give("paid", "2021-05-01T04:00:00Z", 7);
    const april = await report(`month=${month}`);
    expect(april.byCause.find((c) => c.key === cause)).toEqual({ key: cause, label: cause, cents: 250, orders: 2 });
    expect(april.byMonth).toEqual([{ ...before, cents: before.cents + 250, orders: before.orders + 2 }]);
    const may = await report("month=2021-05");
    expect(may.byCause.find((c) => c.key === cause)?.cents).toBe(7);
    // A month that is not one is the last 12 months, never a 500.
    expect((await report("month=2021-13")).byMonth).toHaveLength(12);
  });
});

describe("outbox", () => {
  async function message(status: string, tries = 8) {
    const row = await prisma.outboxMessage.create({
      data: { topic: "email", payload: "{}", status, tries, lastError: status === "failed" ? "SMTP 550" : null },
    });
    await prisma.emailMessage.create({
      data: {
        to: "dana@example.com",
        from: "shop@example.com",
        subject: `Your order ${row.id}`,
        text: "Hello",
        transport: "outbox",
        template: "order-confirmation",
        outboxMessageId: row.id,
      },
    });
    return row;
  }

  it("lists messages with the email's subject and recipient, for each role", async () => {
    await everyRoleGets("/admin/outbox?status=failed&topic=email", outboxLoader, "outbox.view");
    const failed = await message("failed");
    const body = await (
      await callRoute(outboxLoader, getRequest("/admin/outbox?status=failed&topic=email", admins.support.jar))
    ).json();
    const row = body.messages.find((m: { id: string }) => m.id === failed.id);
    expect(row).toMatchObject({ status: "failed", tries: 8, lastError: "SMTP 550" });
    expect(row.email).toEqual({ id: expect.any(String), to: "dana@example.com", subject: `Your order ${failed.id}` });
    expect(body.canRetry).toBe(false);
  });

  it("retry: allowed roles queue a failed message again with tries reset, audited; refused change nothing", async () => {
    for (const role of ADMIN_ROLES) {
      const failed = await message("failed");
      const { jar, email } = admins[role];
      const response = await callRoute(
        outboxAction,
        formRequest("/admin/outbox", { intent: "retry", messageId: failed.id }, jar),
        jar,
      );
      const after = await prisma.outboxMessage.findUniqueOrThrow({ where: { id: failed.id } });
      const audit = await auditOf("outbox", failed.id);
      if (allowed("outbox.retry", role)) {
        expect(response.status, role).toBe(302);
        expect(after).toMatchObject({ status: "queued", tries: 0, lastError: "SMTP 550" });
        expect(after.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
        expect(audit).toHaveLength(1);
        expect(audit[0]).toMatchObject({ actorEmail: email, actorRole: role, action: "outbox.retry" });
        expect(JSON.parse(audit[0]!.before!)).toEqual({ status: "failed", tries: 8 });
        expect(JSON.parse(audit[0]!.after!)).toEqual({ status: "queued", tries: 0 });
      } else {
        expect(response.status, role).toBe(403);
        expect(after).toMatchObject({ status: "failed", tries: 8 });
        expect(audit).toHaveLength(0);
      }
    }
  });

  it("retries and audits in one transaction: an entry that cannot be written leaves the message failed", async () => {
    const failed = await message("failed");
    const broken = {
      ...admins.owner.actor,
      get role(): never {
        throw new Error("audit write failed");
      },
    };
    await expect(outbox.retry(failed.id, broken)).rejects.toThrow("audit write failed");
    expect(await prisma.outboxMessage.findUniqueOrThrow({ where: { id: failed.id } })).toMatchObject({
      status: "failed",
      tries: 8,
    });
  });

  it("refuses to retry a message that is not failed (409), an unknown one (404) and junk (400)", async () => {
    const owner = admins.owner;
    for (const status of ["sent", "queued", "sending"]) {
      const row = await message(status, 1);
      const response = await callRoute(
        outboxAction,
        formRequest("/admin/outbox", { intent: "retry", messageId: row.id }, owner.jar),
        owner.jar,
      );
      expect(response.status, status).toBe(409);
      expect((await response.json()).error).toEqual({
        "": [`Only a failed message can be retried; this one is ${status}.`],
      });
      expect((await prisma.outboxMessage.findUniqueOrThrow({ where: { id: row.id } })).status).toBe(status);
      expect(await auditOf("outbox", row.id)).toHaveLength(0);
    }
    const unknown = await callRoute(
      outboxAction,
      formRequest("/admin/outbox", { intent: "retry", messageId: "nope" }, owner.jar),
      owner.jar,
    );
    expect(unknown.status).toBe(404);
    const junk = await callRoute(outboxAction, formRequest("/admin/outbox", { intent: "boom" }, owner.jar), owner.jar);
    expect(junk.status).toBe(400);
  });
});

describe("jobs", () => {
  it("shows each job's last runs and the recent failures, to the roles that may", async () => {
    await everyRoleGets("/admin/jobs", jobsLoader, "jobs.view");
    const startedAt = new Date(Date.now() - 5_000);
    const failed = await prisma.jobRun.create({
      data: {
        job: "outbox",
        holder: "test",
        dueAt: startedAt,
        startedAt,
        finishedAt: new Date(startedAt.getTime() + 1_500),
        status: "failed",
        error: "database is locked",
      },
    });
    const body = await (await callRoute(jobsLoader, getRequest("/admin/jobs", admins.owner.jar))).json();
    expect(body.jobs.map((j: { job: string }) => j.job)).toContain("outbox");
    const run = body.failures.find((r: { id: string }) => r.id === failed.id);
    expect(run).toMatchObject({ job: "outbox", status: "failed", durationMs: 1_500, error: "database is locked" });
  });
});

describe("audit log", () => {
  it("answers each role, filters by subject, and refuses a malformed date with 400", async () => {
    await everyRoleGets("/admin/audit", auditLoader, "audit.view");
    const owner = admins.owner;
    const target = await newAdmin("content", "audited");
    await callRoute(
      usersAction,
      formRequest("/admin/users", { intent: "disable", userId: target.id, confirmed: "yes" }, owner.jar),
      owner.jar,
    );
    const body = await (
      await callRoute(
        auditLoader,
        getRequest(
          `/admin/audit?subjectType=admin-user&subjectId=${target.id}&actor=${owner.email.toUpperCase()}`,
          owner.jar,
        ),
      )
    ).json();
    expect(body.entries).toHaveLength(1);
    expect(body.entries[0]).toMatchObject({
      action: "admin-user.update",
      before: { disabled: false },
      after: { disabled: true },
    });
    const bad = await callRoute(auditLoader, getRequest("/admin/audit?from=2026-02-31x", owner.jar));
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors.from).toBe("Enter a real date.");
    const junk = await callRoute(auditLoader, getRequest("/admin/audit?subjectType=planet&page=x&to=nope", owner.jar));
    expect(junk.status).toBe(400);
  });
});

describe("users", () => {
  it("each role: only the owner lists and adds users; each addition is audited", async () => {
    await everyRoleGets("/admin/users", usersLoader, "users.manage");
    for (const role of ADMIN_ROLES) {
      const { jar } = admins[role];
      const email = `added-by-${role}-${crypto.randomUUID()}@shop.example`;
      const response = await callRoute(
        usersAction,
        formRequest(
          "/admin/users",
          { intent: "create", email, name: "New Person", role: "fulfilment", password: "x".repeat(12) },
          jar,
        ),
        jar,
      );
      const user = await prisma.adminUser.findUnique({ where: { email } });
      if (allowed("users.manage", role)) {
        expect(response.status, role).toBe(302);
        expect(user?.role).toBe("fulfilment");
        const [entry] = await auditOf("admin-user", user!.id);
        expect(entry).toMatchObject({ action: "admin-user.create", actorEmail: admins[role].email });
        expect(JSON.parse(entry!.after!)).toEqual({ email, name: "New Person", role: "fulfilment" });
      } else {
        expect(response.status, role).toBe(403);
        expect(user).toBeNull();
      }
    }
  });

  it("each role: changing a role, disabling and enabling are the owner's, each audited", async () => {
    for (const role of ADMIN_ROLES) {
      const target = await newAdmin("support", `target-${role}`);
      const { jar } = admins[role];
      const post = (fields: Record<string, string>) =>
        callRoute(usersAction, formRequest("/admin/users", { userId: target.id, ...fields }, jar), jar);
      const responses = [
        await post({ intent: "role", role: "merchandiser" }),
        await post({ intent: "disable", confirmed: "yes" }),
        await post({ intent: "enable" }),
      ];
      const after = await prisma.adminUser.findUniqueOrThrow({ where: { id: target.id } });
      const audit = await auditOf("admin-user", target.id);
      if (allowed("users.manage", role)) {
        expect(
          responses.map((r) => r.status),
          role,
        ).toEqual([302, 302, 302]);
        expect(after).toMatchObject({ role: "merchandiser", disabledAt: null });
        expect(audit.map((e) => [JSON.parse(e.before!), JSON.parse(e.after!)]).reverse()).toEqual([
          [
            { role: "support", disabled: false },
            { role: "merchandiser", disabled: false },
          ],
          [
            { role: "merchandiser", disabled: false },
            { role: "merchandiser", disabled: true },
          ],
          [
            { role: "merchandiser", disabled: true },
            { role: "merchandiser", disabled: false },
          ],
        ]);
      } else {
        expect(
          responses.map((r) => r.status),
          role,
        ).toEqual([403, 403, 403]);
        expect(after).toMatchObject({ role: "support", disabledAt: null });
        expect(audit).toHaveLength(0);
      }
    }
  });

  it("disabling asks first: a post without the confirmation changes nothing and names the user", async () => {
    const owner = admins.owner;
    const target = await newAdmin("support", "confirm-disable");
    const asked = await callRoute(
      usersAction,
      formRequest("/admin/users", { intent: "disable", userId: target.id }, owner.jar),
      owner.jar,
    );
    expect(asked.status).toBe(200);
    expect(asked.headers.get("Cache-Control")).toBe("private, no-store");
    const reply = await asked.json();
    expect(reply.form).toBe("disable");
    expect(reply.confirm).toEqual({
      question: `Disable ${target.email}? Their sessions end now and they cannot sign in until an owner enables them.`,
      label: "Disable this user",
      fields: expect.arrayContaining([
        ["intent", "disable"],
        ["userId", target.id],
      ]),
    });
    expect((await prisma.adminUser.findUniqueOrThrow({ where: { id: target.id } })).disabledAt).toBeNull();
    expect(await auditOf("admin-user", target.id)).toHaveLength(0);
    // Only the literal "yes" confirms.
    const wrong = await callRoute(
      usersAction,
      formRequest("/admin/users", { intent: "disable", userId: target.id, confirmed: "true" }, owner.jar),
      owner.jar,
    );
    expect((await wrong.json()).confirm).toBeDefined();
    expect((await prisma.adminUser.findUniqueOrThrow({ where: { id: target.id } })).disabledAt).toBeNull();
  });

  it("takes a password of exactly the minimum, refuses one shorter, and an owner cannot disable themself", async () => {
    const owner = await newAdmin("owner", "users-bounds");
    const create = (password: string) =>
      callRoute(
        usersAction,
        formRequest(
          "/admin/users",
          { intent: "create", email: `pw-${crypto.randomUUID()}@shop.example`, name: "P", role: "support", password },
          owner.jar,
        ),
        owner.jar,
      );
    const short = await create("x".repeat(MIN_ADMIN_PASSWORD_LENGTH - 1));
    expect(short.status).toBe(400);
    expect((await short.json()).error).toEqual({
      password: [`Use at least ${MIN_ADMIN_PASSWORD_LENGTH} characters for the password.`],
    });
    expect((await create("x".repeat(MIN_ADMIN_PASSWORD_LENGTH))).status).toBe(302);
    const self = await callRoute(
      usersAction,
      formRequest("/admin/users", { intent: "disable", userId: owner.id, confirmed: "yes" }, owner.jar),
      owner.jar,
    );
    expect(self.status).toBe(400);
    expect((await prisma.adminUser.findUniqueOrThrow({ where: { id: owner.id } })).disabledAt).toBeNull();
    expect(
      (
        await callRoute(
          usersAction,
          formRequest("/admin/users", { intent: "role", userId: "nope", role: "owner" }, owner.jar),
          owner.jar,
        )
      ).status,
    ).toBe(404);
    expect(
      (await callRoute(usersAction, formRequest("/admin/users", { intent: "x" }, owner.jar), owner.jar)).status,
    ).toBe(400);
  });
});
