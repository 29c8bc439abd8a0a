// Where focus goes when a client-side navigation finishes (docs/rules.md "Focus and
// announcements"). A full page load needs nothing: the browser starts at the top and the
// skip link leads to <main>.

/** Marks the element a page wants focused after a navigation (a checkout step's heading); otherwise <main>'s h1. */
export const FOCUS_TARGET = "data-route-focus";

/** The parts of a location the rule reads. */
export interface PlaceInShop {
  pathname: string;
  search: string;
  hash: string;
}

/** What holds focus once the new page is on screen: nothing (the body, or outside <main>), a form field in <main>, or another element in <main>. */
export type FocusHolder = "none" | "field" | "other";

export interface FinishedNavigation {
  from: PlaceInShop;
  to: PlaceInShop;
  /** A form sent with a method other than GET (the action's answer, or the redirect after it). */
  submission: boolean;
  focus: FocusHolder;
}

/**
 * "move": focus the new page's heading and announce the page. "anchor": the new place names an
 * anchor (`#reviews`): focus goes to that element, where the view scrolled, and another page is
 * announced. "keep": leave focus where it is and say nothing (the page's own status message
 * speaks, such as the listing's count).
 *
 * - A hash in the new place: the anchor (the shopper followed a link to that spot; a review
 *   filter's link to `?reviews_rating=5#reviews` keeps them in the reviews; a sent review lands
 *   on `#reviews`). Leaving a hash on the same view (`/faq#returns` to `/faq`): keep.
 * - Same path and a form field in <main> still has focus (a listing filter or sort that
 *   submits itself, a quantity field): the shopper is working in that form; keep.
 * - Same path after a submission and something in <main> still has focus (a field the form
 *   library focused because it is invalid, the button that sent it): keep.
 * - Anything else, a link to another page, a pagination link, the next checkout step, a
 *   redirect to another page: move.
 */
export function afterNavigation({ from, to, submission, focus }: FinishedNavigation): "move" | "anchor" | "keep" {
  const samePath = from.pathname === to.pathname;
  if (to.hash) return "anchor";
  if (samePath && from.search === to.search && from.hash !== to.hash) return "keep";
  if (samePath && focus === "field") return "keep";
  if (samePath && submission && focus !== "none") return "keep";
  return "move";
}
