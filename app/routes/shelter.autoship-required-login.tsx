// Sign-in demanded for autoship (shop-core spec section 2, catalogue spec
// section 5): a guest whose cart holds an autoship item signs in here, without
// the site layout, and goes back to checkout.
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormError, TextField } from "~/components/form-field";
import { decodeRedirect } from "~/models/redirect-param";
import { pageTitle } from "~/models/site";
import { SignInSchema } from "~/models/sign-in";
import { authenticator, SignInError, signInAndRedirect } from "~/services/auth.server";
import { getCustomerId } from "~/services/session.server";
import { siteFromMatches } from "~/utils/meta";

export const handle = { layout: false };

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(siteFromMatches(matches), "Log In") },
  { name: "robots", content: "noindex" },
];

const target = (request: Request) => decodeRedirect(new URL(request.url).searchParams.get("redirect")) ?? "/checkout";

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getCustomerId(request)) throw redirect(target(request));
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  try {
    const customerId = await authenticator.authenticate("form", request);
    return await signInAndRedirect(request, customerId, target(request));
  } catch (error) {
    if (error instanceof SignInError) {
      const submission = parseWithZod(error.form, { schema: SignInSchema });
      return json(
        submission.reply({
          formErrors: [error.message],
          fieldErrors: error.fieldErrors,
          hideFields: ["password"],
        }),
        Object.keys(error.fieldErrors).length ? 400 : 401,
      );
    }
    throw error;
  }
}

export default function AutoshipRequiredLogin() {
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  const [form, fields] = useForm({
    id: "autoship-login",
    lastResult,
    constraint: getZodConstraint(SignInSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SignInSchema }),
    shouldValidate: "onBlur",
  });
  const busy = useNavigation().state === "submitting";
  return (
    <div className="bare-page">
      <h1>Sign in to order autoship</h1>
      <p>
        Autoship deliveries are linked to your account, so you can change, skip or cancel them at any time. Sign in to
        continue to checkout.
      </p>
      <Form method="post" {...getFormProps(form)} className="bare-page__form">
        <FormError errors={form.errors} id={form.errorId} />
        <TextField field={fields.email} label="Email address" type="email" autoComplete="email" />
        <TextField field={fields.password} label="Password" type="password" autoComplete="current-password" />
        <button type="submit" className="button button--primary button--large" disabled={busy}>
          {busy ? "Signing in…" : "Sign in and continue"}
        </button>
      </Form>
      <p>
        Rather buy once? <Link to="/cart">Back to your cart</Link> to change autoship items to one-time purchases.
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
