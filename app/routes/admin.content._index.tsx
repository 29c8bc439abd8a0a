// /admin/content: the content entries by type, site and status (a badge each, and the counts),
// and a new entry of the types where one makes sense (docs/rules.md "Back office: content"). The
// one action is `CONTENT_LIST_INTENTS` (app/models/content-editor.ts), run by `adminIntents`.
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminTableBox } from "~/components/admin/table-box";
import { FormError, SelectField, TextField } from "~/components/form-field";
import { allowedIntents } from "~/models/admin-intents";
import { CONTENT_SCHEMAS, CONTENT_SITES, CONTENT_STATUSES } from "~/models/content";
import {
  CONTENT_LIST_INTENTS,
  ContentListFilterSchema,
  CREATABLE_TYPES,
  NewEntrySchema,
  statusBadge,
  statusCounts,
} from "~/models/content-editor";
import { ADMIN_NO_STORE, requireAdmin } from "~/services/admin/index.server";
import { contentEditor } from "~/services/content/index.server";
import { adminIntents } from "~/utils/admin-action.server";
import { replyFor } from "~/utils/form";
import { replyWith } from "~/utils/form.server";

export const meta: MetaFunction = () => [{ title: "Content · Back office" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, "content.view");
  const search = Object.fromEntries(new URL(request.url).searchParams);
  const filter = ContentListFilterSchema.parse(search);
  const entries = await contentEditor.listEntries(filter);
  return json(
    { entries, filter, counts: statusCounts(entries), allowed: allowedIntents(admin.role, CONTENT_LIST_INTENTS) },
    { headers: ADMIN_NO_STORE },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  return adminIntents(request, {
    permission: "content.view",
    intents: CONTENT_LIST_INTENTS,
    handlers: {
      create: async (input, { admin, submission }) => {
        // The slug rule (a page needs one; a banner entry is named by its type) is the model's.
        const parsed = NewEntrySchema.safeParse(input);
        if (!parsed.success) {
          const fieldErrors: Record<string, string[]> = {};
          for (const issue of parsed.error.issues)
            (fieldErrors[String(issue.path[0] ?? "")] ??= []).push(issue.message);
          return replyWith(submission, { fieldErrors });
        }
        const id = await contentEditor.createEntry(parsed.data, admin);
        return redirect(`/admin/content/${id}`, { headers: ADMIN_NO_STORE });
      },
    },
  });
}

const TYPES = Object.keys(CONTENT_SCHEMAS);
const option = (value: string) => ({ value, label: value });

export default function AdminContent() {
  const { entries, filter, counts, allowed } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "new-entry",
    lastResult: replyFor(data, "create"),
    defaultValue: { type: "page", site: "ALL" },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CONTENT_LIST_INTENTS.create.schema }),
  });
  return (
    <>
      <h1>Content</h1>
      <p data-testid="content-counts">
        {CONTENT_STATUSES.map((status) => `${counts[status]} ${status}`).join(", ")} ({entries.length} shown)
      </p>
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
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => {
              const badge = statusBadge(entry);
              return (
                <tr key={entry.id}>
                  <td>
                    <Link to={`/admin/content/${entry.id}`}>{entry.title}</Link>
                  </td>
                  <td>{entry.type}</td>
                  <td>{entry.site}</td>
                  <td>{entry.key}</td>
                  <td>
                    <span className={`admin-badge admin-badge--${badge.tone}`}>{badge.label}</span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </AdminTableBox>
      {allowed.create ? (
        <section aria-labelledby="new-entry-heading">
          <h2 id="new-entry-heading">New entry</h2>
          <p>
            A new entry starts unpublished. Banners have one entry per site, named by their type; a page needs a slug.
          </p>
          <Form method="post" className="admin-form" {...getFormProps(form)}>
            <FormError errors={form.errors} id={form.errorId} />
            <SelectField field={fields.type} label="Type" options={Object.keys(CREATABLE_TYPES).map(option)} />
            <SelectField field={fields.site} label="Site" options={CONTENT_SITES.map(option)} />
            <TextField field={fields.title} label="Title" required />
            <TextField field={fields.key} label="Slug (pages only)" required={false} />
            <button type="submit" name="intent" value="create" className="button">
              Create entry
            </button>
          </Form>
        </section>
      ) : null}
    </>
  );
}
