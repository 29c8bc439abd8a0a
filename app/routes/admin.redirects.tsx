// /admin/redirects: the redirects table: search, add, edit, delete, and import many from pasted CSV
// under the import rules (app/models/redirects.ts; docs/rules.md "Back office: content").
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { AdminTableBox } from "~/components/admin/table-box";
import { can } from "~/models/admin-roles";
import { formatIssuePath } from "~/models/content-editor";
import { REDIRECT_STATUSES, RedirectFormSchema, RedirectImportSchema, type ImportProblem } from "~/models/redirects";
import { ADMIN_NO_STORE, backWithNotice, requireAdmin } from "~/services/admin/index.server";
import { ContentEditError, contentEditor } from "~/services/content/index.server";
import { pageNotFound, readFormData } from "~/utils/form.server";

export const meta: MetaFunction = () => [{ title: "Redirects · Back office" }, { name: "robots", content: "noindex" }];

const SITES = ["ALL", "DTC", "HPSF"] as const;
const FilterSchema = z.object({
  q: z.string().trim().max(200).optional().catch(undefined),
  site: z.enum(SITES).optional().catch(undefined),
  edit: z.string().max(100).optional().catch(undefined),
});

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, "content.view");
  const filter = FilterSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const redirects = await contentEditor.listRedirects({ q: filter.q || undefined, site: filter.site });
  let editing = null;
  if (filter.edit) {
    editing = await contentEditor.getRedirect(filter.edit).catch((error) => {
      if (error instanceof ContentEditError) throw pageNotFound(error.message);
      throw error;
    });
  }
  return json({ redirects, filter, editing, canEdit: can(admin.role, "redirects.edit") }, { headers: ADMIN_NO_STORE });
}

interface Reply {
  form: "save" | "import";
  errors: Record<string, string>;
  fields: Record<string, string>;
  problems?: ImportProblem[];
}

const fail = (reply: Reply, status = 400) => json(reply, { status, headers: ADMIN_NO_STORE });

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "redirects.edit");
  const form = await readFormData(request);
  const fields = Object.fromEntries([...form].map(([k, v]) => [k, String(v)]));
  const intent = fields.intent;
  const back = "/admin/redirects";
  try {
    if (intent === "save") {
      const parsed = RedirectFormSchema.safeParse(fields);
      if (!parsed.success) {
        const errors: Record<string, string> = {};
        for (const issue of parsed.error.issues) errors[formatIssuePath(issue.path)] ??= issue.message;
        return fail({ form: "save", errors, fields });
      }
      const id = fields.id || null;
      await contentEditor.saveRedirect(id, parsed.data, admin);
      return backWithNotice(request, back, {
        tone: "success",
        message: id ? `Redirect ${parsed.data.from} saved.` : `Redirect ${parsed.data.from} added.`,
      });
    }
    if (intent === "delete") {
      await contentEditor.deleteRedirect(fields.id ?? "", admin);
      return backWithNotice(request, back, { tone: "success", message: "Redirect deleted." });
    }
    if (intent === "import") {
      const parsed = RedirectImportSchema.safeParse(fields);
      if (!parsed.success) {
        const errors: Record<string, string> = {};
        for (const issue of parsed.error.issues) errors[formatIssuePath(issue.path)] ??= issue.message;
        return fail({ form: "import", errors, fields });
      }
      const result = await contentEditor.importRedirects(parsed.data.site, parsed.data.csv, admin);
      if (result.problems.length) {
        return fail({
          form: "import",
          errors: { csv: `Nothing was imported: ${result.problems.length} line(s) need fixing.` },
          fields,
          problems: result.problems,
        });
      }
      return backWithNotice(request, back, { tone: "success", message: `Imported ${result.imported} redirect(s).` });
    }
    return fail({ form: "save", errors: { "": "Unknown action." }, fields });
  } catch (error) {
    if (error instanceof ContentEditError) {
      if (error.status === 404) throw pageNotFound(error.message);
      return fail({ form: "save", errors: { [error.field ?? ""]: error.message }, fields }, error.status);
    }
    throw error;
  }
}

function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: (props: Record<string, unknown>) => React.ReactNode;
}) {
  const errorId = `${id}-error`;
  return (
    <p className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, ...(error ? { "aria-invalid": true, "aria-describedby": errorId } : {}) })}
      {error ? (
        <span className="field__error" id={errorId}>
          {error}
        </span>
      ) : null}
    </p>
  );
}

