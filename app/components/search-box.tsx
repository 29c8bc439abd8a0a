import { Form, useFetcher, useNavigate } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { MAX_SEARCH_LENGTH } from "~/models/listing";
import { formatMoney } from "~/models/money";

interface Suggestion {
  id: string;
  title: string;
  href: string;
  image: string | null;
  /** Absent where the site hides retail prices. */
  priceCents?: number;
}

const DEBOUNCE_MS = 200;
const MIN_LENGTH = 2;

/**
 * The header search. Without JavaScript it is a plain GET form to
 * /search?search=; with it, an ARIA combobox offers products while typing
 * (arrow keys move, Enter opens, Escape closes and keeps the query, a second Escape clears
 * it). Opening a product moves focus to its heading (the route announcer).
 */
export function SearchBox({ defaultValue = "" }: { defaultValue?: string }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<{ query: string; total: number; products: Suggestion[] }>();
  const navigate = useNavigate();
  const listId = useId();
  const [value, setValue] = useState(defaultValue);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const inputRef = useRef<HTMLInputElement>(null);
  // What the shopper typed before the page hydrated stays (its scripts load once it is drawn,
  // docs/decisions.md "Drawing first"): the field starts from it, as the quantity field does.
  useEffect(() => {
    const typed = inputRef.current?.value;
    if (typed !== undefined && typed !== defaultValue) setValue(typed);
    // Once, at hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const suggestions = value.trim().length >= MIN_LENGTH ? (fetcher.data?.products ?? []) : [];
  const expanded = hydrated && open && suggestions.length > 0;

  useEffect(() => () => clearTimeout(timer.current), []);

  const choose = (suggestion: Suggestion) => {
    setOpen(false);
    navigate(suggestion.href);
  };

  return (
    <Form method="get" action="/search" role="search" className="site-search" onSubmit={() => setOpen(false)}>
      <label htmlFor="site-search-input" className="visually-hidden">
        Search products
      </label>
      <div className="site-search__field">
        <input
          id="site-search-input"
          ref={inputRef}
          // A text field: ARIA in HTML forbids role="combobox" on type="search" (docs/rules.md
          // "Valid HTML and no sideways scroll"); enterKeyHint keeps the phone's search key.
          type="text"
          enterKeyHint="search"
          name="search"
          placeholder="Search pet food"
          maxLength={MAX_SEARCH_LENGTH}
          value={value}
          autoComplete="off"
          {...(hydrated
            ? {
                role: "combobox",
                "aria-autocomplete": "list" as const,
                "aria-expanded": expanded,
                "aria-controls": listId,
                "aria-activedescendant": expanded && active >= 0 ? `${listId}-${active}` : undefined,
              }
            : {})}
          onChange={(event) => {
            const next = event.currentTarget.value;
            setValue(next);
            setActive(-1);
            setOpen(true);
            clearTimeout(timer.current);
            if (next.trim().length >= MIN_LENGTH) {
              timer.current = setTimeout(
                () => fetcher.load(`/api/predictive-search?q=${encodeURIComponent(next.trim())}`),
                DEBOUNCE_MS,
              );
            }
          }}
          onKeyDown={(event) => {
            if (event.key === "ArrowDown" && suggestions.length) {
              event.preventDefault();
              setOpen(true);
              setActive((i) => Math.min(i + 1, suggestions.length - 1));
            } else if (event.key === "ArrowUp" && suggestions.length) {
              event.preventDefault();
              setActive((i) => Math.max(i - 1, -1));
            } else if (event.key === "Enter" && expanded && active >= 0) {
              event.preventDefault();
              choose(suggestions[active]);
            } else if (event.key === "Escape") {
              // The ARIA combobox pattern (docs/rules.md "Focus and announcements"): Escape closes
              // the list and keeps the query; Escape with the list closed clears it. The browser's
              // own Escape in a search field would clear it at once.
              event.preventDefault();
              if (!expanded) setValue("");
              setOpen(false);
              setActive(-1);
            }
          }}
          onBlur={() => setOpen(false)}
          onFocus={() => setOpen(true)}
        />
        {hydrated ? (
          <ul
            id={listId}
            role="listbox"
            aria-label="Suggested products"
            className="site-search__list"
            hidden={!expanded}
          >
            {suggestions.map((suggestion, index) => (
              // Keyboard selection happens on the input (aria-activedescendant); the mouse picks here.
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events
              <li
                key={suggestion.id}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                className="site-search__option"
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(suggestion)}
              >
                {suggestion.image ? <img src={suggestion.image} alt="" width={40} height={40} /> : null}
                <span className="site-search__title">{suggestion.title}</span>
                {suggestion.priceCents !== undefined ? (
                  <span className="site-search__price">{formatMoney(suggestion.priceCents)}</span>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
        {hydrated ? (
          <p className="visually-hidden" role="status">
            {expanded ? `${suggestions.length} suggestions. Use the arrow keys to choose.` : ""}
          </p>
        ) : null}
      </div>
      <button type="submit" className="button button--primary">
        Search
      </button>
    </Form>
  );
}
