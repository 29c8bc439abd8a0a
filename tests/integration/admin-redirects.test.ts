// The back office's redirects table (docs/rules.md "Back office: content"): every role on every
// loader and action, the audit entry of each change, the import rules at their boundaries, and an
// edit reaching every process's redirect cache through the content data version.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { ADMIN_ROLES, rolesWith, type AdminRole } from "~/models/admin-roles";
import { MAX_IMPORT_LINES } from "~/models/redirects";
import { action, loader } from "~/routes/admin.redirects";
import { freshness } from "~/services/freshness/index.server";
import { loader as rootLoader } from "~/root";
import { clearRedirectCache, findRedirect, runRedirectLookup } from "~/services/http/guards.server";
import { adminsOfEveryRole, type TestAdmin } from "../helpers/admin";
import { callRoute, formRequest, getRequest } from "../helpers/routes";
import { ensureSeeded } from "../helpers/seeded";

let admins: Record<AdminRole, TestAdmin>;

beforeAll(async () => {
  await ensureSeeded();
  admins = await adminsOfEveryRole("redirects");
  await freshness.check();
});

const unique = (name: string) => `/${name}-${crypto.randomUUID().slice(0, 8)}`;
const post = (admin: TestAdmin, fields: Record<string, string>) =>
  callRoute(action, formRequest("/admin/redirects", fields, admin.jar), admin.jar);
/** The lines an import reply names ("Line 3: …" beside the pasted text). */
const linesOf = (body: { error: { csv: string[] } }) =>
  body.error.csv.slice(1).map((message) => Number(/^Line (\d+):/.exec(message)?.[1]));

const outcome = (response: Response) => ([200, 302].includes(response.status) ? "allowed" : response.status);
const expected = (role: AdminRole) => (rolesWith("redirects.edit").includes(role) ? "allowed" : 403);

async function newRedirect(site = "ALL") {
  return prisma.redirect.create({ data: { site, fromPath: unique("old"), toUrl: unique("new"), status: 301 } });
}

const snapshot = async () => ({
  redirects: await prisma.redirect.findMany({ orderBy: { id: "asc" } }),
  audits: await prisma.auditEntry.count({ where: { subjectType: "redirect" } }),
});

describe("every role on the redirects page", () => {
  it("lists and searches with content.view", async () => {
    const row = await newRedirect();
    for (const role of ADMIN_ROLES) {
      const { jar } = admins[role];
      const response = await callRoute(
        loader,
        getRequest(`/admin/redirects?q=${row.fromPath.slice(1).toUpperCase()}`, jar),
        jar,
      );
      expect([role, outcome(response)]).toEqual([role, rolesWith("content.view").includes(role) ? "allowed" : 403]);
      if (response.status === 200) {
        const body = await response.json();
        expect(body.redirects.map((r: { id: string }) => r.id)).toEqual([row.id]);
        expect(body.canEdit).toBe(rolesWith("redirects.edit").includes(role));
      }
    }
  });

  it("adds, edits, deletes and imports only with redirects.edit, each audited; refused changes nothing", async () => {
    for (const role of ADMIN_ROLES) {
      const admin = admins[role];
      const existing = await newRedirect();
      const from = unique("added");
      const cases: [string, Record<string, string>, string][] = [
        ["redirect.create", { intent: "save", site: "DTC", from, to: "/products/dog", status: "302" }, ""],
        [
          "redirect.update",
          {
            intent: "save",
            id: existing.id,
            site: "ALL",
            from: existing.fromPath,
            to: "https://example.com/x",
            status: "308",
          },
          existing.id,
        ],
        ["redirect.delete", { intent: "delete", id: existing.id, confirmed: "yes" }, existing.id],
        ["redirect.import", { intent: "import", site: "HPSF", csv: `from,to\n${unique("imp")},/products/cat` }, ""],
      ];
      for (const [auditAction, fields, subjectId] of cases) {
        const before = await snapshot();
        const response = await post(admin, fields);
        expect([auditAction, role, outcome(response)]).toEqual([auditAction, role, expected(role)]);
        if (response.status === 403) {
          expect(await snapshot()).toEqual(before);
          continue;
        }
        const [audit] = await prisma.auditEntry.findMany({
          where: { subjectType: "redirect", ...(subjectId ? { subjectId } : {}) },
          orderBy: [{ createdAt: "desc" }, { id: "desc" }],
          take: 1,
        });
        expect(audit).toMatchObject({ action: auditAction, actorEmail: admin.email, actorRole: role });
        if (auditAction === "redirect.update") {
          expect(JSON.parse(audit.before!)).toEqual({ toUrl: existing.toUrl, isExternal: false, status: 301 });
          expect(JSON.parse(audit.after!)).toEqual({ toUrl: "https://example.com/x", isExternal: true, status: 308 });
        }
        if (auditAction === "redirect.delete") {
          expect(audit.after).toBeNull();
          expect(await prisma.redirect.findUnique({ where: { id: existing.id } })).toBeNull();
        }
        if (auditAction === "redirect.create") {
          expect(await prisma.redirect.findFirst({ where: { fromPath: from } })).toMatchObject({
            site: "DTC",
            status: 302,
            isExternal: false,
          });
        }
      }
    }
  });
});

