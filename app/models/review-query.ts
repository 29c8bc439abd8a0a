// The review list's query in a product page's URL (docs/rules.md "Reviews"): its orders and
// parameter names, read by the server and written by the page. Pure and small: the browser
// loads it with the page (docs/rules.md "Client JavaScript budget"), apart from the review
// rules' moderation patterns.

export const REVIEW_SORTS = ["recent", "helpful", "highest", "lowest"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
export const DEFAULT_REVIEW_SORT: ReviewSort = "recent";

/** The query parameters of a product page's review list. */
export const REVIEW_QUERY_PARAMS = { sort: "reviews_sort", rating: "reviews_rating", page: "reviews_page" } as const;

/** The review list a URL asks for; a missing or bad value falls back to its default (recent, all ratings, page 1). */
export function parseReviewQuery(search: URL | URLSearchParams): {
  sort: ReviewSort;
  rating: number | null;
  page: number;
} {
  const params = search instanceof URL ? search.searchParams : search;
  const sort = params.get(REVIEW_QUERY_PARAMS.sort);
  const rating = params.get(REVIEW_QUERY_PARAMS.rating);
  const page = params.get(REVIEW_QUERY_PARAMS.page);
  return {
    sort: (REVIEW_SORTS as readonly string[]).includes(sort ?? "") ? (sort as ReviewSort) : DEFAULT_REVIEW_SORT,
    rating: rating !== null && /^[1-5]$/.test(rating) ? Number(rating) : null,
    page: page !== null && /^[1-9]\d{0,5}$/.test(page) ? Number(page) : 1,
  };
}
