import { Link } from "@remix-run/react";
import { SITE_NAME, type SiteId } from "~/models/site";
import { Logo } from "./logo";

/**
 * The checkout's own header (docs/rules.md "Brand, type and header"): the logo home, a
 * secure-checkout cue and help; no navigation, search or promotions to leave by.
 */
export function CheckoutHeader({ site }: { site: SiteId }) {
  return (
    <header className="checkout-header">
      <div className="checkout-header__bar container">
        <Link to="/" className="site-header__logo" aria-label={`${SITE_NAME[site]} home`}>
          <Logo site={site} />
        </Link>
        <p className="checkout-header__secure">
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <rect x="5" y="10" width="14" height="11" rx="2" fill="currentColor" />
            <path d="M8 10V7a4 4 0 0 1 8 0v3" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
          Secure checkout
        </p>
        <Link to="/contact-us" className="checkout-header__help">
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
            <path
              d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .9-1 1.7v.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
            <circle cx="12" cy="17" r="1.2" fill="currentColor" />
          </svg>
          Help
        </Link>
      </div>
    </header>
  );
}