describe("redirect rules through the page", () => {
  it("refuses a chain, a loop and a duplicate on the field at fault, writing nothing", async () => {
    const owner = admins.owner;
    const a = await newRedirect("DTC");
    const before = await snapshot();
    const chain = await post(owner, { intent: "save", site: "DTC", from: unique("x"), to: a.fromPath });
    expect(chain.status).toBe(400);
    expect((await chain.json()).error.to[0]).toMatch(/chain/);
    const loop = await post(owner, { intent: "save", site: "ALL", from: a.toUrl, to: a.fromPath });
    expect(loop.status).toBe(400);
    const duplicate = await post(owner, { intent: "save", site: "DTC", from: `${a.fromPath}/`, to: "/elsewhere" });
    expect((await duplicate.json()).error.from[0]).toMatch(/already has a redirect/);
    const self = await post(owner, { intent: "save", site: "DTC", from: "/same", to: "/same/" });
    expect((await self.json()).error.to).toEqual(["the redirect points to itself"]);
    const junk = await post(owner, { intent: "save", site: "MARS", from: "", to: "", status: "x" });
    expect(Object.keys((await junk.json()).error).sort()).toEqual(["from", "site", "status", "to"]);
    expect(await snapshot()).toEqual(before);
  });

  it("imports all or nothing, reporting every bad line; exactly the most lines are taken", async () => {
    const owner = admins.owner;
    const table = await newRedirect("ALL");
    const good = unique("good");
    const before = await snapshot();
    const csv = [
      `${good},/products/dog`,
      `${table.fromPath},/x`,
      `${good}/,/y`,
      "not-a-path,/z",
      `/q-${good.slice(1)},${good}`,
    ].join("\n");
    const refused = await post(owner, { intent: "import", site: "ALL", csv });
    expect(refused.status).toBe(400);
    const body = await refused.json();
    expect(linesOf(body)).toEqual([2, 3, 4, 5]);
    expect(body.error.csv[2]).toBe(`Line 3: ${good} is already on line 1`);
    expect(await snapshot()).toEqual(before);

    const many = Array.from({ length: MAX_IMPORT_LINES }, (_, i) => `${good}-${i},/products/dog`).join("\n");
    const accepted = await post(owner, { intent: "import", site: "HPSF", csv: many });
    expect(accepted.status).toBe(302);
    expect(await prisma.redirect.count({ where: { site: "HPSF", fromPath: { startsWith: `${good}-` } } })).toBe(
      MAX_IMPORT_LINES,
    );
    expect(
      await prisma.auditEntry.count({
        where: { action: "redirect.import", subjectLabel: { startsWith: `Redirect HPSF ${good}-` } },
      }),
    ).toBe(MAX_IMPORT_LINES);
    const tooMany = await post(owner, {
      intent: "import",
      site: "DTC",
      csv: `${many.replaceAll(good, unique("more"))}\n/one-more,/x`,
    });
    expect(tooMany.status).toBe(400);
  });

  it("an edit reaches the redirect lookup after a freshness poll (every process follows the content version)", async () => {
    const row = await newRedirect("ALL");
    // This process has read the table: the lookup is cached.
    await freshness.check();
    expect((await findRedirect("DTC", row.fromPath))?.toUrl).toBe(row.toUrl);
    const edited = await post(admins.content, {
      intent: "save",
      id: row.id,
      site: "ALL",
      from: row.fromPath,
      to: "/products/cat",
      status: "301",
    });
    expect(edited.status).toBe(302);
    await freshness.check();
    await freshness.check();
    expect((await findRedirect("DTC", row.fromPath))?.toUrl).toBe("/products/cat");
    await post(admins.content, { intent: "delete", id: row.id, confirmed: "yes" });
    await freshness.check();
    await freshness.check();
    expect(await findRedirect("DTC", row.fromPath)).toBeNull();
  });

  it("deleting asks first: without confirmed=yes nothing changes", async () => {
    const row = await newRedirect("DTC");
    const before = await snapshot();
    const ask = await post(admins.owner, { intent: "delete", id: row.id });
    expect(ask.status).toBe(200);
    expect((await ask.json()).confirm).toMatchObject({
      question: `Delete the redirect ${row.fromPath} \u2192 ${row.toUrl} on the DTC site? Visitors to ${row.fromPath} stop being sent on (they get the shop's page there, or its 404).`,
      label: "Delete the redirect",
    });
    expect(await snapshot()).toEqual(before);
    expect((await post(admins.owner, { intent: "delete", id: row.id, confirmed: "yes" })).status).toBe(302);
    expect(await prisma.redirect.findUnique({ where: { id: row.id } })).toBeNull();
  });

  it("answers 404 for an unknown redirect", async () => {
    const { jar } = admins.owner;
    expect((await callRoute(loader, getRequest("/admin/redirects?edit=nope", jar), jar)).status).toBe(404);
    expect((await post(admins.owner, { intent: "delete", id: "nope" })).status).toBe(404);
    expect((await post(admins.owner, { intent: "save", id: "nope", site: "ALL", from: "/a", to: "/b" })).status).toBe(
      404,
    );
  });
});

