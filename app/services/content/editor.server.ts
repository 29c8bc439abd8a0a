// The back office's content editing (docs/rules.md "Back office: content"): entries' drafts,
// publish and unpublish, their history; the redirects table; uploaded image assets. Every change
// writes its audit entry, and every change the shop can see bumps the "content" DataVersion, in
// the change's own transaction, so every process drops its content and redirect caches within a
// freshness poll (docs/rules.md "Processes").
import fs from "node:fs/promises";
import path from "node:path";
import type { Prisma, PrismaClient } from "~/generated/prisma/client";
import { containsIgnoringCase } from "~/db.server";
import type { AuditActor } from "~/models/audit";
import { changedFields } from "~/models/audit";
import { isContentType, type ContentType } from "~/models/content";
import {
  CREATABLE_TYPES,
  EntryTitleSchema,
  entryLabel,
  validateEntryData,
  type ContentListFilter,
  type FieldErrors,
  type NewEntry,
  type RevisionAction,
} from "~/models/content-editor";
import {
  checkRedirect,
  planRedirectImport,
  type ImportProblem,
  type RedirectCandidate,
  type RedirectRow,
} from "~/models/redirects";
import { ServiceError } from "~/models/service-error";
import { recordAudit } from "~/services/audit/index.server";
import { bumpDataVersion } from "~/services/freshness/index.server";
import { ASSET_DIR } from "./assets.server";
import { isUniqueViolation } from "~/models/unique-violation";

type Tx = Prisma.TransactionClient;

/** A refusal of the editor: nothing was changed. */
export class ContentEditError extends ServiceError {
  constructor(
    message: string,
    status: number,
    field?: string,
    /** Errors by data path, for a schema refusal. */
    readonly errors: FieldErrors = {},
  ) {
    super("content-edit", message, status, field);
    this.name = "ContentEditError";
  }
}

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

export interface AssetView {
  id: string;
  format: string;
  width: number;
  height: number;
  alt: string;
  description: string;
  updatedAt: string;
}

/** An image an editor uploads, already read and checked (content-editor model, upload reader). */
export interface AssetUpload {
  id: string;
  alt: string;
  description: string;
  format: "jpeg" | "png";
  width: number;
  height: number;
  bytes: Uint8Array;
}

/** Where uploaded sources go, inside the optimiser's directory (docs/decisions.md "Back office: content"). */
export const UPLOAD_SUBDIR = "uploads";

