// The session refresh on navigation (shop-core spec section 4: "a session token
// is obtained at login and refreshed on later navigation; if none can be obtained
// the user is logged out"; docs/rules.md "Session refresh"). The root loader only
// reads, so the browser asks for the refresh: on load and on later navigations,
// at most once a minute (the identity provider writes the expiry back no more
// often). A session that has ended is cleared by that call and the page
// revalidated, so the header shows a guest.
import { useLocation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";

/** How often a navigation asks for a refresh (the provider's own write-back interval). */
export const SESSION_REFRESH_EVERY_MS = 60_000;
const STORAGE_KEY = "sessionRefreshedAt";

function lastRefresh(): number {
  try {
    return Number(window.sessionStorage.getItem(STORAGE_KEY) ?? 0);
  } catch {
    return 0;
  }
}

function rememberRefresh(at: number): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, String(at));
  } catch {
    // Storage refused (private mode): the next navigation asks again.
  }
}

/** `ended`: the cookie holds a token that no longer works (the root loader said so); it is cleared once. */
export function SessionRefresh({ ended }: { ended: boolean }) {
  const { pathname, search } = useLocation();
  const { revalidate } = useRevalidator();
  const clearing = useRef(false);

  useEffect(() => {
    if (ended ? clearing.current : Date.now() - lastRefresh() < SESSION_REFRESH_EVERY_MS) return;
    if (ended) clearing.current = true;
    else rememberRefresh(Date.now());
    fetch("/api/ecom/v1.0/refresh-session-token", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    })
      .then((response) => {
        // Signed out elsewhere since the page loaded: the answer cleared the cookie; show the guest.
        if (response.status === 401 && !ended) revalidate();
      })
      .catch(() => {
        // Offline: the next navigation after a minute asks again.
        rememberRefresh(0);
      });
  }, [pathname, search, ended, revalidate]);

  return null;
}
