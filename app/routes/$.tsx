import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { runRedirectLookup } from "~/services/http/index.server";
import { notFoundResponse } from "~/services/storefront/index.server";
import { getSite } from "~/services/site/index.server";
import { titleMeta } from "~/utils/meta";

// Every path no other route matches lands here, so the 404 page renders inside
// the layout (header, cart) with status 404 (shop-core spec section 2), its
// texts from the content globals and the carousel configured for page '404'.
export const meta: MetaFunction = ({ matches }) => {
  const root = matches.find((match) => match.id === "root")?.data as { notFound?: { title: string } } | undefined;
  return titleMeta(matches, root?.notFound?.title ?? "404 Error");
};

export async function loader({ request }: LoaderFunctionArgs) {
  // The redirect lookup here too: a client navigation does not run the root loader
  // again (docs/rules.md "Root revalidation"), and an old path lands on this route.
  await runRedirectLookup(request, getSite(request));
  throw await notFoundResponse(getSite(request));
}

export async function action({ request }: LoaderFunctionArgs) {
  throw await notFoundResponse(getSite(request));
}

export default function NotFound() {
  // Never rendered: the loader always throws.
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