export function createContentEditor(db: PrismaClient) {
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

  const redirectRow = (row: RedirectRow & { id: string }) => ({
    id: row.id,
    site: row.site,
    fromPath: row.fromPath,
    toUrl: row.toUrl,
    isExternal: row.isExternal,
    status: row.status,
  });
  const redirectAudit = (row: RedirectRow) => ({
    site: row.site,
    fromPath: row.fromPath,
    toUrl: row.toUrl,
    isExternal: row.isExternal,
    status: row.status,
  });

  return {
    // ─── Entries ───────────────────────────────────────────────────────────
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

    // ─── Redirects ─────────────────────────────────────────────────────────
    async listRedirects(filter: { q?: string; site?: string }) {
      const rows = await db.redirect.findMany({
        where: {
          ...(filter.site ? { site: filter.site } : {}),
          ...(filter.q
            ? { OR: [{ fromPath: containsIgnoringCase(filter.q) }, { toUrl: containsIgnoringCase(filter.q) }] }
            : {}),
        },
        orderBy: [{ fromPath: "asc" }, { site: "asc" }],
        take: 500,
      });
      return rows.map(redirectRow);
    },

    async getRedirect(id: string) {
      const row = await db.redirect.findUnique({ where: { id } });
      if (!row) throw new ContentEditError("There is no such redirect.", 404);
      return redirectRow(row);
    },

    /** Adds one redirect, or with `id` changes one; refused with the field at fault. */
    async saveRedirect(id: string | null, candidate: RedirectCandidate, actor: AuditActor): Promise<string> {
      return db.$transaction(async (tx) => {
        const before = id ? await tx.redirect.findUnique({ where: { id } }) : null;
        if (id && !before) throw new ContentEditError("There is no such redirect.", 404);
        const others = await tx.redirect.findMany({ where: id ? { id: { not: id } } : {} });
        const check = checkRedirect(candidate, others);
        if (!check.ok) throw new ContentEditError(check.message, 400, check.field);
        const { site, fromPath, toUrl, isExternal, status } = check.row;
        const row = before
          ? await tx.redirect.update({ where: { id: before.id }, data: { site, fromPath, toUrl, isExternal, status } })
          : await tx.redirect.create({ data: { site, fromPath, toUrl, isExternal, status } });
        await bumpDataVersion(tx, "content");
        await recordAudit(tx, actor, {
          action: before ? "redirect.update" : "redirect.create",
          subjectType: "redirect",
          subjectId: row.id,
          subjectLabel: `Redirect ${row.site} ${row.fromPath}`,
          ...(before
            ? changedFields(redirectAudit(before), redirectAudit(row))
            : { before: null, after: redirectAudit(row) }),
        });
        return row.id;
      });
    },

    async deleteRedirect(id: string, actor: AuditActor): Promise<void> {
      await db.$transaction(async (tx) => {
        const row = await tx.redirect.findUnique({ where: { id } });
        if (!row) throw new ContentEditError("There is no such redirect.", 404);
        await tx.redirect.delete({ where: { id } });
        await bumpDataVersion(tx, "content");
        await recordAudit(tx, actor, {
          action: "redirect.delete",
          subjectType: "redirect",
          subjectId: id,
          subjectLabel: `Redirect ${row.site} ${row.fromPath}`,
          before: redirectAudit(row),
          after: null,
        });
      });
    },

    /**
     * Imports pasted CSV into a site's redirects, all or nothing (docs/decisions.md "Back office:
     * content"): with any problem nothing is written and every problem is answered by line.
     */
    async importRedirects(
      site: string,
      text: string,
      actor: AuditActor,
    ): Promise<{ imported: number; problems: ImportProblem[] }> {
      return db.$transaction(async (tx) => {
        const plan = planRedirectImport(site, text, await tx.redirect.findMany());
        if (plan.problems.length) return { imported: 0, problems: plan.problems };
        for (const row of plan.rows) {
          const created = await tx.redirect.create({
            data: { site, fromPath: row.fromPath, toUrl: row.toUrl, isExternal: row.isExternal, status: row.status },
          });
          await recordAudit(tx, actor, {
            action: "redirect.import",
            subjectType: "redirect",
            subjectId: created.id,
            subjectLabel: `Redirect ${site} ${row.fromPath}`,
            before: null,
            after: redirectAudit(row),
          });
        }
        await bumpDataVersion(tx, "content");
        return { imported: plan.rows.length, problems: [] };
      });
    },

    // ─── Image assets ──────────────────────────────────────────────────────
    /** Size and alt text of the assets a previewed entry names (the shop's components need them). */
    async assetSizes(ids: readonly string[]): Promise<Record<string, { width: number; height: number; alt: string }>> {
      const rows = await db.contentAsset.findMany({ where: { id: { in: [...new Set(ids)].slice(0, 200) } } });
      return Object.fromEntries(rows.map((r) => [r.id, { width: r.width, height: r.height, alt: r.alt }]));
    },

    async listAssets(): Promise<AssetView[]> {
      const rows = await db.contentAsset.findMany({ orderBy: { id: "asc" }, take: 500 });
      return rows.map(({ id, format, width, height, alt, description, updatedAt }) => ({
        id,
        format,
        width,
        height,
        alt,
        description,
        updatedAt: updatedAt.toISOString(),
      }));
    },

    /**
     * Stores an uploaded image under the optimiser's directory and its ContentAsset row; an id
     * already in use is refused (an asset's id is how content names it, so it never changes hands).
     */
    async uploadAsset(upload: AssetUpload, actor: AuditActor): Promise<void> {
      const file = `${UPLOAD_SUBDIR}/${upload.id}.${upload.format === "jpeg" ? "jpg" : "png"}`;
      const target = path.join(ASSET_DIR, file);
      if (await db.contentAsset.findUnique({ where: { id: upload.id } })) {
        throw new ContentEditError(`An image with the id ${upload.id} already exists.`, 409, "id");
      }
      await fs.mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${process.pid}.${Date.now()}.part`;
      await fs.writeFile(temporary, upload.bytes);
      try {
        await db.$transaction(async (tx) => {
          const row = await tx.contentAsset.create({
            data: {
              id: upload.id,
              format: upload.format,
              width: upload.width,
              height: upload.height,
              alt: upload.alt,
              description: upload.description,
              file,
            },
          });
          await recordAudit(tx, actor, {
            action: "asset.upload",
            subjectType: "asset",
            subjectId: row.id,
            subjectLabel: `Image ${row.id}`,
            before: null,
            after: {
              format: row.format,
              width: row.width,
              height: row.height,
              alt: row.alt,
              description: row.description,
              bytes: upload.bytes.byteLength,
            },
          });
          await bumpDataVersion(tx, "content");
          // The file takes its place before the row commits: /cms/{id} never finds a row without it.
          await fs.rename(temporary, target);
        });
      } catch (error) {
        await fs.rm(temporary, { force: true });
        if (isUniqueViolation(error)) {
          throw new ContentEditError(`An image with the id ${upload.id} already exists.`, 409, "id");
        }
        throw error;
      }
    },
  };
}
