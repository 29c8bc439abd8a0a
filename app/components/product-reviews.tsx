// The product page's reviews section (catalogue spec section 8; docs/rules.md "Reviews on
// pages"): without functional consent exactly the declined message, "here" opening the cookie
// preferences; with a provider script only its container; else the rating summary, the sort
// and rating filter (a GET form), the list with helpful votes, paging and "Write a review".
import { Form, Link, useFetcher, useLocation } from "@remix-run/react";
import type { FormEvent } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { REVIEWS_DECLINED_MESSAGE } from "~/models/consent";
import { REVIEW_QUERY_PARAMS as REVIEW_QUERY, REVIEW_SORTS } from "~/models/review-query";
import {
  formatAverage,
  HELPFUL_REPEAT_MESSAGE,
  HELPFUL_THANKS_MESSAGE,
  OWN_REVIEW_STATUS,
  REVIEW_SORT_LABELS,
  reviewQuerySearch,
  starGlyphs,
  starsText,
  type ProductReviewsData,
  type ReviewQuery,
  type ShownReview,
} from "~/models/review-pages";
import { CookiePreferencesLink } from "./cookie-preferences-link";

export function Stars({ rating, text }: { rating: number; text?: string }) {
  return (
    <span className="stars">
      <span aria-hidden="true">{starGlyphs(rating)}</span>
      <span className="visually-hidden">{text ?? starsText(rating)}</span>
    </span>
  );
}

/** The exact declined message (catalogue spec section 8), "here" a link to the cookie preferences. */
export function ReviewsDeclined() {
  return (
    <p className="reviews__declined" data-testid="reviews-declined">
      {REVIEWS_DECLINED_MESSAGE.before}
      <CookiePreferencesLink>
        {REVIEWS_DECLINED_MESSAGE.link}
        <span className="visually-hidden">{REVIEWS_DECLINED_MESSAGE.linkContext}</span>
      </CookiePreferencesLink>
      {REVIEWS_DECLINED_MESSAGE.after}
    </p>
  );
}

export function ProductReviews({ reviews }: { reviews: ProductReviewsData }) {
  if (reviews.mode === "widget") {
    // The provider's script (loaded by the consent store after functional consent) fills it.
    return (
      <section className="reviews" aria-label="Reviews" id="reviews">
        <div data-reviews-widget="" data-product-id={reviews.productId} />
      </section>
    );
  }
  return (
    <section className="reviews" aria-labelledby="reviews-title" id="reviews">
      <h2 id="reviews-title">Reviews</h2>
      {reviews.mode === "declined" ? <ReviewsDeclined /> : <ShownReviews data={reviews} />}
    </section>
  );
}

type Shown = Extract<ProductReviewsData, { mode: "shown" }>;

