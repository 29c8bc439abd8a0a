// /password-protect (no layout): while password protection is on, every page sends
// here first; the right password opens the shop for this browser and returns to the page.
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormError, TextField } from "~/components/form-field";
import { Logo } from "~/components/logo";
import { SitePasswordSchema } from "~/models/password-protect";
import { decodeRedirect } from "~/models/redirect-param";
import { allowSignInAttempt, clientIpOf } from "~/services/sign-in/index.server";
import { content } from "~/services/content/index.server";
import { activePassword, unlock } from "~/services/http/index.server";
import { getSite } from "~/services/site/index.server";
import { pageMeta } from "~/utils/meta";
import { readFormData, replyWith } from "~/utils/form.server";

export const handle = { layout: false };

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => [
  ...pageMeta(matches, { title: data?.heading ?? "Password required" }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const site = getSite(request);
  // Nothing to unlock: go where the visitor was going.
  if (!(await activePassword(site))) {
    throw redirect(decodeRedirect(new URL(request.url).searchParams.get("redirect")) ?? "/");
  }
  const settings = await content.getPasswordProtect(site);
  return json(
    {
      site,
      heading: settings?.heading ?? "This shop is opening soon",
      message: settings?.message ?? "Enter the password to continue.",
      redirect: new URL(request.url).searchParams.get("redirect") ?? "",
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: SitePasswordSchema });
  const hideFields = ["password"];
  if (submission.status !== "success") return replyWith(submission, { hideFields });
  // Password guesses count against the same per-address limit as sign-in attempts.
  if (!(await allowSignInAttempt(clientIpOf(context)))) {
    return replyWith(submission, {
      status: 429,
      formErrors: ["Too many attempts. Wait a minute and try again."],
      hideFields,
    });
  }
  const cookie = await unlock(getSite(request), submission.value.password);
  if (!cookie) return replyWith(submission, { fieldErrors: { password: ["That password is not right."] }, hideFields });
  return redirect(decodeRedirect(submission.value.redirect) ?? "/", { headers: { "Set-Cookie": cookie } });
}

export default function PasswordProtect() {
  const { site, heading, message, redirect: back } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "password-protect",
    lastResult,
    constraint: getZodConstraint(SitePasswordSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SitePasswordSchema }),
    shouldValidate: "onSubmit",
  });
  const busy = useNavigation().state === "submitting";
  return (
    <div className="bare-page">
      <Logo site={site} />
      <h1>{heading}</h1>
      <p>{message}</p>
      <Form method="post" {...getFormProps(form)} className="bare-page__form">
        <input type="hidden" name="redirect" value={back} />
        <FormError errors={form.errors} id={form.errorId} />
        <TextField field={fields.password} label="Password" type="password" autoComplete="current-password" />
        <button type="submit" className="button button--primary button--large" disabled={busy}>
          {busy ? "Checking…" : "Enter"}
        </button>
      </Form>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
