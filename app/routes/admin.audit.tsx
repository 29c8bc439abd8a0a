// /admin/audit: the audit log, filtered by actor, action, subject and days (docs/rules.md
// "Back office"); entries are read only. "Download CSV" (/admin/audit.csv) keeps the filters.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { AdminPager } from "~/components/admin/pager";
import { AdminTableBox } from "~/components/admin/table-box";
import { AUDIT_PAGE_SIZE, AUDIT_SUBJECTS, AuditFilterSchema } from "~/models/audit";
import { pageCount } from "~/models/admin-customers";
import { formatShopStamp } from "~/models/shop-time";
import { CSV_EXPORT_MAX } from "~/models/csv";
import { listQuery } from "~/models/list-query";
import { ADMIN_NO_STORE, requireAdmin } from "~/services/admin/index.server";
import { auditLog } from "~/services/audit/index.server";
import { useShopTimeZone } from "~/utils/use-shop-time-zone";

export const meta: MetaFunction = () => [{ title: "Audit log · Back office" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "audit.view");
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = AuditFilterSchema.safeParse(params);
  if (!parsed.success) {
    // A malformed field: the log filtered by the rest, with the field's error (400).
    const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
    const rest = Object.fromEntries(Object.entries(params).filter(([key]) => !bad.has(key)));
    const retried = AuditFilterSchema.safeParse(rest);
    const filter = retried.success ? retried.data : AuditFilterSchema.parse({});
    return json(
      {
        filter: {
          ...filter,
          from: bad.has("from") ? (params.from ?? "") : filter.from,
          to: bad.has("to") ? (params.to ?? "") : filter.to,
        },
        errors: Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])),
        ...(await auditLog.list(filter)),
      },
      { status: 400, headers: ADMIN_NO_STORE },
    );
  }
  return json(
    { filter: parsed.data, errors: {} as Record<string, string>, ...(await auditLog.list(parsed.data)) },
    { headers: ADMIN_NO_STORE },
  );
}

function Values({ values }: { values: Record<string, unknown> | null }) {
  if (!values || Object.keys(values).length === 0) return <>—</>;
  return (
    <dl>
      {Object.entries(values).map(([key, value]) => (
        <div key={key}>
          <dt>{key}</dt>
          <dd>{typeof value === "string" ? value : JSON.stringify(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function AdminAudit() {
  const { filter, errors, entries, total, page } = useLoaderData<typeof loader>();
  const zone = useShopTimeZone();
  const pages = pageCount(total, AUDIT_PAGE_SIZE);
  const query = (to: number) => {
    const params = new URLSearchParams();
    for (const key of ["actor", "action", "subjectType", "subjectId", "from", "to"] as const) {
      const value = filter[key];
      if (value) params.set(key, String(value));
    }
    params.set("page", String(to));
    return `?${params}`;
  };
  const dateField = (name: "from" | "to", label: string) => (
    <p className="field">
      <label htmlFor={`audit-${name}`}>{label}</label>
      <input
        id={`audit-${name}`}
        name={name}
        type="date"
        defaultValue={filter[name] ?? ""}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `audit-${name}-error audit-days-hint` : "audit-days-hint"}
      />
      {errors[name] ? <span id={`audit-${name}-error`}>{errors[name]}</span> : null}
    </p>
  );
  return (
    <>
      <h1>Audit log</h1>
      <Form method="get" className="admin-filters">
        <p className="field">
          <label htmlFor="audit-actor">Actor email</label>
          <input id="audit-actor" name="actor" defaultValue={filter.actor ?? ""} />
        </p>
        <p className="field">
          <label htmlFor="audit-action">Action (e.g. order.ship, review)</label>
          <input id="audit-action" name="action" defaultValue={filter.action ?? ""} />
        </p>
        <p className="field">
          <label htmlFor="audit-subject-type">Subject type</label>
          <select id="audit-subject-type" name="subjectType" defaultValue={filter.subjectType ?? ""}>
            <option value="">Any</option>
            {AUDIT_SUBJECTS.map((subject) => (
              <option key={subject} value={subject}>
                {subject}
              </option>
            ))}
          </select>
        </p>
        <p className="field">
          <label htmlFor="audit-subject-id">Subject id</label>
          <input id="audit-subject-id" name="subjectId" defaultValue={filter.subjectId ?? ""} />
        </p>
        {dateField("from", "From")}
        {dateField("to", "To")}
        <p id="audit-days-hint" className="field__hint">
          Whole days in the shop&apos;s time zone ({zone}), both included.
        </p>
        <button type="submit" className="button">
          Filter
        </button>
      </Form>
      <p>
        <a
          href={`/admin/audit.csv${listQuery({
            actor: filter.actor,
            action: filter.action,
            subjectType: filter.subjectType,
            subjectId: filter.subjectId,
            from: errors.from ? undefined : filter.from,
            to: errors.to ? undefined : filter.to,
          })}`}
          download
        >
          Download CSV
        </a>{" "}
        (every entry of this filter, newest first, at most {CSV_EXPORT_MAX.toLocaleString("en-US")})
      </p>
      <AdminTableBox label="Audit entries">
        <table className="admin-table">
          <caption>Audit entries, newest first ({total})</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">Action</th>
              <th scope="col">Subject</th>
              <th scope="col">Before</th>
              <th scope="col">After</th>
            </tr>
          </thead>
          <tbody>
            {entries.length === 0 ? (
              <tr>
                <td colSpan={6}>No entries match.</td>
              </tr>
            ) : null}
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td>{formatShopStamp(entry.createdAt, zone, true)}</td>
                <td>
                  {entry.actorEmail} ({entry.actorRole})
                </td>
                <td>{entry.action}</td>
                <td>
                  {entry.subjectLabel}
                  <br />
                  {entry.subjectType} {entry.subjectId}
                </td>
                <td>
                  <Values values={entry.before} />
                </td>
                <td>
                  <Values values={entry.after} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </AdminTableBox>
      <AdminPager page={page} pages={pages} hrefOf={query} />
    </>
  );
}
