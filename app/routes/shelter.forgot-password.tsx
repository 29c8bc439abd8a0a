// /shelter/forgot-password: sends a one-time reset link by email (stored with its
// token, then delivered by the outbox). The answer is the same whether or not the
// email has an account (no account enumeration).
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { HoneypotInputs } from "~/components/honeypot-inputs";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormError, TextField } from "~/components/form-field";
import { ForgotPasswordSchema } from "~/models/account-forms";
import { requestAccountPasswordReset } from "~/services/sign-in/index.server";
import { clientIpOf } from "~/services/sign-in/index.server";
import { isSpam, SPAM_MESSAGE, rateLimits, retryAfterHeaders, commitNotice } from "~/services/http/index.server";
import { getSite } from "~/services/site/index.server";
import { pageMeta } from "~/utils/meta";
import { readFormData, replyWith } from "~/utils/form.server";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, { title: "Forgot Password", noindex: true });

export const SENT_MESSAGE =
  "If an account exists for that email, we have sent it a link to reset the password. Check your inbox.";

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: ForgotPasswordSchema });
  if (isSpam(formData)) return replyWith(submission, { formErrors: [SPAM_MESSAGE] });
  if (submission.status !== "success") return replyWith(submission);
  const verdict = await rateLimits.attempt("password-reset", clientIpOf(context));
  if (!verdict.allowed) {
    return replyWith(submission, { status: 429, formErrors: [verdict.message], headers: retryAfterHeaders(verdict) });
  }
  await requestAccountPasswordReset(getSite(request), submission.value.email);
  return redirect("/shelter/forgot-password", {
    headers: await commitNotice(request, { tone: "success", message: SENT_MESSAGE }),
  });
}

export default function ForgotPassword() {
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult,
    constraint: getZodConstraint(ForgotPasswordSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ForgotPasswordSchema }),
    shouldValidate: "onBlur",
  });
  const busy = useNavigation().state === "submitting";
  return (
    <div className="bare-page">
      <h1>Forgot your password?</h1>
      <p>Enter the email of your account and we will send you a link to choose a new password.</p>
      <Form method="post" {...getFormProps(form)} className="bare-page__form">
        <HoneypotInputs label="Please leave this field blank" />
        <FormError errors={form.errors} id={form.errorId} />
        <TextField field={fields.email} label="Email address" type="email" autoComplete="email" />
        <button type="submit" className="button button--primary button--large" disabled={busy}>
          {busy ? "Sending…" : "Send reset link"}
        </button>
      </Form>
      <p>
        <Link to="/shelter/login">Back to Log In</Link>
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
