// /admin/content: the content entries by type, site and status, whether a draft is pending, and a
// new entry of the types where one makes sense (docs/rules.md "Back office: content").
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminTableBox } from "~/components/admin/table-box";
import { can } from "~/models/admin-roles";
import { CONTENT_SCHEMAS, CONTENT_SITES, CONTENT_STATUSES } from "~/models/content";
import { ContentListFilterSchema, CREATABLE_TYPES, MAX_ENTRY_TITLE, NewEntrySchema } from "~/models/content-editor";
import { formatIssuePath } from "~/models/content-editor";
import { ADMIN_NO_STORE, requireAdmin } from "~/services/admin/index.server";
import { ContentEditError, contentEditor } from "~/services/content/index.server";
import { readFormData } from "~/utils/form.server";

export const meta: MetaFunction = () => [{ title: "Content · Back office" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, "content.view");
  const search = Object.fromEntries(new URL(request.url).searchParams);
  const filter = ContentListFilterSchema.parse(search);
  const entries = await contentEditor.listEntries(filter);
  return json({ entries, filter, canCreate: can(admin.role, "content.edit") }, { headers: ADMIN_NO_STORE });
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "content.edit");
  const form = await readFormData(request);
  const fields = Object.fromEntries([...form].map(([k, v]) => [k, String(v)]));
  const parsed = NewEntrySchema.safeParse(fields);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[formatIssuePath(issue.path)] ??= issue.message;
    return json({ errors, fields }, { status: 400, headers: ADMIN_NO_STORE });
  }
  try {
    const id = await contentEditor.createEntry(parsed.data, admin);
    return redirect(`/admin/content/${id}`, { headers: ADMIN_NO_STORE });
  } catch (error) {
    if (error instanceof ContentEditError) {
      return json(
        { errors: { [error.field ?? "title"]: error.message }, fields },
        { status: error.status, headers: ADMIN_NO_STORE },
      );
    }
    throw error;
  }
}

const TYPES = Object.keys(CONTENT_SCHEMAS);

export default function AdminContent() {
  const { entries, filter, canCreate } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const errors: Record<string, string> = reply?.errors ?? {};
  const fieldProps = (name: string) =>
    errors[name] ? { "aria-invalid": true as const, "aria-describedby": `new-${name}-error` } : {};
  const errorOf = (name: string) =>
    errors[name] ? (
      <span className="field__error" id={`new-${name}-error`}>
        {errors[name]}
      </span>
    ) : null;
  return (
    <>
      <h1>Content</h1>
      <Form method="get" className="admin-filters" aria-label="Filter content">
        <p className="field">
          <label htmlFor="filter-type">Type</label>
          <select id="filter-type" name="type" defaultValue={filter.type ?? ""}>
            <option value="">All types</option>
            {TYPES.map((type) => (
              <option key={type}>{type}</option>
            ))}
          </select>
        </p>
        <p className="field">
          <label htmlFor="filter-site">Site</label>
          <select id="filter-site" name="site" defaultValue={filter.site ?? ""}>
            <option value="">All sites</option>
            {CONTENT_SITES.map((site) => (
              <option key={site}>{site}</option>
            ))}
          </select>
        </p>
        <p className="field">
          <label htmlFor="filter-status">Status</label>
          <select id="filter-status" name="status" defaultValue={filter.status ?? ""}>
            <option value="">Any status</option>
            {CONTENT_STATUSES.map((status) => (
              <option key={status}>{status}</option>
            ))}
          </select>
        </p>
        <button type="submit" className="button">
          Filter
        </button>
      </Form>
      <AdminTableBox label="Content entries">
        <table className="admin-table">
          <caption>Content entries ({entries.length})</caption>
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">Type</th>
              <th scope="col">Site</th>
              <th scope="col">Key</th>
              <th scope="col">Status</th>
              <th scope="col">Draft</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td>
                  <Link to={`/admin/content/${entry.id}`}>{entry.title}</Link>
                </td>
                <td>{entry.type}</td>
                <td>{entry.site}</td>
                <td>{entry.key}</td>
                <td>{entry.status}</td>
                <td>{entry.draftPending ? "Draft pending" : "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </AdminTableBox>
      {canCreate ? (
        <section aria-labelledby="new-entry">
          <h2 id="new-entry">New entry</h2>
          <p>
            A new entry starts unpublished. Banners have one entry per site, named by their type; a page needs a slug.
          </p>
          <Form method="post">
            <p className="field">
              <label htmlFor="new-type">Type</label>
              <select id="new-type" name="type" defaultValue={reply?.fields.type ?? "page"} {...fieldProps("type")}>
                {Object.keys(CREATABLE_TYPES).map((type) => (
                  <option key={type}>{type}</option>
                ))}
              </select>
              {errorOf("type")}
            </p>
            <p className="field">
              <label htmlFor="new-site">Site</label>
              <select id="new-site" name="site" defaultValue={reply?.fields.site ?? "ALL"} {...fieldProps("site")}>
                {CONTENT_SITES.map((site) => (
                  <option key={site}>{site}</option>
                ))}
              </select>
              {errorOf("site")}
            </p>
            <p className="field">
              <label htmlFor="new-title">Title</label>
              <input
                id="new-title"
                name="title"
                required
                maxLength={MAX_ENTRY_TITLE}
                defaultValue={reply?.fields.title ?? ""}
                {...fieldProps("title")}
              />
              {errorOf("title")}
            </p>
            <p className="field">
              <label htmlFor="new-key">Slug (pages only)</label>
              <input id="new-key" name="key" defaultValue={reply?.fields.key ?? ""} {...fieldProps("key")} />
              {errorOf("key")}
            </p>
            <button type="submit" className="button">
              Create entry
            </button>
          </Form>
        </section>
      ) : null}
    </>
  );
}
