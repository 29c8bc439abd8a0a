// A link to an order where it opens (docs/decisions.md "Shopify customers"): the shop's own order
// page, or the commerce platform's order status page, a document navigation to another site.
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

export function OrderLink({ href, children }: { href: string; children: ReactNode }) {
  return href.startsWith("/") ? <Link to={href}>{children}</Link> : <a href={href}>{children}</a>;
}
