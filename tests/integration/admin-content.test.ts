// The back office's content editing (docs/rules.md "Back office: content"): every role on every
// loader and action, the audit entry of each change, schema errors by path, drafts the shop never
// shows, publish and unpublish reaching the shop after a freshness poll, history and restore.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { ADMIN_ROLES, rolesWith, type AdminRole, type Permission } from "~/models/admin-roles";
import { MAX_ENTRY_TITLE } from "~/models/content-editor";
import { action as listAction, loader as listLoader } from "~/routes/admin.content._index";
import { action as entryAction, loader as entryLoader } from "~/routes/admin.content.$id";
import { loader as previewLoader } from "~/routes/admin.content.$id_.preview";
import { content } from "~/services/content/index.server";
import { freshness } from "~/services/freshness/index.server";
import { adminsOfEveryRole, auditOf, type TestAdmin } from "../helpers/admin";
import { callRoute, formRequest, getRequest } from "../helpers/routes";
import { ensureSeeded } from "../helpers/seeded";

let admins: Record<AdminRole, TestAdmin>;

beforeAll(async () => {
  await ensureSeeded();
  admins = await adminsOfEveryRole("content");
  await freshness.check();
});

const pageData = (text: string) => ({ description: `About ${text}`, blocks: [{ type: "paragraph", text }] });

/** A published page of its own for one test (no other test reads it). */
async function newPage(text = "Original words") {
  const key = `admin-test-${crypto.randomUUID().slice(0, 8)}`;
  return prisma.contentEntry.create({
    data: {
      site: "DTC",
      type: "page",
      key,
      title: "Test page",
      status: "published",
      data: JSON.stringify(pageData(text)),
      publishedAt: new Date(),
    },
  });
}

/** Everything a change could touch about an entry. */
async function stateOf(id: string) {
  const [entry, revisions, audits] = await Promise.all([
    prisma.contentEntry.findUniqueOrThrow({ where: { id } }),
    prisma.contentRevision.count({ where: { entryId: id } }),
    prisma.auditEntry.count({ where: { subjectType: "content", subjectId: id } }),
  ]);
  const { updatedAt: _updated, ...rest } = entry;
  return { ...rest, revisions, audits };
}

/** What the shop serves now, after this process has polled the data version. */
async function shopPage(slug: string) {
  await freshness.check();
  await freshness.check();
  return content.getPage("DTC", slug);
}

const expected = (permission: Permission, role: AdminRole) => (rolesWith(permission).includes(role) ? "allowed" : 403);
const outcome = (response: Response) => ([200, 302].includes(response.status) ? "allowed" : response.status);

