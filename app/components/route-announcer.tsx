// The route announcer (docs/rules.md "Focus and announcements"), like Next.js's and Gatsby's:
// after a client-side navigation, focus moves to the new page's heading and the page's title
// is said once in a polite live region. A full page load needs neither: the browser reads
// the title and starts at the top, where the skip link leads to <main>.
import { useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { afterNavigation, FOCUS_TARGET, type FocusHolder } from "~/models/route-focus";

function focusHolder(main: HTMLElement | null): FocusHolder {
  const active = document.activeElement;
  if (!main || !active || active === main || !main.contains(active)) return "none";
  return active.matches("input, select, textarea") ? "field" : "other";
}

/** The element a location's hash names (`#reviews`), if the page has it. */
function anchorOf(hash: string): HTMLElement | null {
  if (hash.length < 2) return null;
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    return null; // a malformed escape names nothing
  }
}

/** Focuses an element where it is: scrolling stays with ScrollRestoration (top, the restored place, the anchor). */
function focusInPlace(target: HTMLElement) {
  if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus({ preventScroll: true });
}

/** How long a navigation waits for its anchor to be drawn before giving up. */
const ANCHOR_WAIT_MS = 10_000;

/**
 * Calls `found` once when the element `hash` names appears in `main`, unless the shopper scrolls
 * or types first, or ANCHOR_WAIT_MS pass; returns the function that stops waiting.
 */
function whenAnchorAppears(main: HTMLElement, hash: string, found: (anchor: HTMLElement) => void): () => void {
  const observer = new MutationObserver(() => {
    const anchor = anchorOf(hash);
    if (!anchor) return;
    stop();
    found(anchor);
  });
  const timer = window.setTimeout(() => stop(), ANCHOR_WAIT_MS);
  const inputs = ["wheel", "touchstart", "keydown"] as const;
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
    for (const input of inputs) window.removeEventListener(input, stop);
  }
  observer.observe(main, { childList: true, subtree: true });
  for (const input of inputs) window.addEventListener(input, stop, { passive: true });
  return stop;
}

export function RouteAnnouncer() {
  const location = useLocation();
  const navigation = useNavigation();
  const [message, setMessage] = useState("");
  const before = useRef(location);
  const submitted = useRef(false);
  const field = useRef("");

  // Each navigation, when it starts, says whether it sends a form (a POST's redirect keeps its
  // method), and which form field in <main> had focus.
  useEffect(() => {
    if (navigation.state === "idle") return;
    submitted.current = (navigation.formMethod ?? "GET").toUpperCase() !== "GET";
    const main = document.getElementById("main");
    if (focusHolder(main) === "field") field.current = document.activeElement?.id ?? "";
  }, [navigation]);

  useEffect(() => {
    const from = before.current;
    before.current = location;
    if (from.key === location.key) return;
    const main = document.getElementById("main");
    const submission = submitted.current;
    const lastField = field.current ? document.getElementById(field.current) : null;
    submitted.current = false;
    field.current = "";
    // A field the page drew anew (a listing filter keyed by its state) gets its focus back.
    if (focusHolder(main) === "none" && from.pathname === location.pathname && lastField && main?.contains(lastField)) {
      lastField.focus({ preventScroll: true });
    }
    const next = afterNavigation({ from, to: location, submission, focus: focusHolder(main) });
    if (next === "keep") return;
    const samePage = from.pathname === location.pathname;
    const anchor = next === "anchor" ? anchorOf(location.hash) : null;
    // An anchor not drawn yet (a product's reviews load after the page) is scrolled to and
    // focused when it appears; until then another page's heading holds focus.
    const stopWaiting =
      next === "anchor" && !anchor && main
        ? whenAnchorAppears(main, location.hash, (found) => {
            found.scrollIntoView();
            focusInPlace(found);
          })
        : undefined;
    if (!anchor && samePage && next === "anchor") return stopWaiting;
    const target = anchor ?? main?.querySelector<HTMLElement>(`[${FOCUS_TARGET}]`) ?? main?.querySelector("h1") ?? main;
    if (target) focusInPlace(target);
    // The same page's anchor is no new page to announce.
    if (samePage && next === "anchor") return stopWaiting;
    // Emptied first, so a page with the same title as the last is said again.
    setMessage("");
    const timer = window.setTimeout(() => setMessage(document.title), 100);
    return () => {
      window.clearTimeout(timer);
      stopWaiting?.();
    };
  }, [location]);

  return (
    <p id="route-announcer" className="visually-hidden" role="status">
      {message}
    </p>
  );
}
