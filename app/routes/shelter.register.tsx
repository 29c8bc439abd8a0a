// /shelter/register ('Create Account'): a home-store account (staff on the
// staff site), signed in at once, then back where the shopper was going.
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { CheckboxField, FormError, TextField, useClearPasswords, NewPasswordFields } from "~/components/form-field";
import { RegisterSchema } from "~/models/account-forms";
import { afterSignIn } from "~/models/guards";
import { decodeRedirect } from "~/models/redirect-param";
import { pageTitle } from "~/models/site";
import { signInAndRedirect } from "~/services/auth.server";
import { isSpam } from "~/services/honeypot.server";
import { identity } from "~/services/identity/index.server";
import { getSite } from "~/services/site.server";
import { siteFromMatches } from "~/utils/meta";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(siteFromMatches(matches), "Create Account") },
  { name: "description", content: "Create your account" },
];

export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: RegisterSchema });
  const hideFields = ["password", "confirmPassword"];
  if (isSpam(formData)) {
    return json(
      submission.reply({ formErrors: ["Your form could not be sent. Reload the page and try again."], hideFields }),
      400,
    );
  }
  if (submission.status !== "success") return json(submission.reply({ hideFields }), 400);
  const { confirmPassword: _confirm, ...input } = submission.value;
  const result = await identity.register({ site: getSite(request), ...input });
  if (!result.ok) {
    return json(
      submission.reply({
        fieldErrors: { email: ["An account with this email already exists. Log in, or reset your password."] },
        hideFields,
      }),
      409,
    );
  }
  const to = afterSignIn({
    redirectParam: decodeRedirect(new URL(request.url).searchParams.get("redirect")),
    previous: null,
  });
  return signInAndRedirect(request, result.customerId, to, {
    tone: "success",
    message: "Welcome! Your account is ready.",
  });
}

export default function Register() {
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  const [form, fields] = useForm({
    id: "register",
    lastResult,
    constraint: getZodConstraint(RegisterSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RegisterSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  useClearPasswords(lastResult, [fields.password, fields.confirmPassword]);
  const busy = useNavigation().state === "submitting";
  return (
    <div className="bare-page">
      <h1>Create Account</h1>
      <Form method="post" {...getFormProps(form)} className="bare-page__form">
        <HoneypotInputs label="Please leave this field blank" />
        <FormError errors={form.errors} id={form.errorId} />
        <TextField field={fields.firstName} label="First name" autoComplete="given-name" />
        <TextField field={fields.lastName} label="Last name" autoComplete="family-name" />
        <TextField field={fields.email} label="Email address" type="email" autoComplete="email" />
        <NewPasswordFields
          password={fields.password}
          confirm={fields.confirmPassword}
          label="Password"
          confirmLabel="Confirm password"
        />
        <CheckboxField field={fields.acceptsMarketing} label="Email me news and offers" />
        <button type="submit" className="button button--primary button--large" disabled={busy}>
          {busy ? "Creating your account…" : "Create Account"}
        </button>
      </Form>
      <p>
        Already have an account? <Link to="/shelter/login">Log in</Link>
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
