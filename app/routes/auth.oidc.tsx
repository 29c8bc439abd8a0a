// GET /auth/oidc: off to the outside identity provider (when configured).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { authenticateWithProvider, oidcEnabled } from "~/services/oidc.server";
import { getSite } from "~/services/site.server";

export async function loader({ request }: LoaderFunctionArgs) {
  if (!oidcEnabled) throw new Response("Not Found", { status: 404 });
  // The strategy throws the redirect to the provider's authorization page.
  await authenticateWithProvider(request, getSite(request));
  return null;
}