describe("every role on every content loader and action", () => {
  it("lists entries, opens one and previews it only with content.view", async () => {
    const page = await newPage();
    for (const role of ADMIN_ROLES) {
      const { jar } = admins[role];
      const list = await callRoute(listLoader, getRequest("/admin/content?type=page", jar), jar);
      expect([role, outcome(list)]).toEqual([role, expected("content.view", role)]);
      const entry = await callRoute(entryLoader, getRequest(`/admin/content/${page.id}`, jar), jar, {
        params: { id: page.id },
      });
      expect([role, outcome(entry)]).toEqual([role, expected("content.view", role)]);
      const preview = await callRoute(previewLoader, getRequest(`/admin/content/${page.id}/preview`, jar), jar, {
        params: { id: page.id },
      });
      expect([role, outcome(preview)]).toEqual([role, expected("content.view", role)]);
      if (list.status === 200) {
        expect(list.headers.get("Cache-Control")).toBe("private, no-store");
        const body = await list.json();
        expect(body.entries.find((e: { id: string }) => e.id === page.id)).toMatchObject({ draftPending: false });
      }
    }
  });

  it("creates an entry only with content.edit; refused creates nothing", async () => {
    for (const role of ADMIN_ROLES) {
      const admin = admins[role];
      const key = `new-${role}-${crypto.randomUUID().slice(0, 6)}`;
      const response = await callRoute(
        listAction,
        formRequest(
          "/admin/content",
          { intent: "create", type: "page", site: "HPSF", title: `New ${role}`, key },
          admin.jar,
        ),
        admin.jar,
      );
      expect([role, outcome(response)]).toEqual([role, expected("content.edit", role)]);
      const row = await prisma.contentEntry.findUnique({
        where: { site_type_key: { site: "HPSF", type: "page", key } },
      });
      if (response.status === 302) {
        expect(row).toMatchObject({ status: "draft", data: "{}" });
        expect(response.headers.get("Location")).toBe(`/admin/content/${row!.id}`);
        const [audit] = await auditOf("content", row!.id);
        expect(audit).toMatchObject({
          action: "content.create",
          actorEmail: admin.email,
          actorRole: role,
          before: null,
        });
      } else expect(row).toBeNull();
    }
  });

  it("saves, publishes, unpublishes and restores only with their permissions; refused changes nothing", async () => {
    const actions: [string, Permission, (id: string, revisionId: string) => Record<string, string>][] = [
      [
        "save",
        "content.edit",
        () => ({ intent: "save", title: "Saved", mode: "json", json: JSON.stringify(pageData("Draft words")) }),
      ],
      ["publish", "content.publish", () => ({ intent: "publish" })],
      ["unpublish", "content.publish", () => ({ intent: "unpublish", confirmed: "yes" })],
      ["restore", "content.edit", (_id, revisionId) => ({ intent: "restore", revisionId, confirmed: "yes" })],
    ];
    for (const [name, permission, fields] of actions) {
      for (const role of ADMIN_ROLES) {
        const admin = admins[role];
        const page = await newPage();
        const revision = await prisma.contentRevision.create({
          data: {
            entryId: page.id,
            action: "saved",
            status: "published",
            title: "Old",
            data: JSON.stringify(pageData("Old words")),
          },
        });
        const before = await stateOf(page.id);
        const response = await callRoute(
          entryAction,
          formRequest(`/admin/content/${page.id}`, fields(page.id, revision.id), admin.jar),
          admin.jar,
          { params: { id: page.id } },
        );
        expect([name, role, outcome(response)]).toEqual([name, role, expected(permission, role)]);
        const after = await stateOf(page.id);
        if (response.status === 403) expect(after).toEqual(before);
        else {
          expect(after.revisions).toBe(before.revisions + 1);
          const [audit] = await auditOf("content", page.id);
          expect(audit).toMatchObject({
            action: `content.${name}`,
            actorEmail: admin.email,
            actorRole: role,
            subjectLabel: `Test page (DTC page ${page.key})`,
          });
        }
      }
    }
  });
});

