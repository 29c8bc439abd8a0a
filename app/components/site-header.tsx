import { Form, Link, NavLink, useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef, type ComponentType, type KeyboardEvent, type SyntheticEvent } from "react";
import type { CartActionData } from "~/models/cart";
import type { ContentLink } from "~/models/content-links";
import type { NavSection } from "~/models/navigation";
import { SITE_NAME, type SiteId } from "~/models/site";
import { sitePolicy } from "~/models/site-policy";
import { CART_FETCHER_KEY, useCartPending } from "./cart-fetcher";
import { ContentLinkTo } from "./content-link";
import { Logo } from "./logo";
import { SearchBox } from "./search-box";

/** A route's `handle` that replaces the shop's header with its own (the checkout's minimal one). */
export interface HeaderHandle {
  header?: ComponentType<{ site: SiteId }>;
}

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

/** Whether a disclosure's summary is on screen: on wide screens it is hidden and the content always shows. */
const collapsible = (details: HTMLDetailsElement) =>
  getComputedStyle(details.querySelector("summary")!).display !== "none";

/**
 * The compact header's two disclosures (docs/rules.md "Brand, type and header"): plain
 * <details> without JavaScript; with it, one open at a time, Escape closes, a navigation
 * closes both, and opening the search focuses its field.
 */
function useHeaderDisclosures() {
  const search = useRef<HTMLDetailsElement>(null);
  const menu = useRef<HTMLDetailsElement>(null);
  const { key } = useLocation();
  useEffect(() => {
    search.current?.removeAttribute("open");
    menu.current?.removeAttribute("open");
  }, [key]);
  const onToggle = (event: SyntheticEvent<HTMLDetailsElement>) => {
    const details = event.currentTarget;
    if (!details.open) return;
    const other = details === search.current ? menu.current : search.current;
    if (other) other.open = false;
    if (details === search.current && collapsible(details)) details.querySelector("input")?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDetailsElement>) => {
    const details = event.currentTarget;
    // Escape in the search field closes its open suggestions first (search-box.tsx), not the panel.
    const suggesting = (event.target as HTMLElement).getAttribute("aria-expanded") === "true";
    if (event.key !== "Escape" || !details.open || suggesting || !collapsible(details)) return;
    details.open = false;
    details.querySelector("summary")?.focus();
  };
  return { search, menu, onToggle, onKeyDown };
}

/**
 * Page header (docs/rules.md "Brand, type and header"). On a phone one row: logo, the search
 * button, account, cart and the menu button; the search field and the navigation open below
 * it. From 768 px the search field shows in the row, from 960 px the navigation is a band.
 */
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
  const { search, menu, onToggle, onKeyDown } = useHeaderDisclosures();
  return (
    <header className="site-header">
      <div className="site-header__bar container">
        <Link to="/" className="site-header__logo" aria-label={`${SITE_NAME[site]} home`}>
          <Logo site={site} />
        </Link>
        {programLabel ? <span className="site-header__program">{programLabel}</span> : null}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape closes the disclosure; its summary is the control */}
        <details className="site-header__search" ref={search} onToggle={onToggle} onKeyDown={onKeyDown}>
          <summary className="header-tool header-tool--icon">
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="m15.5 15.5 5 5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            <span className="header-tool__label">Search</span>
          </summary>
          <div className="site-header__search-panel">
            <SearchBox defaultValue={searchTerm} />
          </div>
        </details>
        <nav className="site-header__tools" aria-label="Account and cart">
          <Link to={account ? "/account/dashboard" : "/shelter/login"} className="header-tool">
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
            <span className="header-tool__label">{account ? "My Account" : "Sign In"}</span>
          </Link>
          <Link to="/cart" className="header-tool header-tool--cart" aria-label={`Cart, ${itemsLabel}`}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <path d="M3 4h2l2.4 11h11.2L21 7H6.2" fill="none" stroke="currentColor" strokeWidth="2" />
              <circle cx="9" cy="19.5" r="1.5" fill="currentColor" />
              <circle cx="17" cy="19.5" r="1.5" fill="currentColor" />
            </svg>
            <span className="header-tool__label">Cart</span>
            <span className="cart-count" data-testid="cart-count">
              {cartQuantity}
            </span>
          </Link>
        </nav>
      </div>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape closes the disclosure; its summary is the control */}
      <details className="site-menu" ref={menu} onToggle={onToggle} onKeyDown={onKeyDown}>
        <summary className="header-tool header-tool--icon site-menu__button">
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <path d="M4 6h16M4 12h16M4 18h16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <span className="header-tool__label">Menu</span>
        </summary>
        <div className="site-menu__panel">
          <div className="site-menu__inner container">
            <nav className="main-nav" aria-label="Main">
              <ul className="main-nav__list">
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
            {utilityLinks.length > 0 || account ? (
              <div className="site-menu__extra">
                {utilityLinks.map((link) => (
                  <ContentLinkTo key={link.url} link={link} className="header-tool header-tool--utility" />
                ))}
                {account ? (
                  <Form method="post" action="/logout" className="header-tool header-tool--form">
                    <button type="submit" className="link-button">
                      Sign Out
                    </button>
                  </Form>
                ) : null}
              </div>
            ) : null}
          </div>
        </div>
      </details>
    </header>
  );
}
