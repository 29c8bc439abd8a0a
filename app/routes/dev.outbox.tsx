// The outbox for developers (docs/rules.md "Outbox"): the newest
// messages of every topic with their delivery state (status, tries, next attempt,
// last error, sent time), and an email's content. Only in development, or with
// DEV_OUTBOX=true; everywhere else it does not exist.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { devOutboxOpen } from "~/env.server";
import { OUTBOX_PAGE_SIZE, OUTBOX_STATUSES } from "~/models/admin-outbox";
import { readEmail } from "~/services/email/index.server";
import { outbox } from "~/services/outbox/index.server";
import { pageNotFound } from "~/utils/form.server";
import { formatShopStamp } from "~/models/shop-time";
import { useShopTimeZone } from "~/utils/use-shop-time-zone";

export const meta: MetaFunction = () => [{ title: "Outbox" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  if (!devOutboxOpen()) throw pageNotFound();
  const params = new URL(request.url).searchParams;
  const id = params.get("id");
  const status = OUTBOX_STATUSES.find((s) => s === params.get("status")) ?? null;
  const [{ messages }, selected] = await Promise.all([
    outbox.list({ status: status ?? undefined, page: 1 }),
    id ? readEmail(id) : null,
  ]);
  return json({ messages, selected, status }, { headers: { "Cache-Control": "private, no-store" } });
}

/** A time in the shop's time zone, the same on the server and in the browser. */
function When({ at }: { at: string | null }) {
  const zone = useShopTimeZone();
  if (!at) return <>–</>;
  return <time dateTime={at}>{formatShopStamp(at, zone, true)}</time>;
}

export default function Outbox() {
  const { messages, selected, status } = useLoaderData<typeof loader>();
  return (
    <div className="container">
      <h1>Outbox</h1>
      <p>
        Every message the shop has to deliver (emails, …), newest first. A message is written with the event that causes
        it and delivered by the outbox job: retried with backoff, marked failed after its last try.
      </p>
      <nav aria-label="Filter by status">
        <ul style={{ display: "flex", gap: "1rem", listStyle: "none", padding: 0 }}>
          <li>
            <Link to="." aria-current={status === null ? "page" : undefined}>
              All
            </Link>
          </li>
          {OUTBOX_STATUSES.map((s) => (
            <li key={s}>
              <Link to={`?status=${s}`} aria-current={status === s ? "page" : undefined}>
                {s}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {selected ? (
        <article className="checkout-summary" aria-labelledby="outbox-selected">
          <h2 id="outbox-selected">{selected.subject}</h2>
          <dl>
            <dt>To</dt>
            <dd>{selected.to}</dd>
            <dt>From</dt>
            <dd>{selected.from}</dd>
            {selected.replyTo ? (
              <>
                <dt>Reply to</dt>
                <dd>{selected.replyTo}</dd>
              </>
            ) : null}
            <dt>Kind</dt>
            <dd>{selected.template ?? "message"}</dd>
            <dt>Written</dt>
            <dd>
              <When at={selected.createdAt} />
            </dd>
            <dt>Status</dt>
            <dd>{selected.outboxMessage?.status ?? "not in the outbox"}</dd>
          </dl>
          <pre style={{ whiteSpace: "pre-wrap" }}>{selected.text}</pre>
        </article>
      ) : null}
      <table>
        <caption>
          {status ? `The last ${OUTBOX_PAGE_SIZE} ${status} messages` : `The last ${OUTBOX_PAGE_SIZE} messages`}
        </caption>
        <thead>
          <tr>
            <th scope="col">Written</th>
            <th scope="col">Topic</th>
            <th scope="col">To</th>
            <th scope="col">Subject</th>
            <th scope="col">Status</th>
            <th scope="col">Tries</th>
            <th scope="col">Next attempt</th>
            <th scope="col">Last error</th>
            <th scope="col">Sent</th>
          </tr>
        </thead>
        <tbody>
          {messages.map((m) => (
            <tr key={m.id}>
              <td>
                <When at={m.createdAt} />
              </td>
              <td>{m.topic}</td>
              <td>{m.email?.to ?? "–"}</td>
              <td>{m.email ? <Link to={`?id=${encodeURIComponent(m.email.id)}`}>{m.email.subject}</Link> : "–"}</td>
              <td>{m.status}</td>
              <td>{m.tries}</td>
              <td>{m.status === "queued" ? <When at={m.nextAttemptAt} /> : "–"}</td>
              <td>{m.lastError ?? "–"}</td>
              <td>
                <When at={m.sentAt} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {messages.length === 0 ? <p>No messages.</p> : null}
    </div>
  );
}
