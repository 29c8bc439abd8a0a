// The email outbox for developers (issue 5 "Email"): every message the outbox
// transport stored, newest first. Only in development, or with DEV_OUTBOX=true;
// everywhere else it does not exist.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { prisma } from "~/db.server";
import { devOutboxOpen } from "~/env.server";

export const meta: MetaFunction = () => [{ title: "Outbox" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  if (!devOutboxOpen()) throw new Response("Not Found", { status: 404 });
  const id = new URL(request.url).searchParams.get("id");
  const [messages, selected] = await Promise.all([
    prisma.emailMessage.findMany({
      orderBy: { createdAt: "desc" },
      take: 50,
      select: { id: true, to: true, subject: true, template: true, createdAt: true },
    }),
    id ? prisma.emailMessage.findUnique({ where: { id } }) : null,
  ]);
  return json({ messages, selected });
}

export default function Outbox() {
  const { messages, selected } = useLoaderData<typeof loader>();
  return (
    <div className="container">
      <h1>Outbox</h1>
      <p>The last 50 messages the shop sent with the outbox transport.</p>
      {selected ? (
        <article className="checkout-summary">
          <h2>{selected.subject}</h2>
          <p>
            To {selected.to} · {selected.template ?? "message"} · {new Date(selected.createdAt).toLocaleString()}
          </p>
          <pre style={{ whiteSpace: "pre-wrap" }}>{selected.text}</pre>
        </article>
      ) : null}
      <table>
        <thead>
          <tr>
            <th scope="col">Sent</th>
            <th scope="col">To</th>
            <th scope="col">Subject</th>
            <th scope="col">Kind</th>
          </tr>
        </thead>
        <tbody>
          {messages.map((m) => (
            <tr key={m.id}>
              <td>{new Date(m.createdAt).toLocaleString()}</td>
              <td>{m.to}</td>
              <td>
                <Link to={`?id=${m.id}`}>{m.subject}</Link>
              </td>
              <td>{m.template}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
