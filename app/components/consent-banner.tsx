// The consent banner and the cookie preferences form (catalogue spec sections 3 and 4;
// docs/rules.md "Consent", docs/decisions.md "Consent"). Both post to /cookie-preferences:
// without JavaScript a plain form post and a redirect back; with it a fetcher (no reload),
// then the preference manager's submit_preferences message refreshes the store at once.
import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { COOKIE_PREFERENCES_PATH, SUBMIT_PREFERENCES_MESSAGE, type ConsentState } from "~/models/consent";
import { CookiePreferencesLink } from "./cookie-preferences-link";

/** What each category is for, as the preferences list them. */
export const CONSENT_CATEGORY_INFO = [
  {
    category: "required",
    label: "Required",
    description:
      "Needed for the shop to work: your cart, signing in, security and remembering this choice. Always on once you choose.",
  },
  {
    category: "functional",
    label: "Functional",
    description: "Features from other providers, such as product reviews and ratings.",
  },
  {
    category: "advertising",
    label: "Advertising",
    description: "Measuring visits and purchases, and showing you relevant offers on other sites.",
  },
] as const;

/** The fetcher's answer to a choice (app/routes/cookie-preferences.tsx). */
export interface ConsentReply {
  consent: ConsentState;
}

/**
 * A fetcher that posts a choice and, once answered, posts the preference manager's message
 * (catalogue spec section 4) so the store applies it at once. `onSaved` runs after it.
 */
export function useConsentFetcher(onSaved?: () => void) {
  const fetcher = useFetcher<ConsentReply>();
  const handled = useRef<unknown>(null);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    window.postMessage(SUBMIT_PREFERENCES_MESSAGE, window.location.origin);
    onSaved?.();
  }, [fetcher.state, fetcher.data, onSaved]);
  return fetcher;
}

/** The fields every consent form carries: where to go back to without JavaScript, and (with it) to answer in JSON. */
function ReturnFields({ redirectTo }: { redirectTo?: string }) {
  const location = useLocation();
  const hydrated = useHydrated();
  return (
    <>
      <input type="hidden" name="redirectTo" value={redirectTo ?? `${location.pathname}${location.search}`} />
      {hydrated ? <input type="hidden" name="reply" value="json" /> : null}
    </>
  );
}

/** The first-visit banner, in the page flow at the top of the page (never over it). */
export function ConsentBanner() {
  const fetcher = useConsentFetcher();
  const busy = fetcher.state !== "idle";
  return (
    <section className="consent-banner" aria-label="Cookie consent">
      <div className="container consent-banner__inner">
        <p className="consent-banner__text">
          We use cookies to run the shop and, with your permission, for reviews and for measuring visits and
          advertising. Choose which ones we may use.
        </p>
        <fetcher.Form method="post" action={COOKIE_PREFERENCES_PATH} className="consent-banner__actions">
          <ReturnFields />
          <button type="submit" name="intent" value="accept-all" className="button button--primary" disabled={busy}>
            Accept all
          </button>
          <button type="submit" name="intent" value="reject-all" className="button" disabled={busy}>
            Reject all
          </button>
          <CookiePreferencesLink className="consent-banner__choose">Choose cookies</CookiePreferencesLink>
        </fetcher.Form>
      </div>
    </section>
  );
}

/**
 * The preferences: one checkbox per category (required shown checked and disabled), then
 * Accept all, Reject all and Save choices. The dialog and the /cookie-preferences page share it.
 */
export function ConsentPreferencesForm({
  consent,
  idPrefix,
  redirectTo,
  onSaved,
  footer,
}: {
  consent: ConsentState;
  idPrefix: string;
  redirectTo?: string;
  onSaved?: () => void;
  footer?: ReactNode;
}) {
  const fetcher = useConsentFetcher(onSaved);
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action={COOKIE_PREFERENCES_PATH} className="consent-preferences">
      <ReturnFields redirectTo={redirectTo} />
      <fieldset className="consent-preferences__categories">
        <legend className="consent-preferences__legend">Cookie categories</legend>
        {CONSENT_CATEGORY_INFO.map(({ category, label, description }) => {
          const id = `${idPrefix}-${category}`;
          const required = category === "required";
          return (
            <div key={category} className="consent-preferences__category">
              <input
                type="checkbox"
                id={id}
                name={required ? undefined : category}
                value="on"
                // Required is part of every choice: shown on and fixed (docs/decisions.md "Consent").
                defaultChecked={required || consent[category]}
                disabled={required}
                aria-describedby={`${id}-description`}
              />
              <label htmlFor={id} className="consent-preferences__label">
                {label}
                {required ? <span className="consent-preferences__always"> (always on)</span> : null}
              </label>
              <p id={`${id}-description`} className="consent-preferences__description">
                {description}
              </p>
            </div>
          );
        })}
      </fieldset>
      <div className="consent-preferences__actions">
        <button type="submit" name="intent" value="save" className="button button--primary" disabled={busy}>
          Save choices
        </button>
        <button type="submit" name="intent" value="accept-all" className="button" disabled={busy}>
          Accept all
        </button>
        <button type="submit" name="intent" value="reject-all" className="button" disabled={busy}>
          Reject all
        </button>
        {footer}
      </div>
    </fetcher.Form>
  );
}
