// "Notify me when it's back" (docs/rules.md "Back in stock"): the buy box of an out-of-stock
// variant. A signed-in shopper asks in one click (the server takes the account's address from
// the session); a guest types an email. A plain form post to the product page's action without
// JavaScript (the page comes back with the answer in place); with it, the same form through a
// fetcher. The product view loads this component in a chunk of its own, so conform stays out of
// the page's scripts (docs/rules.md "Client JavaScript budget").
import { getFormProps, useForm } from "@conform-to/react";
import { useActionData, useFetcher, useRouteLoaderData } from "@remix-run/react";
import { FormError, TextField } from "./form-field";
import { HoneypotInputs } from "./honeypot-inputs";
import { NOTIFY_ME_INTENT } from "~/models/notify-me";
import { replyFor, type ActionReply } from "~/utils/form";

export function NotifyMe({ variantId }: { variantId: string }) {
  const root = useRouteLoaderData("root") as { account?: { firstName: string } | null } | undefined;
  const signedIn = Boolean(root?.account);
  const fetcher = useFetcher<ActionReply>({ key: `notify-me-${variantId}` });
  const actionData = useActionData();
  // The answer for this variant: the fetcher's, or the page's after a post without JavaScript.
  const lastResult =
    replyFor(fetcher.data, NOTIFY_ME_INTENT, variantId) ?? replyFor(actionData, NOTIFY_ME_INTENT, variantId);
  const [form, fields] = useForm<{ email: string }>({
    id: `notify-me-${variantId}`,
    lastResult,
    // The server judges the address (no zod in the browser); the field is still marked required.
    constraint: { email: { required: true } },
  });
  if (lastResult?.status === "success" && lastResult.notice) {
    return (
      <p className="notify-me notify-me--done" role="status" data-testid="notify-me-done">
        {lastResult.notice.message}
      </p>
    );
  }
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" {...getFormProps(form)} noValidate className="notify-me">
      <input type="hidden" name="intent" value={NOTIFY_ME_INTENT} />
      <input type="hidden" name="variantId" value={variantId} />
      <HoneypotInputs />
      <FormError errors={form.errors} id={form.errorId} />
      {signedIn ? null : (
        <TextField field={fields.email} label="Email me when it's back" type="email" autoComplete="email" />
      )}
      <button type="submit" className="button button--primary button--large" disabled={busy}>
        {busy ? "Saving…" : "Notify me when it's back"}
      </button>
    </fetcher.Form>
  );
}
