import { Form, Link, NavLink, useFetcher } from "@remix-run/react";
import type { CartActionData } from "~/models/cart";
import type { ContentLink } from "~/models/content-links";
import type { NavSection } from "~/models/navigation";
import { SITE_NAME, type SiteId } from "~/models/site";
import { sitePolicy } from "~/models/site-policy";
import { CART_FETCHER_KEY, useCartPending } from "./cart-fetcher";
import { ContentLinkTo } from "./content-link";
import { Logo } from "./logo";
import { SearchBox } from "./search-box";

interface SiteHeaderProps {
  /** The signed-in customer, or null for a guest. */
  account?: { firstName: string } | null;
  site: SiteId;
  cartQuantity: number;
  searchTerm?: string;
  /** The main navigation (from content, or the built-in fallback). */
  navigation: NavSection[];
  /** Help links beside the account tools (content header). */
  utilityLinks?: ContentLink[];
}

/**
 * The count the header shows: the loader's count, plus what is being added right now
 * (the cart fetcher's submission and any queued behind it), or the answer's count while
 * the page data revalidates. Once the fetcher is idle the loader's count is fresh again.
 */
function useOptimisticCartQuantity(cartQuantity: number): number {
  const fetcher = useFetcher<CartActionData>({ key: CART_FETCHER_KEY });
  const { inFlight, queuedDelta } = useCartPending();
  let count = cartQuantity;
  if (inFlight && fetcher.data === inFlight.dataBefore) {
    count += inFlight.delta;
  } else if (fetcher.state === "loading" && fetcher.data?.ok) {
    // Answered, the root loader not yet revalidated: the answer knows the new count.
    count = fetcher.data.cart?.totalQuantity ?? 0;
  }
  return Math.max(0, count + queuedDelta);
}

/** Page header: logo, search, account and cart links, main navigation. */
export function SiteHeader({
  site,
  cartQuantity: loaderQuantity,
  searchTerm,
  account,
  navigation,
  utilityLinks = [],
}: SiteHeaderProps) {
  const cartQuantity = useOptimisticCartQuantity(loaderQuantity);
  const programLabel = sitePolicy(site).headerProgramLabel;
  const itemsLabel = `${cartQuantity} ${cartQuantity === 1 ? "item" : "items"}`;
  return (
    <header className="site-header">
      <div className="site-header__bar container">
        <Link to="/" className="site-header__logo" aria-label={`${SITE_NAME[site]} home`}>
          <Logo site={site} />
        </Link>
        {programLabel ? <span className="site-header__program">{programLabel}</span> : null}
        <SearchBox defaultValue={searchTerm} />
        <nav className="site-header__tools" aria-label="Account and cart">
          {utilityLinks.map((link) => (
            <ContentLinkTo key={link.url} link={link} className="header-tool header-tool--utility" />
          ))}
          <Link to={account ? "/account/dashboard" : "/shelter/login"} className="header-tool">
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
            <span>{account ? "My Account" : "Sign In"}</span>
          </Link>
          {account ? (
            <Form method="post" action="/logout" className="header-tool header-tool--form">
              <button type="submit" className="link-button">
                Sign Out
              </button>
            </Form>
          ) : null}
          <Link to="/cart" className="header-tool" aria-label={`Cart, ${itemsLabel}`}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <path d="M3 4h2l2.4 11h11.2L21 7H6.2" fill="none" stroke="currentColor" strokeWidth="2" />
              <circle cx="9" cy="19.5" r="1.5" fill="currentColor" />
              <circle cx="17" cy="19.5" r="1.5" fill="currentColor" />
            </svg>
            <span>Cart</span>
            <span className="cart-count" data-testid="cart-count">
              {cartQuantity}
            </span>
          </Link>
        </nav>
      </div>
      <nav className="main-nav" aria-label="Main">
        <ul className="main-nav__list container">
          {navigation.map((section) => (
            <li key={section.to} className="main-nav__item">
              <NavLink to={section.to} end className="main-nav__link">
                {section.label}
              </NavLink>
              {section.links.length > 0 ? (
                <ul className="main-nav__menu" aria-label={section.label}>
                  {section.links.map((link) => (
                    <li key={link.to}>
                      <NavLink to={link.to} end>
                        {link.label}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
