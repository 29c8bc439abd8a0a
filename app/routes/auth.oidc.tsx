// GET /auth/oidc: off to the outside OpenID Connect provider (when configured),
// carrying the ?redirect= path (base64, same-origin only) to return to afterwards.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { decodeRedirect } from "~/models/redirect-param";
import { LOGIN_PATH, loginUrlFor, commitNotice } from "~/services/http/index.server";
import { getSite } from "~/services/site/index.server";
import { OidcSignInError, oidcEnabled, startSignIn } from "~/services/sign-in/index.server";
import { pageNotFound } from "~/utils/form.server";

export async function loader({ request }: LoaderFunctionArgs) {
  if (!oidcEnabled) throw pageNotFound();
  const redirectTo = decodeRedirect(new URL(request.url).searchParams.get("redirect"));
  try {
    const { url, setCookie } = await startSignIn(getSite(request), redirectTo);
    return redirect(url, { headers: { "Set-Cookie": setCookie, "Cache-Control": "private, no-store" } });
  } catch (error) {
    if (!(error instanceof OidcSignInError)) throw error;
    return redirect(redirectTo ? loginUrlFor(redirectTo) : LOGIN_PATH, {
      headers: await commitNotice(request, { tone: "error", message: error.message }),
    });
  }
}
