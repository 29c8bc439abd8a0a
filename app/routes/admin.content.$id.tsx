// /admin/content/{id}: edit one entry through fields made from its type's schema (or, for
// experts, its JSON), save it as a draft, preview, publish, unpublish it, and read or restore
// its history (docs/rules.md "Back office: content"). The actions are `ENTRY_INTENTS`
// (app/models/content-editor.ts), run by `adminIntents`; unpublish and restore ask first.
import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmPanel } from "~/components/admin/confirm";
import { EntryFields } from "~/components/admin/entry-fields";
import { EntryHistory } from "~/components/admin/entry-history";
import { FieldError, FormError, TextField } from "~/components/form-field";
import { allowedIntents } from "~/models/admin-intents";
import { isContentType, type ContentType } from "~/models/content";
import {
  ENTRY_INTENTS,
  parseEntryJson,
  type ListOp,
  restoreQuestion,
  unpublishQuestion,
  validateEntryData,
} from "~/models/content-editor";
import {
  applyListOp,
  entryDataOf,
  entryFields,
  formFieldOf,
  formValuesOf,
  ListTargetSchema,
} from "~/models/content-fields";
import { ADMIN_NO_STORE, backWithNotice, requireAdmin } from "~/services/admin/index.server";
import { ContentEditError, contentEditor } from "~/services/content/index.server";
import { shopTimeZone } from "~/services/site/index.server";
import { adminIntents, type IntentContext } from "~/utils/admin-action.server";
import { replyFor } from "~/utils/form";
import { pageNotFound, replyWith } from "~/utils/form.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.entry.title ?? "Content"} · Back office` },
  { name: "robots", content: "noindex" },
];

async function entryOr404(id: string | undefined) {
  const entry = await contentEditor.getEntry(id ?? "").catch((error) => {
    if (error instanceof ContentEditError && error.status === 404) throw pageNotFound(error.message);
    throw error;
  });
  if (!isContentType(entry.type)) throw pageNotFound();
  return { ...entry, type: entry.type as ContentType };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, "content.view");
  const entry = await entryOr404(params.id);
  const current = entry.draftData ?? entry.data;
  const assets = (await contentEditor.listAssets()).map(({ id, alt }) => ({ id, alt }));
  return json(
    {
      entry,
      zone: shopTimeZone(),
      view: new URL(request.url).searchParams.get("view") === "json" ? ("json" as const) : ("fields" as const),
      fields: entryFields(entry.type),
      values: {
        title: entry.draftTitle ?? entry.title,
        data: formValuesOf(entry.type, current, shopTimeZone()),
        json: JSON.stringify(current, null, 2),
      },
      assets,
      allowed: allowedIntents(admin.role, ENTRY_INTENTS),
    },
    { headers: ADMIN_NO_STORE },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const id = params.id ?? "";
  const done = (message: string) => backWithNotice(request, `/admin/content/${id}`, { tone: "success", message });
  // Without JavaScript a list button posts the form as typed; it comes back with the list changed.
  const listOp =
    (op: ListOp) =>
    async (_input: unknown, { submission }: IntentContext) => {
      const target = ListTargetSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
      if (!target.success) throw new ContentEditError("Unknown list. Reload the page and try again.", 400);
      const values = applyListOp(submission.payload, op, target.data) as Record<string, string>;
      const changed = { status: "success" as const, payload: values };
      return replyWith({ ...changed, reply: () => ({ ...changed, initialValue: values }) }, { form: "save" });
    };
  return adminIntents(request, {
    permission: "content.view",
    intents: ENTRY_INTENTS,
    questions: {
      unpublish: async () => unpublishQuestion(await entryOr404(id)),
      restore: async ({ revisionId }) => {
        const entry = await entryOr404(id);
        const revision = entry.revisions.find((r) => r.id === revisionId);
        if (!revision) throw new ContentEditError("There is no such revision of this entry.", 404);
        return restoreQuestion(entry, revision);
      },
    },
    handlers: {
      save: async (input, { admin, submission }) => {
        const { type } = await entryOr404(id);
        if (input.mode === "json") {
          const parsed = parseEntryJson(type, input.json ?? "");
          if (!parsed.ok) return replyWith(submission, { fieldErrors: { json: parsed.messages } });
          await contentEditor.saveDraft(id, { title: input.title, data: parsed.data }, admin);
          return done("Draft saved. The shop shows it once published.");
        }
        const { data, problems } = entryDataOf(type, input.data, shopTimeZone());
        const checked = validateEntryData(type, data);
        const errors = { ...(checked.ok ? {} : checked.errors), ...problems };
        if (!checked.ok || Object.keys(problems).length) {
          return replyWith(submission, {
            formErrors: ["The entry was not saved: fix the fields marked below."],
            fieldErrors: Object.fromEntries(
              Object.entries(errors).map(([path, message]) => [formFieldOf(path), [message]]),
            ),
          });
        }
        await contentEditor.saveDraft(id, { title: input.title, data: checked.data }, admin);
        return done("Draft saved. The shop shows it once published.");
      },
      "list-add": listOp("list-add"),
      "list-remove": listOp("list-remove"),
      "list-up": listOp("list-up"),
      publish: async (_input, { admin }) => {
        await contentEditor.publish(id, admin);
        return done("Published: the shop shows it within seconds.");
      },
      unpublish: async (_input, { admin }) => {
        await contentEditor.unpublish(id, admin);
        return done("Unpublished: the shop no longer shows it.");
      },
      restore: async ({ revisionId }, { admin }) => {
        await contentEditor.restore(id, revisionId, admin);
        return done("Revision restored as the draft.");
      },
    },
  });
}

