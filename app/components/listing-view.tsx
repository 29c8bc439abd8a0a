import { Form, Link, useLocation, useNavigation, useSubmit } from "@remix-run/react";
import { useRef, useSyncExternalStore } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { FilterGroupView } from "~/models/filter-groups";
import {
  activeFilterChips,
  activeFilterCount,
  clearFilters,
  hasActiveFilters,
  PAGE_SIZE,
  PRICE_PARAMS,
  SORT_OPTIONS,
  type ListingState,
} from "~/models/listing";
import type { CardView } from "~/models/product";
import type { SiteId } from "~/models/site";
import type { Crumb } from "~/models/navigation";
import { Breadcrumbs } from "./breadcrumbs";
import { ProductCard } from "./product-card";
import { DataLayerEvent } from "./data-layer-event";

export interface ListingViewProps {
  site: SiteId;
  title: string;
  crumbs: Crumb[];
  /** Groups shown in the filter panel (fixed path groups left out). */
  groups: readonly FilterGroupView[];
  state: ListingState;
  /** Builds the link for another state of this listing. */
  hrefFor: (state: ListingState) => string;
  products: CardView[];
  total: number;
  pageCount: number;
  facetCounts: Record<string, Record<string, number>>;
  freeShippingMinimumCents: number;
  /** Search term kept in the filter form on the search page. */
  search?: string;
  /** Extra sort option shown first (search: relevance). */
  relevanceSort?: boolean;
  children?: React.ReactNode;
}

/** Below the md breakpoint the filter panel is a drawer (docs/rules.md "Phone layout"). */
const NARROW = "(max-width: 767.98px)";

