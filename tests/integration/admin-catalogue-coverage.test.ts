// The back office's zip coverage editor (docs/rules.md "Back office: catalogue"): every role on
// its loader and actions, the audit entry of each change, the range's boundaries, and the stock
// provider answering from the change at once.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { ADMIN_ROLES, rolesWith } from "~/models/admin-roles";
import { action, loader } from "~/routes/admin.coverage";
import { stock } from "~/services/stock/index.server";
import { adminsOfEveryRole, auditOf } from "../helpers/admin";
import { callRoute, formRequest, getRequest } from "../helpers/routes";
import { ensureSeeded } from "../helpers/seeded";

let admins: Awaited<ReturnType<typeof adminsOfEveryRole>>;

beforeAll(async () => {
  await ensureSeeded();
  admins = await adminsOfEveryRole("coverage");
});

const ranges = () => prisma.zipRange.findMany({ orderBy: { id: "asc" } });

describe("zip coverage: every role", () => {
  it("lets catalogue.view read and catalogue.edit add and remove; a refused role changes nothing", async () => {
    for (const [i, role] of ADMIN_ROLES.entries()) {
      const { jar } = admins[role];
      const read = await callRoute(loader, getRequest("/admin/coverage", jar), jar);
      expect(read.status, `${role} read`).toBe(rolesWith("catalogue.view").includes(role) ? 200 : 403);
      const before = await ranges();
      const audits = await prisma.auditEntry.count();
      const start = `9990${i}`;
      const added = await callRoute(
        action,
        formRequest("/admin/coverage", { intent: "add", destination: "CLINIC", startZip: start, endZip: start }, jar),
        jar,
      );
      const allowed = rolesWith("catalogue.edit").includes(role);
      expect(added.status, `${role} add`).toBe(allowed ? 302 : 403);
      const row = await prisma.zipRange.findFirst({ where: { destination: "CLINIC", startZip: start } });
      const target = row ?? before[0];
      const removed = await callRoute(
        action,
        formRequest("/admin/coverage", { intent: "remove", id: String(target.id), confirmed: "yes" }, jar),
        jar,
      );
      expect(removed.status, `${role} remove`).toBe(allowed ? 302 : 403);
      expect(await ranges()).toEqual(before);
      expect(await prisma.auditEntry.count()).toBe(allowed ? audits + 2 : audits);
    }
  });
});

describe("zip coverage: changes", () => {
  it("adds a home range the stock provider covers at once, audited; removes it, audited", async () => {
    const { jar, email } = admins.merchandiser;
    expect(await stock.coversZip("99970")).toBe(false);
    const added = await callRoute(
      action,
      formRequest("/admin/coverage", { intent: "add", destination: "HOME", startZip: "99970", endZip: "99979" }, jar),
      jar,
    );
    expect(added.status).toBe(302);
    expect(await stock.coversZip("99970")).toBe(true);
    expect(await stock.coversZip("99979")).toBe(true);
    expect(await stock.coversZip("99980")).toBe(false);
    const row = await prisma.zipRange.findFirstOrThrow({ where: { destination: "HOME", startZip: "99970" } });
    const [entry] = await auditOf("zip-range", String(row.id));
    expect(entry).toMatchObject({
      actorEmail: email,
      actorRole: "merchandiser",
      action: "zip-range.create",
      before: null,
    });
    expect(JSON.parse(entry.after!)).toEqual({ destination: "HOME", startZip: "99970", endZip: "99979" });

    const again = await callRoute(
      action,
      formRequest("/admin/coverage", { intent: "add", destination: "HOME", startZip: "99970", endZip: "99979" }, jar),
      jar,
    );
    expect(again.status).toBe(302);
    expect(await prisma.zipRange.count({ where: { destination: "HOME", startZip: "99970" } })).toBe(1);

    // Removing asks first: the question names the range and its effect, and nothing changes.
    const asked = await callRoute(
      action,
      formRequest("/admin/coverage", { intent: "remove", id: String(row.id) }, jar),
      jar,
    );
    expect(asked.status).toBe(200);
    expect((await asked.json()).confirm.question).toBe(
      "Remove the home delivery range 99970–99979? Home delivery stops for zips no other home range covers.",
    );
    expect(await stock.coversZip("99970")).toBe(true);
    const removed = await callRoute(
      action,
      formRequest("/admin/coverage", { intent: "remove", id: String(row.id), confirmed: "yes" }, jar),
      jar,
    );
    expect(removed.status).toBe(302);
    expect(await stock.coversZip("99970")).toBe(false);
    const [removal] = await auditOf("zip-range", String(row.id));
    expect(removal).toMatchObject({ action: "zip-range.delete", after: null });
  });

  it("refuses reversed, short and non-digit ends with field errors, and unknown ids with 404", async () => {
    const { jar } = admins.merchandiser;
    const before = await ranges();
    for (const [fields, field] of [
      [{ startZip: "80001", endZip: "80000" }, "endZip"],
      [{ startZip: "8000", endZip: "80000" }, "startZip"],
      [{ startZip: "80000", endZip: "8000a" }, "endZip"],
      [{ startZip: "80000", endZip: "80000", destination: "MOON" }, "destination"],
    ] as const) {
      const answer = await callRoute(
        action,
        formRequest("/admin/coverage", { intent: "add", destination: "HOME", ...fields }, jar),
        jar,
      );
      expect(answer.status).toBe(400);
      expect(Object.keys((await answer.json()).error)).toContain(field);
    }
    expect(
      (await callRoute(action, formRequest("/admin/coverage", { intent: "remove", id: "x" }, jar), jar)).status,
    ).toBe(400);
    expect(
      (await callRoute(action, formRequest("/admin/coverage", { intent: "remove", id: "999999" }, jar), jar)).status,
    ).toBe(404);
    expect((await callRoute(action, formRequest("/admin/coverage", { intent: "?" }, jar), jar)).status).toBe(400);
    expect(await ranges()).toEqual(before);
  });
});