export default function AdminContentEntry() {
  const { entry, zone, view, fields, values, assets, allowed } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const here = `/admin/content/${entry.id}`;
  const [form, formFields] = useForm({
    id: `entry-${entry.id}-${view}`,
    lastResult: replyFor(data, "save"),
    defaultValue: values,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ENTRY_INTENTS.save.schema }),
  });
  const refused = (["publish", "unpublish", "restore"] as const).map((intent) => replyFor(data, intent)).find(Boolean);
  return (
    <>
      <p>
        <Link to="/admin/content">All content</Link>
      </p>
      <h1>{entry.title}</h1>
      <dl className="admin-facts">
        <dt>Type</dt>
        <dd>{entry.type}</dd>
        <dt>Site</dt>
        <dd>{entry.site}</dd>
        <dt>Key</dt>
        <dd>{entry.key}</dd>
        <dt>Status</dt>
        <dd data-testid="entry-status">{entry.status}</dd>
        <dt>Draft</dt>
        <dd data-testid="entry-draft">{entry.draftPending ? "Unpublished changes pending" : "None"}</dd>
      </dl>
      <p className="admin-actions">
        <Link to={`${here}/preview`}>Preview the draft</Link>
        {view === "json" ? <Link to={here}>Edit with fields</Link> : <Link to={`${here}?view=json`}>Edit as JSON</Link>}
      </p>
      {allowed.save ? (
        <Form method="post" action={here} aria-label="Edit entry" className="admin-form" {...getFormProps(form)}>
          <FormError errors={form.errors} id={form.errorId} />
          <TextField field={formFields.title} label="Title" required />
          <input type="hidden" name="mode" value={view} />
          <p className="admin-actions">
            <button type="submit" name="intent" value="save" className="button">
              Save draft
            </button>
          </p>
          {view === "json" ? (
            <div className="field">
              <label htmlFor={formFields.json.id}>Data (JSON, checked against the {entry.type} schema)</label>
              <textarea {...getTextareaProps(formFields.json)} rows={24} className="admin-code" />
              <FieldError field={formFields.json} />
            </div>
          ) : (
            <EntryFields fields={fields} meta={formFields.data} ctx={{ form, assets, zone, action: here }} />
          )}
        </Form>
      ) : (
        <pre className="admin-pre">{values.json}</pre>
      )}
      {allowed.publish ? (
        <section aria-label="Publishing" className="admin-actions">
          <FormError
            errors={
              refused && !refused.confirm ? Object.values(refused.error ?? {}).flatMap((errors) => errors ?? []) : []
            }
          />
          <ConfirmPanel reply={replyFor(data, "unpublish")} />
          <Form method="post">
            <button type="submit" name="intent" value="publish" className="button">
              Publish
            </button>
          </Form>
          {entry.status === "published" ? (
            <Form method="post">
              <button type="submit" name="intent" value="unpublish" className="button button--danger">
                Unpublish
              </button>
            </Form>
          ) : null}
        </section>
      ) : null}
      <section aria-labelledby="history">
        <h2 id="history">History</h2>
        <ConfirmPanel reply={replyFor(data, "restore")} />
        <EntryHistory revisions={entry.revisions} canRestore={allowed.restore} />
      </section>
    </>
  );
}