function subscribeNarrow(onChange: () => void) {
  const query = window.matchMedia(NARROW);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** True on a phone-width window once hydrated; the server's HTML (and the no-JS page) says false. */
function useNarrow() {
  return useSyncExternalStore(
    subscribeNarrow,
    () => window.matchMedia(NARROW).matches,
    () => false,
  );
}

/**
 * A listing whose URL is its whole state: filters, sort and page are query
 * parameters, so every view is a link that works without JavaScript. With
 * JavaScript a changed filter or sort submits itself (no full reload).
 *
 * Phones get the products first (docs/rules.md "Phone layout"): the filter panel is hidden
 * behind a "Filters" control. Without JavaScript that control is a link to #filters and CSS
 * (:target) shows the panel as a full-screen drawer; with JavaScript the panel is a modal
 * <dialog> (focus, Escape, inert background are the browser's), applied with its button.
 */
export function ListingView(props: ListingViewProps) {
  const { site, title, crumbs, groups, state, hrefFor, products, total, pageCount, facetCounts } = props;
  const submit = useSubmit();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const chips = activeFilterChips(state, groups);
  const first = total === 0 ? 0 : (state.page - 1) * PAGE_SIZE + 1;
  const last = Math.min(total, state.page * PAGE_SIZE);
  const autoSubmit = () => {
    if (formRef.current) submit(formRef.current, { preventScrollReset: true, replace: true });
  };
  const busy = navigation.state !== "idle";
  const { pathname } = useLocation();
  const drawer = useNarrow();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const activeCount = activeFilterCount(state, groups);
  // One inline run (the button is a flex box, whose items would be read apart): "Filters 2 active".
  const toggleLabel = (
    <span>
      Filters
      {activeCount > 0 ? (
        <>
          {" "}
          <span className="listing__filters-count">
            {activeCount}
            <span className="visually-hidden"> active</span>
          </span>
        </>
      ) : null}
    </span>
  );
  const panel = (
    <aside className="listing__filters" aria-labelledby="filters-heading">
      <div className="listing__filters-top">
        <h2 id="filters-heading" className="listing__filters-heading">
          Filter
        </h2>
        {drawer ? (
          <button
            type="button"
            className="link-button listing__filters-close"
            onClick={() => dialogRef.current?.close()}
          >
            Close<span className="visually-hidden"> filters</span>
          </button>
        ) : (
          <a href="#listing-results" className="listing__filters-close">
            Close<span className="visually-hidden"> filters</span>
          </a>
        )}
      </div>
      <Form
        method="get"
        ref={formRef}
        id="listing-form"
        onChange={hydrated && !drawer ? autoSubmit : undefined}
        onSubmit={drawer ? () => dialogRef.current?.close() : undefined}
      >
        {props.search ? <input type="hidden" name="search" value={props.search} /> : null}
        <div className="field listing__sort">
          <label htmlFor="listing-sort">Sort by</label>
          <select id="listing-sort" name="sort" defaultValue={state.sort} key={state.sort}>
            {props.relevanceSort ? <option value="relevance">Best match</option> : null}
            {SORT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        {groups.map((group) => {
          const selected = state.filters[group.field] ?? [];
          return (
            <details key={group.field} className="filter-group" open={selected.length > 0 || undefined}>
              <summary>
                {group.label}
                {selected.length ? <span className="filter-group__count"> ({selected.length})</span> : null}
              </summary>
              <fieldset>
                <legend className="visually-hidden">{group.label}</legend>
                <ul>
                  {group.options.map((option) => {
                    const count = facetCounts[group.field]?.[option.slug] ?? 0;
                    const checked = selected.includes(option.slug);
                    const id = `filter-${group.slug}-${option.slug}`;
                    return (
                      <li key={option.slug} className={count === 0 && !checked ? "filter-option--empty" : undefined}>
                        <input
                          type="checkbox"
                          id={id}
                          name={group.slug}
                          value={option.slug}
                          defaultChecked={checked}
                          key={`${id}-${checked}`}
                        />
                        <label htmlFor={id}>
                          {option.label} <span className="filter-option__count">({count})</span>
                        </label>
                      </li>
                    );
                  })}
                </ul>
              </fieldset>
            </details>
          );
        })}
        <details
          className="filter-group"
          open={state.price.minCents !== undefined || state.price.maxCents !== undefined || undefined}
        >
          <summary>Price</summary>
          <fieldset className="price-range">
            <legend className="visually-hidden">Price range in dollars</legend>
            <label htmlFor="price-min">Min $</label>
            <input
              id="price-min"
              name={PRICE_PARAMS.min}
              inputMode="decimal"
              defaultValue={state.price.minCents !== undefined ? state.price.minCents / 100 : ""}
              key={`min-${state.price.minCents}`}
              size={6}
            />
            <label htmlFor="price-max">Max $</label>
            <input
              id="price-max"
              name={PRICE_PARAMS.max}
              inputMode="decimal"
              defaultValue={state.price.maxCents !== undefined ? state.price.maxCents / 100 : ""}
              key={`max-${state.price.maxCents}`}
              size={6}
            />
          </fieldset>
        </details>
        <button type="submit" className="button button--primary listing__apply">
          Apply filters
        </button>
      </Form>
    </aside>
  );

  return (
    <div className="container listing">
      <Breadcrumbs crumbs={crumbs} />
      <h1 className="listing__title">{title}</h1>
      {props.children}
      <DataLayerEvent build={(a) => (products.length > 0 ? a.itemListEvent(products, a.listNameOf(pathname)) : null)} />
      <div className="listing__toolbar">
        {drawer ? (
          <button
            type="button"
            className="button listing__filters-toggle"
            aria-haspopup="dialog"
            onClick={() => dialogRef.current?.showModal()}
          >
            {toggleLabel}
          </button>
        ) : (
          <a href="#filters" className="button listing__filters-toggle">
            {toggleLabel}
          </a>
        )}
      </div>
      <div className="listing__layout">
        {drawer ? (
          <dialog ref={dialogRef} id="filters" className="listing__drawer" aria-labelledby="filters-heading">
            {panel}
          </dialog>
        ) : (
          <div id="filters" className="listing__drawer">
            {panel}
          </div>
        )}

        <section
          id="listing-results"
          className="listing__results"
          aria-labelledby="results-heading"
          aria-busy={busy || undefined}
        >
          <h2 id="results-heading" className="visually-hidden">
            Products
          </h2>
          {chips.length > 0 || hasActiveFilters(state) ? (
            <div className="chips" role="group" aria-label="Active filters">
              <ul>
                {chips.map((chip) => (
                  <li key={`${chip.field}-${chip.slug}`}>
                    <Link
                      to={hrefFor(chip.without)}
                      className="chip"
                      preventScrollReset
                      aria-label={`${chip.label}, remove ${chip.groupLabel} filter`}
                    >
                      {chip.label}
                      <span aria-hidden="true"> ×</span>
                    </Link>
                  </li>
                ))}
              </ul>
              <Link to={hrefFor(clearFilters(state))} className="chips__clear" preventScrollReset>
                Clear all
              </Link>
            </div>
          ) : null}
          <p className="listing__count" role="status">
            {total === 0 ? "No products match these filters." : `Showing ${first}–${last} of ${total} products`}
          </p>
          {products.length > 0 ? (
            <ul className="product-grid">
              {products.map((product, index) => (
                <li key={product.id}>
                  <ProductCard
                    product={product}
                    site={site}
                    freeShippingMinimumCents={props.freeShippingMinimumCents}
                    list={{ pathname, index }}
                  />
                </li>
              ))}
            </ul>
          ) : null}
          <Pagination page={state.page} pageCount={pageCount} hrefFor={(page) => hrefFor({ ...state, page })} />
        </section>
      </div>
    </div>
  );
}

function pageNumbers(page: number, pageCount: number): (number | "gap")[] {
  const pages = new Set([1, pageCount, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pageCount));
  const sorted = [...pages].sort((a, b) => a - b);
  return sorted.flatMap((p, i) => (i > 0 && p - sorted[i - 1] > 1 ? ["gap" as const, p] : [p]));
}

/** Previous / numbered / next page links (every page is a crawlable link). */
export function Pagination({
  page,
  pageCount,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pagination" className="pagination">
      <ul>
        <li>
          {page > 1 ? (
            <Link to={hrefFor(page - 1)} rel="prev">
              Previous
            </Link>
          ) : (
            <span aria-disabled="true">Previous</span>
          )}
        </li>
        {pageNumbers(page, pageCount).map((p, i) =>
          p === "gap" ? (
            <li key={`gap-${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <Link to={hrefFor(p)} aria-current={p === page ? "page" : undefined} aria-label={`Page ${p}`}>
                {p}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < pageCount ? (
            <Link to={hrefFor(page + 1)} rel="next">
              Next
            </Link>
          ) : (
            <span aria-disabled="true">Next</span>
          )}
        </li>
      </ul>
    </nav>
  );
}
