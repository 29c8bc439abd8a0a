// The page-view tracker (shop-core spec section 2, guard 3; catalogue spec
// section 7: analytics events go to a tag-manager data layer). One "page_view"
// per navigation with the page type. The staff site renders no tracker
// (tracking is skipped in staff mode).
import { useLocation, useMatches } from "@remix-run/react";
import { useEffect } from "react";
import { pageTypeOf } from "~/models/page-type";

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

export function PageViewTracker() {
  const location = useLocation();
  const matches = useMatches();
  const productPage = matches.some((match) => (match.data as { kind?: string } | null)?.kind === "product");
  useEffect(() => {
    window.dataLayer ??= [];
    window.dataLayer.push({
      event: "page_view",
      page_path: location.pathname,
      page_type: pageTypeOf(location.pathname, productPage),
    });
    // One event per navigation (the path changes); search changes count too.
  }, [location.pathname, location.search, productPage]);
  return null;
}
