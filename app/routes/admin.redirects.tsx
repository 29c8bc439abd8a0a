// /admin/redirects: the redirects table: search, add, edit, delete (asked first), and import many
// from pasted CSV under the import rules (app/models/redirects.ts; docs/rules.md "Back office:
// content"). The actions are `REDIRECT_INTENTS`, run by `adminIntents`.
import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { ConfirmPanel } from "~/components/admin/confirm";
import { AdminTableBox } from "~/components/admin/table-box";
import { FieldError, FormError, SelectField, TextField } from "~/components/form-field";
import { allowedIntents } from "~/models/admin-intents";
import { deleteRedirectQuestion, REDIRECT_INTENTS, REDIRECT_STATUSES } from "~/models/redirects";
import { ADMIN_NO_STORE, backWithNotice, requireAdmin } from "~/services/admin/index.server";
import { ContentEditError, contentEditor } from "~/services/content/index.server";
import { adminIntents } from "~/utils/admin-action.server";
import { replyFor } from "~/utils/form";
import { pageNotFound, replyWith } from "~/utils/form.server";

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
  const allowed = allowedIntents(admin.role, REDIRECT_INTENTS);
  return json({ redirects, filter, editing, allowed, canEdit: allowed.save }, { headers: ADMIN_NO_STORE });
}

export async function action({ request }: ActionFunctionArgs) {
  const done = (message: string) => backWithNotice(request, "/admin/redirects", { tone: "success", message });
  return adminIntents(request, {
    permission: "content.view",
    intents: REDIRECT_INTENTS,
    questions: { delete: async ({ id }) => deleteRedirectQuestion(await contentEditor.getRedirect(id)) },
    handlers: {
      save: async ({ id, site, from, to, status }, { admin }) => {
        await contentEditor.saveRedirect(id ?? null, { site, from, to, status }, admin);
        return done(id ? `Redirect ${from} saved.` : `Redirect ${from} added.`);
      },
      delete: async ({ id }, { admin }) => {
        await contentEditor.deleteRedirect(id, admin);
        return done("Redirect deleted.");
      },
      import: async ({ site, csv }, { admin, submission }) => {
        const result = await contentEditor.importRedirects(site, csv, admin);
        if (!result.problems.length) return done(`Imported ${result.imported} redirect(s).`);
        // Every line to fix, by line, beside the pasted text (all or nothing: none was written).
        const lines = result.problems.map((problem) => `Line ${problem.line}: ${problem.message}`);
        return replyWith(submission, {
          fieldErrors: { csv: [`Nothing was imported: ${result.problems.length} line(s) need fixing.`, ...lines] },
        });
      },
    },
  });
}

const options = (values: readonly (string | number)[]) => values.map((v) => ({ value: String(v), label: String(v) }));

export default function AdminRedirects() {
  const { redirects, filter, editing, allowed } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const [saveForm, save] = useForm({
    id: `redirect-${editing?.id ?? "new"}`,
    lastResult: replyFor(data, "save"),
    defaultValue: editing
      ? {
          id: editing.id,
          site: editing.site,
          from: editing.fromPath,
          to: editing.toUrl,
          status: String(editing.status),
        }
      : { site: "ALL", status: "301" },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: REDIRECT_INTENTS.save.schema }),
  });
  const [importForm, imports] = useForm({
    id: "redirect-import",
    lastResult: replyFor(data, "import"),
    defaultValue: { site: "ALL" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: REDIRECT_INTENTS.import.schema }),
  });
  const deleted = replyFor(data, "delete");
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
      <FormError errors={deleted && !deleted.confirm ? (deleted.error?.[""] ?? undefined) : undefined} />
      <ConfirmPanel reply={deleted} />
      <AdminTableBox label="Redirects">
        <table className="admin-table">
          <caption>Redirects ({redirects.length})</caption>
          <thead>
            <tr>
              <th scope="col">Site</th>
              <th scope="col">From</th>
              <th scope="col">To</th>
              <th scope="col">Status</th>
              {allowed.save ? <th scope="col">Change</th> : null}
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
                {allowed.save ? (
                  <td className="admin-actions">
                    <Link to={`/admin/redirects?edit=${row.id}`} aria-label={`Edit ${row.site} ${row.fromPath}`}>
                      Edit
                    </Link>
                    {allowed.delete ? (
                      <Form method="post">
                        <input type="hidden" name="id" value={row.id} />
                        <button
                          type="submit"
                          name="intent"
                          value="delete"
                          className="button button--danger"
                          aria-label={`Delete ${row.site} ${row.fromPath}`}
                        >
                          Delete
                        </button>
                      </Form>
                    ) : null}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </AdminTableBox>
      {allowed.save ? (
        <section aria-labelledby="redirect-form">
          <h2 id="redirect-form">{editing ? `Edit ${editing.site} ${editing.fromPath}` : "Add a redirect"}</h2>
          <Form method="post" className="admin-form" {...getFormProps(saveForm)}>
            <FormError errors={saveForm.errors} id={saveForm.errorId} />
            {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
            <SelectField field={save.site} label="Site" options={options(SITES)} />
            <TextField field={save.from} label="From path" required />
            <TextField field={save.to} label="To (a path or an http(s) address)" required />
            <SelectField field={save.status} label="Status" options={options(REDIRECT_STATUSES)} />
            <p className="field__hint">An address starting with http(s) is external; a path stays in the shop.</p>
            <button type="submit" name="intent" value="save" className="button">
              {editing ? "Save redirect" : "Add redirect"}
            </button>
            {editing ? <Link to="/admin/redirects"> Cancel</Link> : null}
          </Form>
        </section>
      ) : null}
      {allowed.import ? (
        <section aria-labelledby="redirect-import">
          <h2 id="redirect-import">Import from CSV</h2>
          <p>
            One redirect per line: <code>from,to</code> or <code>from,to,status</code>. Nothing is imported unless every
            line is valid.
          </p>
          <Form method="post" className="admin-form" {...getFormProps(importForm)}>
            <FormError errors={importForm.errors} id={importForm.errorId} />
            <SelectField field={imports.site} label="Site" options={options(SITES)} />
            <div className="field">
              <label htmlFor={imports.csv.id}>Redirects (CSV)</label>
              <textarea {...getTextareaProps(imports.csv)} rows={10} className="admin-code" />
              {imports.csv.errors?.length ? (
                <ul id={imports.csv.errorId} className="field__error" data-testid="import-problems">
                  {imports.csv.errors.map((error) => (
                    <li key={error}>{error}</li>
                  ))}
                </ul>
              ) : (
                <FieldError field={imports.csv} />
              )}
            </div>
            <button type="submit" name="intent" value="import" className="button">
              Import
            </button>
          </Form>
        </section>
      ) : null}
    </>
  );
}
