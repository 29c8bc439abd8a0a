// The sign-in form (conform + zod, a honeypot, form-field), used by every sign-in page; its
// page answers a refusal with `replyWith` (docs/architecture.md "Forms and the JSON API").
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { HoneypotInputs } from "~/components/honeypot-inputs";
import { FormError, TextField, useClearPasswords } from "~/components/form-field";
import { SignInSchema } from "~/models/sign-in";
import type { ActionReply } from "~/utils/form";

export function SignInForm({
  lastResult,
  previous,
  submitLabel = "Log In",
}: {
  /** The page action's reply (`replyWith`), as `useActionData` gives it. */
  lastResult: ActionReply | undefined;
  previous?: string | null;
  submitLabel?: string;
}) {
  const [form, fields] = useForm({
    id: "sign-in",
    lastResult,
    constraint: getZodConstraint(SignInSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SignInSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  useClearPasswords(lastResult, [fields.password]);
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" {...getFormProps(form)} className="bare-page__form">
      <HoneypotInputs label="Please leave this field blank" />
      {previous ? <input type="hidden" name="previous" value={previous} /> : null}
      <FormError errors={form.errors} id={form.errorId} />
      <TextField field={fields.email} label="Email address" type="email" autoComplete="email" />
      <TextField field={fields.password} label="Password" type="password" autoComplete="current-password" />
      <button type="submit" className="button button--primary button--large" disabled={busy}>
        {busy ? "Signing in…" : submitLabel}
      </button>
    </Form>
  );
}