describe("redirects never stand in front of the shop's own pages", () => {
  const evil = { site: "ALL", from: "/shelter/login", to: "https://evil.example/login", status: "301" };

  it("the content role cannot save or import a redirect from the sign-in page; nothing is written", async () => {
    const before = await snapshot();
    const saved = await post(admins.content, { intent: "save", ...evil });
    expect(saved.status).toBe(400);
    expect((await saved.json()).error).toEqual({
      from: ["/shelter/login is one of the shop's own pages: a redirect may not replace it"],
    });
    const cased = await post(admins.content, { intent: "save", ...evil, from: "/Shelter/Login/" });
    expect(cased.status).toBe(400);
    const imported = await post(admins.content, {
      intent: "import",
      site: "DTC",
      csv: `${unique("fine")},/products/dog\n/checkout,https://evil.example/pay,302\n/api/ecom/v1.0/get-cart,/x`,
    });
    expect(imported.status).toBe(400);
    expect(linesOf(await imported.json())).toEqual([2, 3]);
    expect(await snapshot()).toEqual(before);
  });

  it("a row put into the table some other way is never applied by the lookup", async () => {
    const row = await prisma.redirect.create({
      data: {
        site: "ALL",
        fromPath: "/shelter/login",
        toUrl: "https://evil.example/login",
        isExternal: true,
        status: 301,
      },
    });
    try {
      clearRedirectCache();
      expect(await findRedirect("DTC", "/shelter/login")).toBeNull();
      const request = new Request("http://localhost:3000/shelter/login");
      await expect(runRedirectLookup(request, "DTC")).resolves.toBeUndefined();
      // The root loader, which runs the lookup on every page, renders the sign-in page.
      const response = await callRoute(rootLoader, request);
      expect(response.status).toBe(200);
    } finally {
      await prisma.redirect.delete({ where: { id: row.id } });
      clearRedirectCache();
    }
  });

  it("a redirect answer carries the shop's Cache-Control: an hour for a permanent one, no-store for a temporary one", async () => {
    const permanent = await prisma.redirect.create({
      data: {
        site: "ALL",
        fromPath: unique("perm"),
        toUrl: "https://example.com/moved",
        isExternal: true,
        status: 301,
      },
    });
    const permanent308 = await prisma.redirect.create({
      data: { site: "ALL", fromPath: unique("perm308"), toUrl: "/products/dog", status: 308 },
    });
    const temporary = await prisma.redirect.create({
      data: { site: "DTC", fromPath: unique("temp"), toUrl: "/products/cat", status: 302 },
    });
    const temporary307 = await prisma.redirect.create({
      data: {
        site: "DTC",
        fromPath: unique("temp307"),
        toUrl: "https://example.com/for-now",
        isExternal: true,
        status: 307,
      },
    });
    clearRedirectCache();
    const cases = [
      [permanent, 301, "public, max-age=3600"],
      [permanent308, 308, "public, max-age=3600"],
      [temporary, 302, "no-store"],
      [temporary307, 307, "no-store"],
    ] as const;
    for (const [row, status, cacheControl] of cases) {
      // Documents: the root loader; data loads (client navigations) run the same lookup in
      // handleDataRequest (tests/integration/guards.test.ts "every page's data load runs the lookup…").
      for (const handler of [rootLoader]) {
        const response = await callRoute(handler, new Request(`http://localhost:3000${row.fromPath}/`));
        expect([
          row.fromPath,
          response.status,
          response.headers.get("Location"),
          response.headers.get("Cache-Control"),
        ]).toEqual([row.fromPath, status, row.toUrl, cacheControl]);
      }
    }
  });
});
