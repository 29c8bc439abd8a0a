// The confirmation step of a destructive or money-moving back-office action
// (docs/rules.md "Back office: one form contract"). The first post changes nothing and answers
// the question (`confirm` of the reply, from `adminIntents`); this panel shows it beside the
// form that asked, with a destructive button that posts the same fields again with
// `confirmed=yes`, and a way back. It is a plain form, so it works without JavaScript; with
// JavaScript the focus moves to the question.
import { Form, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { CONFIRMED_FIELD, CONFIRMED_VALUE } from "~/models/admin-intents";
import type { ActionReply } from "~/utils/form";

export function ConfirmPanel({ reply }: { reply: ActionReply | undefined }) {
  const location = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  const confirm = reply?.confirm;
  useEffect(() => {
    if (confirm) heading.current?.focus();
  }, [confirm]);
  if (!confirm) return null;
  const id = `confirm-${reply.form}${reply.target ? `-${reply.target}` : ""}`;
  return (
    <section className="admin-confirm" aria-labelledby={id}>
      <h2 id={id} tabIndex={-1} ref={heading} className="admin-confirm__question">
        {confirm.question}
      </h2>
      <Form method="post" className="admin-confirm__actions">
        {confirm.fields.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name={CONFIRMED_FIELD} value={CONFIRMED_VALUE} />
        <button type="submit" className="button button--danger">
          {confirm.label}
        </button>
        <a href={`${location.pathname}${location.search}`} className="button">
          Keep it as it is
        </a>
      </Form>
    </section>
  );
}