describe("drafts, publish, unpublish and history", () => {
  it("a saved draft is not shown by the shop; publish shows it after a freshness poll; unpublish hides it", async () => {
    const page = await newPage("Original words");
    const { jar, email } = admins.content;
    const post = (fields: Record<string, string>) =>
      callRoute(entryAction, formRequest(`/admin/content/${page.id}`, fields, jar), jar, { params: { id: page.id } });
    expect((await shopPage(page.key))?.data.blocks).toEqual([{ type: "paragraph", text: "Original words" }]);

    const saved = await post({
      intent: "save",
      title: "New title",
      mode: "json",
      json: JSON.stringify(pageData("Draft words")),
    });
    expect(saved.status).toBe(302);
    const draft = await prisma.contentEntry.findUniqueOrThrow({ where: { id: page.id } });
    expect(JSON.parse(draft.draftData!).blocks[0].text).toBe("Draft words");
    expect(draft.draftTitle).toBe("New title");
    expect(JSON.parse(draft.data).blocks[0].text).toBe("Original words");
    const [saveAudit] = await auditOf("content", page.id);
    expect(saveAudit.action).toBe("content.save");
    expect(JSON.parse(saveAudit.before!)).toMatchObject({ title: "Test page" });
    expect(JSON.parse(saveAudit.after!)).toMatchObject({ title: "New title", data: pageData("Draft words") });
    // The shop, even after polling, still shows the published words; the preview shows the draft.
    expect((await shopPage(page.key))?.data.blocks[0]).toEqual({ type: "paragraph", text: "Original words" });
    const preview = await callRoute(previewLoader, getRequest(`/admin/content/${page.id}/preview`, jar), jar, {
      params: { id: page.id },
    });
    expect((await preview.json()).data.blocks[0].text).toBe("Draft words");

    expect((await post({ intent: "publish" })).status).toBe(302);
    const published = await prisma.contentEntry.findUniqueOrThrow({ where: { id: page.id } });
    expect(published).toMatchObject({ status: "published", title: "New title", draftData: null, draftTitle: null });
    expect(published.publishedAt).not.toBeNull();
    const shown = await shopPage(page.key);
    expect(shown?.title).toBe("New title");
    expect(shown?.data.blocks[0]).toEqual({ type: "paragraph", text: "Draft words" });
    const [publishAudit] = await auditOf("content", page.id);
    expect(publishAudit).toMatchObject({ action: "content.publish", actorEmail: email, actorRole: "content" });

    expect((await post({ intent: "unpublish", confirmed: "yes" })).status).toBe(302);
    expect(await shopPage(page.key)).toBeNull();
    const [unpublishAudit] = await auditOf("content", page.id);
    expect(JSON.parse(unpublishAudit.after!)).toEqual({ status: "draft" });
    // Unpublishing twice is refused, and changes nothing.
    const again = await post({ intent: "unpublish", confirmed: "yes" });
    expect(again.status).toBe(409);
    expect((await again.json()).error[""]).toEqual(["This entry is not published."]);
    expect((await auditOf("content", page.id))[0].id).toBe(unpublishAudit.id);

    const history = await prisma.contentRevision.findMany({
      where: { entryId: page.id },
      orderBy: { createdAt: "asc" },
    });
    expect(history.map((r) => [r.action, r.actorEmail])).toEqual([
      ["saved", email],
      ["published", email],
      ["unpublished", email],
    ]);

    // Restore the revision saved first: it becomes the draft; publishing it shows it again.
    expect((await post({ intent: "restore", revisionId: history[0].id, confirmed: "yes" })).status).toBe(302);
    const restored = await prisma.contentEntry.findUniqueOrThrow({ where: { id: page.id } });
    expect(restored.draftTitle).toBe("New title");
    expect((await auditOf("content", page.id))[0].action).toBe("content.restore");
    expect((await post({ intent: "publish" })).status).toBe(302);
    expect((await shopPage(page.key))?.title).toBe("New title");
    const loaded = await callRoute(entryLoader, getRequest(`/admin/content/${page.id}`, jar), jar, {
      params: { id: page.id },
    });
    expect((await loaded.json()).entry.revisions.map((r: { action: string }) => r.action)).toEqual([
      "published",
      "restored",
      "unpublished",
      "published",
      "saved",
    ]);
  });

  it("refuses data that breaks the schema, naming each path, and saves nothing", async () => {
    const page = await newPage();
    const { jar } = admins.content;
    const before = await stateOf(page.id);
    const bad = {
      description: "",
      blocks: [
        { type: "paragraph", text: "ok" },
        { type: "cta", link: { text: "Go", url: "javascript:x" } },
      ],
    };
    const response = await callRoute(
      entryAction,
      formRequest(
        `/admin/content/${page.id}`,
        { intent: "save", title: "T", mode: "json", json: JSON.stringify(bad) },
        jar,
      ),
      jar,
      { params: { id: page.id } },
    );
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error.json).toEqual([
      "description: String must contain at least 1 character(s)",
      "blocks[1].link.url: must be a path starting with / or an http(s) address",
    ]);
    const broken = await callRoute(
      entryAction,
      formRequest(`/admin/content/${page.id}`, { intent: "save", title: "T", mode: "json", json: "{" }, jar),
      jar,
      { params: { id: page.id } },
    );
    expect(broken.status).toBe(400);
    expect((await broken.json()).error.json[0]).toMatch(/not valid JSON/);
    const noTitle = await callRoute(
      entryAction,
      formRequest(
        `/admin/content/${page.id}`,
        { intent: "save", title: " ", mode: "json", json: JSON.stringify(pageData("x")) },
        jar,
      ),
      jar,
      { params: { id: page.id } },
    );
    expect(noTitle.status).toBe(400);
    expect(await stateOf(page.id)).toEqual(before);
  });

  it("saves a draft title of 200 characters and refuses 201 on its field, writing nothing; creating alike", async () => {
    const page = await newPage();
    const { jar } = admins.content;
    const save = (title: string) =>
      callRoute(
        entryAction,
        formRequest(
          `/admin/content/${page.id}`,
          { intent: "save", title, mode: "json", json: JSON.stringify(pageData("x")) },
          jar,
        ),
        jar,
        { params: { id: page.id } },
      );
    const before = await stateOf(page.id);
    const over = await save("t".repeat(MAX_ENTRY_TITLE + 1));
    expect(over.status).toBe(400);
    expect((await over.json()).error).toEqual({ title: ["Enter a title of at most 200 characters."] });
    expect(await stateOf(page.id)).toEqual(before);
    expect((await save("t".repeat(MAX_ENTRY_TITLE))).status).toBe(302);
    expect((await stateOf(page.id)).draftTitle).toBe("t".repeat(200));

    const create = (title: string, key: string) =>
      callRoute(
        listAction,
        formRequest("/admin/content", { intent: "create", type: "page", site: "DTC", title, key }, jar),
        jar,
      );
    const key = `long-${crypto.randomUUID().slice(0, 8)}`;
    const refused = await create("n".repeat(MAX_ENTRY_TITLE + 1), key);
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.title).toEqual(["Enter a title of at most 200 characters."]);
    expect(await prisma.contentEntry.count({ where: { key } })).toBe(0);
    expect((await create("n".repeat(MAX_ENTRY_TITLE), key)).status).toBe(302);
  });

  it("edits site-wide banners through fields made from their schema, errors on each field's path", async () => {
    const entry = await prisma.contentEntry.create({
      data: {
        site: "ALL",
        type: "sitewide-banners",
        key: `sitewide-banners-${crypto.randomUUID().slice(0, 6)}`,
        title: "Banners",
        status: "draft",
        data: JSON.stringify({ items: [] }),
      },
    });
    const { jar } = admins.content;
    const post = (fields: Record<string, string>, query = "") =>
      callRoute(
        entryAction,
        formRequest(`/admin/content/${entry.id}${query}`, { title: "Banners", mode: "fields", ...fields }, jar),
        jar,
        { params: { id: entry.id } },
      );
    const before = await stateOf(entry.id);
    const bad = await post({
      intent: "save",
      "data.items[0].id": "sale",
      "data.items[0].text": "Sale",
      "data.items[0].tone": "loud",
      "data.items[0].link.text": "Go",
      "data.items[0].link.url": "nope",
      "data.items[0].starts_at": "2026-03-08T02:30",
    });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).error).sort()).toEqual([
      "",
      "data.items[0].link.url",
      "data.items[0].starts_at",
      "data.items[0].tone",
    ]);
    expect(await stateOf(entry.id)).toEqual(before);
    // Without JavaScript "Add item" posts the form as typed and gets it back with one more item.
    const added = await post({ intent: "list-add", "data.items[0].id": "sale" }, "?list=data.items");
    expect(added.status).toBe(200);
    expect((await added.json()).initialValue.data.items).toEqual([{ id: "sale" }, {}]);
    const moved = await post(
      { intent: "list-up", "data.items[0].id": "a", "data.items[1].id": "b" },
      "?list=data.items&at=1",
    );
    expect((await moved.json()).initialValue.data.items).toEqual([{ id: "b" }, { id: "a" }]);
    expect((await post({ intent: "list-remove" }, "?list=title")).status).toBe(400);
    expect(await stateOf(entry.id)).toEqual(before);

    // Times are typed on the shop's clock (New York): midnight there is 05:00 UTC in winter.
    const good = await post({
      intent: "save",
      "data.items[0].id": "sale",
      "data.items[0].text": "Sale now on",
      "data.items[0].tone": "promo",
      "data.items[0].link.text": "",
      "data.items[0].link.url": "",
      "data.items[0].starts_at": "2026-12-01T00:00",
      "data.items[0].ends_at": "2026-11-01T01:30",
    });
    expect(good.status).toBe(302);
    const saved = await prisma.contentEntry.findUniqueOrThrow({ where: { id: entry.id } });
    expect(JSON.parse(saved.draftData!)).toEqual({
      items: [
        {
          id: "sale",
          text: "Sale now on",
          tone: "promo",
          starts_at: "2026-12-01T05:00:00Z",
          ends_at: "2026-11-01T05:30:00Z",
        },
      ],
    });
    // The page shows them on that clock again.
    const page = await callRoute(entryLoader, getRequest(`/admin/content/${entry.id}`, jar), jar, {
      params: { id: entry.id },
    });
    expect((await page.json()).values.data.items[0]).toMatchObject({
      starts_at: "2026-12-01T00:00",
      ends_at: "2026-11-01T01:30",
    });
  });

  it("unpublishing and restoring ask first: without confirmed=yes nothing changes", async () => {
    const page = await newPage("Original words");
    const { jar } = admins.owner;
    const post = (fields: Record<string, string>) =>
      callRoute(entryAction, formRequest(`/admin/content/${page.id}`, fields, jar), jar, { params: { id: page.id } });
    const revision = await prisma.contentRevision.create({
      data: {
        entryId: page.id,
        action: "saved",
        status: "published",
        title: "Old",
        data: JSON.stringify(pageData("Old")),
      },
    });
    const before = await stateOf(page.id);
    const ask = await post({ intent: "unpublish" });
    expect(ask.status).toBe(200);
    const { confirm } = await ask.json();
    expect(confirm).toMatchObject({
      question: `Unpublish \u201cTest page\u201d? Shoppers get a 404 at /${page.key}.`,
      label: "Unpublish",
    });
    expect(confirm.fields).toContainEqual(["intent", "unpublish"]);
    const restoreAsk = await post({ intent: "restore", revisionId: revision.id });
    expect(restoreAsk.status).toBe(200);
    expect((await restoreAsk.json()).confirm.question).toMatch(
      /^Restore the version saved .* \(\u201cOld\u201d\) over/,
    );
    expect(await stateOf(page.id)).toEqual(before);

    expect((await post({ intent: "restore", revisionId: revision.id, confirmed: "yes" })).status).toBe(302);
    expect((await stateOf(page.id)).draftTitle).toBe("Old");
    expect((await post({ intent: "unpublish", confirmed: "yes" })).status).toBe(302);
    expect((await stateOf(page.id)).status).toBe("draft");
  });

  it("answers 404 for an unknown entry or revision, 400 for an unknown intent", async () => {
    const { jar } = admins.owner;
    const missing = await callRoute(entryLoader, getRequest("/admin/content/nope", jar), jar, {
      params: { id: "nope" },
    });
    expect(missing.status).toBe(404);
    const page = await newPage();
    const restore = await callRoute(
      entryAction,
      formRequest(`/admin/content/${page.id}`, { intent: "restore", revisionId: "nope" }, jar),
      jar,
      { params: { id: page.id } },
    );
    expect(restore.status).toBe(404);
    const junk = await callRoute(
      entryAction,
      formRequest(`/admin/content/${page.id}`, { intent: "explode" }, jar),
      jar,
      {
        params: { id: page.id },
      },
    );
    expect(junk.status).toBe(400);
  });

  it("answers 400 to an object-method intent, for every role, changing nothing", async () => {
    const page = await newPage();
    const before = await stateOf(page.id);
    for (const role of ADMIN_ROLES) {
      const { jar } = admins[role];
      for (const intent of ["toString", "constructor", "__proto__", "valueOf", "hasOwnProperty", "then"]) {
        const response = await callRoute(
          entryAction,
          formRequest(`/admin/content/${page.id}`, { intent, title: "T", revisionId: "x" }, jar),
          jar,
          { params: { id: page.id } },
        );
        // Refused before any permission is looked up: 403 for a role without the screen, else 400.
        expect([role, intent, response.status]).toEqual([
          role,
          intent,
          expected("content.view", role) === 403 ? 403 : 400,
        ]);
      }
    }
    expect(await stateOf(page.id)).toEqual(before);
  });
});
