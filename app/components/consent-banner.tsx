// The consent banner (catalogue spec sections 3 and 4; docs/rules.md "Consent";
// docs/decisions.md "Consent"): in the page flow at the top of the page until the shopper
// chooses. A plain form post to /cookie-preferences that redirects back, so it works without
// JavaScript; with it, the consent manager (loaded after hydration) sends it through a
// fetcher instead. Kept tiny: it is in every page's first JavaScript.
import { useLocation } from "@remix-run/react";
import { COOKIE_PREFERENCES_PATH } from "~/models/consent";
import { CookiePreferencesLink } from "./cookie-preferences-link";

/** Marks the forms the consent manager sends through its fetcher once loaded. */
export const CONSENT_FORM_ATTRIBUTE = "data-consent-form";

export function ConsentBanner() {
  const location = useLocation();
  return (
    <section className="consent-banner" aria-label="Cookie consent">
      <div className="container consent-banner__inner">
        <p className="consent-banner__text">
          We use cookies to run the shop and, with your permission, for reviews and for measuring visits and
          advertising. Choose which ones we may use.
        </p>
        <form
          method="post"
          action={COOKIE_PREFERENCES_PATH}
          className="consent-banner__actions"
          {...{ [CONSENT_FORM_ATTRIBUTE]: "" }}
        >
          <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
          <button type="submit" name="intent" value="accept-all" className="button button--primary">
            Accept all
          </button>
          <button type="submit" name="intent" value="reject-all" className="button">
            Reject all
          </button>
          <CookiePreferencesLink className="consent-banner__choose">Choose cookies</CookiePreferencesLink>
        </form>
      </div>
    </section>
  );
}
