// The audit log (docs/rules.md "Back office"): every back-office change writes one entry with
// `recordAudit`, in the transaction of the change itself, so a change and its record commit
// or roll back together. Entries are never updated or deleted.
import type { Prisma, PrismaClient } from "~/generated/prisma/client";
import { AUDIT_PAGE_SIZE, type AuditActor, type AuditChange, type AuditFilter } from "~/models/audit";
import { shopDayFilter } from "~/models/shop-time";

type Db = PrismaClient | Prisma.TransactionClient;

const toJson = (value: Record<string, unknown> | null) => (value === null ? null : JSON.stringify(value));

/** Writes one audit entry with `db` (the change's transaction). */
export async function recordAudit(db: Db, actor: AuditActor, change: AuditChange): Promise<void> {
  await db.auditEntry.create({
    data: {
      adminUserId: actor.adminUserId,
      actorEmail: actor.email,
      actorRole: actor.role,
      action: change.action,
      subjectType: change.subjectType,
      subjectId: change.subjectId,
      subjectLabel: change.subjectLabel,
      before: toJson(change.before),
      after: toJson(change.after),
    },
  });
}

export interface AuditEntryView {
  id: string;
  actorEmail: string;
  actorRole: string;
  action: string;
  subjectType: string;
  subjectId: string;
  subjectLabel: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: string;
}

const parse = (text: string | null): Record<string, unknown> | null => {
  if (text === null) return null;
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return { value: text };
  }
};

/** The owner's reading of the log, newest first. */
export function createAuditLog(db: PrismaClient, settings: { timeZone: string }) {
  function where(filter: Partial<AuditFilter>): Prisma.AuditEntryWhereInput {
    return {
      ...(filter.actor ? { actorEmail: { contains: filter.actor.toLowerCase() } } : {}),
      ...(filter.action ? { action: { startsWith: filter.action } } : {}),
      ...(filter.subjectType ? { subjectType: filter.subjectType } : {}),
      ...(filter.subjectId ? { subjectId: filter.subjectId } : {}),
      // Days in the shop's time zone, both ends in (docs/rules.md "Shop time").
      ...(filter.from || filter.to ? { createdAt: shopDayFilter(filter.from, filter.to, settings.timeZone) } : {}),
    };
  }

  const view = (row: Prisma.AuditEntryGetPayload<object>): AuditEntryView => ({
    id: row.id,
    actorEmail: row.actorEmail,
    actorRole: row.actorRole,
    action: row.action,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    subjectLabel: row.subjectLabel,
    before: parse(row.before),
    after: parse(row.after),
    createdAt: row.createdAt.toISOString(),
  });

  return {
    async list(filter: Partial<AuditFilter>): Promise<{ entries: AuditEntryView[]; total: number; page: number }> {
      const page = filter.page ?? 1;
      const [rows, total] = await Promise.all([
        db.auditEntry.findMany({
          where: where(filter),
          orderBy: [{ createdAt: "desc" }, { id: "desc" }],
          skip: (page - 1) * AUDIT_PAGE_SIZE,
          take: AUDIT_PAGE_SIZE,
        }),
        db.auditEntry.count({ where: where(filter) }),
      ]);
      return { page, total, entries: rows.map(view) };
    },

    /** Every entry of the filter (its page aside), newest first, at most `limit` (the CSV export). */
    async exportEntries(filter: Partial<AuditFilter>, limit: number): Promise<AuditEntryView[]> {
      const rows = await db.auditEntry.findMany({
        where: where(filter),
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take: limit,
      });
      return rows.map(view);
    },
  };
}
