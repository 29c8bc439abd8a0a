// The back office's redirects table (docs/rules.md "Back office: content"): one redirect saved or
// deleted, a CSV import all or nothing. Every change writes its audit entry and bumps the
// "content" DataVersion in its own transaction, so every process drops its redirect cache within
// a freshness poll (docs/rules.md "Processes").
import type { PrismaClient } from "~/generated/prisma/client";
import { containsIgnoringCase } from "~/db.server";
import type { AuditActor } from "~/models/audit";
import { changedFields } from "~/models/audit";
import {
  checkRedirect,
  planRedirectImport,
  type ImportProblem,
  type RedirectCandidate,
  type RedirectRow,
} from "~/models/redirects";
import { recordAudit } from "~/services/audit/index.server";
import { bumpDataVersion } from "~/services/freshness/index.server";
import { ContentEditError } from "./edit-error.server";

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

export function createRedirectEditor(db: PrismaClient) {
  return {
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
  };
}
