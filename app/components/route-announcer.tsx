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
    if (afterNavigation({ from, to: location, submission, focus: focusHolder(main) }) === "keep") return;
    const target = main?.querySelector<HTMLElement>(`[${FOCUS_TARGET}]`) ?? main?.querySelector("h1") ?? main;
    if (!target) return;
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    // Scrolling stays with ScrollRestoration (top, the restored place, or preventScrollReset).
    target.focus({ preventScroll: true });
    // Emptied first, so a page with the same title as the last is said again.
    setMessage("");
    const timer = window.setTimeout(() => setMessage(document.title), 100);
    return () => window.clearTimeout(timer);
  }, [location]);

  return (
    <p id="route-announcer" className="visually-hidden" role="status">
      {message}
    </p>
  );
}
