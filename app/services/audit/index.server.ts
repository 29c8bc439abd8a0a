// The audit log as the back office sees it (docs/rules.md "Back office"). Services that make a
// back-office change call `recordAudit` inside their own transaction.
import { prisma } from "~/db.server";
import { siteSettings } from "~/env.server";
import { createAuditLog } from "./audit.server";

export { recordAudit, createAuditLog, type AuditEntryView } from "./audit.server";
export type { AuditActor, AuditChange } from "~/models/audit";

export const auditLog = createAuditLog(prisma, { timeZone: siteSettings.SHOP_TIME_ZONE });
