// The page-view tracker (shop-core spec section 2, guard 3; catalogue spec section 7:
// analytics events go to a tag-manager data layer). One "page_view" per navigation with
// the page type. The staff site renders no tracker (tracking is skipped in staff mode).
// After a sign-in or registration it pushes the server's one-time account marker as a
// "login" or "sign_up" event (docs/decisions.md "Analytics").
import { useLocation, useMatches } from "@remix-run/react";
import { useEffect } from "react";
import { pageTypeOf } from "~/models/page-type";
import { loadAnalytics } from "./data-layer-event";

/** Pushes the account marker in `document.cookie` and clears it (it is pushed once). */
async function pushAccountMarker() {
  const analytics = await loadAnalytics();
  const name = analytics.ACCOUNT_MARKER_COOKIE;
  const pair = document.cookie.split(";").find((part) => part.trim().startsWith(`${name}=`));
  if (!pair) return;
  document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Lax`;
  const event = analytics.parseAccountMarker(decodeURIComponent(pair.split("=")[1] ?? ""));
  if (event) analytics.pushEvent(event);
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
    void pushAccountMarker();
    // One event per navigation (the path changes); search changes count too.
  }, [location.pathname, location.search, productPage]);
  return null;
}
