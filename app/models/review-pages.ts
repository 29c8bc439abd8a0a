// Reviews as shoppers meet them (docs/rules.md "Reviews on pages"): the list's query in the
// URL, the accessible rating texts, the review form, the one-time notices and the helpful
// voter's key. Pure: the product page, the review page and the helpful-vote route share them.
import { DEFAULT_REVIEW_SORT, REVIEW_QUERY_PARAMS, type ReviewSort as ReviewSortKey } from "./review-query";
// Types only: the review rules' moderation patterns do not ship to the browser.
import type { RatingSummary, ReviewView } from "./reviews";

/** The sort select's labels, in the order of `REVIEW_SORTS`. */
export const REVIEW_SORT_LABELS: Record<ReviewSortKey, string> = {
  recent: "Most recent",
  helpful: "Most helpful",
  highest: "Highest rating",
  lowest: "Lowest rating",
};

/** The review list a page shows: `parseReviewQuery` (app/models/reviews.ts) reads it from the URL. */
export interface ReviewQuery {
  sort: ReviewSortKey;
  rating: number | null;
  page: number;
}

/**
 * The query string of a review list view on a page whose other parameters are `params`
 * (kept), with the defaults left out so the plain product URL stays the canonical one.
 */
export function reviewQuerySearch(params: URLSearchParams, query: ReviewQuery): string {
  const next = new URLSearchParams(params);
  for (const name of Object.values(REVIEW_QUERY_PARAMS)) next.delete(name);
  if (query.sort !== DEFAULT_REVIEW_SORT) next.set(REVIEW_QUERY_PARAMS.sort, query.sort);
  if (query.rating !== null) next.set(REVIEW_QUERY_PARAMS.rating, String(query.rating));
  if (query.page > 1) next.set(REVIEW_QUERY_PARAMS.page, String(query.page));
  const search = next.toString();
  return search ? `?${search}` : "";
}

/** An average as the page prints it: one decimal ("4.3", "5.0"). */
export const formatAverage = (average: number): string => (Math.round(average * 10) / 10).toFixed(1);

/** The stars' accessible text on the product page: "4.3 out of 5 stars". */
export const starsText = (rating: number): string =>
  `${Number.isInteger(rating) ? rating : formatAverage(rating)} out of 5 stars`;

/** A product card's rating as read aloud: "Rated 4.3 out of 5, 23 reviews". */
export const cardRatingText = (average: number, count: number): string =>
  `Rated ${formatAverage(average)} out of 5, ${count} ${count === 1 ? "review" : "reviews"}`;

/** Five stars as characters (filled then empty), rounded to the nearest whole star; decorative. */
export function starGlyphs(rating: number): string {
  const filled = Math.max(0, Math.min(5, Math.round(rating)));
  return "★".repeat(filled) + "☆".repeat(5 - filled);
}

/** The one-time notice after a review is written: published at once, or held for a moderator. */
export const reviewThanks = (status: "pending" | "published" | "rejected"): string =>
  status === "published"
    ? "Thanks! Your review is published."
    : "Thanks! Your review will appear once we have checked it.";

/** How a shopper's own review's status reads beside it. */
export const OWN_REVIEW_STATUS: Record<"pending" | "published" | "rejected", string> = {
  published: "Published",
  pending: "Waiting to be checked",
  rejected: "Not published",
};

/** A helpful vote without functional consent (the visitor id it would need is a functional cookie). */
export const HELPFUL_DECLINED_MESSAGE =
  "Helpful votes need functional cookies. Please enable them in the cookie preferences.";

/** A helpful vote counted, or a repeat that changed nothing (votes count once per voter). */
export const HELPFUL_THANKS_MESSAGE = "Thanks for your vote.";
export const HELPFUL_REPEAT_MESSAGE = "You have already marked this review as helpful.";

/** The review page of a product, by its handle. */
export const reviewPagePath = (handle: string): string => `/review/${encodeURIComponent(handle)}`;

/** A helpful voter: the signed-in customer, else the anonymous visitor's id (docs/rules.md "Reviews on pages"). */
export const voterKey = (voter: { customerId: string } | { visitorId: string }): string =>
  "customerId" in voter ? `customer:${voter.customerId}` : `visitor:${voter.visitorId}`;

/** A visitor id as the cookie holds it: 32 hex characters. */
export const isVisitorId = (value: unknown): value is string =>
  typeof value === "string" && /^[0-9a-f]{32}$/.test(value);

/**
 * A review as the product page shows it: the reviews service's view (its product is the page's),
 * with its day as the shop writes it ("March 4, 2026", the shop's time zone), formatted on the
 * server so the product page's scripts carry no date library (docs/rules.md "Client JavaScript budget").
 */
export type ShownReview = Omit<ReviewView, "productId"> & { dateLabel: string };

/** The product's published reviews in figures, as the service gives them. */
export type ShownSummary = RatingSummary;

/**
 * What the product page's loader hands the reviews section (docs/rules.md "Reviews on pages"):
 * without functional consent only that fact, no review data at all; with a configured provider
 * script only the product id its container needs; else the summary, the list and the viewer's own.
 */
export type ProductReviewsData =
  | { mode: "declined" }
  | { mode: "widget"; productId: string }
  | {
      mode: "shown";
      productId: string;
      summary: ShownSummary;
      reviews: ShownReview[];
      total: number;
      page: number;
      pageSize: number;
      query: ReviewQuery;
      /** The viewer's own review (any status), when signed in and they wrote one. */
      own: ShownReview | null;
      signedIn: boolean;
      writeHref: string;
    };
