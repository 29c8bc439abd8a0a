// The cookie preferences form (catalogue spec section 3; docs/rules.md "Consent"): one
// checkbox per category (required shown checked and disabled), then Save choices, Accept all
// and Reject all. The preferences dialog and the /cookie-preferences page share it. A plain
// form post without JavaScript; with it the consent manager sends it through its fetcher.
import { useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { COOKIE_PREFERENCES_PATH, type ConsentState } from "~/models/consent";
import { CONSENT_FORM_ATTRIBUTE } from "./consent-banner";

/** What each category is for, as the preferences list them. */
const CONSENT_CATEGORY_INFO = [
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

/** The window event the consent manager dispatches once a choice sent through its fetcher is saved. */
export const CONSENT_SAVED_EVENT = "shop:consent-saved";

export function ConsentPreferencesForm({
  consent,
  idPrefix,
  redirectTo,
  footer,
}: {
  consent: ConsentState;
  idPrefix: string;
  /** Where a post without JavaScript returns (default: this page). */
  redirectTo?: string;
  footer?: ReactNode;
}) {
  const location = useLocation();
  return (
    <form
      method="post"
      action={COOKIE_PREFERENCES_PATH}
      className="consent-preferences"
      {...{ [CONSENT_FORM_ATTRIBUTE]: "" }}
    >
      <input type="hidden" name="redirectTo" value={redirectTo ?? `${location.pathname}${location.search}`} />
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
        <button type="submit" name="intent" value="save" className="button button--primary">
          Save choices
        </button>
        <button type="submit" name="intent" value="accept-all" className="button">
          Accept all
        </button>
        <button type="submit" name="intent" value="reject-all" className="button">
          Reject all
        </button>
        {footer}
      </div>
    </form>
  );
}