function ShownReviews({ data }: { data: Shown }) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const hrefWith = (change: Partial<ReviewQuery>) =>
    `${location.pathname}${reviewQuerySearch(params, { ...data.query, page: 1, ...change })}#reviews`;
  const { summary } = data;
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  const here = `${location.pathname}${location.search}`;
  return (
    <>
      <div className="reviews__top">
        <RatingSummary summary={summary} hrefFor={(rating) => hrefWith({ rating })} active={data.query.rating} />
        <WriteReview data={data} />
      </div>
      {summary.count > 0 ? <ReviewControls query={data.query} params={params} action={location.pathname} /> : null}
      {data.query.rating !== null ? (
        <p className="reviews__filtered">
          Showing {data.total} {data.query.rating}-star {data.total === 1 ? "review" : "reviews"}.{" "}
          <Link to={hrefWith({ rating: null })} preventScrollReset>
            Show all reviews
          </Link>
        </p>
      ) : null}
      {data.reviews.length ? (
        <ol className="reviews__list">
          {data.reviews.map((review) => (
            <li key={review.id}>
              <ReviewItem review={review} redirectTo={here} />
            </li>
          ))}
        </ol>
      ) : summary.count > 0 ? (
        <p>No reviews match this filter.</p>
      ) : (
        <p>No reviews yet. Be the first to review this product.</p>
      )}
      {pages > 1 ? (
        <nav className="reviews__paging" aria-label="Review pages">
          {data.page > 1 ? (
            <Link to={hrefWith({ page: data.page - 1, rating: data.query.rating })} preventScrollReset rel="prev">
              Previous reviews
            </Link>
          ) : null}
          <span>
            Page {data.page} of {pages}
          </span>
          {data.page < pages ? (
            <Link to={hrefWith({ page: data.page + 1, rating: data.query.rating })} preventScrollReset rel="next">
              More reviews
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}

function RatingSummary({
  summary,
  hrefFor,
  active,
}: {
  summary: Shown["summary"];
  hrefFor: (rating: number) => string;
  active: number | null;
}) {
  if (summary.count === 0) return <div className="reviews__summary" />;
  const most = Math.max(...summary.distribution, 1);
  return (
    <div className="reviews__summary" data-testid="rating-summary">
      <p className="reviews__average">
        <span className="reviews__average-figure" aria-hidden="true">
          {formatAverage(summary.average)}
        </span>
        <Stars rating={summary.average} />
        <span className="reviews__count">
          {summary.count} {summary.count === 1 ? "review" : "reviews"}
        </span>
      </p>
      <ul className="reviews__distribution" aria-label="Reviews by rating">
        {[5, 4, 3, 2, 1].map((stars) => {
          const count = summary.distribution[stars - 1] ?? 0;
          return (
            <li key={stars}>
              <Link
                to={hrefFor(stars)}
                preventScrollReset
                aria-current={active === stars ? "true" : undefined}
                className="reviews__bar-link"
              >
                <span className="reviews__bar-label">
                  {stars} {stars === 1 ? "star" : "stars"}
                </span>
                <span className="reviews__bar" aria-hidden="true">
                  <span style={{ width: `${Math.round((count / most) * 100)}%` }} />
                </span>
                <span className="reviews__bar-count">
                  {count}
                  <span className="visually-hidden"> {count === 1 ? "review" : "reviews"}</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function WriteReview({ data }: { data: Shown }) {
  if (data.own) {
    return (
      <div className="reviews__write">
        <p>
          You reviewed this product. <span className="reviews__status">{OWN_REVIEW_STATUS[data.own.status]}</span>
        </p>
        {data.own.status !== "published" ? (
          <p className="field__hint">Only you can see your review until it is published.</p>
        ) : null}
      </div>
    );
  }
  return (
    <div className="reviews__write">
      <Link to={data.writeHref} className="button">
        {data.signedIn ? "Write a review" : "Sign in to write a review"}
      </Link>
    </div>
  );
}

/** Sort and rating filter: a GET form (works without JavaScript); with it, a change applies at once. */
function ReviewControls({ query, params, action }: { query: ReviewQuery; params: URLSearchParams; action: string }) {
  const reviewParams = new Set<string>(Object.values(REVIEW_QUERY));
  const kept = [...params].filter(([name]) => !reviewParams.has(name));
  const submitOnChange = (event: FormEvent<HTMLSelectElement>) => event.currentTarget.form?.requestSubmit();
  // This section hydrates after the page (it loads lazily): until then Apply submits the form.
  const hydrated = useHydrated();
  return (
    <Form
      method="get"
      action={action}
      preventScrollReset
      className="reviews__controls"
      aria-label="Sort and filter reviews"
      data-enhanced={hydrated ? "" : undefined}
    >
      {kept.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <div className="field">
        <label htmlFor="reviews-sort">Sort by</label>
        <select id="reviews-sort" name={REVIEW_QUERY.sort} defaultValue={query.sort} onChange={submitOnChange}>
          {REVIEW_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {REVIEW_SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="reviews-rating">Rating</label>
        <select
          id="reviews-rating"
          name={REVIEW_QUERY.rating}
          defaultValue={query.rating === null ? "" : String(query.rating)}
          onChange={submitOnChange}
        >
          <option value="">All ratings</option>
          {[5, 4, 3, 2, 1].map((stars) => (
            <option key={stars} value={stars}>
              {stars} {stars === 1 ? "star" : "stars"}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button">
        Apply
      </button>
    </Form>
  );
}

function ReviewItem({ review, redirectTo }: { review: ShownReview; redirectTo: string }) {
  return (
    <article className="review" id={`review-${review.id}`} aria-labelledby={`review-${review.id}-title`}>
      <Stars rating={review.rating} />
      <h3 className="review__title" id={`review-${review.id}-title`}>
        {review.title}
      </h3>
      <p className="review__meta">
        <span className="review__author">{review.authorName}</span>
        {" · "}
        <time dateTime={review.date}>{review.dateLabel}</time>
        {review.verifiedBuyer ? (
          <>
            {" · "}
            <span className="review__verified">Verified buyer</span>
          </>
        ) : null}
        {review.status !== "published" ? (
          <>
            {" · "}
            <span className="reviews__status">{OWN_REVIEW_STATUS[review.status]}</span>
          </>
        ) : null}
      </p>
      <p className="review__body">{review.body}</p>
      {review.status === "published" ? <HelpfulButton review={review} redirectTo={redirectTo} /> : null}
    </article>
  );
}

interface HelpfulReply {
  helpfulCount?: number;
  counted?: boolean;
  message?: string;
}

/** "Helpful (N)": a plain post (redirects back without JavaScript); with it a fetcher updates the count in place. */
function HelpfulButton({ review, redirectTo }: { review: ShownReview; redirectTo: string }) {
  const fetcher = useFetcher<HelpfulReply>();
  const action = `/reviews/${encodeURIComponent(review.id)}/helpful`;
  const count = fetcher.data?.helpfulCount ?? review.helpfulCount;
  const voted = fetcher.data?.helpfulCount !== undefined;
  return (
    <form
      method="post"
      action={action}
      className="review__helpful"
      onSubmit={(event) => {
        event.preventDefault();
        const formData = new FormData(event.currentTarget);
        formData.set("_response", "json");
        fetcher.submit(formData, { method: "post", action });
      }}
    >
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button
        type="submit"
        className="button"
        disabled={fetcher.state !== "idle"}
        aria-pressed={voted ? "true" : undefined}
      >
        Helpful ({count})
      </button>
      <span role="status" className="review__helpful-status">
        {fetcher.data?.message ??
          (fetcher.data?.counted === false ? HELPFUL_REPEAT_MESSAGE : voted ? HELPFUL_THANKS_MESSAGE : "")}
      </span>
    </form>
  );
}
