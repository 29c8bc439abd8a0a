// The page-view tracker (shop-core spec section 2, guard 3; catalogue spec section 7:
// analytics events go to a tag-manager data layer). One "page_view" per navigation with
// the page type. The staff site renders no tracker (tracking is skipped in staff mode).
// After a sign-in or registration it pushes the server's one-time account marker as a
// "login" or "sign_up" event (docs/decisions.md "Analytics").
import { useLocation, useMatches } from "@remix-run/react";
import { useEffect } from "react";
import { ACCOUNT_MARKER_COOKIE, parseAccountMarker } from "~/models/analytics";
import { pageTypeOf } from "~/models/page-type";
import { pushEvent } from "~/utils/data-layer";

/** The account marker in `document.cookie`, cleared as it is read (it is pushed once). */
function takeAccountMarker() {
  const pair = document.cookie.split(";").find((part) => part.trim().startsWith(`${ACCOUNT_MARKER_COOKIE}=`));
  if (!pair) return null;
  document.cookie = `${ACCOUNT_MARKER_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
  return parseAccountMarker(decodeURIComponent(pair.split("=")[1] ?? ""));
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
    const account = takeAccountMarker();
    if (account) pushEvent(account);
    // One event per navigation (the path changes); search changes count too.
  }, [location.pathname, location.search, productPage]);
  return null;
}
