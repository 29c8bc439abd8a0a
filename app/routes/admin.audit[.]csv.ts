// /admin/audit.csv (docs/api.md "Back-office CSV exports"): the audit log as a CSV file, with the
// log's filters (`AuditFilterSchema`, its page aside), every matching entry newest first, at most
// CSV_EXPORT_MAX. The log's permission (`audit.view`) for every kind of request; a malformed
// filter is a 400, as on the page.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { AUDIT_CSV_HEADER, auditCsvRows, AuditFilterSchema } from "~/models/audit";
import { PRIVATE_NO_STORE } from "~/models/cache-policy";
import { CSV_EXPORT_MAX } from "~/models/csv";
import { requireAdmin } from "~/services/admin/index.server";
import { auditLog } from "~/services/audit/index.server";
import { csvOnlyGet, csvResponse } from "~/utils/csv.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "audit.view");
  const parsed = AuditFilterSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return new Response(`${String(issue.path[0] ?? "filter")}: ${issue.message}`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": PRIVATE_NO_STORE },
    });
  }
  return csvResponse(
    "audit",
    AUDIT_CSV_HEADER,
    auditCsvRows(await auditLog.exportEntries(parsed.data, CSV_EXPORT_MAX)),
  );
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request, "audit.view");
  return csvOnlyGet();
}
