// /admin/login: the back office's own sign-in (docs/rules.md "Back office"), separate from the
// customers' accounts. Rate-limited per address with the customers' sign-in budget, locked after
// the same number of failures; then back to the page asked for (?redirect=, under /admin only).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { z } from "zod";
import { ADMIN_PATH, isAdminPath } from "~/models/admin-path";
import { REFUSED_BACK_OFFICE_SIGN_IN_MESSAGE } from "~/models/lockout";
import { decodeRedirect } from "~/models/redirect-param";
import { adminSignInCookie, adminUsers, getAdmin } from "~/services/admin/index.server";
import { rateLimits, retryAfterHeaders } from "~/services/http/index.server";
import { clientIpOf } from "~/services/sign-in/index.server";
import { readFormData } from "~/utils/form.server";

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

const SignInSchema = z.object({
  email: z.string().trim().min(1, "Enter your email.").max(254),
  password: z.string().min(1, "Enter your password.").max(200),
});

type Reply = { message: string; email: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const verdict = await rateLimits.attempt("sign-in", `admin:${clientIpOf(context)}`);
  if (!verdict.allowed) {
    return json<Reply>({ message: verdict.message, email: "" }, { status: 429, headers: retryAfterHeaders(verdict) });
  }
  const parsed = SignInSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) {
    return json<Reply>({ message: parsed.error.issues[0].message, email: "" }, { status: 400, headers: NO_STORE });
  }
  const result = await adminUsers.signIn(parsed.data);
  if (!result.ok) {
    // One answer whether the user exists, is locked or gave a wrong password (docs/rules.md
    // "One answer for a refused sign-in"); the email typed is given back as it was typed.
    return json<Reply>(
      { message: REFUSED_BACK_OFFICE_SIGN_IN_MESSAGE, email: parsed.data.email },
      { status: 401, headers: NO_STORE },
    );
  }
  return redirect(targetOf(request), {
    headers: { ...NO_STORE, "Set-Cookie": await adminSignInCookie(result.adminUserId) },
  });
}

export default function AdminSignIn() {
  const reply = useActionData<typeof action>();
  const [params] = useSearchParams();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="admin-sign-in">
      <h1>Back office</h1>
      <p>For the people who run the shop. Customers sign in on the shop.</p>
      <Form method="post" action={`/admin/login${params.size ? `?${params}` : ""}`} noValidate={false}>
        {reply?.message ? (
          <p className="notice notice--error" role="alert" id="sign-in-error">
            {reply.message}
          </p>
        ) : null}
        <p className="field">
          <label htmlFor="admin-email">Email</label>
          <input
            id="admin-email"
            name="email"
            type="email"
            autoComplete="username"
            required
            defaultValue={reply?.email ?? ""}
            aria-describedby={reply?.message ? "sign-in-error" : undefined}
          />
        </p>
        <p className="field">
          <label htmlFor="admin-password">Password</label>
          <input id="admin-password" name="password" type="password" autoComplete="current-password" required />
        </p>
        <button type="submit" className="button" disabled={busy}>
          Sign in
        </button>
      </Form>
    </div>
  );
}
