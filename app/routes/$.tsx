import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { notFoundResponse } from "~/services/storefront/index.server";
import { getSite } from "~/services/site/index.server";
import { notFoundMeta } from "~/utils/meta";

// Every path no other route matches lands here, so the 404 page renders inside
// the layout (header, cart) with status 404 (shop-core spec section 2), its
// texts from the content globals and the carousel configured for page '404'.
export const meta: MetaFunction = ({ matches }) => notFoundMeta(matches);

export async function loader({ request }: LoaderFunctionArgs) {
  // An old path's redirect is found before this: by the root loader for a document, by
  // handleDataRequest for a client navigation (docs/rules.md "Root revalidation").
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
