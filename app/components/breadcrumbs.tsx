// Breadcrumb trails, and the memory the browser keeps between pages to build
// product breadcrumbs (shop-core spec section 2; docs/rules.md "Breadcrumbs").
import { Link, useLocation, useMatches } from "@remix-run/react";
import { useEffect, useState } from "react";
import {
  markCrumbClick,
  readCrumbMemory,
  recordPageVisit,
  rememberedProductCrumbs,
  type CrumbMemory,
  type ListingMemory,
} from "~/models/breadcrumbs";
import type { Crumb } from "~/models/navigation";
import { pageTypeOf } from "~/models/page-type";
import type { SiteId } from "~/models/site";

const STORAGE_KEY = "pn:breadcrumbs";

function loadMemory(): CrumbMemory {
  try {
    return readCrumbMemory(sessionStorage.getItem(STORAGE_KEY));
  } catch {
    // storage unavailable (private mode): breadcrumbs are built from the product
    return readCrumbMemory(null);
  }
}

function saveMemory(memory: CrumbMemory) {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(memory));
  } catch {
    // storage unavailable: nothing is remembered
  }
}

/** The navigation state a breadcrumb link carries: the page it opens sets the click flag. */
const CRUMB_CLICK = { breadcrumbClick: true } as const;

/** Breadcrumb trail; the last crumb is the current page. */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  if (crumbs.length === 0) return null;
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs">
      <ol>
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={`${crumb.label}-${index}`}>
              {crumb.to && !last ? (
                <Link to={crumb.to} state={CRUMB_CLICK}>
                  {crumb.label}
                </Link>
              ) : (
                <span aria-current={last ? "page" : undefined}>{crumb.label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/**
 * Product breadcrumbs. The server renders them from the product; in the browser the
 * same trail takes what the memory holds (a remembered category, stored filters).
 */
export function ProductBreadcrumbs({ site, species, crumbs }: { site: SiteId; species: string; crumbs: Crumb[] }) {
  const [shown, setShown] = useState(crumbs);
  useEffect(() => {
    setShown(rememberedProductCrumbs(site, species, crumbs, loadMemory()));
  }, [site, species, crumbs]);
  return <Breadcrumbs crumbs={shown} />;
}

/**
 * Records every page shown in the memory (once per navigation): its page type, and what a
 * listing page records. Rendered once, around every page.
 */
export function BreadcrumbMemory() {
  const location = useLocation();
  const matches = useMatches();
  const productPage = matches.some((match) => (match.data as { kind?: string } | null)?.kind === "product");
  const listing = matches
    .map((match) => (match.data as { crumbMemory?: ListingMemory } | null)?.crumbMemory)
    .find((memory) => memory !== undefined);
  const listingJson = listing ? JSON.stringify(listing) : null;
  const crumbClicked = (location.state as typeof CRUMB_CLICK | null)?.breadcrumbClick === true;
  useEffect(() => {
    const recorded = listingJson ? (JSON.parse(listingJson) as ListingMemory) : null;
    const memory = crumbClicked ? markCrumbClick(loadMemory()) : loadMemory();
    saveMemory(recordPageVisit(memory, pageTypeOf(location.pathname, productPage), recorded));
    // One visit per navigation: the key changes with every one, search changes included.
  }, [location.key, location.pathname, productPage, listingJson, crumbClicked]);
  return null;
}
