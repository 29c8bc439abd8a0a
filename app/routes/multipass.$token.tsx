// Arrival by multipass URL: a valid, unexpired token signs the customer in and
// continues to its path; anything else explains that the link has expired.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { signInAndRedirect, readMultipassToken } from "~/services/sign-in/index.server";
import { commitNotice } from "~/services/http/index.server";
import { getSite } from "~/services/site/index.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const pass = readMultipassToken(params.token ?? "", getSite(request));
  if (!pass) {
    throw redirect("/cart", {
      headers: await commitNotice(request, {
        tone: "error",
        message: "That sign-in link has expired. Sign in to continue to checkout.",
      }),
    });
  }
  return signInAndRedirect(request, pass.customerId, pass.path);
}
