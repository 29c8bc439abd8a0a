// The back office's content entries (docs/rules.md "Back office: content"): drafts, publish and
// unpublish, their history. Every change writes its audit entry, and every change the shop can
// see bumps the "content" DataVersion, in the change's own transaction, so every process drops
// its content cache within a freshness poll (docs/rules.md "Processes").
import type { Prisma, PrismaClient } from "~/generated/prisma/client";
import type { AuditActor } from "~/models/audit";
import { changedFields } from "~/models/audit";
import { isContentType, type ContentType } from "~/models/content";
import {
  CREATABLE_TYPES,
  EntryTitleSchema,
  entryLabel,
  validateEntryData,
  type ContentListFilter,
  type NewEntry,
  type RevisionAction,
} from "~/models/content-editor";
import { recordAudit } from "~/services/audit/index.server";
import { bumpDataVersion } from "~/services/freshness/index.server";
import { ContentEditError } from "./edit-error.server";

type Tx = Prisma.TransactionClient;

const parseJson = (text: string | null): unknown => {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

export interface EntrySummary {
  id: string;
  site: string;
  type: string;
  key: string;
  title: string;
  status: string;
  draftPending: boolean;
  publishedAt: string | null;
  updatedAt: string;
}

export interface RevisionView {
  id: string;
  action: string;
  status: string;
  title: string;
  actorEmail: string | null;
  createdAt: string;
}

export interface EntryView extends EntrySummary {
  /** The published (or last published) data. */
  data: unknown;
  /** The unpublished edits, or null. */
  draftTitle: string | null;
  draftData: unknown;
  revisions: RevisionView[];
}

const summary = (row: {
  id: string;
  site: string;
  type: string;
  key: string;
  title: string;
  status: string;
  draftData: string | null;
  draftTitle: string | null;
  publishedAt: Date | null;
  updatedAt: Date;
}): EntrySummary => ({
  id: row.id,
  site: row.site,
  type: row.type,
  key: row.key,
  title: row.title,
  status: row.status,
  draftPending: row.draftData !== null || row.draftTitle !== null,
  publishedAt: row.publishedAt?.toISOString() ?? null,
  updatedAt: row.updatedAt.toISOString(),
});

export function createEntryEditor(db: PrismaClient) {
  async function entryOrThrow(tx: Tx | PrismaClient, id: string) {
    const row = await tx.contentEntry.findUnique({ where: { id } });
    if (!row || !isContentType(row.type)) throw new ContentEditError("There is no such content entry.", 404);
    return { ...row, type: row.type as ContentType };
  }

  async function revision(
    tx: Tx,
    entryId: string,
    action: RevisionAction,
    actor: AuditActor,
    state: {
      status: string;
      title: string;
      data: string;
    },
  ) {
    await tx.contentRevision.create({ data: { entryId, action, actorEmail: actor.email, ...state } });
  }

  return {
    async listEntries(filter: ContentListFilter): Promise<EntrySummary[]> {
      const rows = await db.contentEntry.findMany({
        where: {
          ...(filter.type ? { type: filter.type } : {}),
          ...(filter.site ? { site: filter.site } : {}),
          ...(filter.status ? { status: filter.status } : {}),
        },
        orderBy: [{ type: "asc" }, { site: "asc" }, { key: "asc" }],
        take: 500,
      });
      return rows.map(summary);
    },

    async getEntry(id: string): Promise<EntryView> {
      const row = await entryOrThrow(db, id);
      const revisions = await db.contentRevision.findMany({
        where: { entryId: id },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take: 100,
      });
      return {
        ...summary(row),
        data: parseJson(row.data),
        draftTitle: row.draftTitle,
        draftData: parseJson(row.draftData),
        revisions: revisions.map((r) => ({
          id: r.id,
          action: r.action,
          status: r.status,
          title: r.title,
          actorEmail: r.actorEmail,
          createdAt: r.createdAt.toISOString(),
        })),
      };
    },

    /** A new entry: not published, its starting data as its draft. */
    async createEntry(input: NewEntry, actor: AuditActor): Promise<string> {
      return db.$transaction(async (tx) => {
        const existing = await tx.contentEntry.findUnique({
          where: { site_type_key: { site: input.site, type: input.type, key: input.key } },
        });
        if (existing) {
          throw new ContentEditError(`${input.site} already has a ${input.type} entry "${input.key}".`, 409, "key");
        }
        const draftData = JSON.stringify(CREATABLE_TYPES[input.type]());
        const row = await tx.contentEntry.create({
          data: {
            site: input.site,
            type: input.type,
            key: input.key,
            title: input.title,
            status: "draft",
            data: "{}",
            draftTitle: input.title,
            draftData,
          },
        });
        await revision(tx, row.id, "saved", actor, { status: "draft", title: input.title, data: draftData });
        await recordAudit(tx, actor, {
          action: "content.create",
          subjectType: "content",
          subjectId: row.id,
          subjectLabel: entryLabel(row),
          before: null,
          after: { site: row.site, type: row.type, key: row.key, title: row.title, status: row.status },
        });
        return row.id;
      });
    },

    /** Saves edits as the entry's draft: the shop keeps showing the published data. */
    async saveDraft(id: string, input: { title: string; data: unknown }, actor: AuditActor): Promise<void> {
      const parsedTitle = EntryTitleSchema.safeParse(input.title);
      if (!parsedTitle.success) throw new ContentEditError(parsedTitle.error.issues[0].message, 400, "title");
      const title = parsedTitle.data;
      await db.$transaction(async (tx) => {
        const row = await entryOrThrow(tx, id);
        const checked = validateEntryData(row.type, input.data);
        if (!checked.ok)
          throw new ContentEditError("The data does not match its type.", 400, undefined, checked.errors);
        const draftData = JSON.stringify(checked.data);
        const before = { title: row.draftTitle ?? row.title, data: parseJson(row.draftData ?? row.data) };
        await tx.contentEntry.update({ where: { id }, data: { draftTitle: title, draftData } });
        await revision(tx, id, "saved", actor, { status: row.status, title, data: draftData });
        await recordAudit(tx, actor, {
          action: "content.save",
          subjectType: "content",
          subjectId: id,
          subjectLabel: entryLabel(row),
          ...changedFields(before, { title, data: checked.data }),
        });
      });
    },

    /** The draft (or, without one, the data as it is) goes live in every process. */
    async publish(id: string, actor: AuditActor): Promise<void> {
      await db.$transaction(async (tx) => {
        const row = await entryOrThrow(tx, id);
        const title = row.draftTitle ?? row.title;
        const checked = validateEntryData(row.type, parseJson(row.draftData ?? row.data));
        if (!checked.ok) {
          throw new ContentEditError(
            `This entry cannot be published: ${checked.messages.join("; ")}`,
            400,
            undefined,
            checked.errors,
          );
        }
        const data = JSON.stringify(checked.data);
        await tx.contentEntry.update({
          where: { id },
          data: { title, data, status: "published", publishedAt: new Date(), draftTitle: null, draftData: null },
        });
        await revision(tx, id, "published", actor, { status: "published", title, data });
        await bumpDataVersion(tx, "content");
        await recordAudit(tx, actor, {
          action: "content.publish",
          subjectType: "content",
          subjectId: id,
          subjectLabel: entryLabel({ ...row, title }),
          ...changedFields(
            { status: row.status, title: row.title, data: parseJson(row.data) },
            { status: "published", title, data: checked.data },
          ),
        });
      });
    },

    /** The shop stops showing the entry (its status becomes draft) in every process. */
    async unpublish(id: string, actor: AuditActor): Promise<void> {
      await db.$transaction(async (tx) => {
        const row = await entryOrThrow(tx, id);
        if (row.status !== "published") throw new ContentEditError("This entry is not published.", 409);
        await tx.contentEntry.update({ where: { id }, data: { status: "draft" } });
        await revision(tx, id, "unpublished", actor, { status: "draft", title: row.title, data: row.data });
        await bumpDataVersion(tx, "content");
        await recordAudit(tx, actor, {
          action: "content.unpublish",
          subjectType: "content",
          subjectId: id,
          subjectLabel: entryLabel(row),
          before: { status: row.status },
          after: { status: "draft" },
        });
      });
    },

    /** A revision's title and data become the entry's draft (published by a later Publish). */
    async restore(id: string, revisionId: string, actor: AuditActor): Promise<void> {
      await db.$transaction(async (tx) => {
        const row = await entryOrThrow(tx, id);
        const from = await tx.contentRevision.findFirst({ where: { id: revisionId, entryId: id } });
        if (!from) throw new ContentEditError("There is no such revision of this entry.", 404);
        await tx.contentEntry.update({ where: { id }, data: { draftTitle: from.title, draftData: from.data } });
        await revision(tx, id, "restored", actor, { status: row.status, title: from.title, data: from.data });
        await recordAudit(tx, actor, {
          action: "content.restore",
          subjectType: "content",
          subjectId: id,
          subjectLabel: entryLabel(row),
          ...changedFields(
            { title: row.draftTitle ?? row.title, data: parseJson(row.draftData ?? row.data), revision: null },
            { title: from.title, data: parseJson(from.data), revision: from.id },
          ),
        });
      });
    },
  };
}
