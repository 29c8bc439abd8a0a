// /shelter/login ('Log In'; /account/login is the same page): sign in, then
// back to the guarded page (?redirect=, base64), else the page before, else home.
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SignInForm } from "~/components/sign-in-form";
import { afterSignIn, referrerPath } from "~/models/guards";
import { decodeRedirect, encodeRedirect } from "~/models/redirect-param";
import { routeTitle } from "~/models/page-titles";
import { SignInSchema } from "~/models/sign-in";
import { signInAction, OIDC_START_PATH, oidcEnabled, providerName } from "~/services/sign-in/index.server";
import { getSession, sessionStorage } from "~/services/http/index.server";
import { withAccountMarker } from "~/services/analytics/index.server";
import { getSite, publicOrigin } from "~/services/site/index.server";
import { pageMeta, siteFromMatches } from "~/utils/meta";
import { readFormData, replyWith } from "~/utils/form.server";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: routeTitle(siteFromMatches(matches), "/shelter/login"),
    description: "Log in to your account",
  });

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getSession(request);
  const inactive = session.get("loggedOutForInactivity") === true;
  const url = new URL(request.url);
  const redirectTo = decodeRedirect(url.searchParams.get("redirect"));
  const previous = referrerPath(request.headers.get("Referer"), publicOrigin(getSite(request)));
  return json(
    {
      inactive,
      previous: previous?.startsWith("/shelter/") ? null : previous,
      provider: oidcEnabled ? providerName : null,
      // The provider sign-in returns to the same page as the password sign-in.
      providerHref: redirectTo ? `${OIDC_START_PATH}?redirect=${encodeRedirect(redirectTo)}` : OIDC_START_PATH,
    },
    inactive ? { headers: { "Set-Cookie": await sessionStorage.commitSession(session) } } : undefined,
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const url = new URL(request.url);
  const form = await readFormData(request.clone());
  const previous = form.get("previous");
  const target = afterSignIn({
    redirectParam: decodeRedirect(url.searchParams.get("redirect")),
    previous: typeof previous === "string" ? previous : null,
  });
  const outcome = await signInAction(request, context, target);
  if (!(outcome instanceof Response)) {
    const { form: posted, ...refusal } = outcome;
    return replyWith(parseWithZod(posted, { schema: SignInSchema }), { ...refusal, hideFields: ["password"] });
  }
  // A sign-in that went through is the data layer's "login" (docs/decisions.md "Analytics").
  return withAccountMarker(outcome, getSite(request), "login", "password");
}

export default function LogIn() {
  const { inactive, previous, provider, providerHref } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <div className="bare-page">
      <h1>Log In</h1>
      {inactive ? (
        <p className="notice notice--info" role="status">
          You were signed out after a period of inactivity. Log in again to continue.
        </p>
      ) : null}
      <SignInForm lastResult={lastResult} previous={previous} />
      {provider ? (
        <p>
          <a href={providerHref} className="button">
            Sign in with {provider}
          </a>
        </p>
      ) : null}
      <p>
        <Link to="/shelter/forgot-password">Forgot your password?</Link>
      </p>
      <p>
        New here? <Link to="/shelter/register">Create an account</Link>
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