export default function AdminRedirects() {
  const { redirects, filter, editing, canEdit } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as Reply | undefined;
  const save = reply?.form === "save" ? reply : undefined;
  const imported = reply?.form === "import" ? reply : undefined;
  const value = (name: "site" | "from" | "to" | "status") =>
    save?.fields[name] ??
    (editing
      ? { site: editing.site, from: editing.fromPath, to: editing.toUrl, status: String(editing.status) }[name]
      : { site: "ALL", from: "", to: "", status: "301" }[name]);
  return (
    <>
      <h1>Redirects</h1>
      <Form method="get" className="admin-filters" aria-label="Search redirects">
        <p className="field">
          <label htmlFor="redirect-q">Path or address contains</label>
          <input id="redirect-q" name="q" type="search" defaultValue={filter.q ?? ""} />
        </p>
        <p className="field">
          <label htmlFor="redirect-filter-site">Site</label>
          <select id="redirect-filter-site" name="site" defaultValue={filter.site ?? ""}>
            <option value="">All sites</option>
            {SITES.map((site) => (
              <option key={site}>{site}</option>
            ))}
          </select>
        </p>
        <button type="submit" className="button">
          Search
        </button>
      </Form>
      <AdminTableBox label="Redirects">
        <table className="admin-table">
          <caption>Redirects ({redirects.length})</caption>
          <thead>
            <tr>
              <th scope="col">Site</th>
              <th scope="col">From</th>
              <th scope="col">To</th>
              <th scope="col">Status</th>
              {canEdit ? <th scope="col">Change</th> : null}
            </tr>
          </thead>
          <tbody>
            {redirects.map((row) => (
              <tr key={row.id}>
                <td>{row.site}</td>
                <td>{row.fromPath}</td>
                <td>
                  {row.toUrl}
                  {row.isExternal ? " (external)" : ""}
                </td>
                <td>{row.status}</td>
                {canEdit ? (
                  <td className="admin-actions">
                    <Link to={`/admin/redirects?edit=${row.id}`} aria-label={`Edit ${row.site} ${row.fromPath}`}>
                      Edit
                    </Link>
                    <Form method="post">
                      <input type="hidden" name="intent" value="delete" />
                      <input type="hidden" name="id" value={row.id} />
                      <button
                        type="submit"
                        className="button button--secondary"
                        aria-label={`Delete ${row.site} ${row.fromPath}`}
                      >
                        Delete
                      </button>
                    </Form>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </AdminTableBox>
      {canEdit ? (
        <>
          <section aria-labelledby="redirect-form">
            <h2 id="redirect-form">{editing ? `Edit ${editing.site} ${editing.fromPath}` : "Add a redirect"}</h2>
            <Form method="post" key={editing?.id ?? "new"}>
              <input type="hidden" name="intent" value="save" />
              {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
              {save?.errors[""] ? (
                <p className="notice notice--error" role="alert">
                  {save.errors[""]}
                </p>
              ) : null}
              <Field id="redirect-site" label="Site" error={save?.errors.site}>
                {(props) => (
                  <select name="site" defaultValue={value("site")} {...props}>
                    {SITES.map((site) => (
                      <option key={site}>{site}</option>
                    ))}
                  </select>
                )}
              </Field>
              <Field id="redirect-from" label="From path" error={save?.errors.from}>
                {(props) => <input name="from" required defaultValue={value("from")} {...props} />}
              </Field>
              <Field id="redirect-to" label="To (a path or an http(s) address)" error={save?.errors.to}>
                {(props) => <input name="to" required defaultValue={value("to")} {...props} />}
              </Field>
              <Field id="redirect-status" label="Status" error={save?.errors.status}>
                {(props) => (
                  <select name="status" defaultValue={value("status")} {...props}>
                    {REDIRECT_STATUSES.map((status) => (
                      <option key={status}>{status}</option>
                    ))}
                  </select>
                )}
              </Field>
              <p className="field__hint">An address starting with http(s) is external; a path stays in the shop.</p>
              <button type="submit" className="button">
                {editing ? "Save redirect" : "Add redirect"}
              </button>
              {editing ? <Link to="/admin/redirects"> Cancel</Link> : null}
            </Form>
          </section>
          <section aria-labelledby="redirect-import">
            <h2 id="redirect-import">Import from CSV</h2>
            <p>
              One redirect per line: <code>from,to</code> or <code>from,to,status</code>. Nothing is imported unless
              every line is valid.
            </p>
            <Form method="post">
              <input type="hidden" name="intent" value="import" />
              <Field id="import-site" label="Site" error={imported?.errors.site}>
                {(props) => (
                  <select name="site" defaultValue={imported?.fields.site ?? "ALL"} {...props}>
                    {SITES.map((site) => (
                      <option key={site}>{site}</option>
                    ))}
                  </select>
                )}
              </Field>
              <Field id="import-csv" label="Redirects (CSV)" error={imported?.errors.csv}>
                {(props) => (
                  <textarea
                    name="csv"
                    rows={10}
                    className="admin-code"
                    defaultValue={imported?.fields.csv ?? ""}
                    {...props}
                  />
                )}
              </Field>
              {imported?.problems?.length ? (
                <ul className="notice notice--error" aria-label="Lines to fix" data-testid="import-problems">
                  {imported.problems.map((problem) => (
                    <li key={`${problem.line}-${problem.message}`}>
                      Line {problem.line}: {problem.message}
                    </li>
                  ))}
                </ul>
              ) : null}
              <button type="submit" className="button">
                Import
              </button>
            </Form>
          </section>
        </>
      ) : null}
    </>
  );
}
