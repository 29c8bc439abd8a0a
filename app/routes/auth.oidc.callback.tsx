// GET /auth/oidc/callback: the provider sends the shopper back here; the
// profile becomes our customer and the shopper is signed in.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { signInAndRedirect } from "~/services/auth.server";
import { commitNotice } from "~/services/notice.server";
import { authenticateWithProvider, oidcEnabled } from "~/services/oidc.server";
import { getSite } from "~/services/site.server";

export async function loader({ request }: LoaderFunctionArgs) {
  if (!oidcEnabled) throw new Response("Not Found", { status: 404 });
  let customerId: string;
  try {
    customerId = await authenticateWithProvider(request, getSite(request));
  } catch (error) {
    if (error instanceof Response) throw error;
    console.warn("identity provider sign-in failed:", error instanceof Error ? error.message : error);
    throw redirect("/shelter/login", {
      headers: await commitNotice(request, {
        tone: "error",
        message: "Sign-in with your account provider failed. Try again.",
      }),
    });
  }
  return signInAndRedirect(request, customerId, "/");
}
