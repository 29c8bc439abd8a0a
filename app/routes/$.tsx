import type { MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { titleMeta } from "~/utils/meta";

// Every path no other route matches lands here, so the 404 page renders inside
// the layout (header, cart) with status 404 (shop-core spec section 2).
export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "404 Error");

export async function loader() {
  throw new Response("Not Found", { status: 404 });
}

export async function action() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  // Never rendered: the loader always throws.
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
