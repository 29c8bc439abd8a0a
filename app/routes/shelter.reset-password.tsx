// /shelter/reset-password?token=…: choose a new password with a one-time,
// expiring token from the email. Using it signs every session out.
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormError, inputProps, useClearPasswords, NewPasswordFields } from "~/components/form-field";
import { ResetPasswordSchema } from "~/models/account-forms";
import { identity } from "~/services/identity/index.server";
import { commitNotice } from "~/services/http/index.server";
import { pageMeta } from "~/utils/meta";
import { readFormData, replyWith } from "~/utils/form.server";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, { title: "Reset Password", noindex: true });

const EXPIRED = "This reset link has expired or was already used. Ask for a new one.";

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return json({ token, valid: token ? await identity.resetTokenValid(token) : false });
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: ResetPasswordSchema });
  const hideFields = ["password", "confirmPassword"];
  if (submission.status !== "success") return replyWith(submission, { hideFields });
  if (!(await identity.resetPassword(submission.value.token, submission.value.password))) {
    return replyWith(submission, { status: 410, formErrors: [EXPIRED], hideFields });
  }
  return redirect("/shelter/login", {
    headers: await commitNotice(request, {
      tone: "success",
      message: "Your password has been changed. Log in with the new one.",
    }),
  });
}

export default function ResetPassword() {
  const { token, valid } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult,
    constraint: getZodConstraint(ResetPasswordSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ResetPasswordSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  useClearPasswords(lastResult, [fields.password, fields.confirmPassword]);
  const busy = useNavigation().state === "submitting";
  if (!valid) {
    return (
      <div className="bare-page">
        <h1>Reset your password</h1>
        <p className="notice notice--error" role="alert">
          {EXPIRED}
        </p>
        <p>
          <Link to="/shelter/forgot-password">Send a new link</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="bare-page">
      <h1>Reset your password</h1>
      <Form method="post" {...getFormProps(form)} className="bare-page__form">
        <input {...inputProps(fields.token, { type: "hidden" })} value={token} />
        <FormError errors={form.errors} id={form.errorId} />
        <NewPasswordFields password={fields.password} confirm={fields.confirmPassword} />
        <button type="submit" className="button button--primary button--large" disabled={busy}>
          {busy ? "Saving…" : "Save new password"}
        </button>
      </Form>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
