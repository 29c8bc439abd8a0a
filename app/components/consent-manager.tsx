// The consent store on the page (docs/rules.md "Consent"): starts the browser store with the
// configured scripts, revalidates the loaders when the store sees a choice the page has not
// rendered yet (another tab, an expired cookie), and holds the preferences dialog that
// "cookie preferences" links open.
import { useRevalidator, useRouteLoaderData } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import {
  INITIAL_CONSENT,
  OPEN_PREFERENCES_EVENT,
  serializeConsent,
  type ConsentScript,
  type ConsentState,
} from "~/models/consent";
import { startConsentStore } from "~/utils/consent-store.client";
import { ConsentPreferencesForm } from "./consent-banner";

/** The consent state the root loader read from the cookie (revalidated after each choice). */
export function useConsent(): ConsentState {
  const data = useRouteLoaderData("root") as { consent?: ConsentState } | undefined;
  return data?.consent ?? INITIAL_CONSENT;
}

export function ConsentManager({ scripts }: { scripts: ConsentScript[] }) {
  const consent = useConsent();
  const rendered = useRef(serializeConsent(consent));
  rendered.current = serializeConsent(consent);
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  // Registered once per page load: a later loader answer lists the same configured scripts.
  const configured = useRef(scripts);
  useEffect(
    () =>
      startConsentStore({
        scripts: configured.current,
        onChange: (state) => {
          if (serializeConsent(state) !== rendered.current) revalidate.current();
        },
      }),
    [],
  );
  return <PreferencesDialog consent={consent} />;
}

/**
 * The preferences dialog: a native modal dialog (focus kept inside, Escape closes), labelled
 * by its heading; opened by OPEN_PREFERENCES_EVENT, whose default it prevents so the link
 * stays put; focus returns to the opener on close.
 */
function PreferencesDialog({ consent }: { consent: ConsentState }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  // A new form per opening, so its boxes start from the current choice.
  const [opening, setOpening] = useState(0);
  useEffect(() => {
    const open = (event: Event) => {
      const element = dialog.current;
      if (!element) return;
      event.preventDefault();
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setOpening((count) => count + 1);
      if (typeof element.showModal === "function") element.showModal();
      else element.setAttribute("open", "");
    };
    window.addEventListener(OPEN_PREFERENCES_EVENT, open);
    return () => window.removeEventListener(OPEN_PREFERENCES_EVENT, open);
  }, []);
  const close = useCallback(() => {
    const element = dialog.current;
    if (element?.open) {
      if (typeof element.close === "function") element.close();
      else element.removeAttribute("open");
    }
  }, []);
  const returnFocus = () => {
    opener.current?.focus();
    opener.current = null;
  };
  return (
    <dialog ref={dialog} className="consent-dialog" aria-labelledby="consent-dialog-title" onClose={returnFocus}>
      <h2 id="consent-dialog-title" className="consent-dialog__title">
        Cookie preferences
      </h2>
      <p className="consent-dialog__intro">Choose which cookies we may use. You can change this at any time.</p>
      <ConsentPreferencesForm
        key={opening}
        consent={consent}
        idPrefix="consent-dialog"
        onSaved={close}
        footer={
          <button type="button" className="button consent-dialog__close" onClick={close}>
            Close
          </button>
        }
      />
    </dialog>
  );
}
