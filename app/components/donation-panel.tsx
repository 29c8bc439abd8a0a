// Where shoppers meet donations (docs/rules.md "Donation choice"; catalogue spec sections 4
// and 5): what this order gives, merchant-funded, and to which cause; the featured causes
// and the charity search where the store lets shoppers choose; the round-up or add-on
// the shopper may give. Every choice is a plain form post to /cart (and the search a GET
// of this page), so it works without JavaScript; with it, fetchers answer in place and
// the page's loaders revalidate.
import type { SerializeFrom } from "@remix-run/node";
import { useFetcher, useLocation } from "@remix-run/react";
import { useState, type FormEvent, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { CartActionData } from "~/models/cart";
import { US_STATES } from "~/models/checkout";
import {
  charitiesFoundMessage,
  extraChoiceLabel,
  MAX_CHARITY_LOCATION_LENGTH,
  MAX_CHARITY_TERM_LENGTH,
  MIN_CHARITY_TERM_LENGTH,
  type PageCharitySearch,
} from "~/models/donation-forms";
import { formatDonationExtra, type DonationExtra } from "~/models/donations";
import { formatMoney } from "~/models/money";

/** A cause as the panel shows it (the donation layer's `CauseOption`). */
export interface DonationCauseView {
  id: string;
  name: string;
  logoUrl: string;
  categoryName: string;
  place: string | null;
}

/** What the panel shows of the cart's donation (the donation layer's `DonationWidget`). */
export interface DonationPanelWidget {
  show: boolean;
  donationCents: number;
  cause: DonationCauseView | null;
  letShoppersChoose: boolean;
  searchEnabled: boolean;
  featuredCauses: DonationCauseView[];
  offersRoundUp: boolean;
  addOnCents: number[];
  extra: DonationExtra | null;
  testMode: boolean;
}

/** The page's own charity search (without JavaScript): what was asked, and what was found. */
export type DonationPanelSearch = Pick<PageCharitySearch, "values" | "error"> & {
  results: DonationCauseView[] | null;
};

interface DonationPanelProps {
  widget: SerializeFrom<DonationPanelWidget>;
  search: SerializeFrom<DonationPanelSearch> | null;
  /** The page to come back to after a post without JavaScript, e.g. "/cart" or "/checkout?step=review". */
  pagePath: string;
}

/** The answer of GET /api/donations/charities. */
type SearchAnswer = { results: DonationCauseView[] } | { error: { message: string } };

/** The fetcher every cause choice of the page goes through (featured causes and search results). */
const CHOICE_FETCHER_KEY = "donation-cause";
const EXTRA_FETCHER_KEY = "donation-extra";
const SEARCH_FIELDS = ["charity", "location", "state"];
/** The query parameter that opens the panel (the page a choice without JavaScript comes back to). */
const GIVING_PARAM = "giving";

export function DonationPanel({ widget, search, pagePath }: DonationPanelProps) {
  const hydrated = useHydrated();
  const choice = useFetcher<CartActionData>({ key: CHOICE_FETCHER_KEY });
  const location = useLocation();
  if (!widget.show) return null;
  const { cause } = widget;
  const offersExtra = widget.offersRoundUp || widget.addOnCents.length > 0;
  const choiceNotice = choice.state === "idle" ? (choice.data?.notice ?? null) : null;
  // With JavaScript, posts answer JSON to their fetcher instead of redirecting back.
  const json = hydrated ? <input type="hidden" name="_response" value="json" /> : null;
  // Open by default only when the shopper asked: a search of this page, or a choice posted without JavaScript.
  const asked = Boolean(search?.results || search?.error) || new URLSearchParams(location.search).has(GIVING_PARAM);
  const back = withGivingOpen(pagePath);
  return (
    <section className="donation-panel" aria-labelledby="donation-panel-title">
      <h2 id="donation-panel-title" className="visually-hidden">
        Giving back
      </h2>
      <details className="donation-panel__details" open={asked}>
        {/* One line: what the order gives, to which cause, and a Change that opens the choices. */}
        <summary className="donation-panel__summary">
          {cause ? (
            <img src={cause.logoUrl} alt="" width={32} height={32} className="donation-panel__logo" loading="lazy" />
          ) : null}
          <span className="donation-panel__gives" data-testid="donation-gives">
            {cause
              ? widget.donationCents > 0
                ? `This order gives ${formatMoney(widget.donationCents)} to ${cause.name}.`
                : `Your gift goes to ${cause.name}.`
              : "Choose a cause for this order's gift."}
          </span>
          {widget.testMode ? <span className="donation-panel__test">Test mode</span> : null}
          <span className="donation-panel__change" aria-hidden="true">
            Change
          </span>
        </summary>
        <div className="donation-panel__body">
          {widget.donationCents > 0 ? (
            <p className="donation-panel__note">The shop gives this at no cost to you.</p>
          ) : null}
          {widget.letShoppersChoose && widget.featuredCauses.length > 0 ? (
            <choice.Form
              method="post"
              action="/cart"
              className="donation-panel__form"
              aria-busy={choice.state !== "idle"}
            >
              {json}
              <input type="hidden" name="intent" value="donation-cause" />
              <input type="hidden" name="redirectTo" value={back} />
              {/* Keyed by the chosen cause, so the checked radio follows the loader after a choice. */}
              <fieldset className="donation-causes" key={cause?.id ?? "none"}>
                <legend>Choose the cause this order supports</legend>
                {widget.featuredCauses.map((option) => (
                  <label key={option.id} className="donation-cause">
                    <input type="radio" name="causeId" value={option.id} defaultChecked={option.id === cause?.id} />
                    <CauseFace cause={option} />
                  </label>
                ))}
              </fieldset>
              <button type="submit" className="button">
                Give to this cause
              </button>
            </choice.Form>
          ) : null}

          {widget.letShoppersChoose && widget.searchEnabled ? (
            <CharitySearch search={search} pagePath={back} json={json} />
          ) : null}

          {offersExtra ? <ExtraGift widget={widget} pagePath={back} json={json} /> : null}
        </div>
      </details>
      <div role="status" className="donation-panel__status">
        {choiceNotice ? <p className={`notice notice--${choiceNotice.tone}`}>{choiceNotice.message}</p> : null}
      </div>
    </section>
  );
}

/** The page's path with the panel asked open, for the redirect after a choice without JavaScript. */
function withGivingOpen(pagePath: string): string {
  const url = new URL(pagePath, "http://page.invalid");
  url.searchParams.set(GIVING_PARAM, "open");
  return `${url.pathname}${url.search}`;
}

/** A cause's logo, name, category and place. */
function CauseFace({ cause }: { cause: SerializeFrom<DonationCauseView> }) {
  return (
    <>
      <img src={cause.logoUrl} alt="" width={40} height={40} className="donation-cause__logo" loading="lazy" />
      <span className="donation-cause__text">
        <span className="donation-cause__name">{cause.name}</span>
        <span className="donation-cause__meta">
          {cause.categoryName}
          {cause.place ? ` · ${cause.place}` : ""}
        </span>
      </span>
    </>
  );
}

/** The page's path and the query it keeps on a search (all but the search's own fields). */
function searchTarget(pagePath: string): { path: string; keep: [string, string][] } {
  const url = new URL(pagePath, "http://page.invalid");
  const keep = [...url.searchParams].filter(([name]) => !SEARCH_FIELDS.includes(name));
  return { path: url.pathname, keep };
}

/**
 * The charity search (catalogue spec section 5): without JavaScript a GET of this page
 * (its loader searches); with it, GET /api/donations/charities through a fetcher, the
 * results replaced in place and their count announced.
 */
function CharitySearch({
  search,
  pagePath,
  json,
}: {
  search: SerializeFrom<DonationPanelSearch> | null;
  pagePath: string;
  json: ReactNode;
}) {
  const hydrated = useHydrated();
  const finder = useFetcher<SearchAnswer>({ key: "donation-search" });
  const choice = useFetcher<CartActionData>({ key: CHOICE_FETCHER_KEY });
  // The search sent last with JavaScript (its count is announced once its answer is in).
  const [sent, setSent] = useState(false);
  const { path, keep } = searchTarget(pagePath);
  const values = search?.values ?? { term: "", location: "", state: "" };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const params = new URLSearchParams({
      term: String(form.get("charity") ?? ""),
      location: String(form.get("location") ?? ""),
      state: String(form.get("state") ?? ""),
    });
    setSent(true);
    finder.load(`/api/donations/charities?${params}`);
  }

  let results: SerializeFrom<DonationCauseView>[] | null = search?.results ?? null;
  let problem: string | null = search?.error ?? null;
  if (sent && finder.data) {
    results = "results" in finder.data ? finder.data.results : null;
    problem = "error" in finder.data ? finder.data.error.message : null;
  }
  const busy = finder.state !== "idle";
  const status = busy ? "Searching…" : problem ? problem : results ? charitiesFoundMessage(results.length) : "";

  return (
    <div className="donation-search">
      <form
        method="get"
        action={path}
        className="donation-search__form"
        role="search"
        aria-label="Charities"
        onSubmit={hydrated ? onSubmit : undefined}
        aria-busy={busy}
      >
        {keep.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <fieldset>
          <legend>Find another charity</legend>
          <div className="donation-search__fields">
            <div className="field">
              <label htmlFor="charity-term">Charity name</label>
              <input
                id="charity-term"
                name="charity"
                type="search"
                required
                minLength={MIN_CHARITY_TERM_LENGTH}
                maxLength={MAX_CHARITY_TERM_LENGTH}
                defaultValue={values.term}
              />
            </div>
            <div className="field">
              <label htmlFor="charity-location">Zip code or city (optional)</label>
              <input
                id="charity-location"
                name="location"
                maxLength={MAX_CHARITY_LOCATION_LENGTH}
                autoComplete="off"
                defaultValue={values.location}
              />
            </div>
            <div className="field">
              <label htmlFor="charity-state">State (optional)</label>
              <select id="charity-state" name="state" defaultValue={values.state.toUpperCase()}>
                <option value="">Any state</option>
                {US_STATES.map((state) => (
                  <option key={state.code} value={state.code}>
                    {state.name}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <button type="submit" className="button">
            Search charities
          </button>
        </fieldset>
      </form>
      <p
        role="status"
        aria-live="polite"
        className={`donation-search__status${problem && !busy ? " donation-search__status--error" : ""}`}
      >
        {status}
      </p>
      {results && results.length > 0 ? (
        <ul className="donation-results" aria-label="Charities found">
          {results.map((result) => (
            <li key={result.id} className="donation-result">
              <CauseFace cause={result} />
              <choice.Form method="post" action="/cart" className="donation-result__choose">
                {json}
                <input type="hidden" name="intent" value="donation-cause" />
                <input type="hidden" name="causeId" value={result.id} />
                <input type="hidden" name="redirectTo" value={pagePath} />
                <button type="submit" className="button" aria-label={`Choose ${result.name}`}>
                  Choose
                </button>
              </choice.Form>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The round-up or add-on the shopper gives and pays with the order (campaigns 3 and 4). */
function ExtraGift({
  widget,
  pagePath,
  json,
}: {
  widget: SerializeFrom<DonationPanelWidget>;
  pagePath: string;
  json: ReactNode;
}) {
  const fetcher = useFetcher<CartActionData>({ key: EXTRA_FETCHER_KEY });
  const options: (DonationExtra | null)[] = [
    null,
    ...(widget.offersRoundUp ? [{ kind: "round-up" } as const] : []),
    ...widget.addOnCents.map((cents) => ({ kind: "add-on", cents }) as const),
  ];
  const current = formatDonationExtra(widget.extra);
  const notice = fetcher.state === "idle" ? (fetcher.data?.notice ?? null) : null;
  return (
    <fetcher.Form method="post" action="/cart" className="donation-panel__form" aria-busy={fetcher.state !== "idle"}>
      {json}
      <input type="hidden" name="intent" value="donation-extra" />
      <input type="hidden" name="redirectTo" value={pagePath} />
      <fieldset className="donation-extra" key={current}>
        <legend>Give a little more</legend>
        <p className="donation-panel__note">An extra gift is added to your order total and goes to the same cause.</p>
        {options.map((option) => {
          const value = formatDonationExtra(option);
          return (
            <label key={value || "none"} className="donation-extra__option">
              <input type="radio" name="extra" value={value} defaultChecked={value === current} />{" "}
              {extraChoiceLabel(option)}
            </label>
          );
        })}
      </fieldset>
      <button type="submit" className="button">
        Update my gift
      </button>
      <div role="status" className="donation-panel__status">
        {notice ? <p className={`notice notice--${notice.tone}`}>{notice.message}</p> : null}
      </div>
    </fetcher.Form>
  );
}
