// GET /auth/oidc/callback: the provider sends the shopper back here. A linked
// (or brand-new) identity signs in and goes where ?redirect= asked; an email
// that matches an existing account goes to the sign-in page to prove it with
// the password (docs/rules.md "OpenID identities"); anything wrong goes back to
// the sign-in page with a notice, never a 500.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { afterSignIn } from "~/models/guards";
import {
  signInAndRedirect,
  clearStateCookie,
  finishSignIn,
  OidcSignInError,
  oidcEnabled,
  providerName,
} from "~/services/sign-in/index.server";
import {
  LOGIN_PATH,
  loginUrlFor,
  flashNotice,
  getSession,
  sessionStorage,
  setPendingLink,
} from "~/services/http/index.server";
import { getSite } from "~/services/site/index.server";
import { withAccountMarker } from "~/services/analytics/index.server";
import { pageNotFound } from "~/utils/form.server";

export async function loader({ request }: LoaderFunctionArgs) {
  if (!oidcEnabled) throw pageNotFound();
  const clearState = await clearStateCookie();
  const session = await getSession(request);
  let redirectTo: string | null = null;
  try {
    const outcome = await finishSignIn(request, getSite(request));
    redirectTo = outcome.redirectTo;
    if (outcome.kind === "signed-in") {
      const to = afterSignIn({ redirectParam: outcome.redirectTo, previous: null });
      const response = await signInAndRedirect(request, outcome.customerId, to, undefined, outcome.idToken);
      response.headers.append("Set-Cookie", clearState);
      // The data layer's "login" (docs/decisions.md "Analytics").
      return withAccountMarker(response, getSite(request), "login", "oidc");
    }
    setPendingLink(session, outcome.pending);
    flashNotice(session, {
      tone: "info",
      message: `An account with this email already exists. Sign in with your password once to link your ${providerName} account.`,
    });
  } catch (error) {
    if (!(error instanceof OidcSignInError)) throw error;
    flashNotice(session, { tone: "error", message: error.message });
  }
  const headers = new Headers();
  headers.append("Set-Cookie", await sessionStorage.commitSession(session));
  headers.append("Set-Cookie", clearState);
  return redirect(redirectTo ? loginUrlFor(redirectTo) : LOGIN_PATH, { headers });
}
