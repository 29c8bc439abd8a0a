// /admin/outbox: the outbox's messages by status and topic, and Retry of a failed one
// (docs/rules.md "Back office: outbox"): `OUTBOX_INTENTS` run by `adminIntents`; the outbox
// service retries and audits.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { AdminPager } from "~/components/admin/pager";
import { AdminTableBox } from "~/components/admin/table-box";
import { FormError } from "~/components/form-field";
import { allowedIntents } from "~/models/admin-intents";
import { pageCount } from "~/models/admin-customers";
import { ADMIN_NO_STORE, backWithNotice, requireAdmin } from "~/services/admin/index.server";
import { OUTBOX_INTENTS, OUTBOX_PAGE_SIZE, OUTBOX_STATUSES } from "~/models/admin-outbox";
import { outbox } from "~/services/outbox/index.server";
import { adminIntents } from "~/utils/admin-action.server";
import { replyFor } from "~/utils/form";
import { formatShopStamp } from "~/models/shop-time";
import { useShopTimeZone } from "~/utils/use-shop-time-zone";

export const meta: MetaFunction = () => [
  { title: "Email outbox · Back office" },
  { name: "robots", content: "noindex" },
];

const FilterSchema = z.object({
  status: z.enum(OUTBOX_STATUSES).optional().catch(undefined),
  topic: z
    .string()
    .trim()
    .max(100)
    .optional()
    .catch(undefined)
    .transform((v) => v || undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, "outbox.view");
  const filter = FilterSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const list = await outbox.list(filter);
  return json(
    { filter, ...list, canRetry: allowedIntents(admin.role, OUTBOX_INTENTS).retry },
    { headers: ADMIN_NO_STORE },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const back = `/admin/outbox${new URL(request.url).search}`;
  return adminIntents(request, {
    permission: "outbox.view",
    intents: OUTBOX_INTENTS,
    handlers: {
      retry: async ({ messageId }, { admin }) => {
        await outbox.retry(messageId, admin);
        return backWithNotice(request, back, { tone: "success", message: "The message is queued again." });
      },
    },
  });
}

export default function AdminOutbox() {
  const { filter, messages, total, page, counts, topics, canRetry } = useLoaderData<typeof loader>();
  const zone = useShopTimeZone();
  const time = (iso: string | null) => (iso ? formatShopStamp(iso, zone) : "—");
  const pages = pageCount(total, OUTBOX_PAGE_SIZE);
  // A refused retry (not failed any more, gone) shows above the table.
  const refused = replyFor(useActionData<typeof action>(), "retry");
  const errors = refused ? Object.values(refused.error ?? {}).flatMap((messages) => messages ?? []) : [];
  const query = (to: number) => {
    const params = new URLSearchParams();
    if (filter.status) params.set("status", filter.status);
    if (filter.topic) params.set("topic", filter.topic);
    params.set("page", String(to));
    return `?${params}`;
  };
  return (
    <>
      <h1>Email outbox</h1>
      <p>{OUTBOX_STATUSES.map((status) => `${status}: ${counts[status]}`).join(" · ")}</p>
      <Form method="get" className="admin-filters">
        <p className="field">
          <label htmlFor="outbox-status">Status</label>
          <select id="outbox-status" name="status" defaultValue={filter.status ?? ""}>
            <option value="">Any status</option>
            {OUTBOX_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </p>
        <p className="field">
          <label htmlFor="outbox-topic">Topic</label>
          <select id="outbox-topic" name="topic" defaultValue={filter.topic ?? ""}>
            <option value="">Any topic</option>
            {topics.map((topic) => (
              <option key={topic} value={topic}>
                {topic}
              </option>
            ))}
          </select>
        </p>
        <button type="submit" className="button">
          Filter
        </button>
      </Form>
      <FormError errors={errors} />
      <AdminTableBox label="Messages">
        <table className="admin-table">
          <caption>Messages, newest first ({total})</caption>
          <thead>
            <tr>
              <th scope="col">Message</th>
              <th scope="col">Status</th>
              <th scope="col">Tries</th>
              <th scope="col">Last error</th>
              <th scope="col">Next attempt</th>
              {canRetry ? <th scope="col">Action</th> : null}
            </tr>
          </thead>
          <tbody>
            {messages.length === 0 ? (
              <tr>
                <td colSpan={canRetry ? 6 : 5}>No messages.</td>
              </tr>
            ) : null}
            {messages.map((message) => (
              <tr key={message.id}>
                <td>
                  {message.topic}
                  {message.email ? (
                    <>
                      <br />“{message.email.subject}” to {message.email.to}
                    </>
                  ) : null}
                  <br />
                  Written {time(message.createdAt)}
                </td>
                <td>{message.status}</td>
                <td>{message.tries}</td>
                <td>{message.lastError ?? "—"}</td>
                <td>
                  {message.status === "queued"
                    ? time(message.nextAttemptAt)
                    : message.status === "sent"
                      ? `Sent ${time(message.sentAt)}`
                      : "—"}
                </td>
                {canRetry ? (
                  <td>
                    {message.status === "failed" ? (
                      <Form method="post">
                        <input type="hidden" name="messageId" value={message.id} />
                        <button type="submit" name="intent" value="retry" className="button">
                          Retry
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
      <AdminPager page={page} pages={pages} hrefOf={query} />
    </>
  );
}
