// The consent store on the page (docs/rules.md "Consent"), loaded after hydration (docs/rules.md
// "Client JavaScript budget"): starts the browser store with the configured scripts, sends the
// banner's and the preferences' forms through a fetcher (no reload) and then posts the
// preference manager's submit_preferences message, revalidates the loaders when the store sees
// a choice the page has not rendered (another tab), and holds the preferences dialog that
// "cookie preferences" links open.
import { useFetcher, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import {
  COOKIE_PREFERENCES_PATH,
  OPEN_PREFERENCES_EVENT,
  serializeConsent,
  SUBMIT_PREFERENCES_MESSAGE,
  type ConsentScript,
  type ConsentState,
} from "~/models/consent";
import { startConsentStore } from "~/utils/consent-store.client";
import { useConsent } from "~/utils/use-consent";
import { CONSENT_FORM_ATTRIBUTE } from "./consent-banner";
import { CONSENT_SAVED_EVENT, ConsentPreferencesForm } from "./consent-preferences";

export function ConsentManager({ scripts }: { scripts: ConsentScript[] }) {
  const consent = useConsent();
  const rendered = useRef(serializeConsent(consent));
  rendered.current = serializeConsent(consent);
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  // Registered once per page load: a later loader answer lists the same configured scripts.
  const configured = useRef(scripts);
  useEffect(() => {
    const stop = startConsentStore({
      scripts: configured.current,
      onChange: (state) => {
        if (serializeConsent(state) !== rendered.current) revalidate.current();
      },
    });
    // Browser tests wait for it before opening the dialog.
    document.documentElement.dataset.consentManager = "ready";
    return () => {
      stop();
      delete document.documentElement.dataset.consentManager;
    };
  }, []);
  useConsentForms();
  return <PreferencesDialog consent={consent} />;
}

/**
 * Sends the consent forms (the banner's, the preferences') through a fetcher with
 * `reply=json`; once answered, posts submit_preferences (the store refreshes at once) and
 * dispatches CONSENT_SAVED_EVENT. The submission revalidates the loaders, which read the new cookie.
 */
function useConsentForms() {
  const fetcher = useFetcher<{ consent: ConsentState }>();
  const submit = useRef(fetcher.submit);
  submit.current = fetcher.submit;
  useEffect(() => {
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || !form.hasAttribute(CONSENT_FORM_ATTRIBUTE)) return;
      event.preventDefault();
      const data = new FormData(form);
      const button = event.submitter;
      if (button instanceof HTMLButtonElement && button.name) data.set(button.name, button.value);
      data.set("reply", "json");
      submit.current(data, { method: "post", action: COOKIE_PREFERENCES_PATH });
    };
    document.addEventListener("submit", onSubmit);
    return () => document.removeEventListener("submit", onSubmit);
  }, []);
  const handled = useRef<unknown>(null);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    window.postMessage(SUBMIT_PREFERENCES_MESSAGE, window.location.origin);
    window.dispatchEvent(new CustomEvent(CONSENT_SAVED_EVENT));
  }, [fetcher.state, fetcher.data]);
}

/**
 * The preferences dialog: a native modal dialog (focus kept inside, Escape closes), labelled
 * by its heading; opened by OPEN_PREFERENCES_EVENT, whose default it prevents so the link
 * stays put; closed once a choice is saved; focus returns to the opener on close.
 */
function PreferencesDialog({ consent }: { consent: ConsentState }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  // A new form per opening, so its boxes start from the current choice.
  const [opening, setOpening] = useState(0);
  const close = useCallback(() => {
    const element = dialog.current;
    if (element?.open) element.close();
  }, []);
  useEffect(() => {
    const open = (event: Event) => {
      const element = dialog.current;
      if (!element) return;
      event.preventDefault();
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setOpening((count) => count + 1);
      if (!element.open) element.showModal();
    };
    window.addEventListener(OPEN_PREFERENCES_EVENT, open);
    window.addEventListener(CONSENT_SAVED_EVENT, close);
    return () => {
      window.removeEventListener(OPEN_PREFERENCES_EVENT, open);
      window.removeEventListener(CONSENT_SAVED_EVENT, close);
    };
  }, [close]);
  const returnFocus = () => {
    if (opener.current?.isConnected) opener.current.focus();
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
        footer={
          <button type="button" className="button consent-dialog__close" onClick={close}>
            Close
          </button>
        }
      />
    </dialog>
  );
}
