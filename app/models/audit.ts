// The audit trail's pure parts (docs/rules.md "Back office"): who acted, what one change
// records, the fields that changed, and the owner's filter of the log.
import { z } from "zod";
import type { AdminRole } from "./admin-roles";
import { isCalendarDay } from "./shop-time";

/** The signed-in back-office user a change is made by. */
export interface AuditActor {
  adminUserId: string;
  email: string;
  role: AdminRole;
}

export const AUDIT_SUBJECTS = [
  "order",
  "return",
  "customer",
  "product",
  "variant",
  "zip-range",
  "content",
  "redirect",
  "asset",
  "review",
  "outbox",
  "admin-user",
] as const;
export type AuditSubject = (typeof AUDIT_SUBJECTS)[number];

/** One change as the audit log records it. `before` is null for a creation, `after` for a removal. */
export interface AuditChange {
  /** "<subject>.<verb>", e.g. "order.ship", "variant.update". */
  action: string;
  subjectType: AuditSubject;
  subjectId: string;
  /** How a person names the subject, e.g. "Order #1042". */
  subjectLabel: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Only the fields that changed, before and after: an edit form posts every field, and the log
 * should say what moved. Keys present on one side only are kept.
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const changed = keys.filter((key) => !same(before[key], after[key]));
  return {
    before: Object.fromEntries(changed.filter((key) => key in before).map((key) => [key, before[key]])),
    after: Object.fromEntries(changed.filter((key) => key in after).map((key) => [key, after[key]])),
  };
}

export const AUDIT_PAGE_SIZE = 50;

const optionalText = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((value) => value || undefined);
const optionalDate = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx) => {
    if (!value) return undefined;
    if (!isCalendarDay(value)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "Enter a real date." });
      return z.NEVER;
    }
    return value;
  });

/** The audit log's filter, from the query string: who, which action, which subject, which days. */
export const AuditFilterSchema = z.object({
  actor: optionalText,
  action: optionalText,
  subjectType: z
    .enum(AUDIT_SUBJECTS)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  subjectId: optionalText,
  from: optionalDate,
  to: optionalDate,
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type AuditFilter = z.infer<typeof AuditFilterSchema>;

/** One entry as the log's reader gives it (`auditLog.list`, `auditLog.exportEntries`). */
export interface AuditListEntry {
  createdAt: string;
  actorEmail: string;
  actorRole: string;
  action: string;
  subjectType: string;
  subjectId: string;
  subjectLabel: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export const AUDIT_CSV_HEADER = [
  "When (UTC)",
  "Actor",
  "Role",
  "Action",
  "Subject type",
  "Subject id",
  "Subject",
  "Before",
  "After",
] as const;

/** The cells of each entry in the CSV export; before and after as their JSON. */
export function auditCsvRows(entries: readonly AuditListEntry[]): string[][] {
  const json = (values: Record<string, unknown> | null) => (values ? JSON.stringify(values) : "");
  return entries.map((entry) => [
    entry.createdAt,
    entry.actorEmail,
    entry.actorRole,
    entry.action,
    entry.subjectType,
    entry.subjectId,
    entry.subjectLabel,
    json(entry.before),
    json(entry.after),
  ]);
}
