// /admin/content/{id}: edit one entry validated by its type's schema, save it as a draft, preview,
// publish and unpublish it, and read or restore its history (docs/rules.md "Back office: content").
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminTableBox } from "~/components/admin/table-box";
import { can } from "~/models/admin-roles";
import { isContentType } from "~/models/content";
import {
  BANNER_TONES,
  bannerFieldOf,
  bannerRows,
  bannersFromForm,
  ENTRY_INTENT_PERMISSION,
  EntryActionSchema,
  hasForm,
  MAX_ENTRY_TITLE,
  parseEntryJson,
  validateEntryData,
  type BannerRow,
} from "~/models/content-editor";
import { ADMIN_NO_STORE, backWithNotice, requireAdmin } from "~/services/admin/index.server";
import { ContentEditError, contentEditor } from "~/services/content/index.server";
import { pageNotFound, readFormData } from "~/utils/form.server";
import { formatShopStamp } from "~/models/shop-time";
import { useShopTimeZone } from "~/utils/use-shop-time-zone";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.entry.title ?? "Content"} · Back office` },
  { name: "robots", content: "noindex" },
];

async function entryOr404(id: string | undefined) {
  try {
    return await contentEditor.getEntry(id ?? "");
  } catch (error) {
    if (error instanceof ContentEditError && error.status === 404)
      throw pageNotFound("There is no such content entry.");
    throw error;
  }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, "content.view");
  const entry = await entryOr404(params.id);
  const current = entry.draftData ?? entry.data;
  return json(
    {
      entry,
      current: { title: entry.draftTitle ?? entry.title, json: JSON.stringify(current, null, 2) },
      rows: hasForm(entry.type) ? bannerRows(current) : null,
      can: {
        edit: can(admin.role, "content.edit"),
        publish: can(admin.role, "content.publish"),
      },
    },
    { headers: ADMIN_NO_STORE },
  );
}

interface SaveReply {
  errors: Record<string, string>;
  messages: string[];
  title: string;
  json?: string;
  rows?: BannerRow[];
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request, "content.view");
  const form = await readFormData(request);
  const parsed = EntryActionSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return json({ message: "Unknown action." }, { status: 400, headers: ADMIN_NO_STORE });
  const input = parsed.data;
  const admin = await requireAdmin(request, ENTRY_INTENT_PERMISSION[input.intent]);
  const id = params.id ?? "";
  const here = `/admin/content/${id}`;
  const entry = await entryOr404(id);
  if (!isContentType(entry.type)) throw pageNotFound();
  try {
    switch (input.intent) {
      case "save": {
        const { title } = input;
        const get = (name: string) => {
          const value = form.get(name);
          return value === null ? null : String(value);
        };
        let result;
        let reply: Omit<SaveReply, "errors" | "messages">;
        if (input.mode === "form" && hasForm(entry.type)) {
          const count = Math.max(0, Math.min(Number(form.get("rows")) || 0, 60));
          const data = bannersFromForm(get, count);
          result = validateEntryData(entry.type, data);
          reply = { title, rows: bannerRows(data) };
          if (!result.ok) {
            result.errors = Object.fromEntries(Object.entries(result.errors).map(([k, v]) => [bannerFieldOf(k), v]));
          }
        } else {
          result = parseEntryJson(entry.type, input.data);
          reply = { title, json: input.data };
        }
        if (!result.ok) {
          return json({ ...reply, errors: result.errors, messages: result.messages } satisfies SaveReply, {
            status: 400,
            headers: ADMIN_NO_STORE,
          });
        }
        await contentEditor.saveDraft(id, { title, data: result.data }, admin);
        return backWithNotice(request, here, {
          tone: "success",
          message: "Draft saved. The shop shows it once published.",
        });
      }
      case "publish":
        await contentEditor.publish(id, admin);
        return backWithNotice(request, here, {
          tone: "success",
          message: "Published: the shop shows it within seconds.",
        });
      case "unpublish":
        await contentEditor.unpublish(id, admin);
        return backWithNotice(request, here, { tone: "success", message: "Unpublished: the shop no longer shows it." });
      case "restore":
        await contentEditor.restore(id, input.revisionId, admin);
        return backWithNotice(request, here, { tone: "success", message: "Revision restored as the draft." });
    }
  } catch (error) {
    if (error instanceof ContentEditError) {
      if (error.status === 404) throw pageNotFound(error.message);
      if (error.field === "title") {
        return json(
          {
            title: String(form.get("title") ?? ""),
            json: String(form.get("data") ?? ""),
            errors: { title: error.message },
            messages: [error.message],
          } satisfies SaveReply,
          { status: 400, headers: ADMIN_NO_STORE },
        );
      }
      return backWithNotice(request, here, { tone: "error", message: error.message });
    }
    throw error;
  }
}

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <span className="field__error" id={id}>
      {message}
    </span>
  ) : null;
}

const invalid = (id: string, message?: string) =>
  message ? { "aria-invalid": true as const, "aria-describedby": id } : {};

function BannerFields({ rows, errors }: { rows: BannerRow[]; errors: Record<string, string> }) {
  const all = [...rows, { id: "", text: "", linkText: "", linkUrl: "", tone: "info", starts_at: "", ends_at: "" }];
  const input = (i: number, name: keyof BannerRow, label: string, value: string, type = "text") => {
    const field = `items[${i}].${name}`;
    const errorId = `banner-${i}-${name}-error`;
    return (
      <p className="field">
        <label htmlFor={`banner-${i}-${name}`}>{label}</label>
        <input
          id={`banner-${i}-${name}`}
          name={field}
          type={type}
          defaultValue={value}
          {...invalid(errorId, errors[field])}
        />
        <FieldError id={errorId} message={errors[field]} />
      </p>
    );
  };
  return (
    <>
      <input type="hidden" name="mode" value="form" />
      <input type="hidden" name="rows" value={all.length} />
      {all.map((row, i) => {
        const isNew = i === rows.length;
        const toneError = errors[`items[${i}].tone`];
        return (
          <fieldset key={i} className="admin-fieldset">
            <legend>{isNew ? "Add a banner" : `Banner ${i + 1}: ${row.id}`}</legend>
            {input(i, "id", "Id", row.id)}
            {input(i, "text", "Text", row.text)}
            {input(i, "linkText", "Link text", row.linkText)}
            {input(i, "linkUrl", "Link address", row.linkUrl)}
            <p className="field">
              <label htmlFor={`banner-${i}-tone`}>Tone</label>
              <select
                id={`banner-${i}-tone`}
                name={`items[${i}].tone`}
                defaultValue={row.tone}
                {...invalid(`banner-${i}-tone-error`, toneError)}
              >
                {BANNER_TONES.map((tone) => (
                  <option key={tone}>{tone}</option>
                ))}
              </select>
              <FieldError id={`banner-${i}-tone-error`} message={toneError} />
            </p>
            {input(i, "starts_at", "Starts at (ISO time, optional)", row.starts_at)}
            {input(i, "ends_at", "Ends at (ISO time, optional)", row.ends_at)}
            {isNew ? null : (
              <p className="field field--checkbox">
                <input id={`banner-${i}-remove`} type="checkbox" name={`items[${i}].remove`} value="1" />
                <label htmlFor={`banner-${i}-remove`}>Remove this banner</label>
              </p>
            )}
          </fieldset>
        );
      })}
    </>
  );
}

export default function AdminContentEntry() {
  const { entry, current, rows, can: allowed } = useLoaderData<typeof loader>();
  const zone = useShopTimeZone();
  const reply = useActionData<typeof action>() as SaveReply | { message: string } | undefined;
  const saved = reply && "errors" in reply ? reply : undefined;
  const errors = saved?.errors ?? {};
  const title = saved?.title ?? current.title;
  const dataError = errors[""];
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
      <p>
        <Link to={`/admin/content/${entry.id}/preview`}>Preview the draft</Link>
      </p>
      {saved && saved.messages.length ? (
        <div className="notice notice--error" role="alert" id="save-errors">
          <p>The entry was not saved:</p>
          <ul>
            {saved.messages.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {allowed.edit ? (
        <Form method="post" aria-label="Edit entry">
          <input type="hidden" name="intent" value="save" />
          <p className="field">
            <label htmlFor="entry-title">Title</label>
            <input
              id="entry-title"
              name="title"
              required
              maxLength={MAX_ENTRY_TITLE}
              defaultValue={title}
              {...invalid("entry-title-error", errors.title)}
            />
            <FieldError id="entry-title-error" message={errors.title} />
          </p>
          {rows ? (
            <BannerFields rows={saved?.rows ?? rows} errors={errors} />
          ) : (
            <p className="field">
              <label htmlFor="entry-data">Data (JSON, checked against the {entry.type} schema)</label>
              <textarea
                id="entry-data"
                name="data"
                rows={24}
                className="admin-code"
                defaultValue={saved?.json ?? current.json}
                {...(saved && saved.messages.length && !errors.title
                  ? { "aria-invalid": true as const, "aria-describedby": "entry-data-error" }
                  : {})}
              />
              {saved && saved.messages.length && !errors.title ? (
                <span className="field__error" id="entry-data-error">
                  {dataError ?? saved.messages.join("; ")}
                </span>
              ) : null}
            </p>
          )}
          <button type="submit" className="button">
            Save draft
          </button>
        </Form>
      ) : (
        <pre className="admin-pre">{current.json}</pre>
      )}
      {allowed.publish ? (
        <div className="admin-actions">
          <Form method="post">
            <input type="hidden" name="intent" value="publish" />
            <button type="submit" className="button">
              Publish
            </button>
          </Form>
          {entry.status === "published" ? (
            <Form method="post">
              <input type="hidden" name="intent" value="unpublish" />
              <button type="submit" className="button button--secondary">
                Unpublish
              </button>
            </Form>
          ) : null}
        </div>
      ) : null}
      <section aria-labelledby="history">
        <h2 id="history">History</h2>
        <AdminTableBox label="Revisions, newest first">
          <table className="admin-table">
            <caption>Revisions, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Action</th>
                <th scope="col">Title</th>
                {allowed.edit ? <th scope="col">Restore</th> : null}
              </tr>
            </thead>
            <tbody>
              {entry.revisions.map((revision) => (
                <tr key={revision.id}>
                  <td>
                    <time dateTime={revision.createdAt}>{formatShopStamp(revision.createdAt, zone, true)}</time>
                  </td>
                  <td>{revision.actorEmail ?? "—"}</td>
                  <td>{revision.action}</td>
                  <td>{revision.title}</td>
                  {allowed.edit ? (
                    <td>
                      <Form method="post">
                        <input type="hidden" name="intent" value="restore" />
                        <input type="hidden" name="revisionId" value={revision.id} />
                        <button
                          type="submit"
                          className="button button--secondary"
                          aria-label={`Restore the revision of ${revision.createdAt}`}
                        >
                          Restore
                        </button>
                      </Form>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </AdminTableBox>
      </section>
    </>
  );
}
