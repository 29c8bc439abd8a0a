// /admin/login: the back office's own sign-in (docs/rules.md "Back office"), separate from the
// customers' accounts. Rate-limited per address with the customers' sign-in budget, locked after
// the same number of failures; then back to the page asked for (?redirect=, under /admin only).
// The form is `AdminSignInSchema` with conform; every refusal is `replyWith`'s reply.
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { FormError, TextField, useClearPasswords } from "~/components/form-field";
import { ADMIN_PATH, isAdminPath } from "~/models/admin-path";
import { AdminSignInSchema } from "~/models/admin-sign-in";
import { REFUSED_BACK_OFFICE_SIGN_IN_MESSAGE } from "~/models/lockout";
import { decodeRedirect } from "~/models/redirect-param";
import { adminSignInCookie, adminUsers, getAdmin } from "~/services/admin/index.server";
import { rateLimits, retryAfterHeaders } from "~/services/http/index.server";
import { clientIpOf } from "~/services/sign-in/index.server";
import { readFormData, replyWith } from "~/utils/form.server";

export const meta: MetaFunction = () => [{ title: "Sign in | Back office" }, { name: "robots", content: "noindex" }];
export const handle = { layout: false };

const NO_STORE = { "Cache-Control": "private, no-store" };

/** Where to go after signing in: the page asked for when it is in the back office, else its home. */
function targetOf(request: Request): string {
  const asked = decodeRedirect(new URL(request.url).searchParams.get("redirect"));
  return asked && isAdminPath(asked.split("?")[0]) ? asked : ADMIN_PATH;
}

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getAdmin(request)) throw redirect(targetOf(request), { headers: NO_STORE });
  return json(null, { headers: NO_STORE });
}

/** Fields never sent back to the page. */
const hideFields = ["password"];

export async function action({ request, context }: ActionFunctionArgs) {
  const verdict = await rateLimits.attempt("sign-in", `admin:${clientIpOf(context)}`);
  const submission = parseWithZod(await readFormData(request), { schema: AdminSignInSchema });
  if (!verdict.allowed) {
    return replyWith(submission, {
      status: 429,
      formErrors: [verdict.message],
      hideFields,
      headers: retryAfterHeaders(verdict),
    });
  }
  if (submission.status !== "success") return replyWith(submission, { hideFields });
  const result = await adminUsers.signIn(submission.value);
  if (!result.ok) {
    // One answer whether the user exists, is locked or gave a wrong password (docs/rules.md
    // "One answer for a refused sign-in"); the email typed is given back as it was typed.
    return replyWith(submission, { status: 401, formErrors: [REFUSED_BACK_OFFICE_SIGN_IN_MESSAGE], hideFields });
  }
  return redirect(targetOf(request), {
    headers: { ...NO_STORE, "Set-Cookie": await adminSignInCookie(result.adminUserId) },
  });
}

export default function AdminSignIn() {
  const lastResult = useActionData<typeof action>();
  const [params] = useSearchParams();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "admin-sign-in",
    lastResult,
    constraint: getZodConstraint(AdminSignInSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AdminSignInSchema }),
    shouldValidate: "onBlur",
  });
  useClearPasswords(lastResult, [fields.password]);
  return (
    <div className="admin-sign-in">
      <h1>Back office</h1>
      <p>For the people who run the shop. Customers sign in on the shop.</p>
      <Form method="post" action={`/admin/login${params.size ? `?${params}` : ""}`} {...getFormProps(form)}>
        <FormError errors={form.errors} id={form.errorId} />
        <TextField field={fields.email} label="Email" type="email" autoComplete="username" />
        <TextField field={fields.password} label="Password" type="password" autoComplete="current-password" />
        <button type="submit" className="button" disabled={busy}>
          Sign in
        </button>
      </Form>
    </div>
  );
}
